// Hours of the week (issue 37, part 4; managers and above), to staff the floor: for a range of the call centre's
// days, a heat map of its weekdays (rows) and local hours (columns) — a typical day's dials, contacts, contact rate
// or agents logged in (the average over the range's days of that weekday). It is a table: each cell says its figure,
// its shade only repeats it, and a screen reader reads it row by row.
import { FormGroup, H2, HTMLTable } from "@blueprintjs/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Select, usePlugin } from "../../src/sdk";
import { reportsClient } from "./client";
import { HoursReportQuery, type HourCell, type HoursReport } from "./contract";
import { ReportFrame, useReportRange, type RangeChoice, ReportActions } from "./useReportRange";
import { useFigures } from "./words";
import "./reports.css";

export const HOUR_MEASURES = ["dials", "contacts", "contactRate", "agents"] as const;
export type HourMeasure = (typeof HOUR_MEASURES)[number];

const hoursQuery = (c: RangeChoice): HoursReportQuery =>
  c.range ? { from: c.range.from, to: c.range.to } : {};

/** A cell's figure for a typical day of its weekday; null where the range holds none of that weekday or no dial. */
export function measureOf(cell: HourCell | undefined, days: number, measure: HourMeasure): number | null {
  if (!days) return null;
  const c = cell ?? { dials: 0, contacts: 0, agent_seconds: 0 };
  switch (measure) {
    case "dials":
      return c.dials / days;
    case "contacts":
      return c.contacts / days;
    case "contactRate":
      return c.dials ? c.contacts / c.dials : null;
    case "agents":
      return c.agent_seconds / 3600 / days;
  }
}

/** The hours to show: every hour with anything in it, and those between (a quiet lunch hour stays in view). */
function hoursShown(report: HoursReport): number[] {
  if (report.cells.length === 0) return [];
  const hours = report.cells.map((c) => c.hour);
  const first = Math.min(...hours);
  const last = Math.max(...hours);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export default function HoursReportPage() {
  const { ctx } = usePlugin();
  const { t, i18n } = useTranslation("reports");
  const f = useFigures();
  const client = useMemo(() => reportsClient(ctx), [ctx]);
  const range = useReportRange(client.hours, HoursReportQuery, hoursQuery);
  const { report } = range;
  const [measure, setMeasure] = useState<HourMeasure>("dials");

  const weekdayNames = useMemo(() => {
    const long = new Intl.DateTimeFormat(i18n.language, { weekday: "long", timeZone: "UTC" });
    // 2026-03-02 is a Monday.
    return Array.from({ length: 7 }, (_, i) => long.format(new Date(Date.UTC(2026, 2, 2 + i))));
  }, [i18n.language]);
  const hourName = (h: number) =>
    new Intl.DateTimeFormat(i18n.language, { hour: "numeric", timeZone: "UTC" }).format(
      new Date(Date.UTC(2026, 0, 1, h)),
    );

  const hours = report ? hoursShown(report) : [];
  const byCell = new Map((report?.cells ?? []).map((c) => [`${c.weekday}|${c.hour}`, c]));
  const values = report
    ? report.weekdays.flatMap((days, weekday) =>
        hours.map((h) => measureOf(byCell.get(`${weekday}|${h}`), days, measure) ?? 0),
      )
    : [];
  const top = Math.max(0, ...values);
  const shown = (v: number | null) =>
    v === null ? "–" : measure === "contactRate" ? f.percent(v) : f.decimal(v);

  return (
    <ReportFrame
      title={t("hours.title")}
      range={range}
      fields={
        <FormGroup label={t("hours.measure")} labelFor="reports-measure" className="reports__control">
          <Select
            id="reports-measure"
            value={measure}
            onChange={(e) => setMeasure(e.currentTarget.value as HourMeasure)}
          >
            {HOUR_MEASURES.map((m) => (
              <option key={m} value={m}>
                {t(`hours.measures.${m}`)}
              </option>
            ))}
          </Select>
        </FormGroup>
      }
      actions={<ReportActions ready={!!report} />}
    >
      {report && (
        <section className="reports__part" aria-labelledby="reports-hours-title">
          <H2 id="reports-hours-title">
            {t("hours.table_title", { measure: t(`hours.measures.${measure}`).toLowerCase() })}
          </H2>
          {hours.length === 0 ? (
            <p className="reports__muted">{t("hours.none")}</p>
          ) : (
            <div className="reports__scroll">
              <HTMLTable compact className="reports__heat" aria-labelledby="reports-hours-title">
                <thead>
                  <tr>
                    <td />
                    {hours.map((h) => (
                      <th key={h} scope="col">
                        {hourName(h)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {weekdayNames.map((name, weekday) => {
                    const days = report.weekdays[weekday] ?? 0;
                    return (
                      <tr key={name}>
                        <th scope="row">
                          {name}
                          <span className="reports__muted"> ×{days}</span>
                        </th>
                        {hours.map((h) => {
                          const v = measureOf(byCell.get(`${weekday}|${h}`), days, measure);
                          const share = v === null || top === 0 ? 0 : v / top;
                          return (
                            <td
                              key={h}
                              className={`reports__heat-cell${share > 0.55 ? " reports__heat-cell--dark" : ""}`}
                              style={{ "--share": share.toFixed(3) } as React.CSSProperties}
                            >
                              {shown(v)}
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                </tbody>
              </HTMLTable>
              <p className="reports__muted reports__note">{t("hours.note")}</p>
            </div>
          )}
        </section>
      )}
    </ReportFrame>
  );
}
