// Who may call what (reliability.md B1): function level by roles and permissions, object level by ownership.
// The policy of every route is data on the route itself, so a matrix test can be generated from the table.
import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { holdsRoleAtLeast, HIERARCHY_ROLES, type HierarchyRole, type Role } from "../../src/contract/common";
import { rolesHeldBy } from "../../src/contract/roles";
import type { Db } from "../db/client";
import { preparedOn } from "../db/prepared";
import { attributes, calls, dispositions, followUps, leads, liveTransfers, userAttributes, users } from "../db/schema";

export interface Caller {
  id: number;
  tenantId: number;
  role: string;
  roles: Role[];
  permissions: string[];
}

export interface AccessPolicy {
  /** No session needed (sign-in calls). */
  public?: true;
  /** Any one suffices; a hierarchy role also passes for every role above it. */
  roles?: readonly Role[];
  permission?: string;
  /**
   * Object level: the path parameter that names an agent. Agents may name only themselves; `othersFrom`
   * (default manager) and above may name any agent of their own tenant.
   */
  agentParam?: string;
  othersFrom?: HierarchyRole;
  /**
   * Object level: the path parameter that names a lead. A lead of another tenant does not exist for the
   * caller (404); an agent may touch only the leads it owns, `othersFrom` and above any lead of the tenant.
   */
  leadParam?: string;
}

/** The roles an account holds, from its primary role: qualifiers are the setters of the role order. */
/** The account's roles; with its dialing facts, an advisor who dials outbound is also 'outbound-eligible'. */
export function rolesOf(role: string, dialing?: { outboundEligibility: string; inboundOnly: boolean }): Role[] {
  if (role === "qualifier") return rolesHeldBy("qualifier");
  if (role === "advisor")
    return dialing && dialing.outboundEligibility !== "none" && !dialing.inboundOnly
      ? [...rolesHeldBy("advisor"), ...rolesHeldBy("outbound-eligible")]
      : rolesHeldBy("advisor");
  if ((HIERARCHY_ROLES as readonly string[]).includes(role)) return [role as Role];
  return [];
}

export function holdsAnyRole(caller: Pick<Caller, "roles">, roles: readonly Role[]): boolean {
  return roles.some((r) =>
    (HIERARCHY_ROLES as readonly string[]).includes(r)
      ? holdsRoleAtLeast(caller.roles, r as HierarchyRole)
      : caller.roles.includes(r),
  );
}

/** Function-level check: roles and permission. */
export function allowsFunction(policy: AccessPolicy, caller: Caller): boolean {
  if (policy.roles?.length && !holdsAnyRole(caller, policy.roles)) return false;
  if (policy.permission && !caller.permissions.includes(policy.permission)) return false;
  return true;
}

/** A PERMISSION attribute an account holds: its scope and the roles it is valid for (empty: any). */
export type PermissionGrant = readonly [scope: string | null, roles: string[]];

/** Permissions held through PERMISSION attributes, filtered to those valid for the account's role. */
export async function permissionsOf(db: Db, userId: number, role: string): Promise<string[]> {
  const rows = await db
    .select({ scope: attributes.scope, roles: attributes.roles })
    .from(userAttributes)
    .innerJoin(attributes, eq(attributes.id, userAttributes.attributeId))
    .where(and(eq(userAttributes.userId, userId), eq(attributes.type, "PERMISSION")));
  return permittedScopes(
    rows.map((r) => [r.scope, r.roles] as const),
    role,
  );
}

/** The rule of permissionsOf over grants already read (authentication reads them with the session). */
export function permittedScopes(grants: readonly PermissionGrant[] | null, role: string): string[] {
  if (!grants) return [];
  return grants
    .filter(([scope, roles]) => scope && (roles.length === 0 || roles.includes(role)))
    .map(([scope]) => scope!)
    .sort();
}

/** Object-level check for a route naming an agent: the caller itself, or a supervisor of the same tenant. */
export async function mayActOnAgent(db: Db, policy: AccessPolicy, caller: Caller, agentId: number): Promise<boolean> {
  if (agentId === caller.id) return true;
  if (!holdsRoleAtLeast(caller.roles, policy.othersFrom ?? "manager")) return false;
  const r = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, agentId), inArray(users.tenantId, [caller.tenantId])))
    .limit(1);
  return r.length > 0;
}

/** Prepared once per database: every call on a lead (settle, dispose) asks it. */
const leadOwnerQuery = preparedOn((db: Db) =>
  db
    .select({ ownerId: leads.ownerId })
    .from(leads)
    .where(and(eq(leads.id, sql.placeholder("leadId")), eq(leads.tenantId, sql.placeholder("tenantId"))))
    .limit(1)
    .prepare("access_lead_owner"),
);

/** Object-level check for a route naming a lead: "missing" hides other tenants' leads behind a 404. */
export async function leadAccess(
  db: Db,
  policy: AccessPolicy,
  caller: Caller,
  leadId: number,
): Promise<"ok" | "missing" | "denied"> {
  if (!Number.isSafeInteger(leadId)) return "missing";
  const r = await leadOwnerQuery(db).execute({ leadId, tenantId: caller.tenantId });
  if (!r[0]) return "missing";
  if (r[0].ownerId === caller.id || holdsRoleAtLeast(caller.roles, policy.othersFrom ?? "manager")) return "ok";
  // An agent who owes the lead a call (a pending follow-up: an advisor's booked meeting) may work it too.
  const [owed] = await db
    .select({ id: followUps.id })
    .from(followUps)
    .where(and(eq(followUps.leadId, leadId), eq(followUps.agentId, caller.id), eq(followUps.state, "pending")))
    .limit(1);
  if (owed) return "ok";
  // An inbound call rings whoever is free when the lead's owner is not (server/modules/calls/inbound.ts): the
  // agent who took it works the lead, to settle and dispose that call, until its disposition is saved.
  const [took] = await db
    .select({ id: calls.id })
    .from(calls)
    .where(
      and(
        eq(calls.leadId, leadId),
        eq(calls.agentId, caller.id),
        eq(calls.type, "inbound"),
        sql`not exists (select 1 from ${dispositions} where ${dispositions.callId} = ${calls.id})`,
      ),
    )
    .limit(1);
  if (took) return "ok";
  // A live transfer (server/modules/liveTransfers): the advisor who accepted it works the lead from the
  // accept on (before the handover makes it theirs, or when the transfer failed after they spoke with the
  // lead); the qualifier who handed it over may still settle its own call with it (the hangup flow).
  const [transfer] = await db
    .select({ id: liveTransfers.id })
    .from(liveTransfers)
    .leftJoin(calls, eq(calls.id, liveTransfers.callId))
    .where(
      and(
        eq(liveTransfers.leadId, leadId),
        or(
          and(eq(liveTransfers.advisorId, caller.id), isNotNull(liveTransfers.acceptedAt)),
          and(eq(liveTransfers.qualifierId, caller.id), isNull(calls.settledAt)),
        ),
      ),
    )
    .limit(1);
  return transfer ? "ok" : "denied";
}
