// Agent performance (issue 37, part 1) read from the rollups (./tables.ts): three grouped queries over the agents'
// hours of the range, whatever the number of calls, plus the status periods still open at the moment asked, split
// among their local hours here as the triggers split closed ones. Days, weeks (from Monday) and months are the
// call centre's own, since the rollups' hours are local.
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { defineRoute, rowsOf, users, type PluginServerContext, type RouteDef } from "../../server/sdk";
import { AGENT_ROLES } from "../../src/contract/common";
import { DEFAULT_QUOTAS, DIALER_SETTING_KEYS, QUOTA_KINDS } from "../../src/contract/dialer";
import {
  agentReport,
  type AgentPeriodRow,
  type AgentReport,
  type ReportAgent,
  type ReportPeriod,
  type ReportQuotas,
} from "./contract";
import { centreOf } from "./centres/centres.server";
import { blankRow } from "./metrics";
import { openStatusHours, spanOf, wholeMonths, withinDays, type Span } from "./span.server";

const MANAGERS = { roles: ["manager"] } as const;

interface Range {
  tenantId: number;
  /** YYYY-MM-DD; the call centre's today when left out. */
  from?: string | undefined;
  /** YYYY-MM-DD; `from` when left out. */
  to?: string | undefined;
  by: ReportPeriod;
}

type Rows = Map<string, AgentPeriodRow>;

function rowOf(rows: Rows, agentId: number, period: string): AgentPeriodRow {
  const key = `${agentId}|${period}`;
  let row = rows.get(key);
  if (!row) {
    row = blankRow(agentId, period);
    rows.set(key, row);
  }
  return row;
}

type Rollup = "agent" | "status" | "disposition";

/**
 * A rollup's rows of the span as (agent_id, day, columns…): by month, whole months from the month rollup and only
 * the days of a month the range cuts from the day rollup (a year of 200 agents: about 26,000 status rows instead
 * of 550,000, bench/reports); by day or week, the day rollup.
 */
function rollupRows(by: ReportPeriod, rollup: Rollup, columns: string, span: Span): SQL {
  const days = sql`select agent_id, day, ${sql.raw(columns)} from ${sql.raw(`report_${rollup}_days`)}
                    where ${withinDays(span)}`;
  if (by !== "month") return days;
  const { start, end } = wholeMonths(span);
  return sql`${days} and not (day >= ${start}::date and day < ${end}::date)
             union all
             select agent_id, month, ${sql.raw(columns)} from ${sql.raw(`report_${rollup}_months`)}
              where tenant_id = ${span.tenantId} and month >= ${start}::date and month < ${end}::date`;
}

/**
 * A rollup's rows summed per agent and period (`date_trunc(by, day)`), the period written as YYYY-MM-DD after
 * the sums: formatting each row before grouping cost about half of a year's report (bench/reports).
 */
const perPeriod = (
  by: ReportPeriod,
  rollup: Rollup,
  key: string,
  columns: string,
  sums: string,
  span: Span,
  having = "",
) =>
  sql`select to_char(p, 'YYYY-MM-DD') as period, t.*
        from (select agent_id, date_trunc(${by}, day::timestamp) as p${sql.raw(key ? `, ${key}` : "")}, ${sql.raw(sums)}
                from (${rollupRows(by, rollup, columns, span)}) r
               group by 1, 2${sql.raw(key ? `, ${key}` : "")}) t
       ${sql.raw(having)}`;

/**
 * A per-period read's rows by (agent, period, key) folded into one row per agent and period, its figures as a JSON
 * object by key: a month by day is 5,600 rows for the gateway to take in instead of about 40,000 statuses and
 * 28,000 dispositions, which it read and merged one by one on the event loop the floor's dials wait on.
 */
const perAgentPeriod = (read: SQL, key: string, value: string) =>
  sql`select agent_id, period, json_object_agg(${sql.raw(key)}, ${sql.raw(value)}) as by_key
        from (${read}) r group by 1, 2`;

/** The User Quotas the goals are weighed against (the goals panel's keys and defaults). */
export async function quotasOf(
  settings: PluginServerContext["settings"],
  tenantId: number,
): Promise<ReportQuotas> {
  const [dials, meetings, sales] = await Promise.all(
    QUOTA_KINDS.map((kind) =>
      settings.read(tenantId, DIALER_SETTING_KEYS.quotas(kind), DEFAULT_QUOTAS[kind]),
    ),
  );
  return { dials: dials!, meetings: meetings!, sales: sales! };
}

export async function readAgentReport(
  { db, settings }: Pick<PluginServerContext, "db" | "settings">,
  range: Range,
  now: Date,
): Promise<AgentReport> {
  const span = await spanOf(db, range.tenantId, range, now);
  const { tenantId, timeZone, today, from, to } = span;
  const { by } = range;
  const rows: Rows = new Map();
  // The four reads are sent together; on the route's read lane (PluginServerContext.readLane, one connection by
  // default) they run one after the other, so that a report holds one PostgreSQL backend and the floor's dials keep
  // the other cores (bench/reports: four at once made every small statement of a dial about 3× slower).
  type Sums = { agent_id: number; period: string };
  const [hours, statuses, open, given, quotas] = await Promise.all([
    db
      .execute(
        perPeriod(
          by,
          "agent",
          "",
          "dials, inbound, contacts, talk_seconds, transfers_sent, transfers_taken, overstays",
          `sum(dials)::int as dials, sum(inbound)::int as inbound, sum(contacts)::int as contacts,
         sum(talk_seconds)::int as talk_seconds, sum(transfers_sent)::int as transfers_sent,
         sum(transfers_taken)::int as transfers_taken, sum(overstays)::int as overstays`,
          span,
        ),
      )
      .then((r) =>
        rowsOf<
          Sums & {
            dials: number;
            inbound: number;
            contacts: number;
            talk_seconds: number;
            transfers_sent: number;
            transfers_taken: number;
            overstays: number;
          }
        >(r),
      ),
    db
      .execute(
        perAgentPeriod(
          perPeriod(by, "status", "status", "status, seconds", "sum(seconds)::float8 as seconds", span),
          "status",
          "seconds",
        ),
      )
      .then((r) => rowsOf<Sums & { by_key: Record<string, number> }>(r)),
    // The periods open now, until now.
    db
      .execute(
        sql`
      select agent_id, to_char(date_trunc(${by}, hour), 'YYYY-MM-DD') as period, status, sum(seconds)::float8 as seconds
        from (${openStatusHours(span)}) open
       group by 1, 2, 3`,
      )
      .then((r) => rowsOf<Sums & { status: string; seconds: number }>(r)),
    db
      .execute(
        perAgentPeriod(
          perPeriod(
            by,
            "disposition",
            "disposition",
            "disposition, n",
            "sum(n)::int as n",
            span,
            "where n <> 0",
          ),
          "disposition",
          "n",
        ),
      )
      .then((r) => rowsOf<Sums & { by_key: Record<string, number> }>(r)),
    quotasOf(settings, tenantId),
  ]);
  for (const h of hours) {
    const row = rowOf(rows, h.agent_id, h.period);
    row.dials += h.dials;
    row.inbound += h.inbound;
    row.contacts += h.contacts;
    row.talk_seconds += h.talk_seconds;
    row.transfers_sent += h.transfers_sent;
    row.transfers_taken += h.transfers_taken;
    row.overstays += h.overstays;
  }
  const addStatus = (agentId: number, p: string, status: string, seconds: number) => {
    const row = rowOf(rows, agentId, p);
    const s = row.status_seconds as Record<string, number>;
    s[status] = (s[status] ?? 0) + seconds;
  };
  // A period's closed statuses are its object as read; the open periods then add to it, so they come after.
  for (const s of statuses)
    rowOf(rows, s.agent_id, s.period).status_seconds = s.by_key as AgentPeriodRow["status_seconds"];
  for (const s of open) addStatus(s.agent_id, s.period, s.status, s.seconds);
  for (const d of given) rowOf(rows, d.agent_id, d.period).dispositions = d.by_key;

  const withRows = [...new Set([...rows.values()].map((r) => r.agent_id))];
  const people = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      deactivated: users.deactivated,
    })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        or(inArray(users.role, [...AGENT_ROLES]), withRows.length ? inArray(users.id, withRows) : sql`false`),
      ),
    );
  const agents: ReportAgent[] = people
    .map((p) => ({
      id: p.id,
      name: `${p.firstName} ${p.lastName}`.trim(),
      role: p.role,
      active: !p.deactivated,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));

  return {
    from,
    to,
    by,
    time_zone: timeZone,
    as_of: now.toISOString(),
    today,
    agents,
    rows: [...rows.values()].sort((a, b) => a.period.localeCompare(b.period) || a.agent_id - b.agent_id),
    quotas,
  };
}

export function agentReportRoutes(ctx: PluginServerContext): RouteDef[] {
  return [
    defineRoute(agentReport, {
      access: MANAGERS,
      example: { query: { from: "2026-03-01", to: "2026-03-31", by: "day" } },
      async handler({ caller, query }) {
        const tenantId = await centreOf(ctx.db, caller, query.centre);
        const range = { tenantId, from: query.from, to: query.to, by: query.by };
        return {
          data: await readAgentReport(
            { db: ctx.readLane, settings: ctx.settings },
            range,
            new Date(ctx.clock.now()),
          ),
        };
      },
    }),
  ];
}
