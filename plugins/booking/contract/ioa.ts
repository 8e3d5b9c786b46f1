// The instant appointment offer (IOA, agent-workspace §3 and §7): while the client is on the line, the offer
// service looks for an advisor who can take the meeting right away. POST /ioas starts a search (201 ioaId),
// GET /ioas/{id} is polled every 10 s for its result (-1 searching, 0 not found, 1 found, 2 available),
// DELETE /ioas/{id} stops it, POST /ioas/{id}/assign gives the booked meeting to the offer.
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import { defineEndpoint } from "../../../src/contract/endpoint";
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

/** Starts an instant offer search for the client (the wizard's Meeting Setup). */
export const startIoa = defineEndpoint({
  method: "POST",
  path: "/ioas",
  summary:
    "Starts an instant appointment offer search for the client (agent-workspace §7): 201 {data: {ioaId}}. The offer service answers after about 15 s: 2 available when 3 or more advisors are in the area of the postal code, 1 found with one or two, 0 not found with none.",
  tags: ["booking"],
  body: CreateIoaBody,
  responses: { 201: CreateIoaResponse, 404: ErrorBody, 422: ErrorBody },
});

/** The search's state, polled every IOA_POLL_MS. */
export const readIoa = defineEndpoint({
  method: "GET",
  path: "/ioas/:id",
  summary:
    "An instant offer search: {data: {id, address, firstName, lastName, mga, result (-1 searching, 0 not found, 1 found, 2 available), display, running}}. Polled every 10 s. Only the agent who started it sees it (404).",
  tags: ["booking"],
  params: IoaParams,
  responses: { 200: IoaResponse, 404: ErrorBody, 422: ErrorBody },
});

/** Stops a search the agent left. */
export const stopIoa = defineEndpoint({
  method: "DELETE",
  path: "/ioas/:id",
  summary:
    "Stops an instant offer search (the agent closed the banner or the lead): 204. Stopping it twice is no error.",
  tags: ["booking"],
  params: IoaParams,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});

/** Gives the booked meeting to the offer the client accepted. */
export const assignIoa = defineEndpoint({
  method: "POST",
  path: "/ioas/:id/assign",
  summary:
    "Gives the booked meeting to the offer the client accepted (agent-workspace §7): 204. 422 when the meeting is not one the agent booked.",
  tags: ["booking"],
  params: IoaParams,
  body: AssignIoaBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});
