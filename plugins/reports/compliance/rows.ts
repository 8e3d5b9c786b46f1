// The compliance report as rows of one CSV, for the page's export (the manager's language) and the gateway's
// scheduled e-mails (English): one table whatever the rule, a line per campaign and day, per call that broke a
// rule, per advisor and per disclosure, each naming its rule and whether it was met.
import type { CsvValue } from "../../../src/contract/csv";
import type { Breach, ComplianceReport } from "./contract";

/** What the rows need of a language: its texts (i18next's t) and how it writes an instant and a rate. */
export interface RowWords {
  t: (key: string, values?: Record<string, unknown>) => string;
  /** An instant in the call centre's zone ("2026-03-09 21:14"). */
  time: (iso: string) => string;
  percent: (rate: number | null) => string;
}

export const COLUMNS = [
  "section",
  "rule",
  "result",
  "when",
  "who",
  "call",
  "number",
  "persons",
  "abandoned",
  "rate",
  "persons_30",
  "abandoned_30",
  "rate_30",
  "detail",
] as const;

/** A breach's reason in words (the gate's reason and its values; the number already masked). */
export const reasonOf = (w: RowWords, b: Breach) =>
  w.t(`compliance.reasons.${b.reason}`, { ...b.values, phone: b.phone });

export function complianceRows(
  report: ComplianceReport,
  w: RowWords,
): { header: string[]; rows: CsvValue[][] } {
  const { t } = w;
  const result = (met: boolean) => t(met ? "compliance.met" : "compliance.not_met");
  const rows: CsvValue[][] = [];
  const line = (cells: Partial<Record<(typeof COLUMNS)[number], CsvValue>>) =>
    rows.push(COLUMNS.map((c) => cells[c]));

  const abandon = t("compliance.abandon.title");
  const abandonRule = t("compliance.abandon.rule");
  for (const c of report.abandon.campaigns)
    for (const d of c.days)
      line({
        section: abandon,
        rule: abandonRule,
        result: result(d.rate_30 === null || d.rate_30 <= 0.03),
        when: d.day,
        who: c.name ?? t("compliance.abandon.no_campaign"),
        persons: d.persons,
        abandoned: d.abandoned,
        rate: w.percent(d.rate),
        persons_30: d.persons_30,
        abandoned_30: d.abandoned_30,
        rate_30: w.percent(d.rate_30),
      });
  if (report.abandon.campaigns.length === 0)
    line({ section: abandon, rule: abandonRule, result: result(true), detail: t("compliance.abandon.none") });

  for (const key of ["windows", "dnc"] as const) {
    const part = report[key];
    const section = t(`compliance.${key}.title`);
    const rule = t(`compliance.${key}.rule`);
    line({
      section,
      rule,
      result: result(part.met),
      when: `${report.from} – ${report.to}`,
      detail: part.met ? t(`compliance.${key}.none`) : t(`compliance.${key}.count`, { count: part.count }),
    });
    for (const b of part.calls)
      line({
        section,
        rule,
        result: result(false),
        when: w.time(b.at),
        who: b.agent ?? "",
        call: b.call_id,
        number: b.phone,
        detail: reasonOf(w, b),
      });
  }

  const section = t("compliance.disclosures.title");
  const rule = t("compliance.disclosures.rule");
  line({
    section,
    rule,
    result: result(report.disclosures.met),
    when: `${report.from} – ${report.to}`,
    detail: t("compliance.disclosures.totals", {
      given: report.disclosures.given,
      completed: report.disclosures.completed,
    }),
  });
  const names = new Map(report.disclosures.advisors.map((a) => [a.agent_id, a.name]));
  for (const a of report.disclosures.advisors)
    line({
      section,
      rule,
      result: result(a.completed === a.given),
      who: a.name,
      detail: t("compliance.disclosures.advisor_line", {
        calls: a.calls,
        given: a.given,
        completed: a.completed,
        audio: a.audio_done,
      }),
    });
  for (const d of report.disclosures.calls)
    line({
      section,
      rule,
      result: result(d.completed),
      when: w.time(d.at),
      who: names.get(d.agent_id) ?? `#${d.agent_id}`,
      call: d.call_id,
      detail: t("compliance.disclosures.call_line", {
        carrier: d.carrier.toUpperCase(),
        wording: d.wording.toUpperCase(),
        language: d.language.toUpperCase(),
        steps: d.steps,
        audio: t(`compliance.disclosures.audio.${d.audio ?? "none"}`),
      }),
    });
  return { header: COLUMNS.map((c) => t(`compliance.csv.${c}`)), rows };
}
