// What a manager does to one lead of the call centre (issue 36, part 5), owned by the leads module and reached by
// a plugin through ctx.leads: give it to another agent (or back to the pool), mark it Do Not Call. Each is one
// transaction and leaves an audit entry naming the manager (the lead's personal data stays out of the log).
import { and, eq, inArray } from "drizzle-orm";
import { addNumbers, INTERNAL_DNC_LIST } from "../../compliance/dncLists";
import type { Db } from "../../db/client";
import { auditLog, followUps, inProcessLeads, leads, users } from "../../db/schema";

const AGENT_ROLES = ["qualifier", "advisor"];

export type ReassignOutcome = "reassigned" | "missing" | "not_an_agent" | "in_process";

/**
 * Gives the lead to `ownerId` (an active qualifier or advisor of the call centre), or back to the pool (null).
 * Its pending follow-ups go with it (to the new owner), or are cancelled when it goes back to the pool. A lead an
 * agent is working right now (in process) stays where it is: the dial or its disposition would race the move.
 */
export async function reassignLead(
  db: Db,
  tenantId: number,
  leadId: number,
  ownerId: number | null,
  actor: { id: number; ip?: string | null },
  at: Date,
): Promise<ReassignOutcome> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [lead] = await tx
      .select({ id: leads.id, ownerId: leads.ownerId })
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.tenantId, tenantId)))
      .for("update");
    if (!lead) return "missing";
    if (ownerId !== null) {
      const [agent] = await tx
        .select({ role: users.role, deactivated: users.deactivated })
        .from(users)
        .where(and(eq(users.id, ownerId), eq(users.tenantId, tenantId)));
      if (!agent || !AGENT_ROLES.includes(agent.role) || agent.deactivated) return "not_an_agent";
    }
    const [working] = await tx.select({ agentId: inProcessLeads.agentId }).from(inProcessLeads).where(eq(inProcessLeads.leadId, leadId));
    if (working && working.agentId !== ownerId) return "in_process";
    await tx.update(leads).set({ ownerId }).where(eq(leads.id, leadId));
    const pending = and(eq(followUps.leadId, leadId), eq(followUps.state, "pending"));
    if (ownerId !== null) await tx.update(followUps).set({ agentId: ownerId, updatedAt: at }).where(pending);
    else await tx.update(followUps).set({ state: "canceled", doneAt: at, updatedAt: at }).where(pending);
    await tx.insert(auditLog).values({
      at,
      userId: actor.id,
      tenantId,
      ip: actor.ip ?? null,
      action: "lead.reassign",
      outcome: "ok",
      detail: { leadId, from: lead.ownerId, to: ownerId },
    });
    return "reassigned";
  });
}

/**
 * The lead's status becomes Do Not Call and its numbers go on the internal list with the manager's reason (a
 * consumer's own request, when `consumerRequest`: then only a manager or above can take them off). False for no
 * such lead.
 */
export async function markDoNotCall(
  db: Db,
  tenantId: number,
  leadId: number,
  r: { reason: string; consumerRequest: boolean; actor: { id: number; ip?: string | null }; at: Date },
): Promise<boolean> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [lead] = await tx
      .select({ phone: leads.phone, phoneOther: leads.phoneOther, status: leads.status })
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.tenantId, tenantId)))
      .for("update");
    if (!lead) return false;
    await tx.update(leads).set({ status: "Do Not Call" }).where(eq(leads.id, leadId));
    // Its follow-ups end: nobody may call the lead again.
    await tx.update(followUps).set({ state: "canceled", doneAt: r.at, updatedAt: r.at }).where(and(eq(followUps.leadId, leadId), inArray(followUps.state, ["pending"])));
    await addNumbers(
      tx,
      tenantId,
      INTERNAL_DNC_LIST,
      [lead.phone, ...lead.phoneOther].map((phone) => ({ phone, reason: r.reason, leadId })),
      { source: r.consumerRequest ? "consumer" : "manual", agentId: r.actor.id, at: r.at },
    );
    await tx.insert(auditLog).values({
      at: r.at,
      userId: r.actor.id,
      tenantId,
      ip: r.actor.ip ?? null,
      action: "lead.dnc",
      outcome: "ok",
      detail: { leadId, from: lead.status, consumerRequest: r.consumerRequest },
    });
    return true;
  });
}

/** A manager's edit of a lead it does not own, in the audit log: which fields, never their values. */
export async function auditLeadEdit(db: Db, tenantId: number, leadId: number, fields: string[], actor: { id: number; ip?: string | null }, at: Date) {
  await db.insert(auditLog).values({ at, userId: actor.id, tenantId, ip: actor.ip ?? null, action: "lead.edit", outcome: "ok", detail: { leadId, fields } });
}
