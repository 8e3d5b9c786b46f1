// The users area's row changes (admin-and-sign-in §2 Users area, §7 Agents and users): a manager sets an agent's
// outbound eligibility and blocks or unblocks a qualifier's outbound (inbound only), and lists the call
// centre's managers. Each names an agent of the manager's own call centre; another call centre's agent does not
// exist for the caller (404). The dialer reads both columns at its next lead selection (dialer/rules).
import { and, asc, eq, sql } from "drizzle-orm";
import { USERS_AREA_MESSAGES, type ManagerListItem, type OutboundEligibility } from "../../../src/contract/agents";
import type { Caller } from "../../auth/access";
import { users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { fieldError, HttpError, MESSAGES } from "../../http/errors";

/** The agent of the caller's call centre, or 404. */
async function agentOfTenant(gw: Gateway, caller: Caller, agentId: number) {
  const [agent] = await gw.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.id, agentId), eq(users.tenantId, caller.tenantId)))
    .limit(1);
  if (!agent) throw new HttpError(404, MESSAGES.resourceNotFound);
  return agent;
}

const audit = (gw: Gateway, caller: Caller, ip: string | undefined, action: string, detail: Record<string, unknown>) =>
  gw.audit.record({ action, outcome: "success", userId: caller.id, tenantId: caller.tenantId, ip, detail });

export async function setOutboundEligibility(
  gw: Gateway,
  caller: Caller,
  agentId: number,
  eligibility: OutboundEligibility,
  ip?: string,
): Promise<void> {
  const agent = await agentOfTenant(gw, caller, agentId);
  if (agent.role !== "qualifier" && agent.role !== "advisor") throw fieldError("id", USERS_AREA_MESSAGES.notAnAgent);
  await gw.db.update(users).set({ outboundEligibility: eligibility }).where(eq(users.id, agent.id));
  await audit(gw, caller, ip, "agent.outbound_eligibility", { agentId, eligibility });
}

/** Blocks (inbound only) or unblocks a qualifier's outbound. Setting the value it already has is no error. */
export async function setInboundOnly(
  gw: Gateway,
  caller: Caller,
  agentId: number,
  inboundOnly: boolean,
  ip?: string,
): Promise<void> {
  const agent = await agentOfTenant(gw, caller, agentId);
  if (agent.role !== "qualifier") throw fieldError("id", USERS_AREA_MESSAGES.notAQualifier);
  await gw.db.update(users).set({ inboundOnly }).where(eq(users.id, agent.id));
  await audit(gw, caller, ip, "agent.inbound_only", { agentId, inboundOnly });
}

/** The managers (role manager) of the caller's call centre, by name; disabled accounts included. */
export async function listManagers(gw: Gateway, caller: Caller): Promise<ManagerListItem[]> {
  const rows = await gw.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, caller.tenantId), eq(users.role, "manager")))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
  return rows.map((u) => ({
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    full_name: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
  }));
}
