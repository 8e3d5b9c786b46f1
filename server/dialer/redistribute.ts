// A manager's follow-up redistribution (admin-and-sign-in §4, §7: POST /agents/{id}/redistribute-follow-ups):
// an agent's pending follow-ups go to one chosen agent of the call centre, or to "general callbacks", in one
// transaction. follow_ups.agent_id is never empty, so a general callback is a lead given back to the pool:
// its follow-up is canceled and the agent's ownership of the lead ends, so any agent the dialer's rules allow
// (campaign, callable states, level…) gets it from auto-dial (docs/decisions.md "Users area: row dialogs").
// Kept with the agent: a lead someone is working right now (in process: the dial or its disposition would
// race the move), and, for general callbacks, a booked meeting (its lead's status closes it for the pool, so
// releasing it would lose the meeting).
import { and, eq, inArray, or, isNull } from "drizzle-orm";
import { AGENT_SETTINGS_MESSAGES as M } from "../../src/contract/agentSettings";
import { BOOKED_MEETING } from "../../src/contract/dispositions";
import type { Db } from "../db/client";
import { followUps, inProcessLeads, leads, users } from "../db/schema";
import { fieldError, HttpError, MESSAGES } from "../http/errors";

const AGENT_ROLES = ["qualifier", "advisor"];

export interface Redistribution {
  tenantId: number;
  from: number;
  /** null: general callbacks. */
  to: number | null;
  at: Date;
}

export interface Redistributed {
  moved: number;
  kept: number;
  /** The leads whose follow-up moved (the lead card's 'redistributed' flag is set on them). */
  leadIds: number[];
}

export function redistributeFollowUps(db: Db, r: Redistribution): Promise<Redistributed> {
  return db.transaction(async (tx) => {
    const agent = async (id: number) =>
      (
        await tx
          .select({ id: users.id, role: users.role })
          .from(users)
          .where(and(eq(users.id, id), eq(users.tenantId, r.tenantId)))
          .limit(1)
      )[0];
    const from = await agent(r.from);
    if (!from) throw new HttpError(404, MESSAGES.resourceNotFound);
    if (!AGENT_ROLES.includes(from.role)) throw fieldError("id", M.notAnAgent);
    if (r.to !== null) {
      if (r.to === r.from) throw fieldError("to", M.sameAgent);
      const to = await agent(r.to);
      if (!to || !AGENT_ROLES.includes(to.role)) throw fieldError("to", M.unknownTarget);
      // A qualifier's callbacks to a qualifier, an advisor's clients to an advisor: the other role's dialer
      // would not work them the same way (an advisor's booked meeting, a qualifier's transfer).
      if (to.role !== from.role) throw fieldError("to", M.otherRole);
    }

    const pending = await tx
      .select({ id: followUps.id, leadId: followUps.leadId, kind: followUps.kind })
      .from(followUps)
      .where(and(eq(followUps.tenantId, r.tenantId), eq(followUps.agentId, r.from), eq(followUps.state, "pending")))
      .for("update");
    if (!pending.length) return { moved: 0, kept: 0, leadIds: [] };
    const working = new Set(
      (
        await tx
          .select({ leadId: inProcessLeads.leadId })
          .from(inProcessLeads)
          .where(inArray(inProcessLeads.leadId, pending.map((p) => p.leadId)))
      ).map((w) => w.leadId),
    );
    const movable = pending.filter((p) => !working.has(p.leadId) && (r.to !== null || p.kind !== BOOKED_MEETING));
    const ids = movable.map((p) => p.id);
    const leadIds = movable.map((p) => p.leadId);
    if (ids.length) {
      if (r.to !== null) {
        await tx.update(followUps).set({ agentId: r.to, updatedAt: r.at }).where(inArray(followUps.id, ids));
        await tx
          .update(leads)
          .set({ ownerId: r.to, isRedistributedFollowup: true })
          .where(and(inArray(leads.id, leadIds), or(eq(leads.ownerId, r.from), isNull(leads.ownerId))));
      } else {
        await tx.update(followUps).set({ state: "canceled", doneAt: r.at, updatedAt: r.at }).where(inArray(followUps.id, ids));
        await tx
          .update(leads)
          .set({ ownerId: null, isRedistributedFollowup: true })
          .where(and(inArray(leads.id, leadIds), eq(leads.ownerId, r.from)));
      }
    }
    return { moved: ids.length, kept: pending.length - ids.length, leadIds };
  });
}
