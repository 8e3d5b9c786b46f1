// A settings relation saved whole (admin-and-sign-in §2 relation dialogs: a campaign's qualifiers, a lead
// group's advisors and prefixes, an attribute group's agents and attributes): a link table of (owner, member)
// rows, read as sorted ids and replaced in one transaction with its audit row, the ids before and after.
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { recordSettingsChange, type SettingsChangeRecord } from "./audit";

export interface Membership {
  table: PgTable;
  owner: PgColumn;
  member: PgColumn;
  /** The row linking a member to its owner, in the table's own field names. */
  row(ownerId: number, memberId: number): Record<string, number>;
}

/** The owner's member ids, sorted. */
export async function memberIds(db: Db, m: Membership, ownerId: number): Promise<number[]> {
  const rows = await db.select({ id: m.member }).from(m.table).where(eq(m.owner, ownerId));
  return rows.map((r) => r.id as number).sort((a, b) => a - b);
}

/**
 * Replaces the owner's members by `ids` (distinct, already checked) and records the change under `field`
 * ({...key, [field]: ids} before and after). Run it inside the save's transaction.
 */
export async function replaceMembers(
  tx: Db,
  m: Membership,
  c: {
    ownerId: number;
    ids: readonly number[];
    field: string;
    /** What names the owner in the audit row besides its ids, e.g. {id, slug}. */
    key: Record<string, unknown>;
    audit: Omit<SettingsChangeRecord, "old" | "new">;
  },
): Promise<void> {
  const ids = [...new Set(c.ids)].sort((a, b) => a - b);
  const before = await memberIds(tx, m, c.ownerId);
  await tx.delete(m.table).where(eq(m.owner, c.ownerId));
  if (ids.length) await tx.insert(m.table).values(ids.map((id) => m.row(c.ownerId, id)) as never);
  await recordSettingsChange(tx, { ...c.audit, old: { ...c.key, [c.field]: before }, new: { ...c.key, [c.field]: ids } });
}
