// Leads on the wire as the dial actions need them (agent-workspace §7: GET /leads/by-phone/{phone}, POST
// /leads). The full lead record (address, clients, insurance) joins in the lead issue.
import { z } from "zod";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";
import { decimalInteger } from "./ids";
import { DialNumber } from "./calls";

export const LeadSummary = z.object({
  id: z.number().int(),
  marketing_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  status: z.string(),
  language: z.string(),
  state: z.string().nullable(),
  timezone: z.string().nullable(),
});
export type LeadSummary = z.infer<typeof LeadSummary>;
export const LeadSummaryResponse = z.object({ data: LeadSummary });

export const ByPhoneParams = z.strictObject({ phone: DialNumber });
/**
 * GET /leads/by-phone/{phone}?type=match: the lead matcher looks without claiming (the dial pad's look-up makes
 * an unowned lead the agent's), and never answers the lead of the agent's call itself.
 */
export const BY_PHONE_MATCH = "match";
export const ByPhoneQuery = z.strictObject({
  type: z.string().max(40).optional(),
  timestamp: decimalInteger(0, Number.MAX_SAFE_INTEGER).optional(),
});

/** POST /leads: a lead for a number the call centre does not know yet (a manual dial), owned by the agent. */
export const CreateLeadBody = z.strictObject({
  phone: DialNumber,
  /** How the lead came in: manual (dial pad), inbound. */
  type: z.enum(["manual", "inbound"]),
});

export const LEAD_MESSAGES = { notFound: "No leads were found" } as const;

/** The lead with a phone (the dial pad's look-up; with type=match, the lead matcher's, which only looks). */
export const readLeadByPhone = defineEndpoint({
  method: "GET",
  path: "/leads/by-phone/:phone",
  summary: `The lead with this phone (any format; compared as its ten national digits): the agent's own, else the tenant's oldest unowned one, which the agent then owns. With type=${BY_PHONE_MATCH} (the lead matcher; not in the specification) it only looks: the same lead, except the lead of the agent's current call itself, and nobody's lead changes owner (PUT /calls/{callId}/lead links the call to it). 404 'No leads were found'.`,
  tags: ["leads"],
  params: ByPhoneParams,
  query: ByPhoneQuery,
  responses: { 200: LeadSummaryResponse, 404: ErrorBody, 422: ErrorBody },
});
