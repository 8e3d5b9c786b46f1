// The one writer of dispositions (issue 34, finding 5): the agent's own (POST /leads/{id}/dispositions), the
// internal transfer's and the live transfer's all go through recordDisposition, inside their own transaction.
// It stores the row, gives the lead the disposition as its status (and a new owner when the lead changes hands),
// and applies what the disposition does to the dialer (server/dialer/followUps.ts: the follow-up created, moved or
// closed, Do Not Call listed, the lead out of the agent's in-process leads). Moving a follow-up
// (reschedule_followup) is no outcome: the lead keeps its status.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dispositions, leads } from "../../db/schema";
import { applyDispositionEffects } from "../../dialer/followUps";

export interface DispositionRecord {
  tenantId: number;
  leadId: number;
  /** Who disposed (the qualifier of a transfer). */
  agentId: number;
  callId: number | null;
  disposition: string;
  reason?: string | null;
  reasonOther?: string | null;
  notes: string | null;
  /** When a follow-up disposition is due. */
  dateTime?: Date | null;
  /** Moves the pending follow-up instead of disposing the lead. */
  reschedule?: boolean;
  shortCall?: boolean;
  sold?: unknown;
  exception?: unknown;
  /** The lead changes hands with the disposition (a transfer): its new owner. */
  owner?: number;
  at: Date;
}

export type RecordedDisposition = typeof dispositions.$inferSelect;

/** Stores the disposition and what it does, in the caller's transaction `tx`; answers the stored row. */
export async function recordDisposition(tx: Db, r: DispositionRecord): Promise<RecordedDisposition> {
  const reschedule = r.reschedule ?? false;
  const [row] = await tx
    .insert(dispositions)
    .values({
      tenantId: r.tenantId,
      leadId: r.leadId,
      agentId: r.agentId,
      callId: r.callId,
      disposition: r.disposition,
      reason: r.reason ?? null,
      reasonOther: r.reasonOther ?? null,
      notes: r.notes,
      dateTime: r.dateTime ?? null,
      rescheduleFollowup: reschedule,
      shortCall: r.shortCall ?? false,
      createdAt: r.at,
      sold: r.sold ?? null,
      exception: r.exception ?? null,
    })
    .returning();
  // The update locks the lead's row as the effects' own read would, and hands them its numbers: one statement fewer
  // per disposition (issue 39).
  const [locked] =
    !reschedule || r.owner !== undefined
      ? await tx
          .update(leads)
          .set({ ...(reschedule ? {} : { status: r.disposition }), ...(r.owner !== undefined ? { ownerId: r.owner } : {}) })
          .where(eq(leads.id, r.leadId))
          .returning({ phone: leads.phone, phoneOther: leads.phoneOther })
      : [];
  await applyDispositionEffects(tx, {
    ...(locked && { lead: locked }),
    tenantId: r.tenantId,
    leadId: r.leadId,
    agentId: r.agentId,
    dispositionId: row!.id,
    disposition: r.disposition,
    dateTime: row!.dateTime,
    notes: row!.notes,
    reschedule,
    at: r.at,
  });
  return row!;
}
