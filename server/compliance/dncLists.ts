// The call centre's Do Not Call lists (reliability.md G2, issue 36): the internal list (list 0: numbers a Do Not
// Call disposition, a manager or a consumer's request put there, kept 3 years + 14 days from the last add) and the
// imported lists (a national-registry extract, a partner's list), each with its source, date and expiry. This
// module owns dnc_lists and dnc_numbers: the dnc-lists plugin manages them through ctx.dnc, a disposition through
// addToDnc. The compliance gate and the dialer read every list at the instant they judge, so a number added here is
// refused from the next dial on — no cache, no tick.
import { and, asc, count, desc, eq, gt, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditLog, dncLists, dncNumbers, INTERNAL_DNC_LIST, users } from "../db/schema";
import { nationalDigits } from "../modules/calls/phone";

export { INTERNAL_DNC_LIST };

export type DncListKind = "internal" | "registry" | "partner";

/** Where an entry came from: a disposition, the list's page, a consumer's own request, an imported file. */
export type DncSource = "disposition" | "manual" | "consumer" | "import";

export interface DncListInfo {
  id: number;
  name: string;
  kind: DncListKind;
  source: string;
  createdAt: Date | null;
  expiresAt: Date | null;
  /** Entries in force now. */
  numbers: number;
}

export interface DncEntry {
  listId: number;
  /** null for the internal list (the browser names it in its language). */
  listName: string | null;
  kind: DncListKind;
  phone: string;
  addedAt: Date;
  expiresAt: Date;
  source: string;
  reason: string | null;
  agentId: number | null;
  agentName: string | null;
  /** In force at the instant asked (added, not expired). */
  active: boolean;
}

/** An entry of a list without an expiry of its own: PostgreSQL's 'infinity' does not survive a JS Date. */
const NEVER = new Date("9999-12-31T00:00:00Z");

/**
 * An entry of a Do Not Call list is in force at `at`: added by then and not expired yet. The one definition of it
 * in SQL, for the gate's facts, the dialer's, the lists' counts and the plugins (`inForce` is the same for a row
 * already read; the gate's locked read, dnc_entry_locked in migration 0033, states it in PL/pgSQL and is checked
 * against it in dncLists.test.ts). `alias` names the dnc_numbers row in raw SQL (`d` for `from dnc_numbers d`);
 * without it, the table's own columns.
 */
export function dncInForce(at: Date | string | Placeholder, alias?: string): SQL {
  if (alias !== undefined && !/^[a-z_]+$/.test(alias)) throw new Error(`not an alias: ${alias}`);
  const t = at instanceof Date ? at.toISOString() : at;
  const added = alias ? sql.raw(`${alias}.added_at`) : dncNumbers.addedAt;
  const expires = alias ? sql.raw(`${alias}.expires_at`) : dncNumbers.expiresAt;
  return sql`(${added} <= ${t}::timestamptz and ${expires} > ${t}::timestamptz)`;
}

/** `dncInForce` for an entry already read. */
export const inForce = (e: { addedAt: Date; expiresAt: Date }, at: Date) => e.addedAt <= at && e.expiresAt > at;

/** The internal list keeps a number 3 years + 14 days from the day it was (last) added. */
export function dncExpiry(addedAt: Date): Date {
  const d = new Date(addedAt);
  d.setUTCFullYear(d.getUTCFullYear() + 3);
  return new Date(d.getTime() + 14 * 86_400_000);
}

/**
 * Locks the numbers as a claim locks one (claim.ts lockNumber), in one statement and in one order (no deadlock
 * between two batches): until the caller's transaction ends, a dial, a Do Not Call entry and a lead coming in for
 * the same number wait for each other.
 */
export async function lockNumbers(db: Db, tenantId: number, phones: readonly string[]): Promise<void> {
  if (phones.length === 0) return;
  const list = sql.join(
    phones.map((p) => sql`${p}`),
    sql`, `,
  );
  await db.execute(
    sql`select pg_advisory_xact_lock(${tenantId}::int, hashtext(p)) from (select unnest(array[${list}]::text[]) as p order by 1) x`,
  );
}

export async function listsOf(db: Db, tenantId: number, at: Date): Promise<DncListInfo[]> {
  const [lists, counts] = await Promise.all([
    db.select().from(dncLists).where(eq(dncLists.tenantId, tenantId)).orderBy(desc(dncLists.createdAt), desc(dncLists.id)),
    db
      .select({ listId: dncNumbers.listId, n: count() })
      .from(dncNumbers)
      .where(and(eq(dncNumbers.tenantId, tenantId), dncInForce(at)))
      .groupBy(dncNumbers.listId),
  ]);
  const numbers = new Map(counts.map((c) => [c.listId, Number(c.n)]));
  return [
    {
      id: INTERNAL_DNC_LIST,
      name: "",
      kind: "internal",
      source: "",
      createdAt: null,
      expiresAt: null,
      numbers: numbers.get(INTERNAL_DNC_LIST) ?? 0,
    },
    ...lists.map((l) => ({
      id: l.id,
      name: l.name,
      kind: l.kind as DncListKind,
      source: l.source,
      createdAt: l.createdAt,
      expiresAt: l.expiresAt,
      numbers: numbers.get(l.id) ?? 0,
    })),
  ];
}

/** The list, or null when the call centre has none of this id (list 0, the internal list, always is). */
export async function listOf(db: Db, tenantId: number, listId: number, at: Date): Promise<DncListInfo | null> {
  if (listId !== INTERNAL_DNC_LIST) {
    const [row] = await db
      .select({ id: dncLists.id })
      .from(dncLists)
      .where(and(eq(dncLists.id, listId), eq(dncLists.tenantId, tenantId)));
    if (!row) return null;
  }
  return (await listsOf(db, tenantId, at)).find((l) => l.id === listId) ?? null;
}

export async function createList(
  db: Db,
  tenantId: number,
  l: { name: string; kind: "registry" | "partner"; source: string; expiresAt: Date | null; createdBy: number | null; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(dncLists)
    .values({ tenantId, name: l.name, kind: l.kind, source: l.source, expiresAt: l.expiresAt, createdBy: l.createdBy, createdAt: l.at })
    .returning({ id: dncLists.id });
  return row!.id;
}

/** A list and its numbers go together (the internal list cannot go). Audited. */
export async function deleteList(db: Db, tenantId: number, listId: number, actor: { id: number; ip?: string | null }, at: Date): Promise<boolean> {
  if (listId === INTERNAL_DNC_LIST) return false;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const gone = await t
      .delete(dncLists)
      .where(and(eq(dncLists.id, listId), eq(dncLists.tenantId, tenantId)))
      .returning({ name: dncLists.name });
    if (gone.length === 0) return false;
    await t.delete(dncNumbers).where(and(eq(dncNumbers.tenantId, tenantId), eq(dncNumbers.listId, listId)));
    await t.insert(auditLog).values({
      at,
      userId: actor.id,
      tenantId,
      ip: actor.ip ?? null,
      action: "dnc.list.delete",
      outcome: "ok",
      detail: { listId, name: gone[0]!.name },
    });
    return true;
  });
}

export interface DncAdd {
  phone: string;
  reason?: string | null;
  leadId?: number | null;
}

/** Numbers written per statement: one lock statement and one insert each. */
const BATCH = 500;

/**
 * Puts numbers on a list (national digits; anything that is no number is left out), each batch in one transaction
 * under the numbers' locks, so a dial in flight either saw the entry or had finished. A number already on the list
 * is added again: its date (and, on the internal list, its keep) starts over. Answers how many were not on it.
 */
export async function addNumbers(
  db: Db,
  tenantId: number,
  listId: number,
  entries: readonly DncAdd[],
  by: { source: DncSource; agentId: number | null; at: Date; expiresAt?: Date | null },
): Promise<{ added: number; renewed: number }> {
  const byPhone = new Map<string, DncAdd>();
  for (const e of entries) {
    const phone = nationalDigits(e.phone);
    if (phone.length > 0) byPhone.set(phone, e);
  }
  const phones = [...byPhone.keys()].sort();
  const expiresAt = listId === INTERNAL_DNC_LIST ? dncExpiry(by.at) : (by.expiresAt ?? NEVER);
  let added = 0;
  for (let i = 0; i < phones.length; i += BATCH) {
    const batch = phones.slice(i, i + BATCH);
    added += await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await lockNumbers(t, tenantId, batch);
      const rows = await t
        .insert(dncNumbers)
        .values(
          batch.map((phone) => ({
            tenantId,
            listId,
            phone,
            addedAt: by.at,
            expiresAt,
            source: by.source,
            reason: byPhone.get(phone)!.reason ?? null,
            leadId: byPhone.get(phone)!.leadId ?? null,
            agentId: by.agentId,
          })),
        )
        .onConflictDoUpdate({
          target: [dncNumbers.tenantId, dncNumbers.listId, dncNumbers.phone],
          set: {
            addedAt: sql`excluded.added_at`,
            expiresAt: sql`excluded.expires_at`,
            // A person's own request stays one, whoever adds the number again: only a manager may take it off.
            source: sql`case when ${dncNumbers.source} = 'consumer' then 'consumer' else excluded.source end`,
            reason: sql`coalesce(excluded.reason, ${dncNumbers.reason})`,
            agentId: sql`excluded.agent_id`,
            leadId: sql`coalesce(excluded.lead_id, ${dncNumbers.leadId})`,
          },
        })
        // xmax = 0: the row was inserted, not updated (PostgreSQL's way to tell them apart in one statement).
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      return rows.filter((r) => r.inserted).length;
    });
  }
  return { added, renewed: phones.length - added };
}

export type RemoveOutcome = "removed" | "missing" | "consumer_request";

/**
 * Takes a number off a list, with the reason, in the audit log. A number a consumer asked to be removed from
 * calls stays unless a manager or above takes it off (`mayRemoveConsumerRequests`).
 */
export async function removeNumber(
  db: Db,
  tenantId: number,
  listId: number,
  phone: string,
  r: { reason: string; actor: { id: number; ip?: string | null }; mayRemoveConsumerRequests: boolean; at: Date },
): Promise<RemoveOutcome> {
  const national = nationalDigits(phone);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockNumbers(t, tenantId, [national]);
    const where = and(eq(dncNumbers.tenantId, tenantId), eq(dncNumbers.listId, listId), eq(dncNumbers.phone, national));
    const [entry] = await t.select({ source: dncNumbers.source, addedAt: dncNumbers.addedAt }).from(dncNumbers).where(where);
    if (!entry) return "missing";
    if (entry.source === "consumer" && !r.mayRemoveConsumerRequests) return "consumer_request";
    await t.delete(dncNumbers).where(where);
    // The audit trail keeps the number: a removal must be answerable to a regulator (stored, never logged).
    await t.insert(auditLog).values({
      at: r.at,
      userId: r.actor.id,
      tenantId,
      ip: r.actor.ip ?? null,
      action: "dnc.remove",
      outcome: "ok",
      detail: { listId, phone: national, reason: r.reason, source: entry.source, addedAt: entry.addedAt.toISOString() },
    });
    return "removed";
  });
}

const entryColumns = {
  listId: dncNumbers.listId,
  listName: dncLists.name,
  kind: dncLists.kind,
  phone: dncNumbers.phone,
  addedAt: dncNumbers.addedAt,
  expiresAt: dncNumbers.expiresAt,
  source: dncNumbers.source,
  reason: dncNumbers.reason,
  agentId: dncNumbers.agentId,
  agentFirst: users.firstName,
  agentLast: users.lastName,
};

type EntryRow = {
  listId: number;
  listName: string | null;
  kind: string | null;
  phone: string;
  addedAt: Date;
  expiresAt: Date;
  source: string;
  reason: string | null;
  agentId: number | null;
  agentFirst: string | null;
  agentLast: string | null;
};

const toEntry = (r: EntryRow, at: Date): DncEntry => ({
  listId: r.listId,
  listName: r.listId === INTERNAL_DNC_LIST ? null : r.listName,
  kind: r.listId === INTERNAL_DNC_LIST ? "internal" : ((r.kind ?? "partner") as DncListKind),
  phone: r.phone,
  addedAt: r.addedAt,
  expiresAt: r.expiresAt,
  source: r.source,
  reason: r.reason,
  agentId: r.agentId,
  agentName: r.agentId === null ? null : [r.agentFirst, r.agentLast].filter(Boolean).join(" "),
  active: inForce(r, at),
});

function entriesQuery(db: Db) {
  return db
    .select(entryColumns)
    .from(dncNumbers)
    .leftJoin(dncLists, eq(dncLists.id, dncNumbers.listId))
    .leftJoin(users, eq(users.id, dncNumbers.agentId))
    .$dynamic();
}

/** Every list a number is on (in force or expired), the most recent first: which list, since when, why. */
export async function findNumber(db: Db, tenantId: number, phone: string, at: Date): Promise<DncEntry[]> {
  const rows = await entriesQuery(db)
    .where(and(eq(dncNumbers.tenantId, tenantId), eq(dncNumbers.phone, nationalDigits(phone))))
    .orderBy(desc(dncNumbers.addedAt));
  return rows.map((r) => toEntry(r, at));
}

/** A list's entries in number order, a page after `after` (export and browsing). */
export async function entriesOf(
  db: Db,
  tenantId: number,
  listId: number,
  page: { after?: string | null; limit: number },
  at: Date,
): Promise<DncEntry[]> {
  const rows = await entriesQuery(db)
    .where(
      and(
        eq(dncNumbers.tenantId, tenantId),
        eq(dncNumbers.listId, listId),
        page.after ? gt(dncNumbers.phone, page.after) : undefined,
      ),
    )
    .orderBy(asc(dncNumbers.phone))
    .limit(page.limit);
  return rows.map((r) => toEntry(r, at));
}

/** Of these numbers (national digits), those on a list in force at `at`, with the first list that has each. */
export async function listedAmong(
  db: Db,
  tenantId: number,
  phones: readonly string[],
  at: Date,
): Promise<Map<string, { listId: number; listName: string | null; since: Date }>> {
  const out = new Map<string, { listId: number; listName: string | null; since: Date }>();
  if (phones.length === 0) return out;
  const rows = await db
    .select({ phone: dncNumbers.phone, listId: dncNumbers.listId, listName: dncLists.name, since: dncNumbers.addedAt })
    .from(dncNumbers)
    .leftJoin(dncLists, eq(dncLists.id, dncNumbers.listId))
    .where(
      and(
        eq(dncNumbers.tenantId, tenantId),
        sql`${dncNumbers.phone} = any(${sql.param([...new Set(phones)])}::text[])`,
        dncInForce(at),
      ),
    )
    .orderBy(asc(dncNumbers.addedAt));
  for (const r of rows)
    if (!out.has(r.phone))
      out.set(r.phone, { listId: r.listId, listName: r.listId === INTERNAL_DNC_LIST ? null : r.listName, since: r.since });
  return out;
}
