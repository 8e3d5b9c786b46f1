// What the booking wizard keeps on the gateway for a lead while the agent types (issue 14 "nothing typed is
// lost"): the step the agent is on and each step's values as typed, valid or not. `GET/PUT
// /leads/{id}/booking-draft` (not in the specification; the same style as the lead's other routes) store it per
// lead and agent; POST /meetings books from it, checking steps 1 and 2 with their schemas (steps.ts).
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import { defineEndpoint } from "../../../src/contract/endpoint";
import { idParam } from "../../../src/contract/ids";
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

/** The agent's draft of the lead (the wizard starts from it). */
export const readBookingDraft = defineEndpoint({
  method: "GET",
  path: "/leads/:id/booking-draft",
  summary:
    "Not in the specification (the lead's routes' style): what the agent typed in the booking wizard for this lead, {data: {draft: {step, contact, coverage, meeting}, updated_at}}, or {data: null} when nothing was typed. Each agent has its own draft of a lead; an agent without one gets the latest another agent of the call centre typed (a live-transferred lead's advisor continues the qualifier's booking).",
  tags: ["booking"],
  params: idParam,
  responses: { 200: BookingDraftResponse, 404: ErrorBody, 422: ErrorBody },
});

/** Keeps the agent's typing (a moment after each change, and as the page goes away). */
export const saveBookingDraft = defineEndpoint({
  method: "PUT",
  path: "/leads/:id/booking-draft",
  summary:
    "Not in the specification: keeps what the agent typed in the booking wizard for this lead, as typed, valid or not (the wizard saves it a moment after each change): 204. At most 64 KiB of JSON (422). POST /meetings books from it.",
  tags: ["booking"],
  params: idParam,
  body: PutBookingDraftBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});
