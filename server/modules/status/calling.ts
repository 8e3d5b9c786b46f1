// A manager disables or re-enables an agent's calling (admin-and-sign-in §4). The agent keeps its session
// and its socket (it must see the 'deactivated' label live) but is forced offline with do-not-disturb on,
// and may not choose an active status until calling is back.
import { eq } from "drizzle-orm";
import { SOCKET_MESSAGES } from "../../../src/contract/socket";
import { isActiveStatus } from "../../../src/contract/status";
import { users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { currentPeriodOf } from "./store";

export async function setCallingStatus(
  gw: Gateway,
  manager: { id: number; tenantId: number; ip?: string },
  agentId: number,
  wanted?: boolean,
): Promise<boolean> {
  const [u] = await gw.db.select({ deactivated: users.deactivated }).from(users).where(eq(users.id, agentId)).limit(1);
  const deactivated = wanted ?? !u!.deactivated;
  if (deactivated !== u!.deactivated) await gw.db.update(users).set({ deactivated }).where(eq(users.id, agentId));
  await gw.audit.record({
    action: "agent.calling_status",
    outcome: "success",
    userId: manager.id,
    tenantId: manager.tenantId,
    ip: manager.ip,
    detail: { agentId, deactivated },
  });

  gw.push.toAgent(agentId, "calling-status", { deactivated, message: deactivated ? SOCKET_MESSAGES.callingDisabled : null });
  const current = await currentPeriodOf(gw.db, agentId, gw.clock.now());
  if (deactivated && isActiveStatus(current.status)) {
    // The status change tells the agent and the managers (with the new calling status).
    await gw.statuses.setOffline(agentId, "manager", { actorId: manager.id, reason: "deactivated" });
  } else {
    gw.push.toManagers(manager.tenantId, "agent-status", {
      agent_id: agentId,
      status: current.status,
      since: new Date(current.since).toISOString(),
      source: "manager",
      deactivated,
    });
  }
  return deactivated;
}
