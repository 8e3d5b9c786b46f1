// What a manager does to many leads at once, through a plugin that keeps its own sets of leads (issue 36: the
// lead-lists plugin's lists): hold them from the dialer and release them, reset their dial counts, remove those
// nothing happened to. `which` is a subquery of lead ids over the plugin's own table; every statement also keeps
// to the call centre (a plugin's subquery cannot reach another tenant's leads). The leads module owns these writes.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/client";

/** Keeps the leads from the dialer under `holder` ("<plugin id>:<key>"); "Why this lead?" names `label`. */
export async function holdLeads(db: Db, tenantId: number, holder: string, label: string, which: SQL): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`
      with held as (
        insert into lead_holds (lead_id, holder, label)
        select l.id, ${holder}, ${label} from leads l where l.tenant_id = ${tenantId} and l.id in (${which})
        on conflict (lead_id, holder) do update set label = excluded.label
        returning 1)
      select count(*)::int as n from held`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** Lets the leads `holder` held go back to the dialer (all of them without `which`). */
export async function releaseLeads(db: Db, tenantId: number, holder: string, which?: SQL): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`
      with gone as (
        delete from lead_holds h using leads l
        where h.lead_id = l.id and l.tenant_id = ${tenantId} and h.holder = ${holder}
          ${which ? sql`and h.lead_id in (${which})` : sql``}
        returning 1)
      select count(*)::int as n from gone`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** The dialing sequence starts over for these leads: their dial counts go back to 0. */
export async function resetDials(db: Db, tenantId: number, which: SQL): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`
      with reset as (
        update leads set dials = 0 where tenant_id = ${tenantId} and dials > 0 and id in (${which})
        returning 1)
      select count(*)::int as n from reset`),
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Removes the leads nothing happened to: never dialled, no call, no disposition, no follow-up, nobody's, not in
 * process, still New. Anything else is history and stays. Answers the ids removed.
 */
export async function removeUndialled(db: Db, tenantId: number, which: SQL): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      delete from leads l
      where l.tenant_id = ${tenantId} and l.id in (${which})
        and l.dials = 0 and l.owner_id is null and l.status = 'New'
        and not exists (select 1 from calls c where c.lead_id = l.id)
        and not exists (select 1 from dispositions d where d.lead_id = l.id)
        and not exists (select 1 from follow_ups f where f.lead_id = l.id)
        and not exists (select 1 from in_process_leads p where p.lead_id = l.id)
      returning l.id`),
  );
  return rows.map((r) => Number(r.id));
}
