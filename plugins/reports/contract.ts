// The reports' wire contract (issue 37), shared by the browser and the gateway. Agent performance: per agent over a
// range of the call centre's own days, and for the team per day, week or month, what the rollups hold (./tables.ts)
// plus the periods still open at the moment asked (an agent Ready since 10:40 counts until now): the report of today
// includes the last minute. The sums are made in SQL, so the answer is as long as the agents plus the periods, not
// their product. The page and the CSV derive their figures (logged-in time, contact rate, handle time, bookings,
// sales) from these sums through ./metrics.ts, one definition for both.
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { defineEndpoint } from "../../src/contract/endpoint";
import { QuotaTable } from "../../src/contract/dialer";
import { AGENT_STATUSES } from "../../src/contract/status";
import { isDob } from "../../src/contract/lead";
import { CENTRE_NOTE, centreField } from "./centres/contract";

/** The longest range a report covers: a year and a day (a leap year's whole year, from any day). */
export const MAX_REPORT_DAYS = 367;
export const REPORT_PERIODS = ["day", "week", "month"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const REPORT_MESSAGES = {
  date: "A day as YYYY-MM-DD.",
  order: "The last day comes on or after the first.",
  span: `A report covers at most ${MAX_REPORT_DAYS} days.`,
  period: "Choose day, week or month.",
} as const;

export const Day = z.string().refine(isDob, REPORT_MESSAGES.date);

/** The range's rules: the last day on or after the first, at most MAX_REPORT_DAYS. */
export function checkRange(q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (!q.from || !q.to || !isDob(q.from) || !isDob(q.to)) return;
  const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
  if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.order });
  else if (days > MAX_REPORT_DAYS)
    ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.span });
}

export const AgentReportQuery = z
  .strictObject({
    /** The first and last day covered (both included), in the call centre's time zone; both today when left out. */
    from: Day.optional(),
    to: Day.optional(),
    by: z.enum(REPORT_PERIODS, { error: REPORT_MESSAGES.period }).default("day"),
    ...centreField,
  })
  .superRefine(checkRange);
export type AgentReportQuery = z.input<typeof AgentReportQuery>;

const Count = z.number().int();
const StatusSeconds = z.partialRecord(z.enum(AGENT_STATUSES), z.number());

/** What was added up: one agent's or the whole team's figures, over one period or the whole range. */
export const AgentSums = z.object({
  /** Seconds in each status (offline included); the statuses nobody was in are left out. */
  status_seconds: StatusSeconds,
  dials: Count,
  inbound: Count,
  contacts: Count,
  talk_seconds: Count,
  transfers_sent: Count,
  transfers_taken: Count,
  overstays: Count,
  /** Dispositions given, by value. */
  dispositions: z.record(z.string(), Count),
});
export type AgentSums = z.infer<typeof AgentSums>;
/** The figures of AgentSums that are counts (beside the seconds by status and the dispositions by value). */
export const AGENT_COUNTS = [
  "dials",
  "inbound",
  "contacts",
  "talk_seconds",
  "transfers_sent",
  "transfers_taken",
  "overstays",
] as const satisfies readonly (keyof AgentSums)[];

/** What one agent did over the whole range: a line of the page's table and of its CSV. */
export const AgentRangeRow = AgentSums.extend({
  agent_id: z.number().int(),
  /** The periods (days, weeks or months, as `by`) the agent worked in: logged in, or took or placed a call. The
   * goals' targets are the role's quota for a period times this. */
  periods_worked: Count,
});
export type AgentRangeRow = z.infer<typeof AgentRangeRow>;

/** What the whole team did in one period: a point of the page's chart. */
export const TeamPeriodRow = AgentSums.extend({
  /** The period's first day, YYYY-MM-DD (a week starts on Monday). */
  period: z.string(),
});
export type TeamPeriodRow = z.infer<typeof TeamPeriodRow>;

/**
 * What one agent did in one period. Not on the wire: the scheduled CSV's lines per period are read this way on the
 * gateway (agents.server.ts readAgentPeriods); the page only ever shows the range per agent and the team per period,
 * and a month of 200 agents by day is 5,600 of these (2.4 MB of JSON) against 228 of those.
 */
export const AgentPeriodRow = AgentSums.extend({
  agent_id: z.number().int(),
  period: z.string(),
});
export type AgentPeriodRow = z.infer<typeof AgentPeriodRow>;

export const ReportAgent = z.object({
  id: z.number().int(),
  name: z.string(),
  /** qualifier | advisor | outbound-eligible */
  role: z.string(),
  active: z.boolean(),
});
export type ReportAgent = z.infer<typeof ReportAgent>;

/** The call centre's quotas (User Quotas: per role, [hour, day, week, month]) that set the goals' targets. */
export const ReportQuotas = z.object({ dials: QuotaTable, meetings: QuotaTable, sales: QuotaTable });
export type ReportQuotas = z.infer<typeof ReportQuotas>;

export const AgentReport = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    by: z.enum(REPORT_PERIODS),
    /** The call centre's time zone, in which days, weeks and months are counted. */
    time_zone: z.string(),
    /** When the report was taken (open periods count until then). */
    as_of: z.string(),
    /** The call centre's today, YYYY-MM-DD (what the page's ranges count from). */
    today: z.string(),
    /** The call centre's agents, and anyone else who has figures in the range. */
    agents: z.array(ReportAgent),
    /** Each agent with figures in the range: what it did over the whole range. */
    per_agent: z.array(AgentRangeRow),
    /** Each period with figures in it, in order: what the team did in it. */
    per_period: z.array(TeamPeriodRow),
    quotas: ReportQuotas,
  }),
});
export type AgentReport = z.infer<typeof AgentReport>["data"];

/** What the agents' report answers besides its figures. */
export type AgentReportHead = Omit<AgentReport, "per_agent" | "per_period">;
/** The agents' report per agent and period (see AgentPeriodRow): the scheduled CSV's. */
export type AgentPeriodReport = AgentReportHead & { rows: AgentPeriodRow[] };

export const agentReport = defineEndpoint({
  method: "GET",
  path: "/reports/agents",
  summary: `Not in the specification (issue 37): agent performance in the caller's call centre from the first day to the last of the call centre's time zone (both included, at most ${MAX_REPORT_DAYS} days; today when left out, to = from when only from is given), per agent over the whole range (per_agent, with the number of periods worked) and for the whole team per period (per_period; by = day | week | month, weeks from Monday): seconds in each status, dials, inbound calls, contacts (answered by a person), talk seconds, live transfers sent and taken, overstays, dispositions by value; and the quotas (dials, meetings, sales per role) that set the goals' targets, a period's quota for each period worked. Status periods still open count until the moment asked. 200 {data: {from, to, by, time_zone, as_of, today, agents, per_agent, per_period, quotas}}; 422 per field;${CENTRE_NOTE} Managers and above.`,
  tags: ["reports"],
  query: AgentReportQuery,
  responses: { 200: AgentReport, 403: ErrorBody, 422: ErrorBody },
});

// ---------------------------------------------------------------- hours of the week

export const HoursReportQuery = z
  .strictObject({
    /** As the agents' report: the first and last local day, both today when left out. */
    from: Day.optional(),
    to: Day.optional(),
    ...centreField,
  })
  .superRefine(checkRange);
export type HoursReportQuery = z.input<typeof HoursReportQuery>;

/** One hour of one weekday, summed over the range's days of that weekday. */
export const HourCell = z.object({
  /** 0 Monday … 6 Sunday. */
  weekday: z.number().int().min(0).max(6),
  /** 0–23, local. */
  hour: z.number().int().min(0).max(23),
  dials: Count,
  contacts: Count,
  /** Seconds agents spent logged in (any status but offline) in that hour: 3,600 per agent there all hour. */
  agent_seconds: z.number(),
});
export type HourCell = z.infer<typeof HourCell>;

export const HoursReport = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    as_of: z.string(),
    today: z.string(),
    /** How many of each weekday the range holds (Monday first): a cell's average is its sum over these. */
    weekdays: z.array(Count).length(7),
    /** The hours with anything in them. */
    cells: z.array(HourCell),
  }),
});
export type HoursReport = z.infer<typeof HoursReport>["data"];

export const hoursReport = defineEndpoint({
  method: "GET",
  path: "/reports/hours",
  summary: `Not in the specification (issue 37): the caller's call centre's dials, contacts and agents logged in by hour of the day and day of the week, in its time zone, summed over the range's days (from, to: both included, at most ${MAX_REPORT_DAYS} days; today when left out), with how many of each weekday the range holds. Open status periods count until the moment asked. 200 {data: {from, to, time_zone, as_of, today, weekdays, cells: [{weekday (0 Monday), hour, dials, contacts, agent_seconds}]}}; 422 per field;${CENTRE_NOTE} Managers and above.`,
  tags: ["reports"],
  query: HoursReportQuery,
  responses: { 200: HoursReport, 403: ErrorBody, 422: ErrorBody },
});
