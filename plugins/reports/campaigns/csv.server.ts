// Campaigns and publishers as CSV, for the scheduled e-mails (../schedules): one line per campaign and period, then
// one per publisher and period, each source closed by its total over the range, which has every disposition given
// as a column of its own (per period the report has bookings and sales, not every value). The figures are ./figures.ts's, as on the page; rates are fractions (0.25), a cost no one
// recorded is left empty. In English: an e-mail has no manager's language at hand.
import type { Db } from "../../../server/sdk";
import { csvLine, type CsvValue } from "../../../src/contract/csv";
import type { ReportPeriod } from "../contract";
import type { SourceBefore, SourceGroup, SourcePeriodRow, SourceReport } from "./contract";
import { SOURCE_COLUMNS, sourceFiguresOf, type SourceFigures } from "./figures";
import { readSourceReport } from "./report.server";

/** The range of the file, as GET /reports/campaigns takes it once parsed. */
export interface CampaignsCsvQuery {
  from?: string | undefined;
  to?: string | undefined;
  by: ReportPeriod;
}

const HEADS: Record<(typeof SOURCE_COLUMNS)[number], string> = {
  leads: "Leads",
  dials: "Dials",
  contacts: "Contacts",
  contactRate: "Contact rate",
  bookings: "Bookings",
  bookingRate: "Booking conversion",
  sales: "Sales",
  saleRate: "Sale conversion",
  costPerBooking: "Cost per booking",
  dialsPerLead: "Dials per lead",
  penetration: "Penetration",
};

const round = (n: number | null) => (n === null ? null : Math.round(n * 10_000) / 10_000);
const nameOf = (report: SourceReport, key: string) =>
  key === ""
    ? report.group === "campaign"
      ? "(no campaign)"
      : "(no prefix)"
    : (report.sources.find((s) => s.key === key)?.name ?? key);

function line(
  group: string,
  name: string,
  period: string,
  f: SourceFigures,
  values: readonly string[] | null,
): string {
  const cells: CsvValue[] = [group, name, period, ...SOURCE_COLUMNS.map((c) => round(f[c] as number | null))];
  return csvLine([...cells, ...(values ? values.map((v) => f.dispositions[v] ?? 0) : [])]);
}

export async function* campaignsCsv(
  db: Db,
  tenantId: number,
  query: CampaignsCsvQuery,
  now: Date,
): AsyncGenerator<string> {
  const groups: [SourceGroup, string][] = [
    ["campaign", "Campaign"],
    ["publisher", "Publisher"],
  ];
  const reports = [];
  for (const [group] of groups) reports.push(await readSourceReport(db, group, { tenantId, ...query }, now));
  const values = [
    ...new Set(reports.flatMap((r) => r.dispositions.flatMap((d) => Object.keys(d.dispositions)))),
  ].sort();
  yield csvLine(["Group", "Source", "Period", ...SOURCE_COLUMNS.map((c) => HEADS[c]), ...values]);
  for (const [i, report] of reports.entries()) {
    const label = groups[i]![1];
    for (const source of report.sources) {
      const rows = report.rows.filter((r) => r.key === source.key);
      const before = report.before.filter((b) => b.key === source.key);
      // Each period's figures to date count what came before it: the range's earlier periods too.
      const sofar: SourceBefore[] = [...before];
      for (const row of rows) {
        yield line(label, nameOf(report, source.key), row.period, sourceFiguresOf([row], sofar), null);
        sofar.push(asBefore(row));
      }
      const given = report.dispositions.filter((d) => d.key === source.key);
      yield line(
        label,
        nameOf(report, source.key),
        `${report.from} – ${report.to}`,
        sourceFiguresOf(rows, before, given),
        values,
      );
    }
  }
}

const asBefore = (r: SourcePeriodRow): SourceBefore => ({
  key: r.key,
  leads: r.leads,
  first_dials: r.first_dials,
  dials: r.dials,
});
