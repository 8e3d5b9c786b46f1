// The figures of agent performance, derived from the report's rows in one place for the page, its chart and the
// CSV: what counts as logged in, as a break, as a booking or a sale comes from the core's contract (statuses,
// dispositions' traits), never from a second list.
import type { QuotaTable } from "../../src/contract/dialer";
import { SALE_DISPOSITIONS, TRANSFER_DISPOSITIONS } from "../../src/contract/dispositions";
import { AGENT_STATUSES, type AgentStatus } from "../../src/contract/status";
import { AGENT_COUNTS } from "./contract";
import type {
  AgentPeriodRow,
  AgentRangeRow,
  AgentReportHead,
  AgentSums,
  ReportAgent,
  ReportPeriod,
  ReportQuotas,
  TeamPeriodRow,
} from "./contract";

/** The statuses an agent chooses to step away in: breaks, meetings, training… (not ready, not on a call). */
export const AWAY_STATUSES: readonly AgentStatus[] = [
  "break",
  "lunch_break",
  "restroom",
  "meeting",
  "admin",
  "coaching",
  "training",
];
/** Booked meetings and live transfers (the goals' "transfers"); sales (the goals' "sales"). */
const BOOKINGS = new Set<string>(TRANSFER_DISPOSITIONS);
const SALES = new Set<string>(SALE_DISPOSITIONS);

/** The figures of sums, or of several added up (the team's total). */
export interface AgentFigures {
  /** Seconds in any status but offline. */
  loggedIn: number;
  ready: number;
  onCall: number;
  afterCallWork: number;
  away: number;
  /** Seconds in each status. */
  statuses: Partial<Record<AgentStatus, number>>;
  dials: number;
  inbound: number;
  contacts: number;
  /** Contacts per dial, 0–1; null without dials. */
  contactRate: number | null;
  talk: number;
  /** (talk + after-call work) per contact, in seconds; null without contacts. */
  averageHandle: number | null;
  /** After-call work per contact, in seconds; null without contacts. */
  averageWrap: number | null;
  bookings: number;
  sales: number;
  transfersSent: number;
  transfersTaken: number;
  overstays: number;
  dispositions: Record<string, number>;
  /** Dispositions given in all. */
  disposed: number;
  /** Goals met over the range, 0–1 and beyond (goalsOf); null when no goal has a target. */
  goals: number | null;
}

/** 3725 → "1:02:05"; under an hour "2:05". */
export function clock(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** Sums with nothing in them yet. */
export const blankSums = (): AgentSums => ({
  status_seconds: {},
  dials: 0,
  inbound: 0,
  contacts: 0,
  talk_seconds: 0,
  transfers_sent: 0,
  transfers_taken: 0,
  overstays: 0,
  dispositions: {},
});

/** Adds `row`'s sums into `into`. */
function addSums(into: AgentSums, row: AgentSums) {
  const add = (to: Record<string, number>, from: Record<string, number | undefined>) => {
    for (const [k, n] of Object.entries(from)) to[k] = (to[k] ?? 0) + (n ?? 0);
  };
  add(into.status_seconds as Record<string, number>, row.status_seconds);
  add(into.dispositions, row.dispositions);
  for (const c of AGENT_COUNTS) into[c] += row[c];
}

/** Adds sums up into their figures. */
export function figuresOf(rows: readonly AgentSums[]): AgentFigures {
  const total = blankSums();
  for (const r of rows) addSums(total, r);
  const { status_seconds: statuses, dispositions, dials, inbound, contacts, overstays } = total;
  const [talk, sent, taken] = [total.talk_seconds, total.transfers_sent, total.transfers_taken];
  const sec = (s: AgentStatus) => statuses[s] ?? 0;
  const afterCallWork = sec("after_call_work");
  const count = (set: Set<string>) =>
    Object.entries(dispositions).reduce((n, [d, k]) => n + (set.has(d) ? k : 0), 0);
  return {
    loggedIn: AGENT_STATUSES.filter((s) => s !== "offline").reduce((t, s) => t + sec(s), 0),
    ready: sec("ready") + sec("idle"),
    onCall: sec("on_a_call"),
    afterCallWork,
    away: AWAY_STATUSES.reduce((t, s) => t + sec(s), 0),
    statuses,
    dials,
    inbound,
    contacts,
    contactRate: dials > 0 ? contacts / dials : null,
    talk,
    averageHandle: contacts > 0 ? (talk + afterCallWork) / contacts : null,
    averageWrap: contacts > 0 ? afterCallWork / contacts : null,
    bookings: count(BOOKINGS),
    sales: count(SALES),
    transfersSent: sent,
    transfersTaken: taken,
    overstays,
    dispositions,
    disposed: Object.values(dispositions).reduce((a, b) => a + b, 0),
    goals: null,
  };
}

// ---------------------------------------------------------------- goals against quotas

/**
 * The goals a report weighs, and the quota kind that sets each one's target: the goals panel's own (plugins/goals:
 * dials, "transfers" = bookings against the meetings quota, sales), from the User Quotas settings.
 */
export const GOAL_QUOTAS = { dials: "dials", bookings: "meetings", sales: "sales" } as const;
export type GoalKind = keyof typeof GOAL_QUOTAS;
const GOAL_KINDS = Object.keys(GOAL_QUOTAS) as GoalKind[];
/** A quota table's column for a period: [hour, day, week, month]. */
const QUOTA_COLUMN: Record<ReportPeriod, number> = { day: 1, week: 2, month: 3 };

export interface Goal {
  current: number;
  target: number;
}
export type AgentGoals = Record<GoalKind, Goal> & {
  /** Each goal's share met (current over target), averaged over the goals with a target; null when none has. */
  overall: number | null;
};

const overallOf = (g: Record<GoalKind, Goal>): number | null => {
  const met = GOAL_KINDS.filter((k) => g[k].target > 0).map((k) => g[k].current / g[k].target);
  return met.length ? met.reduce((a, b) => a + b, 0) / met.length : null;
};

/** Whether an agent worked in a period: logged in (any status but offline), or took or placed a call. */
export const workedIn = (row: AgentSums): boolean =>
  row.dials + row.inbound > 0 ||
  Object.entries(row.status_seconds).some(([s, sec]) => s !== "offline" && (sec ?? 0) > 0);

/**
 * An agent's goals over the range. Each period the agent worked sets the role's quota for that period as a target:
 * a month read by day asks a day's quota for each day worked, not for the days off.
 */
export function goalsOf(
  row: AgentRangeRow,
  role: string,
  quotas: ReportQuotas,
  by: ReportPeriod,
): AgentGoals {
  const f = figuresOf([row]);
  const target = (table: QuotaTable) => (table[role]?.[QUOTA_COLUMN[by]] ?? 0) * row.periods_worked;
  const g = {
    dials: { current: f.dials, target: target(quotas[GOAL_QUOTAS.dials]) },
    bookings: { current: f.bookings, target: target(quotas[GOAL_QUOTAS.bookings]) },
    sales: { current: f.sales, target: target(quotas[GOAL_QUOTAS.sales]) },
  };
  return { ...g, overall: overallOf(g) };
}

/**
 * The team's goals: each goal's figures and targets added up, and the goals met as the agents' own averaged (over
 * the agents with a target), so that the team's figure reads as its agents' do: a goal only advisors have (sales)
 * weighs on the advisors, not on the whole team.
 */
export function teamGoalsOf(goals: readonly AgentGoals[]): AgentGoals {
  const sum = (k: GoalKind): Goal => ({
    current: goals.reduce((n, g) => n + g[k].current, 0),
    target: goals.reduce((n, g) => n + g[k].target, 0),
  });
  const met = goals.map((g) => g.overall).filter((o): o is number => o !== null);
  return {
    dials: sum("dials"),
    bookings: sum("bookings"),
    sales: sum("sales"),
    overall: met.length ? met.reduce((a, b) => a + b, 0) / met.length : null,
  };
}

/** The columns of the agents' table and of its CSV, in order; each sorts by its own figure. */
export const AGENT_COLUMNS = [
  "loggedIn",
  "ready",
  "onCall",
  "afterCallWork",
  "away",
  "overstays",
  "dials",
  "contacts",
  "contactRate",
  "talk",
  "averageHandle",
  "averageWrap",
  "bookings",
  "transfersSent",
  "transfersTaken",
  "sales",
  "goals",
] as const satisfies readonly (keyof AgentFigures)[];
export type AgentColumn = (typeof AGENT_COLUMNS)[number];
/** Columns that hold seconds (shown as h:mm:ss). */
export const DURATION_COLUMNS = new Set<AgentColumn>([
  "loggedIn",
  "ready",
  "onCall",
  "afterCallWork",
  "away",
  "talk",
  "averageHandle",
  "averageWrap",
]);

/** The team's figures in one period (the chart's points). */
export interface PeriodPoint {
  period: string;
  dials: number;
  contacts: number;
  bookings: number;
}

/** The team's figures per period, in order. */
export function pointsOf(periods: readonly TeamPeriodRow[]): PeriodPoint[] {
  return [...periods]
    .sort((a, b) => a.period.localeCompare(b.period))
    .map((p) => {
      const f = figuresOf([p]);
      return { period: p.period, dials: f.dials, contacts: f.contacts, bookings: f.bookings };
    });
}

/**
 * Rows per agent and period added up per agent, with the periods each worked in: what the report's `per_agent`
 * holds, for the scheduled CSV's lines per period (and, in the tests, the sums the gateway's SQL is held to).
 */
export function perAgentOf(rows: readonly AgentPeriodRow[]): AgentRangeRow[] {
  const out = new Map<number, AgentRangeRow>();
  for (const r of rows) {
    let line = out.get(r.agent_id);
    if (!line) out.set(r.agent_id, (line = { ...blankSums(), agent_id: r.agent_id, periods_worked: 0 }));
    addSums(line, r);
    if (workedIn(r)) line.periods_worked++;
  }
  return [...out.values()].sort((a, b) => a.agent_id - b.agent_id);
}

/** An agent's line of the report: its figures over the range and its goals. */
export interface AgentLine {
  agent: ReportAgent;
  figures: AgentFigures;
  goals: AgentGoals;
}

/**
 * The agents a report lists over `perAgent` (the report's sums per agent): those with figures and, with
 * `everyActive`, every active agent too; each with its goals. The page and the scheduled CSV list the same.
 */
export function linesOf(
  report: Pick<AgentReportHead, "agents" | "quotas" | "by">,
  perAgent: readonly AgentRangeRow[],
  everyActive = true,
): AgentLine[] {
  const byAgent = new Map(perAgent.map((r) => [r.agent_id, r]));
  return report.agents
    .filter((a) => (everyActive && a.active) || byAgent.has(a.id))
    .map((agent) => {
      const mine = byAgent.get(agent.id) ?? { ...blankSums(), agent_id: agent.id, periods_worked: 0 };
      const goals = goalsOf(mine, agent.role, report.quotas, report.by);
      return { agent, figures: { ...figuresOf([mine]), goals: goals.overall }, goals };
    });
}

/** The team's line: every agent's sums added up, and the goals of the agents listed. */
export function teamOf(perAgent: readonly AgentSums[], lines: readonly AgentLine[]): AgentLine {
  const goals = teamGoalsOf(lines.map((l) => l.goals));
  const agent = { id: 0, name: "", role: "", active: true };
  return { agent, figures: { ...figuresOf(perAgent), goals: goals.overall }, goals };
}
