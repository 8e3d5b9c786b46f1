// What a manager picks from (issue 33): the call centre's leads by name or phone, through the gateway's lead
// search (GET /leads/search/{text}: managers and above search every lead of their own call centre, logged by
// its route pattern only, never the text), and the call centre's agents, through GET /agents (qualifiers and
// advisors of the caller's call centre, by name). No route of its own: both exist and fit.
import { AGENT_PAGE_SIZES, listAgents } from "../../src/contract/agents";
import { LeadSearchParams, searchLeads } from "../../src/contract/dialer";
import { callEndpoint, RefusalError, unwrap, type EndpointCaller } from "../../src/sdk";

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

/**
 * The leads matching `text` (name, phone, marketing id, e-mail); none when the gateway finds none (404). Another
 * refusal throws (a RefusalError).
 */
export async function searchLeadChoices(caller: EndpointCaller, text: string): Promise<LeadChoice[]> {
  const params = LeadSearchParams.safeParse({ text });
  if (!params.success) return [];
  const found = await callEndpoint(caller, searchLeads, { params: params.data });
  if (!found.ok) {
    if (found.status === 404) return [];
    throw new RefusalError(found);
  }
  return found.data.data
    .slice(0, LEAD_SUGGESTIONS)
    .map((r) => ({ id: r.id, name: r.name, phone: r.phone, state: r.address.state }));
}

/** Every agent of the call centre, by name; a refusal throws (a RefusalError). */
export async function agentChoices(caller: EndpointCaller): Promise<AgentChoice[]> {
  const agents: AgentChoice[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = unwrap(
      await callEndpoint(caller, listAgents, { query: { page, per_page: `${PER_PAGE}`, sort: "name" } }),
    );
    agents.push(...answer.data.map((a) => ({ id: a.id, name: a.full_name })));
    if (answer.data.length < PER_PAGE || agents.length >= answer.meta.total) break;
  }
  return agents;
}
