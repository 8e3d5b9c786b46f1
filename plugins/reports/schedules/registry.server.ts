// What a schedule can send: for each report, its query schema (the schedule's range and grouping are checked by it,
// as the report's route checks a manager's) and its CSV, line by line, for a call centre; and, where the report has
// one, the e-mail's one-line summary. A report without an entry yet cannot be scheduled (422). Agent performance
// also reads the goals' quotas (the call centre's settings): the registry is made from the plugin's settings reader.
import type { z } from "zod";
import type { Db, PluginServerContext } from "../../../server/sdk";
import { readAgentReport } from "../agents.server";
import { AgentReportQuery, HoursReportQuery } from "../contract";
import { readHoursReport } from "../hours.server";
import type { ScheduledReport } from "./contract";
import { agentsCsv, agentSummary, hoursCsv, hoursSummary } from "./csv.server";
import { CallsFilterQuery } from "../calls/contract";
import { callsCsv } from "../calls/csv.server";
import { SourceReportQuery } from "../campaigns/contract";
import { campaignsCsv } from "../campaigns/csv.server";
import { ComplianceReportQuery } from "../compliance/contract";
import { complianceCsv } from "../compliance/csv.server";

/** A report's CSV for a call centre: its lines, each ended by CRLF, the header first. */
export type CsvOf<Q> = (db: Db, tenantId: number, query: Q, now: Date) => AsyncGenerator<string>;

export interface ScheduledCsv {
  /** The report's query: the schedule gives it { from, to } (and `by` for agent performance). */
  query: z.ZodType;
  csv: CsvOf<unknown>;
  /** The e-mail's one-line summary; without it the body says how many lines the CSV has. */
  summary?: (db: Db, tenantId: number, query: unknown, now: Date) => Promise<string>;
}

/** One report's entry, typed by its own query schema. */
function report<Q extends z.ZodType>(
  query: Q,
  csv: CsvOf<z.output<Q>>,
  summary?: (db: Db, tenantId: number, query: z.output<Q>, now: Date) => Promise<string>,
): ScheduledCsv {
  return {
    query,
    csv: csv as CsvOf<unknown>,
    ...(summary && { summary: summary as ScheduledCsv["summary"] }),
  };
}

/**
 * The reports without a CSV yet (none now): a report added to SCHEDULED_REPORTS goes here until its entry is written
 * (it is refused 422 meanwhile); the registry's type requires an entry for every other id, and refuses one left here
 * once its entry exists.
 */
type Pending = never;

/** The entries, for the plugin's settings reader. */
const entries = (settings: PluginServerContext["settings"]) =>
  ({
    agents: report(
      AgentReportQuery,
      (db, tenantId, q, now) => agentsCsv({ db, settings }, tenantId, q, now),
      async (db, tenantId, q, now) =>
        agentSummary(
          await readAgentReport({ db, settings }, { tenantId, from: q.from, to: q.to, by: q.by }, now),
        ),
    ),
    hours: report(HoursReportQuery, hoursCsv, async (db, tenantId, q, now) =>
      hoursSummary(
        await readHoursReport(
          db,
          tenantId,
          { ...(q.from && { from: q.from }), ...(q.to && { to: q.to }) },
          now,
        ),
      ),
    ),
    campaigns: report(SourceReportQuery, campaignsCsv),
    // The calls' search with no filter but the range: every call of those days.
    calls: report(CallsFilterQuery, callsCsv),
    compliance: report(ComplianceReportQuery, complianceCsv),
  }) satisfies { [K in Exclude<ScheduledReport, Pending>]: ScheduledCsv } & { [K in Pending]?: ScheduledCsv };

/** An id left in `Pending` once its entry is there is a mistake: this line stops compiling. */
const pendingHaveNoEntry: [Pending & keyof ReturnType<typeof entries>] extends [never] ? true : never = true;
void pendingHaveNoEntry;

export type ReportRegistry = Partial<Record<ScheduledReport, ScheduledCsv>>;

/** The registry, each report's CSV reading the call centre's settings through `settings`. */
export const reportRegistry = (settings: PluginServerContext["settings"]): ReportRegistry =>
  entries(settings);

/** The reports a schedule may name now. */
export const SENDABLE_REPORTS = Object.keys(
  entries({ read: async (_t, _k, fallback) => fallback }),
) as ScheduledReport[];
