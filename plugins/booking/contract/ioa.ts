// The instant appointment offer (IOA, agent-workspace §3 and §7): while the client is on the line, the offer
// service looks for an advisor who can take the meeting right away. POST /ioas starts a search (201 ioaId),
// GET /ioas/{id} is polled every 10 s for its result (-1 searching, 0 not found, 1 found, 2 available),
// DELETE /ioas/{id} stops it, POST /ioas/{id}/assign gives the booked meeting to the offer.
import { z } from "zod";
import { decimalInteger, MAX_RECORD_ID } from "../../../src/contract/ids";
import { lineText } from "../../../src/contract/text";

/** agent-workspace §9: the IOA poll interval. */
export const IOA_POLL_MS = 10_000;

export const CreateIoaBody = z.strictObject({
  address: lineText(300).refine((s) => s !== "", "address required"),
  firstName: lineText(191).refine((s) => s !== "", "firstName required"),
  lastName: lineText(191).refine((s) => s !== "", "lastName required"),
  mga: lineText(100).nullable().optional(),
  /** Not in the specification's list: the offer service searches around the postal code. */
  postal: z.string().max(10).nullable().optional(),
});
export const CreateIoaResponse = z.object({ data: z.object({ ioaId: z.number().int() }) });

export const IoaResult = z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2)]);
export type IoaResult = z.infer<typeof IoaResult>;

/** The instant-offer entity (agent-workspace §3): id, address, names, mga, result, display, running. */
export const Ioa = z.object({
  id: z.number().int(),
  address: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mga: z.string().nullable(),
  result: IoaResult,
  /** The banner shows it (a search that was stopped is not shown). */
  display: z.boolean(),
  /** Still searching. */
  running: z.boolean(),
});
export type Ioa = z.infer<typeof Ioa>;
export const IoaResponse = z.object({ data: Ioa });

export const AssignIoaBody = z.strictObject({
  leadCrmId: z.string().max(64).nullable(),
  marketingId: z.string().max(64),
  meetingCrmId: z.string().min(1).max(64),
});

export const IoaParams = z.strictObject({ id: decimalInteger(1, MAX_RECORD_ID) });
