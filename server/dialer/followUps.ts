// What a disposition does to the dialer, inside the disposition's own transaction (booking-and-reference §4):
// a disposition that needs a follow-up creates it, or moves the pending one (reschedule_followup); any other
// closes the pending one; Do Not Call cancels it and puts the lead's numbers on the Do Not Call list. The
// lead leaves the agent's in-process leads either way.
import { and, eq, sql } from "drizzle-orm";
import { FOLLOW_UP_TYPES } from "../../src/contract/dialer";
import {
  BOOKED_MEETING,
  FOLLOW_UP_DISPOSITIONS as FOLLOW_UPS,
  traitsOf,
} from "../../src/contract/dispositions";
import type { Db } from "../db/client";
import { preparedOn } from "../db/prepared";
import { followUps, inProcessLeads, leads } from "../db/schema";
import { addToDnc } from "./dncList";
import { DO_NOT_CALL } from "./rules/dnc";

// Which dispositions leave a follow-up, and of which type, are the contract's disposition traits. As plain
// strings here: the dialer tests stored dispositions.
export const FOLLOW_UP_DISPOSITIONS: readonly string[] = FOLLOW_UPS;

/** The follow-up type a disposition leaves (1 callback, 2 follow-up, 3 engaged opportunity). */
export function followUpType(kind: string): number {
  return FOLLOW_UP_TYPES[traitsOf(kind)?.followUp ?? "followUp"];
}

export interface DispositionFacts {
  tenantId: number;
  leadId: number;
  agentId: number;
  dispositionId: number;
  disposition: string;
  dateTime: Date | null;
  notes: string | null;
  reschedule: boolean;
  at: Date;
  /** The lead's numbers, its row already locked in this transaction (recordDisposition's update); read here otherwise. */
  lead?: { phone: string; phoneOther: string[] };
}

/** The statements every disposition runs, prepared once (server/db/prepared.ts). */
const effectStatements = preparedOn((db: Db) => {
  const leadId = sql.placeholder("leadId");
  const release = () => db.delete(inProcessLeads).where(eq(inProcessLeads.leadId, leadId));
  const released = db
    .$with("released")
    .as(release().returning({ agentId: inProcessLeads.agentId, ownerSet: inProcessLeads.ownerSet }));
  return {
    pending: db
      .select({ id: followUps.id, agentId: followUps.agentId, kind: followUps.kind })
      .from(followUps)
      .where(and(eq(followUps.leadId, leadId), eq(followUps.state, "pending")))
      .for("update")
      .prepare("disposition_pending_follow_up"),
    release: release().prepare("disposition_release"),
    // The release and, when it applies, the owner's removal: one statement (issue 39).
    releaseToPool: db
      .with(released)
      .update(leads)
      .set({ ownerId: null })
      .where(
        and(eq(leads.id, leadId), sql`${leads.ownerId} in (select agent_id from released where owner_set)`),
      )
      .prepare("disposition_release_to_pool"),
  };
});

export async function applyDispositionEffects(
  db: Db,
  d: DispositionFacts,
): Promise<{ followUpId: number | null }> {
  const statements = effectStatements(db);
  const [lead] = d.lead
    ? [d.lead]
    : await db
        .select({ phone: leads.phone, phoneOther: leads.phoneOther })
        .from(leads)
        .where(eq(leads.id, d.leadId))
        .for("update");
  const [pending] = await statements.pending.execute({ leadId: d.leadId });
  let followUpId: number | null = null;

  if (d.disposition === DO_NOT_CALL) {
    if (lead)
      await addToDnc(db, {
        tenantId: d.tenantId,
        phones: [lead.phone, ...lead.phoneOther],
        leadId: d.leadId,
        agentId: d.agentId,
        at: d.at,
        source: "disposition",
      });
    if (pending) await close(db, pending.id, "canceled", d.at);
  } else if (pending && pending.agentId !== d.agentId && pending.kind === BOOKED_MEETING) {
    // A booked meeting is the advisor's follow-up (plugins/booking): the qualifier's own disposition of the
    // call (Appointment Setup) neither closes nor replaces it.
  } else if (traitsOf(d.disposition)?.followUp && d.dateTime) {
    const fields = {
      agentId: d.agentId,
      dispositionId: d.dispositionId,
      kind: d.disposition,
      type: followUpType(d.disposition),
      startsAt: d.dateTime,
      notes: d.notes,
      updatedAt: d.at,
    };
    if (pending && d.reschedule) {
      await db.update(followUps).set(fields).where(eq(followUps.id, pending.id));
      followUpId = pending.id;
    } else {
      if (pending) await close(db, pending.id, "done", d.at);
      const [row] = await db
        .insert(followUps)
        .values({ ...fields, tenantId: d.tenantId, leadId: d.leadId, state: "pending", createdAt: d.at })
        .returning({ id: followUps.id });
      followUpId = row!.id;
    }
  } else if (pending) {
    await close(db, pending.id, "done", d.at);
  }

  // Out of process; a lead the claim took from the pool goes back to it unless the agent now owes it a call.
  await (followUpId !== null ? statements.release : statements.releaseToPool).execute({ leadId: d.leadId });
  return { followUpId };
}

const close = (db: Db, id: number, state: "done" | "canceled", at: Date) =>
  db.update(followUps).set({ state, doneAt: at, updatedAt: at }).where(eq(followUps.id, id));
