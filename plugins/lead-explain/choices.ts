// What a manager picks from (issue 33): the call centre's leads by name or phone, through the gateway's lead
// search (GET /leads/search/{text}: managers and above search every lead of their own call centre, logged by
// its route pattern only, never the text), and the call centre's agents, through GET /agents (qualifiers and
// advisors of the caller's call centre, by name). No route of its own: both exist and fit.
import type { AxiosInstance } from "axios";
import { isAxiosError } from "axios";
import { AGENT_PAGE_SIZES, AgentListResponse } from "../../src/contract/agents";
import { LeadSearchParams, LeadSearchResponse } from "../../src/contract/dialer";

export interface LeadChoice {
  id: number;
  name: string;
  phone: string;
  state: string | null;
}

export interface AgentChoice {
  id: number;
  name: string;
}

/** The shortest text worth searching: one letter matches half the call centre. */
export const LEAD_SEARCH_MIN = 2;
/** The gateway's longest search text (LeadSearchParams). */
export const LEAD_SEARCH_MAX = 100;
/** The suggestions shown under the field. */
export const LEAD_SUGGESTIONS = 10;

const PER_PAGE = AGENT_PAGE_SIZES[AGENT_PAGE_SIZES.length - 1]!;
/** A call centre's agents fit in a few pages; past this the select stops growing rather than ask forever. */
const MAX_PAGES = 10;

/** The leads matching `text` (name, phone, marketing id, e-mail); none when the gateway finds none (404). */
export async function searchLeadChoices(http: AxiosInstance, text: string): Promise<LeadChoice[]> {
  const params = LeadSearchParams.safeParse({ text });
  if (!params.success) return [];
  try {
    const { data } = await http.get(`/leads/search/${encodeURIComponent(params.data.text)}`);
    return LeadSearchResponse.parse(data)
      .data.slice(0, LEAD_SUGGESTIONS)
      .map((r) => ({ id: r.id, name: r.name, phone: r.phone, state: r.address.state }));
  } catch (e) {
    if (isAxiosError(e) && e.response?.status === 404) return [];
    throw e;
  }
}

/** Every agent of the call centre, by name. */
export async function agentChoices(http: AxiosInstance): Promise<AgentChoice[]> {
  const agents: AgentChoice[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const query = new URLSearchParams({ page: String(page), per_page: String(PER_PAGE), sort: "name" });
    const { data } = await http.get(`/agents?${query}`);
    const answer = AgentListResponse.parse(data);
    agents.push(...answer.data.map((a) => ({ id: a.id, name: a.full_name })));
    if (answer.data.length < PER_PAGE || agents.length >= answer.meta.total) break;
  }
  return agents;
}
