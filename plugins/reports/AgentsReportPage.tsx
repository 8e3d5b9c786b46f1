// Agent performance (issue 37, part 1; managers and above): per agent, for a range of the call centre's days, time
// logged in and in each kind of status, dials, contacts, talk, handle and wrap times, bookings, live transfers,
// sales and overstays, with the team's total; the range picked from presets or by its first and last day, read by
// day, week or month. Exported as CSV and printable. One screen at 1366×768: the table scrolls in its own area.
import { H2 } from "@blueprintjs/core";
import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { csvText, downloadCsv, usePlugin } from "../../src/sdk";
import AgentTable, { useCell } from "./AgentTable";
import { reportsClient } from "./client";
import { AgentReportQuery } from "./contract";
import { AGENT_COLUMNS, linesOf, pointsOf, teamOf, type AgentLine } from "./metrics";
import { ReportFrame, useReportRange, type RangeChoice, PeriodField, ReportActions } from "./useReportRange";
import { useFigures } from "./words";
import "./reports.css";

/** uPlot comes with the chart only, when a report has more than one period to draw. */
const TeamChart = lazy(() => import("./TeamChart"));

/** The CSV's columns after the table's: each goal's target, so that a reader can weigh the figures again. */
const TARGET_COLUMNS = ["dials", "bookings", "sales"] as const;

const agentsQuery = (c: RangeChoice): AgentReportQuery => ({
  ...(c.range && { from: c.range.from, to: c.range.to }),
  by: c.by,
});

export default function AgentsReportPage() {
  const { ctx } = usePlugin();
  const { t } = useTranslation("reports");
  const f = useFigures();
  const cell = useCell();
  const client = useMemo(() => reportsClient(ctx), [ctx]);
  const range = useReportRange(client.agents, AgentReportQuery, agentsQuery);
  const { report } = range;

  const lines = useMemo(() => (report ? linesOf(report, report.per_agent) : []), [report]);
  const teamLine = useMemo(() => teamOf(report?.per_agent ?? [], lines), [report, lines]);
  const team = teamLine.figures;
  const points = useMemo(() => pointsOf(report?.per_period ?? []), [report]);

  const exportCsv = () => {
    if (!report) return;
    const header = [
      t("agents.columns.name"),
      ...AGENT_COLUMNS.map((c) => t(`agents.columns.${c}`)),
      ...TARGET_COLUMNS.map((k) => t(`agents.targets.${k}`)),
    ];
    const line = (name: string, l: AgentLine) => [
      name,
      ...AGENT_COLUMNS.map((c) => cell(c, l.figures)),
      ...TARGET_COLUMNS.map((k) => f.count(l.goals[k].target)),
    ];
    const rows = [...lines.map((l) => line(l.agent.name, l)), line(t("agents.team"), teamLine)];
    downloadCsv(`agents-${report.from}-${report.to}.csv`, csvText(header, rows));
  };

  const tiles = [
    ["loggedIn", f.duration(team.loggedIn)],
    ["dials", f.count(team.dials)],
    ["contacts", f.count(team.contacts)],
    ["contactRate", f.percent(team.contactRate)],
    ["bookings", f.count(team.bookings)],
    ["sales", f.count(team.sales)],
    ["goals", f.percent(team.goals)],
  ] as const;

  return (
    <ReportFrame
      title={t("agents.title")}
      range={range}
      fields={<PeriodField range={range} />}
      actions={<ReportActions ready={!!report} onExport={exportCsv} />}
    >
      {report && (
        <>
          <section className="reports__tiles" aria-label={t("agents.summary")}>
            {tiles.map(([key, value]) => (
              <div key={key} className="reports__tile">
                <span className="reports__tile-label">{t(`agents.columns.${key}`)}</span>
                <strong className="reports__tile-value">{value}</strong>
              </div>
            ))}
          </section>
          {points.length >= 2 && (
            <Suspense fallback={<div className="reports__chart-canvas" />}>
              <TeamChart points={points} by={report.by} />
            </Suspense>
          )}
          <section className="reports__part" aria-labelledby="reports-agents-table-title">
            <H2 id="reports-agents-table-title">{t("agents.table_title", { count: lines.length })}</H2>
            {lines.length === 0 ? (
              <p className="reports__muted">{t("agents.none")}</p>
            ) : (
              <AgentTable lines={lines} team={teamLine} />
            )}
          </section>
        </>
      )}
    </ReportFrame>
  );
}
