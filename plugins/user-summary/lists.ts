// The gateway's reads behind the tabs (agent-workspace §7, §9): overdue and other follow-ups (limit 50),
// last dials (limit 10), and the lead search, each called by its endpoint (src/contract/dialer.ts).
import type { z } from "zod";
import {
  LeadSearchParams,
  listFollowUps,
  listLastDials,
  searchLeads as searchLeadsEndpoint,
  type LeadSearchResponse,
} from "../../src/contract/dialer";
import { callEndpoint, unwrap, type EndpointCaller } from "../../src/sdk";
import type { Summary } from "./model";

export const FOLLOW_UPS_LIMIT = 50;
export const LAST_DIALS_LIMIT = 10;
export type LeadSearchRow = z.infer<typeof LeadSearchResponse>["data"][number];

const followUps = (caller: EndpointCaller, overdue: boolean) =>
  callEndpoint(caller, listFollowUps, { query: { limit: FOLLOW_UPS_LIMIT, overdue: overdue ? "true" : "false" } });

/** The three lists; a refusal of any of them throws (a RefusalError). */
export async function fetchSummary(caller: EndpointCaller): Promise<Summary> {
  const [overdue, upcoming, last] = await Promise.all([
    followUps(caller, true).then(unwrap),
    followUps(caller, false).then(unwrap),
    callEndpoint(caller, listLastDials, { query: { limit: LAST_DIALS_LIMIT } }).then(unwrap),
  ]);
  return {
    overdue: overdue.data,
    overdueTotal: overdue.meta.total,
    followUps: upcoming.data,
    followUpsTotal: upcoming.meta.total,
    lastDials: last.data,
    overdueCount: overdue.meta.overdue,
    enforced: overdue.meta.enforced,
  };
}

/**
 * The agent's leads matching `text`, or why none show: "not_found" (the gateway found none: 404), "failed" (any
 * other refusal, or a text the search does not take).
 */
export async function searchLeads(caller: EndpointCaller, text: string): Promise<LeadSearchRow[] | "not_found" | "failed"> {
  const params = LeadSearchParams.safeParse({ text });
  if (!params.success) return "failed";
  const found = await callEndpoint(caller, searchLeadsEndpoint, { params: params.data });
  if (found.ok) return found.data.data;
  return found.status === 404 ? "not_found" : "failed";
}
