// What the booking wizard keeps on the gateway for a lead while the agent types (issue 14 "nothing typed is
// lost"): the step the agent is on and each step's values as typed, valid or not. `GET/PUT
// /leads/{id}/booking-draft` (not in the specification; the same style as the lead's other routes) store it per
// lead and agent; POST /meetings books from it, checking steps 1 and 2 with their schemas (steps.ts).
import { z } from "zod";
import { MESSAGES as M } from "./messages";

/** A draft is the agent's typing, not a document: 64 KiB of JSON is far more than four steps hold. */
export const DRAFT_MAX_BYTES = 64 * 1024;

const Json = z.unknown();

export const BookingDraft = z
  .strictObject({
    /** 0 Contact Details … 3 Meeting Summary. */
    step: z.number().int().min(0).max(3),
    contact: Json,
    coverage: Json,
    meeting: Json,
  })
  .refine((d) => JSON.stringify(d).length <= DRAFT_MAX_BYTES, { message: M.tooLong });
export type BookingDraft = z.infer<typeof BookingDraft>;

export const PutBookingDraftBody = z.strictObject({ draft: BookingDraft });
export const BookingDraftResponse = z.object({
  data: z.object({ draft: BookingDraft, updated_at: z.iso.datetime() }).nullable(),
});
export type BookingDraftResponse = z.infer<typeof BookingDraftResponse>;
