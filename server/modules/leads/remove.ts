// DELETE /leads/{id}: an agent may take back a lead it made by a manual dial (POST /leads) as long as
// nothing happened on it: no call, no disposition. Anything else is history and stays.
import { and, eq, notExists, sql } from "drizzle-orm";
import type { Caller } from "../../auth/access";
import type { Db } from "../../db/client";
import { calls, dispositions, followUps, leads } from "../../db/schema";
import { madeBy } from "./lookup";
import type { LeadRow } from "./record";

export type RemoveOutcome = "deleted" | "not_created" | "has_history";

/** PostgreSQL's foreign_key_violation: a call or disposition arrived between the check and the delete. */
const FK_VIOLATION = "23503";

export async function removeMadeLead(db: Db, caller: Caller, row: LeadRow): Promise<RemoveOutcome> {
  if (madeBy(row.marketingId) !== "manual" || row.ownerId !== caller.id) return "not_created";
  const none = (table: typeof calls | typeof dispositions) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(eq(table.leadId, leads.id)),
    );
  try {
    const gone = await db
      .delete(leads)
      .where(and(eq(leads.id, row.id), none(calls), none(dispositions)))
      .returning({ id: leads.id });
    return gone.length ? "deleted" : "has_history";
  } catch (e) {
    if (codeOf(e) === FK_VIOLATION) return "has_history";
    throw e;
  }
}

const codeOf = (e: unknown): unknown => {
  const err = e as { code?: unknown; cause?: { code?: unknown } } | null;
  return err?.code ?? err?.cause?.code;
};

/** Statuses that say nothing was decided on a lead yet (a disposition or a booking sets another one). */
const UNDECIDED = ["New", "In Process"];

/**
 * A call moved to another lead (PUT /calls/{callId}/lead): the lead it leaves goes too when it was made for that
 * call only: made by an agent (a manual dial or an inbound caller the call centre did not know), nothing decided
 * on it (no disposition, no follow-up, its status still New or In Process: a booking sets another) and no call
 * but this one, which has already moved. Run inside the relink's transaction; true when the lead was deleted.
 */
export async function removeLeadMadeForCall(tx: Db, leadId: number): Promise<boolean> {
  const [row] = await tx
    .select({ marketingId: leads.marketingId, status: leads.status })
    .from(leads)
    .where(eq(leads.id, leadId))
    .limit(1);
  if (!row || madeBy(row.marketingId) === null || !UNDECIDED.includes(row.status)) return false;
  const none = (table: typeof calls | typeof dispositions | typeof followUps) =>
    notExists(
      tx
        .select({ one: sql`1` })
        .from(table)
        .where(eq(table.leadId, leads.id)),
    );
  try {
    // In a savepoint: a row of a plugin's table still naming the lead (a lead sent to an e-application) keeps
    // it, and must not abort the relink's transaction.
    return await tx.transaction(async (sp) => {
      const gone = await sp
        .delete(leads)
        .where(and(eq(leads.id, leadId), none(calls), none(dispositions), none(followUps)))
        .returning({ id: leads.id });
      return gone.length > 0;
    });
  } catch (e) {
    if (codeOf(e) === FK_VIOLATION) return false;
    throw e;
  }
}
