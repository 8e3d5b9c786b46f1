// Campaigns and publishers on the wire (issue 37, part 2). Per lead source and day, week or month of the call
// centre's own zone: what the rollups hold (./tables.ts), and per source what came before the range (leads, leads
// dialled, dials since the start), so a figure "to date" at the range's end (penetration, dials per lead) is exact.
// The page and the CSV derive every rate from these rows through ./figures.ts, one definition for both.
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import { defineEndpoint } from "../../../src/contract/endpoint";
import { AgentReportQuery, MAX_REPORT_DAYS, REPORT_PERIODS } from "../contract";
import { CENTRE_NOTE } from "../centres/contract";

/** A source is grouped by its campaign or by its publisher (the leads' marketing-id prefix). */
export const SOURCE_GROUPS = ["campaign", "publisher"] as const;
export type SourceGroup = (typeof SOURCE_GROUPS)[number];

/** The range as the agents' report takes it (the same rules and 422s): from, to, by. */
export const SourceReportQuery = AgentReportQuery;
export type SourceReportQuery = z.input<typeof SourceReportQuery>;

const Count = z.number().int();

/** A campaign (key: its id) or a publisher (key: its prefix); the key "" is "none". */
export const ReportSource = z.object({
  key: z.string(),
  /** The campaign's name, or the prefix; "" for none. */
  name: z.string(),
  /** The campaign's marketing-id prefixes (main first); a publisher's own prefix. */
  prefixes: z.array(z.string()),
  /** An inactive campaign is listed only when it has figures; a publisher is always active. */
  active: z.boolean(),
});
export type ReportSource = z.infer<typeof ReportSource>;

/** What one source did in one period. */
export const SourcePeriodRow = z.object({
  key: z.string(),
  /** The period's first day, YYYY-MM-DD (a week starts on Monday). */
  period: z.string(),
  /** Leads that came in. */
  leads: Count,
  /** Leads dialled for the first time. */
  first_dials: Count,
  dials: Count,
  /** Dials a person answered. */
  contacts: Count,
  inbound: Count,
  talk_seconds: Count,
  /** Dispositions given that are bookings, and sales (../metrics.ts: the dispositions' traits). */
  bookings: Count,
  sales: Count,
});
export type SourcePeriodRow = z.infer<typeof SourcePeriodRow>;

/** A source's dispositions over the whole range, by value (per period they would be most of a year's answer). */
export const SourceDispositions = z.object({ key: z.string(), dispositions: z.record(z.string(), Count) });
export type SourceDispositions = z.infer<typeof SourceDispositions>;

/** A source's totals before the range's first day: where its "to date" figures start from. */
export const SourceBefore = z.object({ key: z.string(), leads: Count, first_dials: Count, dials: Count });
export type SourceBefore = z.infer<typeof SourceBefore>;

export const SourceReport = z.object({
  data: z.object({
    group: z.enum(SOURCE_GROUPS),
    from: z.string(),
    to: z.string(),
    by: z.enum(REPORT_PERIODS),
    time_zone: z.string(),
    as_of: z.string(),
    today: z.string(),
    sources: z.array(ReportSource),
    rows: z.array(SourcePeriodRow),
    dispositions: z.array(SourceDispositions),
    before: z.array(SourceBefore),
  }),
});
export type SourceReport = z.infer<typeof SourceReport>["data"];

const summary = (what: string) =>
  `Not in the specification (issue 37): ${what} in the caller's call centre, per period (by = day | week | month, weeks from Monday) of its time zone, from the first day to the last (both included, at most ${MAX_REPORT_DAYS} days; today when left out, to = from when only from is given): leads that came in, leads dialled for the first time, dials, contacts (dials a person answered), inbound calls, talk seconds, bookings and sales; per source its dispositions by value over the range, and its leads, leads dialled and dials before the range (the figures to date). A call counts under its campaign when placed, a disposition under its call's campaign (else its lead's), a lead under its campaign now; a publisher is the leads' marketing-id prefix. No lead cost is recorded anywhere, so no cost is answered. 200 {data: {group, from, to, by, time_zone, as_of, today, sources, rows, dispositions, before}}; 422 per field;${CENTRE_NOTE} Managers and above.`;

export const campaignReport = defineEndpoint({
  method: "GET",
  path: "/reports/campaigns",
  summary: summary("each campaign's leads and calls"),
  tags: ["reports"],
  query: SourceReportQuery,
  responses: { 200: SourceReport, 403: ErrorBody, 422: ErrorBody },
});

export const publisherReport = defineEndpoint({
  method: "GET",
  path: "/reports/publishers",
  summary: summary("each publisher's (marketing-id prefix's) leads and calls"),
  tags: ["reports"],
  query: SourceReportQuery,
  responses: { 200: SourceReport, 403: ErrorBody, 422: ErrorBody },
});
