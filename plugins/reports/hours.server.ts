// Hours of the week (issue 37, part 4), to staff the floor: the floor's hours (report_floor_hours) grouped by local
// weekday and hour — dials, contacts, and the seconds agents were logged in — plus the periods open now, with how
// many of each weekday the range holds so the page can show a typical day's figures.
import { sql } from "drizzle-orm";
import { defineRoute, rowsOf, type Db, type PluginServerContext, type RouteDef } from "../../server/sdk";
import { hoursReport, type HourCell, type HoursReport } from "./contract";
import { openStatusHours, spanOf, withinSpan, type Span } from "./span.server";
import { centreOf } from "./centres/centres.server";

const MANAGERS = { roles: ["manager"] } as const;

/** Monday 0 … Sunday 6, and the hour, of a local `hour` column. */
const CELL = sql.raw(`extract(isodow from hour)::int - 1 as weekday, extract(hour from hour)::int as hour`);

/** How many Mondays … Sundays the span's days hold. */
function weekdaysOf(span: Span): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (let t = Date.parse(span.from); t <= Date.parse(span.to); t += 86_400_000)
    counts[(new Date(t).getUTCDay() + 6) % 7]!++;
  return counts;
}

export async function readHoursReport(
  db: Db,
  tenantId: number,
  range: { from?: string; to?: string },
  now: Date,
): Promise<HoursReport> {
  const span = await spanOf(db, tenantId, range, now);
  const cells = new Map<string, HourCell>();
  const cell = (weekday: number, hour: number) => {
    const key = `${weekday}|${hour}`;
    if (!cells.has(key)) cells.set(key, { weekday, hour, dials: 0, contacts: 0, agent_seconds: 0 });
    return cells.get(key)!;
  };
  // The floor's hours (report_floor_hours: a row per hour and shard) and the periods open now.
  const floor = rowsOf<{ weekday: number; hour: number; dials: number; contacts: number; seconds: number }>(
    await db.execute(sql`
      select ${CELL}, sum(dials)::int as dials, sum(contacts)::int as contacts, sum(seconds)::float8 as seconds from (
        select hour, dials, contacts, agent_seconds as seconds from report_floor_hours where ${withinSpan(span)}
        union all
        select hour, 0, 0, seconds from (${openStatusHours(span)}) open where status <> 'offline'
      ) floor
      group by 1, 2`),
  );
  for (const c of floor)
    Object.assign(cell(c.weekday, c.hour), {
      dials: c.dials,
      contacts: c.contacts,
      agent_seconds: c.seconds,
    });
  return {
    from: span.from,
    to: span.to,
    time_zone: span.timeZone,
    as_of: now.toISOString(),
    today: span.today,
    weekdays: weekdaysOf(span),
    cells: [...cells.values()]
      .filter((c) => c.dials || c.contacts || c.agent_seconds)
      .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
  };
}

export function hoursReportRoutes(ctx: PluginServerContext): RouteDef[] {
  return [
    defineRoute(hoursReport, {
      access: MANAGERS,
      example: { query: { from: "2026-02-01", to: "2026-02-28" } },
      async handler({ caller, query }) {
        const tenantId = await centreOf(ctx.db, caller, query.centre);
        return { data: await readHoursReport(ctx.readLane, tenantId, query, new Date(ctx.clock.now())) };
      },
    }),
  ];
}
