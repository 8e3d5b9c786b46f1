// Agent performance (issue 37, part 1) read from the rollups (./tables.ts): one statement over the agents' days (or
// months) of the range, whatever the number of calls, plus the status periods still open at the moment asked, split
// among their local hours as the triggers split closed ones, added up per agent and per period in SQL. Days, weeks
// (from Monday) and months are the call centre's own, since the rollups' hours are local.
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { defineRoute, rowsOf, users, type PluginServerContext, type RouteDef } from "../../server/sdk";
import { AGENT_ROLES } from "../../src/contract/common";
import { DEFAULT_QUOTAS, DIALER_SETTING_KEYS, QUOTA_KINDS } from "../../src/contract/dialer";
import {
  agentReport,
  type AgentPeriodReport,
  type AgentPeriodRow,
  type AgentRangeRow,
  type AgentReport,
  type AgentReportHead,
  type AgentSums,
  type ReportAgent,
  type ReportPeriod,
  type ReportQuotas,
  type TeamPeriodRow,
} from "./contract";
import { centreOf } from "./centres/centres.server";
import { blankSums } from "./metrics";
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
 * How a read adds its figures up: per agent and period (the scheduled CSV's lines per period), or the page's two
 * views at once, per agent over the range and per period over the team (grouping sets, so that PostgreSQL adds them
 * up and the gateway takes in as many rows as agents plus periods: a month of 200 agents by day is 228 rows and
 * 157 KiB instead of 5,600 and 2.4 MB, whose parsing and writing on the gateway's event loop made the floor's dials
 * wait, bench/reports).
 */
type Grouping = "agent-period" | "agent-and-period";
const groupsOf = (grouping: Grouping, key = "") => {
  const k = key ? `, ${key}` : "";
  return sql.raw(grouping === "agent-period" ? `(agent_id, p${k})` : `(agent_id${k}), (p${k})`);
};

/**
 * The figures of the range in one statement, as rows (kind, agent_id, period, figures): `calls` (dials, contacts,
 * talk…), `status` (seconds by status, the periods still open added to the closed ones) and `disposition` (counts
 * by value) per group, the figures as a JSON object; and, per agent over the range, `worked` (the periods in which
 * the agent was in a status other than offline, or took or placed a call). A group over the range has no period,
 * a group over the team no agent. Each rollup is read once: the CTEs used twice are materialized.
 */
function figuresRead(by: ReportPeriod, span: Span, grouping: Grouping): SQL {
  const period = (p: string) => sql.raw(`to_char(${p}, 'YYYY-MM-DD')`);
  const worked =
    grouping === "agent-and-period"
      ? sql`
      union all
      select 'worked', agent_id, null, json_build_object('periods', count(distinct p))
        from (select agent_id, p from calls where dials + inbound > 0
              union all
              select agent_id, p from statuses where status <> 'offline' and seconds > 0) w
       group by agent_id`
      : sql``;
  return sql`
    with calls as (
      select agent_id, date_trunc(${by}, day::timestamp) as p, sum(dials)::int as dials, sum(inbound)::int as inbound,
             sum(contacts)::int as contacts, sum(talk_seconds)::int as talk_seconds,
             sum(transfers_sent)::int as transfers_sent, sum(transfers_taken)::int as transfers_taken,
             sum(overstays)::int as overstays
        from (${rollupRows(by, "agent", "dials, inbound, contacts, talk_seconds, transfers_sent, transfers_taken, overstays", span)}) r
       group by 1, 2
    ),
    statuses as (
      select agent_id, p, status, sum(seconds)::float8 as seconds
        from (select agent_id, date_trunc(${by}, day::timestamp) as p, status, seconds
                from (${rollupRows(by, "status", "status, seconds", span)}) r
              union all
              select agent_id, date_trunc(${by}, hour), status, seconds from (${openStatusHours(span)}) o) s
       group by 1, 2, 3
    ),
    given as (
      select agent_id, date_trunc(${by}, day::timestamp) as p, disposition, sum(n)::int as n
        from (${rollupRows(by, "disposition", "disposition, n", span)}) r
       group by 1, 2, 3
    )
    select 'calls' as kind, agent_id, ${period("p")} as period,
           json_build_object('dials', sum(dials), 'inbound', sum(inbound), 'contacts', sum(contacts),
                             'talk_seconds', sum(talk_seconds), 'transfers_sent', sum(transfers_sent),
                             'transfers_taken', sum(transfers_taken), 'overstays', sum(overstays)) as figures
      from calls group by grouping sets (${groupsOf(grouping)})
    union all
    select 'status', agent_id, ${period("p")}, json_object_agg(status, seconds)
      from (select agent_id, p, status, sum(seconds) as seconds from statuses
             group by grouping sets (${groupsOf(grouping, "status")})) g
     group by agent_id, p
    union all
    select 'disposition', agent_id, ${period("p")}, json_object_agg(disposition, n)
      from (select agent_id, p, disposition, sum(n) as n from given
             group by grouping sets (${groupsOf(grouping, "disposition")}) having sum(n) <> 0) g
     group by agent_id, p
    ${worked}`;
}

interface FiguresRow {
  kind: "calls" | "status" | "disposition" | "worked";
  /** Null in a group over the team. */
  agent_id: number | null;
  /** Null in a group over the range. */
  period: string | null;
  figures: Record<string, number>;
}

/** The map's entry for `key`, made by `make` the first time. */
function entry<K, V>(map: Map<K, V>, key: K, make: (key: K) => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make(key)));
  return value;
}

/** Puts a figures row's figures into the sums of its group. */
function fill(sums: AgentSums, row: FiguresRow) {
  if (row.kind === "calls") Object.assign(sums, row.figures);
  else if (row.kind === "status") sums.status_seconds = row.figures as AgentSums["status_seconds"];
  else if (row.kind === "disposition") sums.dispositions = row.figures;
}

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

/** The figures rows of a range, grouped as asked, with the report's head (its agents, quotas and days). */
async function readFigures(
  { db, settings }: Pick<PluginServerContext, "db" | "settings">,
  range: Range,
  now: Date,
  grouping: Grouping,
): Promise<{ head: AgentReportHead; figures: FiguresRow[] }> {
  const span = await spanOf(db, range.tenantId, range, now);
  const { tenantId, timeZone, today, from, to } = span;
  const { by } = range;
  const [figures, quotas] = await Promise.all([
    db.execute(figuresRead(by, span, grouping)).then((r) => rowsOf<FiguresRow>(r)),
    quotasOf(settings, tenantId),
  ]);

  const withFigures = [...new Set(figures.map((r) => r.agent_id).filter((id) => id !== null))];
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
        or(
          inArray(users.role, [...AGENT_ROLES]),
          withFigures.length ? inArray(users.id, withFigures) : sql`false`,
        ),
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
  const head = { from, to, by, time_zone: timeZone, as_of: now.toISOString(), today, agents, quotas };
  return { head, figures };
}

/**
 * Agent performance as the page shows it: per agent over the range, and per period over the team. On the route's
 * read lane (PluginServerContext.readLane, one connection by default), so that a report holds one PostgreSQL
 * backend and the floor's dials keep the other cores.
 */
export async function readAgentReport(
  ctx: Pick<PluginServerContext, "db" | "settings">,
  range: Range,
  now: Date,
): Promise<AgentReport> {
  const { head, figures } = await readFigures(ctx, range, now, "agent-and-period");
  const perAgent = new Map<number, AgentRangeRow>();
  const perPeriod = new Map<string, TeamPeriodRow>();
  for (const row of figures) {
    if (row.agent_id !== null) {
      const line = entry(perAgent, row.agent_id, (agent_id) => ({
        ...blankSums(),
        agent_id,
        periods_worked: 0,
      }));
      if (row.kind === "worked") line.periods_worked = row.figures.periods ?? 0;
      else fill(line, row);
    } else if (row.period !== null) {
      fill(
        entry(perPeriod, row.period, (period) => ({ ...blankSums(), period })),
        row,
      );
    }
  }
  return {
    ...head,
    per_agent: [...perAgent.values()].sort((a, b) => a.agent_id - b.agent_id),
    per_period: [...perPeriod.values()].sort((a, b) => a.period.localeCompare(b.period)),
  };
}

/** Agent performance per agent and period: the scheduled CSV's lines per period. */
export async function readAgentPeriods(
  ctx: Pick<PluginServerContext, "db" | "settings">,
  range: Range,
  now: Date,
): Promise<AgentPeriodReport> {
  const { head, figures } = await readFigures(ctx, range, now, "agent-period");
  const rows = new Map<string, AgentPeriodRow>();
  for (const row of figures) {
    const cell = entry(rows, `${row.agent_id}|${row.period}`, () => ({
      ...blankSums(),
      agent_id: row.agent_id!,
      period: row.period!,
    }));
    fill(cell, row);
  }
  return {
    ...head,
    rows: [...rows.values()].sort((a, b) => a.period.localeCompare(b.period) || a.agent_id - b.agent_id),
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
