// Role names, and the one place where the two vocabularies meet. The role order (HIERARCHY_ROLES: setter <
// manager < admin < super < operations-manager) calls its first rung 'setter'; the specification's agent role
// (the account's role, the lists of who sees which disposition and reason) calls the same people 'qualifier'.
// A qualifier's account therefore holds both names (server/auth/access.ts rolesOf). Use the agent role where
// the specification lists what an agent sees or must do; use the rung where a check means "this role or any
// above it" (an access policy), so that managers and above pass too.
import type { AGENT_ROLES, HierarchyRole, Role } from "./common";

/** An agent role: qualifier, advisor, outbound-eligible (an advisor who also dials outbound). */
export type AgentRole = (typeof AGENT_ROLES)[number];

/** The rung of the role order each agent role stands on; advisors and outbound-eligible stand on none. */
export const RUNG_OF_AGENT_ROLE = {
  qualifier: "setter",
  advisor: null,
  "outbound-eligible": null,
} as const satisfies Record<AgentRole, HierarchyRole | null>;

/** The roles an account of this agent role holds: its own name, and its rung when it has one. */
export function rolesHeldBy(agentRole: AgentRole): Role[] {
  const rung = RUNG_OF_AGENT_ROLE[agentRole];
  return rung ? [agentRole, rung] : [agentRole];
}

/**
 * An access policy's roles for these agent roles: a qualifier by its rung (managers and above pass too), the
 * others by name. ["qualifier", "advisor"] → ["setter", "advisor"].
 */
export function accessRolesOf(agentRoles: readonly AgentRole[]): Role[] {
  return agentRoles.map((r) => RUNG_OF_AGENT_ROLE[r] ?? r);
}

/** The agents who dispose leads: the disposition panel shows for them, the gateway takes their dispositions. */
export const DISPOSING_ROLES = ["qualifier", "advisor"] as const satisfies readonly AgentRole[];
/** The access policy of POST /leads/{id}/dispositions. */
export const DISPOSING_ACCESS_ROLES: readonly Role[] = accessRolesOf(DISPOSING_ROLES);
