// The CSV of the two reports the pages already show, as an e-mail carries it (./registry.server.ts), line by line.
// Agent performance has the page's columns (../metrics.ts AGENT_COLUMNS and figures, the page's English labels),
// its figures as the page writes them (h:mm:ss, percents), a Period first: each period's agents and team when the
// range holds several (by day, week or month), then the whole range's as the page's own CSV has them. Hours of the
// week: a line per weekday and hour with anything in it, the sums over the range and how many such weekdays it holds.
import { csvLine } from "../../../src/contract/csv";
import type { Db, PluginServerContext } from "../../../server/sdk";
import { readAgentPeriods } from "../agents.server";
import type {
  AgentPeriodReport,
  AgentReport,
  AgentReportQuery,
  HoursReport,
  HoursReportQuery,
} from "../contract";
import { readHoursReport } from "../hours.server";
import pageTexts from "../locales/en.json";
import {
  AGENT_COLUMNS,
  clock,
  DURATION_COLUMNS,
  figuresOf,
  linesOf,
  perAgentOf,
  teamOf,
  type AgentColumn,
  type AgentFigures,
  type AgentGoals,
} from "../metrics";
import ownTexts from "./locales/en.json";

const COLUMNS = pageTexts.agents.columns;
/** The page's CSV ends with each goal's target, so that a reader can weigh the figures again. */
const TARGETS = ["dials", "bookings", "sales"] as const;
const CSV = ownTexts.schedules.csv;
const counts = new Intl.NumberFormat("en");
const percents = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 });

/** A figure as the page's CSV writes it in English. */
function cellOf(column: AgentColumn, figures: AgentFigures): string {
  const v = figures[column];
  if (v === null) return "–";
  if (column === "contactRate" || column === "goals") return percents.format(v);
  if (DURATION_COLUMNS.has(column)) return clock(v);
  return counts.format(v);
}

type Rows = AgentPeriodReport["rows"];

const cellsOf = (name: string, figures: AgentFigures, goals: AgentGoals) => [
  name,
  ...AGENT_COLUMNS.map((c) => cellOf(c, figures)),
  ...TARGETS.map((k) => counts.format(goals[k].target)),
];

/** The agents' lines of some rows, as the page lists them (`everyActive`: the active ones too when they have none), and the team's. */
function agentLines(report: AgentPeriodReport, rows: Rows, everyActive: boolean): string[][] {
  const lines = linesOf(report, perAgentOf(rows), everyActive);
  const team = teamOf(rows, lines);
  return [
    ...lines.map((l) => cellsOf(l.agent.name, l.figures, l.goals)),
    cellsOf(pageTexts.agents.team, team.figures, team.goals),
  ];
}

export function* agentReportCsv(report: AgentPeriodReport): Generator<string> {
  yield csvLine([
    CSV.period,
    COLUMNS.name,
    ...AGENT_COLUMNS.map((c) => COLUMNS[c]),
    ...TARGETS.map((k) => pageTexts.agents.targets[k]),
  ]);
  const periods = [...new Set(report.rows.map((r) => r.period))].sort();
  if (periods.length > 1)
    for (const p of periods)
      for (const line of agentLines(
        report,
        report.rows.filter((r) => r.period === p),
        false,
      ))
        yield csvLine([p, ...line]);
  const whole = report.from === report.to ? report.from : `${report.from} – ${report.to}`;
  for (const line of agentLines(report, report.rows, true)) yield csvLine([whole, ...line]);
}

/** Agent performance reads the goals' quotas from the call centre's settings. */
type Reader = Pick<PluginServerContext, "db" | "settings">;

export async function* agentsCsv(
  ctx: Reader,
  tenantId: number,
  // A schedule's report is its own call centre's: the caller's `centre` is not a schedule's.
  query: Omit<AgentReportQuery, "centre">,
  now: Date,
): AsyncGenerator<string> {
  yield* agentReportCsv(
    await readAgentPeriods(ctx, { tenantId, from: query.from, to: query.to, by: query.by ?? "day" }, now),
  );
}

/** Monday first, as the report's weekdays. */
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export function* hoursReportCsv(report: HoursReport): Generator<string> {
  yield csvLine([
    CSV.weekday,
    CSV.hour,
    CSV.days,
    CSV.dials,
    CSV.contacts,
    CSV.contact_rate,
    CSV.agent_hours,
  ]);
  for (const c of report.cells)
    yield csvLine([
      WEEKDAYS[c.weekday],
      `${String(c.hour).padStart(2, "0")}:00`,
      report.weekdays[c.weekday] ?? 0,
      c.dials,
      c.contacts,
      c.dials ? percents.format(c.contacts / c.dials) : "–",
      Math.round((c.agent_seconds / 3600) * 10) / 10,
    ]);
}

export async function* hoursCsv(
  db: Db,
  tenantId: number,
  query: Omit<HoursReportQuery, "centre">,
  now: Date,
): AsyncGenerator<string> {
  yield* hoursReportCsv(
    await readHoursReport(
      db,
      tenantId,
      { ...(query.from && { from: query.from }), ...(query.to && { to: query.to }) },
      now,
    ),
  );
}

/** The one-line summaries of the e-mail's body. */
export function agentSummary(report: AgentReport): string {
  const f = figuresOf(report.per_agent);
  const agents = report.per_agent.length;
  return `${counts.format(agents)} agents with figures: ${counts.format(f.dials)} dials, ${counts.format(f.contacts)} contacts (${f.contactRate === null ? "–" : percents.format(f.contactRate)}), ${counts.format(f.bookings)} bookings, ${counts.format(f.sales)} sales, ${clock(f.loggedIn)} logged in.`;
}

export function hoursSummary(report: HoursReport): string {
  const dials = report.cells.reduce((n, c) => n + c.dials, 0);
  const contacts = report.cells.reduce((n, c) => n + c.contacts, 0);
  const busiest = report.cells.reduce<HoursReport["cells"][number] | null>(
    (b, c) => (!b || c.dials > b.dials ? c : b),
    null,
  );
  const peak = busiest?.dials
    ? `; the busiest hour: ${WEEKDAYS[busiest.weekday]} ${String(busiest.hour).padStart(2, "0")}:00 (${counts.format(busiest.dials)} dials)`
    : "";
  return `${counts.format(dials)} dials and ${counts.format(contacts)} contacts${peak}.`;
}
