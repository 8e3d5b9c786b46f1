// The users list's row dialogs (admin-and-sign-in §2 "Row actions open dialogs", §3, §4, §7): an agent's
// health licences and attributes, the attribute list, the follow-up redistribution and the two tools
// (frontend repair, socket reset). Callable states are in dialer.ts (CallableStatesBody), calling status in
// status.ts, the statistics in the goals plugin's contract.
import { z } from "zod";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";
import { idParam } from "./ids";
import { PROVINCES, US_STATES } from "./lookups";

/** Every state or province code a licence may name (lower case, as the lead's address carries them). */
export const REGION_CODES: ReadonlySet<string> = new Set([...PROVINCES, ...US_STATES].map((r) => r.value));

export const AGENT_SETTINGS_MESSAGES = {
  unknownRegion: "Not a US state or Canadian province code",
  advisorOnly: "Only advisors hold health licenses",
  attributeRole: "This attribute is not allowed for the agent's role",
  unknownAttribute: "Unknown attribute",
  notAnAgent: "The user is not a qualifier or an advisor",
  sameAgent: "The follow-ups already belong to this agent",
  unknownTarget: "The agent to receive the follow-ups does not exist",
  otherRole: "The agent to receive the follow-ups must have the same role",
} as const;

const RegionCode = z
  .string()
  .transform((s) => s.toLowerCase())
  .refine((s) => REGION_CODES.has(s), { error: AGENT_SETTINGS_MESSAGES.unknownRegion });

/** GET and PUT /settings/agents/{id}/health-licenses: the state codes the advisor holds a licence for. */
export const HealthLicensesBody = z.strictObject({
  health_licenses: z
    .array(RegionCode)
    .max(REGION_CODES.size)
    .transform((codes) => [...new Set(codes)].sort()),
});
export type HealthLicensesBody = z.input<typeof HealthLicensesBody>;
export const HealthLicensesResponse = z.object({ health_licenses: z.array(z.string()) });
export type HealthLicensesResponse = z.infer<typeof HealthLicensesResponse>;

/** The permission attribute a manager gives to advisors only (§3). */
export const AUTO_READY_PERMISSION = "has_auto_ready";

export const Attribute = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  /** A PERMISSION attribute's permission (has_auto_ready); a LANGUAGE attribute's language. */
  scope: z.string().nullable(),
  /** Roles that may hold it; empty: any role. */
  roles: z.array(z.string()),
});
export type Attribute = z.infer<typeof Attribute>;

/** GET /settings/attributes?role=: every attribute; with role, permission attributes only if it may hold them. */
export const AttributesQuery = z.strictObject({ role: z.enum(["qualifier", "advisor"]).optional() });
export const AttributeList = z.object({ data: z.array(Attribute) });
export type AttributeList = z.infer<typeof AttributeList>;

/** GET and PUT /settings/agents/{id}/attributes: the ids of the attributes the agent holds. */
export const AgentAttributesBody = z.strictObject({
  attributes: z
    .array(z.number().int().positive().max(2_147_483_647))
    .max(500)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
});
export type AgentAttributesBody = z.input<typeof AgentAttributesBody>;
export const AgentAttributesResponse = z.object({ attributes: z.array(z.number().int()) });
export type AgentAttributesResponse = z.infer<typeof AgentAttributesResponse>;

/** POST /agents/{id}/redistribute-follow-ups: to an agent of the call centre, or null for general callbacks. */
export const RedistributeFollowUpsBody = z.strictObject({
  to: z.number().int().positive().max(2_147_483_647).nullable(),
});
export type RedistributeFollowUpsBody = z.infer<typeof RedistributeFollowUpsBody>;
export const RedistributeFollowUpsResponse = z.object({
  data: z.object({
    /** How many pending follow-ups moved. */
    moved: z.number().int().nonnegative(),
    /** Left with the agent: leads it is working right now (in process). */
    kept: z.number().int().nonnegative(),
    to: z.number().int().nullable(),
  }),
});
export type RedistributeFollowUpsResponse = z.infer<typeof RedistributeFollowUpsResponse>;

/** POST /agents/{id}/frontend-repairs and /reset-sockets: 201 with how many of the agent's sockets heard it. */
export const AgentToolResponse = z.object({ data: z.object({ id: z.number().int(), sockets: z.number().int().nonnegative() }) });
export type AgentToolResponse = z.infer<typeof AgentToolResponse>;

// ---------------------------------------------------------------- endpoints (the users list's row dialogs)

/** An agent's health licences (the Regions dialog). */
export const readHealthLicenses = defineEndpoint({
  method: "GET",
  path: "/settings/agents/:id/health-licenses",
  summary:
    "An agent's health licences (admin-and-sign-in §7): {health_licenses: lower-case state or province codes}. 404 when the id is no user of the caller's call centre.",
  tags: ["settings"],
  params: idParam,
  responses: { 200: HealthLicensesResponse, 404: ErrorBody },
});
export const saveHealthLicenses = defineEndpoint({
  method: "PUT",
  path: "/settings/agents/:id/health-licenses",
  summary:
    "Sets an advisor's health licences: {health_licenses: US state or Canadian province codes} (any case; stored lower case, once each). They decide the health e-app button and the health-licensed advisors, from the advisor's next sign-in. 204; 404 when the id is no user of the caller's call centre; 422 for an unknown code or a user who is not an advisor.",
  tags: ["settings"],
  params: idParam,
  body: HealthLicensesBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});

/** The attributes (the Attributes dialog's choices). */
export const listAttributes = defineEndpoint({
  method: "GET",
  path: "/settings/attributes",
  summary:
    "The attributes (admin-and-sign-in §3, §6): {data: [{id, name, type, scope, roles}]} by name. With role (qualifier or advisor), a PERMISSION attribute appears only if that role may hold it (has_auto_ready: advisors).",
  tags: ["settings"],
  query: AttributesQuery,
  responses: { 200: AttributeList, 422: ErrorBody },
});
/** The attributes an agent holds (the Attributes dialog). */
export const readAgentAttributes = defineEndpoint({
  method: "GET",
  path: "/settings/agents/:id/attributes",
  summary: "The attributes an agent holds: {attributes: ids}. 404 when the id is no user of the caller's call centre.",
  tags: ["settings"],
  params: idParam,
  responses: { 200: AgentAttributesResponse, 404: ErrorBody },
});
export const saveAgentAttributes = defineEndpoint({
  method: "PUT",
  path: "/settings/agents/:id/attributes",
  summary:
    "Sets the attributes an agent holds, the whole list: {attributes: ids}. A PERMISSION attribute gives its permission from the agent's next sign-in. 204; 404 when the id is no user of the caller's call centre; 422 (nothing written) for an unknown attribute or a permission the agent's role may not hold (has_auto_ready: advisors only).",
  tags: ["settings"],
  params: idParam,
  body: AgentAttributesBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});

/** The Follow-ups dialog's Distribute (the dialer writes follow_ups). */
export const redistributeFollowUps = defineEndpoint({
  method: "POST",
  path: "/agents/:id/redistribute-follow-ups",
  summary:
    "The users area's Distribute follow-ups (admin-and-sign-in §4, §7): moves the agent's pending follow-ups, in one transaction, to another agent of the call centre ({to: id}: the follow-ups and their leads become that agent's, marked redistributed) or to general callbacks ({to: null}: each follow-up is canceled and its lead goes back to the pool, for any agent the dialer's rules allow). Irreversible. Kept with the agent: leads in process now and, for general callbacks, booked meetings. Both agents' follow-up lists update at once (push follow-ups-changed). 201 {data: {moved, kept, to}}; 404 when the id is no user of the caller's call centre; 422 when either is not a qualifier or an advisor of the call centre, they have different roles, or to is the agent itself. A repeat moves nothing more. Managers and above.",
  tags: ["dialer"],
  params: idParam,
  body: RedistributeFollowUpsBody,
  responses: { 201: RedistributeFollowUpsResponse, 404: ErrorBody, 422: ErrorBody },
});

/** The Tools dialog: repairs an agent's page. */
export const repairFrontend = defineEndpoint({
  method: "POST",
  path: "/agents/:id/frontend-repairs",
  summary:
    "The users area's Tools: repairs an agent's page (admin-and-sign-in §7). The agent's open pages re-read account, status, tenant features and layout from the gateway and reload their plugins; a page on a live call does it once the call ends. No body. 201 {data: {id, sockets}} (sockets: the agent's pages that heard it, 0 when none is open); 404 when the id is no user of the caller's call centre. Managers and above.",
  tags: ["agents"],
  params: idParam,
  responses: { 201: AgentToolResponse, 404: ErrorBody },
});
/** The Tools dialog: resets an agent's realtime socket. */
export const resetSockets = defineEndpoint({
  method: "POST",
  path: "/agents/:id/reset-sockets",
  summary:
    "The users area's Tools: resets an agent's realtime socket (admin-and-sign-in §7). The gateway closes the agent's sockets and the pages connect again at once, keeping their status. No body. 201 {data: {id, sockets}} (sockets closed); 404 when the id is no user of the caller's call centre. Managers and above.",
  tags: ["agents"],
  params: idParam,
  responses: { 201: AgentToolResponse, 404: ErrorBody },
});
