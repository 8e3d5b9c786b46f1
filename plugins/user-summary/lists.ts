// The gateway's reads behind the tabs (agent-workspace §7, §9): overdue and other follow-ups (limit 50),
// last dials (limit 10), and the lead search. Queries sit in the URL, as the specification writes them.
import type { AxiosInstance } from "axios";
import type { z } from "zod";
import { FollowUpsResponse, LastDialsResponse, LeadSearchResponse } from "../../src/contract/dialer";
import type { Summary } from "./model";

export const FOLLOW_UPS_LIMIT = 50;
export const LAST_DIALS_LIMIT = 10;
export type LeadSearchRow = z.infer<typeof LeadSearchResponse>["data"][number];

export const followUpsUrl = (overdue: boolean) =>
  `/agents/follow-ups?limit=${FOLLOW_UPS_LIMIT}&overdue=${overdue}`;
export const LAST_DIALS_URL = `/agents/last-dials?limit=${LAST_DIALS_LIMIT}`;
export const searchUrl = (text: string) => `/leads/search/${encodeURIComponent(text)}`;

export async function fetchSummary(http: AxiosInstance): Promise<Summary> {
  const [overdue, upcoming, last] = await Promise.all([
    http.get(followUpsUrl(true)).then(({ data }) => FollowUpsResponse.parse(data)),
    http.get(followUpsUrl(false)).then(({ data }) => FollowUpsResponse.parse(data)),
    http.get(LAST_DIALS_URL).then(({ data }) => LastDialsResponse.parse(data)),
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

export async function searchLeads(http: AxiosInstance, text: string): Promise<LeadSearchRow[]> {
  const { data } = await http.get(searchUrl(text));
  return LeadSearchResponse.parse(data).data;
}
