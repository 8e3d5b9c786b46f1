// DELETE /leads/{id}: an agent may take back a lead it made by a manual dial (POST /leads) as long as
// nothing happened on it: no call, no disposition. Anything else is history and stays.
import { and, eq, notExists, sql } from "drizzle-orm";
import type { Caller } from "../../auth/access";
import type { Db } from "../../db/client";
import { calls, dispositions, leads } from "../../db/schema";
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
