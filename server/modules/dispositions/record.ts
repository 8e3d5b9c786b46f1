// The one writer of dispositions (issue 34, finding 5): the agent's own (POST /leads/{id}/dispositions), the
// internal transfer's and the live transfer's all go through recordDisposition, inside their own transaction.
// It stores the row, gives the lead the disposition as its status (and a new owner when the lead changes hands),
// and applies what the disposition does to the dialer (server/dialer/followUps.ts: the follow-up created, moved or
// closed, Do Not Call listed, the lead out of the agent's in-process leads). Moving a follow-up
// (reschedule_followup) is no outcome: the lead keeps its status.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { given, preparedOn } from "../../db/prepared";
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

/**
 * The row's insert and the usual status update, prepared once (server/db/prepared.ts). The values that may be
 * null are cast in SQL, not encoded by their column: a placeholder's column encoder would store a JSON `null`
 * for SQL NULL and cannot encode a missing time.
 */
const dispositionStatements = preparedOn((db: Db) => {
  const value = (name: string, type: "int" | "text" | "timestamptz" | "jsonb") =>
    sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  return {
    insert: db
      .insert(dispositions)
      .values({
        tenantId: sql.placeholder("tenantId"),
        leadId: sql.placeholder("leadId"),
        agentId: sql.placeholder("agentId"),
        callId: value("callId", "int"),
        disposition: sql.placeholder("disposition"),
        reason: value("reason", "text"),
        reasonOther: value("reasonOther", "text"),
        notes: value("notes", "text"),
        dateTime: value("dateTime", "timestamptz"),
        rescheduleFollowup: sql.placeholder("reschedule"),
        shortCall: sql.placeholder("shortCall"),
        createdAt: sql.placeholder("at"),
        sold: value("sold", "jsonb"),
        exception: value("exception", "jsonb"),
      })
      .returning()
      .prepare("disposition_insert"),
    status: db
      .update(leads)
      .set({ status: given<string>("status") })
      .where(eq(leads.id, sql.placeholder("leadId")))
      .returning({ phone: leads.phone, phoneOther: leads.phoneOther })
      .prepare("disposition_lead_status"),
  };
});

const jsonOrNull = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** Stores the disposition and what it does, in the caller's transaction `tx`; answers the stored row. */
export async function recordDisposition(tx: Db, r: DispositionRecord): Promise<RecordedDisposition> {
  const reschedule = r.reschedule ?? false;
  const statements = dispositionStatements(tx);
  const [row] = await statements.insert.execute({
    tenantId: r.tenantId,
    leadId: r.leadId,
    agentId: r.agentId,
    callId: r.callId,
    disposition: r.disposition,
    reason: r.reason ?? null,
    reasonOther: r.reasonOther ?? null,
    notes: r.notes,
    dateTime: r.dateTime?.toISOString() ?? null,
    reschedule,
    shortCall: r.shortCall ?? false,
    at: r.at,
    sold: jsonOrNull(r.sold),
    exception: jsonOrNull(r.exception),
  });
  // The update locks the lead's row as the effects' own read would, and hands them its numbers: one statement fewer
  // per disposition (issue 39). The usual disposition gives the lead its status; a transfer's, a new owner too (and
  // no status when it only moves a follow-up); moving a follow-up alone leaves the lead as it is.
  const [locked] =
    !reschedule && r.owner === undefined
      ? await statements.status.execute({ status: r.disposition, leadId: r.leadId })
      : r.owner !== undefined
        ? await tx
            .update(leads)
            .set({
              ...(reschedule ? {} : { status: r.disposition }),
              ...(r.owner !== undefined ? { ownerId: r.owner } : {}),
            })
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
