// The compliance report's CSV as a scheduled e-mail carries it (plugins/reports/schedules), line by line, in English:
// the page's own rows (./rows.ts) with every call that broke a rule listed, not only the page's first ones.
import { csvLine } from "../../../src/contract/csv";
import { wallClock, type Db } from "../../../server/sdk";
import type { ComplianceRange, ComplianceReport } from "./contract";
import texts from "./locales/en.json";
import { readComplianceReport } from "./report.server";
import { complianceRows, type RowWords } from "./rows";

const percents = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 });
const two = (n: number) => String(n).padStart(2, "0");

/** i18next's t over the English texts: a key path, `_one`/`_other` by count, {{name}} filled in. */
function t(key: string, values: Record<string, unknown> = {}): string {
  const at = (path: string) =>
    path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], texts);
  const plural =
    typeof values.count === "number" ? at(`${key}_${values.count === 1 ? "one" : "other"}`) : undefined;
  const text = plural ?? at(key);
  if (typeof text !== "string") return key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

export function englishWords(timeZone: string): RowWords {
  return {
    t,
    time: (iso) => {
      const w = wallClock(Date.parse(iso), timeZone);
      return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}`;
    },
    percent: (r) => (r === null ? "–" : percents.format(r)),
  };
}

export async function* complianceCsv(
  db: Db,
  tenantId: number,
  query: ComplianceRange,
  now: Date,
): AsyncGenerator<string> {
  const report = await readComplianceReport(db, tenantId, query, now, Infinity);
  const { header, rows } = complianceRows(report, englishWords(report.time_zone));
  yield csvLine(header);
  for (const row of rows) yield csvLine(row);
}

/** The e-mail's one line: each rule met or not. */
export function complianceSummaryOf(report: ComplianceReport): string {
  const worst = Math.max(0, ...report.abandon.campaigns.map((c) => c.worst_rate_30 ?? 0));
  return t("compliance.csv.summary", {
    from: report.from,
    to: report.to,
    abandon: t(report.abandon.met ? "compliance.met" : "compliance.not_met"),
    worst: percents.format(worst),
    windows: report.windows.count,
    dnc: report.dnc.count,
    given: report.disclosures.given,
    completed: report.disclosures.completed,
  });
}

export async function complianceSummary(
  db: Db,
  tenantId: number,
  query: ComplianceRange,
  now: Date,
): Promise<string> {
  return complianceSummaryOf(await readComplianceReport(db, tenantId, query, now));
}
