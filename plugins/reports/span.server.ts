// What every report reads first: the call centre's zone and today, the range of local days asked (today when none),
// and the status periods still open at the moment asked, split among the local hours of the range as the rollup's
// trigger splits a closed one (./migrations): a report of today includes the last minute.
import { eq, sql, type SQL } from "drizzle-orm";
import { tenants, wallClock, type Db } from "../../server/sdk";
import { addDays } from "./range";

export interface Span {
  tenantId: number;
  timeZone: string;
  /** The call centre's today, YYYY-MM-DD. */
  today: string;
  /** The first and last local day covered, YYYY-MM-DD. */
  from: string;
  to: string;
  /** The range as local timestamps, [start, end). */
  start: string;
  end: string;
  /** The moment asked. */
  now: Date;
}

export async function spanOf(
  db: Db,
  tenantId: number,
  range: { from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<Span> {
  const [tenant] = await db
    .select({ timezone: tenants.timezone })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  const timeZone = tenant?.timezone ?? "UTC";
  const w = wallClock(now.getTime(), timeZone);
  const today = `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
  const from = range.from ?? today;
  const to = range.to ?? from;
  return {
    tenantId,
    timeZone,
    today,
    from,
    to,
    start: `${from} 00:00:00`,
    end: `${addDays(to, 1)} 00:00:00`,
    now,
  };
}

/**
 * The months wholly inside the span, as [start, end) first days of months (start = end when none): a report by month
 * reads these from the month rollups and the rest of the span's days from the day rollups.
 */
export function wholeMonths(span: Pick<Span, "from" | "to">): { start: string; end: string } {
  const firstOf = (day: string) => `${day.slice(0, 8)}01`;
  // The first of the month after `from`'s (32 days on from a first always lands in the next month).
  const start = span.from.endsWith("-01") ? span.from : firstOf(addDays(firstOf(span.from), 32));
  const end = firstOf(addDays(span.to, 1));
  return start < end ? { start, end } : { start: end, end };
}

/** `hour` of a rollup table within the span, as SQL. */
export const withinSpan = (span: Span) =>
  sql`tenant_id = ${span.tenantId} and hour >= ${span.start}::timestamp and hour < ${span.end}::timestamp`;

/** `day` of a day rollup within the span, as SQL. */
export const withinDays = (span: Span) =>
  sql`tenant_id = ${span.tenantId} and day >= ${span.from}::date and day <= ${span.to}::date`;

/**
 * The status periods open at the span's moment, as rows (agent_id, hour, status, seconds): each from the change that
 * began it (agent_statuses.period_id) until now, only its part inside the span (an agent offline for a year is not
 * a year of hours), split among the local hours it covers.
 */
export function openStatusHours(span: Span): SQL {
  const now = span.now.toISOString();
  return sql`
    with tz as (select ${span.timeZone}::text as name),
    open as (
      select s.user_id, s.status,
             greatest(c.at, ${span.start}::timestamp at time zone tz.name) as began,
             least(${now}::timestamptz, ${span.end}::timestamp at time zone tz.name) as upto
        from agent_statuses s join agent_status_changes c on c.id = s.period_id cross join tz
       where s.tenant_id = ${span.tenantId}
    ),
    pieces as (
      select o.user_id, o.status, h.hour,
             greatest(o.began, h.hour at time zone tz.name) as a,
             least(o.upto, (h.hour + interval '1 hour') at time zone tz.name) as b
        from open o cross join tz
        cross join lateral generate_series(date_trunc('hour', o.began at time zone tz.name),
                                           date_trunc('hour', o.upto at time zone tz.name), interval '1 hour') as h(hour)
       where o.began < o.upto
    )
    select user_id as agent_id, hour, status, extract(epoch from b - a)::float8 as seconds from pieces where b > a`;
}
