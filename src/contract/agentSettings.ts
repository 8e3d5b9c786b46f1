// The users list's row dialogs (admin-and-sign-in §2 "Row actions open dialogs", §3, §4, §7): an agent's
// health licences and attributes, the attribute list, the follow-up redistribution and the two tools
// (frontend repair, socket reset). Callable states are in dialer.ts (CallableStatesBody), calling status in
// status.ts, the statistics in the goals plugin's contract.
import { z } from "zod";
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
