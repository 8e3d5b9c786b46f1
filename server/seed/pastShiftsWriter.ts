// Writes the demo agents' past shifts (pastShifts.ts) in the seed's transaction: the past leads, their calls,
// the dispositions and the status trail, in batches. The reports' triggers roll each row up as it is written.
import { getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Db } from "../db/client";
import * as t from "../db/schema";
import type { PastShifts } from "./pastShifts";

const BATCH = 500;

/**
 * Inserts rows BATCH at a time, each batch as one JSON parameter expanded by json_populate_recordset, in order;
 * the new ids in the same order when asked. One parameter rather than one per value: ISIUS's past weeks (some
 * 16,500 rows) took 1.9 s on PGlite rather than 2.8 (most of what is left is the reports' triggers).
 */
async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: T["$inferInsert"][],
  returnIds: boolean,
): Promise<number[]> {
  const ids: number[] = [];
  if (rows.length === 0) return ids;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(rows[0]!);
  const names = keys.map((k) => columns[k]!.name);
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH).map((r) => {
      const record = r as Record<string, unknown>;
      return Object.fromEntries(keys.map((k, j) => [names[j], record[k]]));
    });
    const result = await db.execute(sql`
      insert into ${table} (${list})
      select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(batch)}::json) with ordinality as r
      order by r.ordinality
      ${returnIds ? sql`returning id` : sql``}`);
    if (returnIds) ids.push(...rowsOf<{ id: number | string }>(result).map((r) => Number(r.id)));
  }
  return ids;
}

export async function seedPastShifts(
  db: Db,
  tenantId: number,
  campaignIds: ReadonlyMap<string, number>,
  past: PastShifts,
): Promise<void> {
  const leadIds = await insertRows(
    db,
    t.leads,
    past.leads.map(({ campaignSlug, ...lead }) => ({
      ...lead,
      tenantId,
      campaignId: campaignIds.get(campaignSlug) ?? null,
    })),
    true,
  );
  const callIds = await insertRows(
    db,
    t.calls,
    // Each call keeps its lead's campaign, as the gateway's own calls do.
    past.calls.map(({ leadIndex, ...c }) => ({
      ...c,
      tenantId,
      leadId: leadIds[leadIndex]!,
      campaignId: campaignIds.get(past.leads[leadIndex]!.campaignSlug) ?? null,
      // An outgoing call's party picked up a moment before the progressive dialer bridged it to the agent.
      partyAnsweredAt: c.answeredAt && c.direction === 0 ? new Date(c.answeredAt.getTime() - 300) : null,
    })),
    true,
  );
  await insertRows(
    db,
    t.dispositions,
    past.dispositions.map(({ leadIndex, callIndex, ...d }) => ({
      ...d,
      tenantId,
      leadId: leadIds[leadIndex]!,
      callId: callIds[callIndex]!,
    })),
    false,
  );
  // In time order, so each agent's rows follow one another by id as well (the reports' trigger reads the previous).
  await insertRows(
    db,
    t.agentStatusChanges,
    past.statusChanges.map((c) => ({ ...c, tenantId })),
    false,
  );
}
