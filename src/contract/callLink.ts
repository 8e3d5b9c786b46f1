// Linking a call to a lead the call centre already has (the lead matcher, booking-and-reference §2 "Link to
// existing lead"): PUT /calls/{callId}/lead {lead_id}. Not in the specification, which shows the panel but not
// its route; the path follows the specification's style (docs/decisions.md "Lead matcher").
import { z } from "zod";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";
import { MAX_RECORD_ID, RecordId } from "./ids";
import { LeadSummary } from "./leads";

export const CallLinkParams = z.strictObject({ callId: RecordId });

/** The lead the call moves to: one of the agent's own, or an unowned one of its call centre. */
export const CallLinkBody = z.strictObject({ lead_id: z.number().int().min(1).max(MAX_RECORD_ID) });
export type CallLinkBody = z.infer<typeof CallLinkBody>;

/** The lead the call is now on, and the one it left (deleted when it was made for this call only). */
export const CallLinkResponse = z.object({
  data: LeadSummary,
  from: z.object({ lead_id: z.number().int(), removed: z.boolean() }),
});
export type CallLinkResponse = z.infer<typeof CallLinkResponse>;

/** The refusals a person reads (the browser words them in the agent's language by status code). */
export const CALL_LINK_MESSAGES = {
  disposed: "The call's lead was already disposed: it can no longer move to another lead.",
  transferred: "The call was handed to an advisor: it can no longer move to another lead.",
  notYourLead: "This lead belongs to another agent.",
  notTheCurrentCall: "Only your current call, or the one that just ended, can be linked to another lead.",
} as const;

/** Moves the agent's call to another lead (the lead matcher's Link): a write that must not double. */
export const linkCallToLead = defineEndpoint({
  method: "PUT",
  path: "/calls/:callId/lead",
  summary: `Not in the specification (the lead matcher's 'Link to existing lead'): moves the caller's current call, or the one that just ended and is not disposed yet, to another lead of its call centre, {lead_id}: the agent's own or an unowned one (it becomes the agent's; find it with GET /leads/by-phone/{phone}?type=match). In one transaction the call, its failed live-transfer attempts and what plugins keep with it (disclosure proofs, extra recordings) move; the lead the call leaves is deleted when it was made for this call only (an inbound caller or a manual dial with no other call, disposition or follow-up), else it stays. The agent's desk gets the call again with its new lead. 200 {data: the lead, from: {lead_id, removed}}; linking to the lead it is on answers the same without a change. 404 for another agent's call or a lead of another call centre; 403 '${CALL_LINK_MESSAGES.notYourLead}'; 409 for a call that is not the agent's latest, is disposed, or was handed to an advisor. Takes an Idempotency-Key.`,
  tags: ["calls"],
  params: CallLinkParams,
  body: CallLinkBody,
  responses: { 200: CallLinkResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
  idempotent: true,
});
