// A lead's history on the wire (GET /leads/{id}/history), shared by the gateway and the browser: what was
// done with the lead before, so the agent on a call sees its earlier outcomes and calls. Newest first, at
// most LEAD_HISTORY_LIMIT of each. Snake case, as the lead record itself (src/contract/lead.ts).
import { z } from "zod";
import { CallType, Direction } from "./calls";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";
import { idParam } from "./ids";

/** The gateway answers at most this many dispositions and this many calls (the newest). */
export const LEAD_HISTORY_LIMIT = 50;

/** A disposition saved on the lead: when, by whom, what, why and the agent's notes. */
export const LeadHistoryDisposition = z.object({
  id: z.number().int(),
  /** ISO instant the disposition was saved. */
  created_at: z.string(),
  /** The agent who saved it ("First Last"); null when the account is gone. */
  agent_name: z.string().nullable(),
  disposition: z.string(),
  reason: z.string().nullable(),
  /** The free text of the reason 'other'. */
  reason_other: z.string().nullable(),
  notes: z.string().nullable(),
  /** The callback or appointment time it set, when it set one. */
  date_time: z.string().nullable(),
});
export type LeadHistoryDisposition = z.infer<typeof LeadHistoryDisposition>;

/**
 * A call's facets' keys: the id of the plugin that kept something with the call (kebab-case, as its manifest's), so
 * a history whose facets are not keyed by plugin fails to parse here rather than half-render.
 */
export const CallFacetOwner = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

/** A call leg on the lead: when it started, how it was placed or received, and how long it talked. */
export const LeadHistoryCall = z.object({
  id: z.number().int(),
  /** ISO instant the call started. */
  started_at: z.string(),
  type: CallType,
  direction: Direction,
  /** Seconds from answer to end; null while it is not settled or when never answered. */
  duration: z.number().int().nonnegative().nullable(),
  /** The agent of the call ("First Last"); null when the account is gone. */
  agent_name: z.string().nullable(),
  /** 1 when the agent handed it on as a live transfer. */
  live_transfer: z.number().int(),
  /**
   * What plugins kept with the call, by plugin id (absent when none kept anything): the disclosures given, the extra
   * recordings… Each plugin's gateway side adds its own (`ctx.leadHistory.addCallFacet`) and its browser side parses
   * and shows it with its own schema and component (`callFacet` in its manifest); the contract knows none of them.
   */
  facets: z.record(CallFacetOwner, z.unknown()).optional(),
});
export type LeadHistoryCall = z.infer<typeof LeadHistoryCall>;

export const LeadHistory = z.object({
  dispositions: z.array(LeadHistoryDisposition),
  calls: z.array(LeadHistoryCall),
});
export type LeadHistory = z.infer<typeof LeadHistory>;

export const LeadHistoryResponse = z.object({ data: LeadHistory });
export type LeadHistoryResponse = z.infer<typeof LeadHistoryResponse>;

/** The lead's history (the lead card, read when the lead changes and after each call). */
export const readLeadHistory = defineEndpoint({
  method: "GET",
  path: "/leads/:id/history",
  summary: `Not in the specification: the lead's history for the lead card, {data: {dispositions, calls}}, each newest first and at most the ${LEAD_HISTORY_LIMIT} newest. A disposition: id, created_at, agent_name, disposition, reason, reason_other, notes, date_time. A call: id, started_at, type, direction (0 outbound, 1 inbound), duration (seconds, null until settled), agent_name, live_transfer, and facets when plugins kept something with it (by plugin id, each in its plugin's own shape).`,
  tags: ["leads"],
  params: idParam,
  responses: { 200: LeadHistoryResponse, 404: ErrorBody, 422: ErrorBody },
});
