// The agents of a call centre (agent-workspace §7 "GET /agents | query | list"; admin-and-sign-in §2 users list:
// a search box, page sizes 10/25/50/100). The manual-transfer panel's autocomplete asks for the callable ones
// (§2 manual transfer, §4 internal transfer); the users area will page through the whole list.
import { z } from "zod";
import { ErrorBody, Language } from "./common";
import { defineEndpoint } from "./endpoint";
import { decimalInteger, idParam } from "./ids";
import { AgentStatus } from "./status";

/** The users list's page sizes (admin-and-sign-in §2). */
export const AGENT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_AGENT_PAGE_SIZE = 25;
/** How the list can be ordered: by full name, by extension (agents without one last), by role then name. */
export const AGENT_LIST_SORTS = ["name", "extension", "role"] as const;
/** The roles GET /agents lists: the agents, never managers and above. */
export const LISTED_AGENT_ROLES = ["qualifier", "advisor"] as const;
export const ListedAgentRole = z.enum(LISTED_AGENT_ROLES);
export type ListedAgentRole = z.infer<typeof ListedAgentRole>;

/** The longest search text. */
export const AGENT_QUERY_MAX = 100;

/**
 * GET /agents: query-string values are strings. `query` matches, without case, the first name, the last name,
 * "first last" and the extension (managers and above: the e-mail too); `callable=true` keeps the agents a lead
 * can be transferred to (an extension, calling not disabled, the account not disabled).
 */
export const AgentListQuery = z.strictObject({
  query: z.string().trim().max(AGENT_QUERY_MAX).optional(),
  page: decimalInteger(1, 1_000_000).default(1),
  per_page: z
    .enum(AGENT_PAGE_SIZES.map(String) as ["10", "25", "50", "100"], {
      error: `per_page must be one of ${AGENT_PAGE_SIZES.join(", ")}`,
    })
    .transform(Number)
    .default(DEFAULT_AGENT_PAGE_SIZE),
  sort: z.enum(AGENT_LIST_SORTS).default("name"),
  role: ListedAgentRole.optional(),
  callable: z.literal("true").optional(),
});
export type AgentListQuery = z.input<typeof AgentListQuery>;

/**
 * GET /agents/advisors (admin-and-sign-in §7, "query params" not shown): the advisors of the caller's call
 * centre, paged and searched as GET /agents, narrowed by what choosing an advisor asks: bilingual=true keeps
 * the bilingual ones, live_transfers=internal|external those who take that kind of live transfer.
 */
export const AdvisorListQuery = AgentListQuery.omit({ role: true }).extend({
  bilingual: z.literal("true").optional(),
  live_transfers: z.enum(["internal", "external"]).optional(),
});
export type AdvisorListQuery = z.input<typeof AdvisorListQuery>;

/** Outbound eligibility (admin-and-sign-in §3): which outbound leads the dialer gives the agent. */
export const OUTBOUND_ELIGIBILITIES = ["old", "new", "both", "none"] as const;
export const OutboundEligibility = z.enum(OUTBOUND_ELIGIBILITIES);
export type OutboundEligibility = z.infer<typeof OutboundEligibility>;

export const AgentListItem = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** "First Last". */
  full_name: z.string(),
  extension: z.string().nullable(),
  role: ListedAgentRole,
  level: z.number().int(),
  is_bilingual: z.boolean(),
  /** Managers and above only. */
  email: z.string().optional(),
  /** Managers and above only: a manager disabled this agent's calling. */
  deactivated: z.boolean().optional(),
  // Managers and above only, for the users area's columns (admin-and-sign-in §2, §3 Agent/user).
  /** Which outbound leads the agent is given: old (already dialled), new (never dialled), both, none. */
  outbound_eligibility: OutboundEligibility.optional(),
  /** Outbound blocked (qualifiers): the agent takes inbound calls only. */
  inbound_only: z.boolean().optional(),
  /** Advisors: takes live transfers from the call centre's own qualifiers. */
  internal_live_transfers: z.boolean().optional(),
  /** Advisors: takes live transfers from partners. */
  external_live_transfers: z.boolean().optional(),
  has_webrtc: z.boolean().optional(),
  /** The manager whose team the agent is in; null: none. */
  manager_id: z.number().int().nullable().optional(),
  /** Managers and above only (not in the specification): the agent's status now; offline when it never had one. */
  status: AgentStatus.optional(),
});
export type AgentListItem = z.infer<typeof AgentListItem>;

/** PUT /outbound-eligibility/{id}. */
export const OutboundEligibilityBody = z.strictObject({ eligibility: OutboundEligibility });

/** GET /agents/managers (the users area's managers list): the managers of the caller's call centre. */
export const ManagerListItem = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
});
export type ManagerListItem = z.infer<typeof ManagerListItem>;
export const ManagerListResponse = z.object({ data: z.array(ManagerListItem) });

/** The users area's refusals (422). */
export const USERS_AREA_MESSAGES = {
  notAnAgent: "Only qualifiers and advisors have an outbound eligibility.",
  notAQualifier: "Only a qualifier's outbound can be blocked.",
} as const;

export const AgentListResponse = z.object({
  data: z.array(AgentListItem),
  meta: z.object({
    /** Agents matching the query and filters, every page together. */
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
});
export type AgentListResponse = z.infer<typeof AgentListResponse>;

/**
 * PUT /agents/me/language: the language the signed-in account works in, chosen in the user menu. The next
 * sign-in opens in it (the login answer's `language`). One of the call centre's languages (VARIANT_LANGUAGES).
 */
export const AccountLanguageBody = z.strictObject({ language: Language });
export const ACCOUNT_LANGUAGE_MESSAGES = {
  notOffered: "This language is not one of your call centre's.",
} as const;

// ---------------------------------------------------------------- endpoints (agents module)

/** One page of the call centre's agents (the users list, WebRTC users, the manual transfer's autocomplete). */
export const listAgents = defineEndpoint({
  method: "GET",
  path: "/agents",
  summary: `The agents (qualifiers and advisors) of the caller's own call centre, one page at a time (agent-workspace §7; the users list of admin-and-sign-in §2; the manual-transfer panel's autocomplete): {data: [{id, first_name, last_name, full_name, extension, role, level, is_bilingual}], meta: {total, page, per_page}}; managers and above also get, per row, email, deactivated and the users area's columns: outbound_eligibility, inbound_only, internal_live_transfers, external_live_transfers, has_webrtc, manager_id. query (at most 100 characters, trimmed) matches without case the first name, the last name, "first last" and the extension, and for managers and above the e-mail. page from 1; per_page one of ${AGENT_PAGE_SIZES.join(", ")} (default 25; anything else 422); sort name (default), extension (none last) or role; role qualifier or advisor; callable=true keeps the agents a lead can be transferred to (an extension, calling not disabled, the account not disabled).`,
  tags: ["agents"],
  query: AgentListQuery,
  responses: { 200: AgentListResponse, 422: ErrorBody },
});

/** The users area's managers list. */
export const listManagers = defineEndpoint({
  method: "GET",
  path: "/agents/managers",
  summary:
    "The users area's managers list (admin-and-sign-in §2 /users/managers): the managers (role manager) of the caller's own call centre, by name: {data: [{id, first_name, last_name, full_name, email}]}. Managers and above.",
  tags: ["agents"],
  responses: { 200: ManagerListResponse },
});

/** The users list's outbound eligibility select. */
export const saveOutboundEligibility = defineEndpoint({
  method: "PUT",
  path: "/outbound-eligibility/:id",
  summary:
    "The users area's outbound eligibility select (admin-and-sign-in §7): which outbound leads the dialer gives the agent, {eligibility: old | new | both | none}. 204; 404 when the id is no user of the caller's call centre; 422 when the user is not a qualifier or an advisor. Managers and above.",
  tags: ["agents"],
  params: idParam,
  body: OutboundEligibilityBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});

const InboundOnlyResponse = z.object({ data: z.object({ id: z.number().int(), inbound_only: z.boolean() }) });

/** The users list's block-outbound checkbox, ticked. */
export const blockOutbound = defineEndpoint({
  method: "POST",
  path: "/inbound-agents/:id",
  summary:
    "The users area's block-outbound checkbox on qualifier rows (admin-and-sign-in §7): blocks the qualifier's outbound (inbound only; the dialer gives no outbound lead). No body. 201 {data: {id, inbound_only: true}} (also when already blocked); 404 when the id is no user of the caller's call centre; 422 when the user is not a qualifier. Managers and above.",
  tags: ["agents"],
  params: idParam,
  responses: { 201: InboundOnlyResponse, 404: ErrorBody, 422: ErrorBody },
});
/** The same checkbox, unticked. */
export const unblockOutbound = defineEndpoint({
  method: "DELETE",
  path: "/inbound-agents/:id",
  summary:
    "Unblocks a qualifier's outbound (admin-and-sign-in §7; the block-outbound checkbox unticked). 204 (also when not blocked); 404 when the id is no user of the caller's call centre; 422 when the user is not a qualifier. Managers and above.",
  tags: ["agents"],
  params: idParam,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});
