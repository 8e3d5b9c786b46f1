// Linking a call to a lead the call centre already has (the lead matcher, booking-and-reference §2 "Link to
// existing lead"): PUT /calls/{callId}/lead {lead_id}. Not in the specification, which shows the panel but not
// its route; the path follows the specification's style (docs/decisions.md "Lead matcher").
import { z } from "zod";
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
