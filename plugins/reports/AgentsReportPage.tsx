// Agent performance (issue 37, part 1; managers and above): per agent, for a range of the call centre's days, time
// logged in and in each kind of status, dials, contacts, talk, handle and wrap times, bookings, live transfers,
// sales and overstays, with the team's total; the range picked from presets or by its first and last day, read by
// day, week or month. Exported as CSV and printable. One screen at 1366×768: the table scrolls in its own area.
import { Button, Callout, FormGroup, H1, H2, InputGroup, Spinner } from "@blueprintjs/core";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { csvText, downloadCsv, Select, usePlugin } from "../../src/sdk";
import AgentTable, { useCell, type AgentLine } from "./AgentTable";
import { reportsClient } from "./client";
import {
  AgentReportQuery,
  REPORT_MESSAGES,
  REPORT_PERIODS,
  type AgentReport,
  type ReportPeriod,
} from "./contract";
import { AGENT_COLUMNS, figuresOf, pointsOf } from "./metrics";
import { periodFor, RANGE_PRESETS, rangeOf, type DayRange, type RangePreset } from "./range";
import { useFigures } from "./words";
import "./reports.css";

/** The contract's sentences in the manager's language (the gateway says them in English). */
function messageOf(t: TFunction, message: string): string {
  const key = Object.entries(REPORT_MESSAGES).find(([, text]) => text === message)?.[0];
  return key ? t(`agents.errors.${key}`) : message;
}

/** uPlot comes with the chart only, when a report has more than one period to draw. */
const TeamChart = lazy(() => import("./TeamChart"));

type Choice = { preset: RangePreset | "custom"; range: DayRange | null; by: ReportPeriod };

/** The agents a report lists: the active ones, and anyone else who has figures in it. */
export function linesOf(report: AgentReport): AgentLine[] {
  const byAgent = new Map<number, AgentReport["rows"]>();
  for (const r of report.rows) byAgent.set(r.agent_id, [...(byAgent.get(r.agent_id) ?? []), r]);
  return report.agents
    .filter((a) => a.active || byAgent.has(a.id))
    .map((agent) => ({ agent, figures: figuresOf(byAgent.get(agent.id) ?? []) }));
}

export default function AgentsReportPage() {
  const { ctx } = usePlugin();
  const { t } = useTranslation("reports");
  const f = useFigures();
  const cell = useCell();
  const client = useMemo(() => reportsClient(ctx), [ctx]);
  const [choice, setChoice] = useState<Choice>({ preset: "today", range: null, by: "day" });
  const [draft, setDraft] = useState<DayRange>({ from: "", to: "" });
  const [report, setReport] = useState<AgentReport | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [refusal, setRefusal] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const turn = useRef(0);

  const load = useCallback(
    async (c: Choice) => {
      const query = { ...(c.range && { from: c.range.from, to: c.range.to }), by: c.by };
      // The contract's own check first: a range the gateway would refuse is said at its field, nothing is sent.
      const checked = AgentReportQuery.safeParse(query);
      const refused = (errors: Record<string, string[]>) => {
        const fields = Object.fromEntries(
          Object.entries(errors).map(([k, v]) => [k, messageOf(t, v[0] ?? "")]),
        );
        setRefusal({ message: t("agents.errors.range"), fields });
        setState("failed");
      };
      if (!checked.success) {
        const errors: Record<string, string[]> = {};
        for (const i of checked.error.issues) (errors[String(i.path[0] ?? "from")] ??= []).push(i.message);
        refused(errors);
        return;
      }
      const mine = ++turn.current;
      setState("loading");
      const r = await client.agents(query);
      if (mine !== turn.current) return;
      if (r.ok) {
        setReport(r.data.data);
        setDraft({ from: r.data.data.from, to: r.data.data.to });
        setRefusal(null);
        setState("ready");
      } else if (r.status === 422) refused(r.errors);
      else {
        setRefusal({ message: t("agents.errors.load"), fields: {} });
        setState("failed");
      }
    },
    [client, t],
  );

  useEffect(() => void load({ preset: "today", range: null, by: "day" }), [load]);

  const pick = (preset: RangePreset | "custom") => {
    if (preset === "custom" || !report) {
      setChoice((c) => ({ ...c, preset: "custom" }));
      return;
    }
    const range = rangeOf(preset, report.today);
    const next = { preset, range, by: periodFor(range) };
    setChoice(next);
    void load(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Choice = { preset: "custom", range: draft, by: choice.by };
    setChoice(next);
    void load(next);
  };
  const regroup = (by: ReportPeriod) => {
    const next = { ...choice, by, range: choice.range ?? (report && { from: report.from, to: report.to }) };
    setChoice(next);
    void load(next);
  };

  const lines = useMemo(() => (report ? linesOf(report) : []), [report]);
  const team = useMemo(() => figuresOf(report?.rows ?? []), [report]);
  const points = useMemo(() => pointsOf(report?.rows ?? []), [report]);

  const exportCsv = () => {
    if (!report) return;
    const header = [t("agents.columns.name"), ...AGENT_COLUMNS.map((c) => t(`agents.columns.${c}`))];
    const rows = [
      ...lines.map((l) => [l.agent.name, ...AGENT_COLUMNS.map((c) => cell(c, l.figures))]),
      [t("agents.team"), ...AGENT_COLUMNS.map((c) => cell(c, team))],
    ];
    downloadCsv(`agents-${report.from}-${report.to}.csv`, csvText(header, rows));
  };

  const tiles = [
    ["loggedIn", f.duration(team.loggedIn)],
    ["dials", f.count(team.dials)],
    ["contacts", f.count(team.contacts)],
    ["contactRate", f.percent(team.contactRate)],
    ["bookings", f.count(team.bookings)],
    ["sales", f.count(team.sales)],
  ] as const;

  return (
    <div className="isi-page reports" aria-busy={state === "loading"}>
      <header className="reports__head">
        <H1>{t("agents.title")}</H1>
        {report && (
          <p className="reports__muted" role="status">
            {report.from === report.to
              ? t("agents.range_one", { day: f.day(report.from), zone: report.time_zone })
              : t("agents.range", { from: f.day(report.from), to: f.day(report.to), zone: report.time_zone })}
          </p>
        )}
        {state === "loading" && <Spinner size={16} />}
      </header>

      <form className="reports__controls" onSubmit={submit} aria-label={t("agents.controls")}>
        <FormGroup label={t("agents.preset")} labelFor="reports-preset" className="reports__control">
          <Select
            id="reports-preset"
            value={choice.preset}
            onChange={(e) => pick(e.currentTarget.value as RangePreset | "custom")}
          >
            {RANGE_PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`agents.presets.${p}`)}
              </option>
            ))}
            <option value="custom">{t("agents.presets.custom")}</option>
          </Select>
        </FormGroup>
        <FormGroup
          label={t("agents.from")}
          labelFor="reports-from"
          className="reports__control"
          intent={refusal?.fields.from ? "danger" : "none"}
          helperText={refusal?.fields.from}
        >
          <InputGroup
            id="reports-from"
            type="date"
            value={draft.from}
            required
            onChange={(e) => (
              setDraft({ ...draft, from: e.currentTarget.value }),
              setChoice((c) => ({ ...c, preset: "custom" }))
            )}
          />
        </FormGroup>
        <FormGroup
          label={t("agents.to")}
          labelFor="reports-to"
          className="reports__control"
          intent={refusal?.fields.to ? "danger" : "none"}
          helperText={refusal?.fields.to}
        >
          <InputGroup
            id="reports-to"
            type="date"
            value={draft.to}
            required
            onChange={(e) => (
              setDraft({ ...draft, to: e.currentTarget.value }),
              setChoice((c) => ({ ...c, preset: "custom" }))
            )}
          />
        </FormGroup>
        <FormGroup label={t("agents.by")} labelFor="reports-by" className="reports__control">
          <Select
            id="reports-by"
            value={choice.by}
            onChange={(e) => regroup(e.currentTarget.value as ReportPeriod)}
          >
            {REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`agents.periods.${p}`)}
              </option>
            ))}
          </Select>
        </FormGroup>
        <div className="reports__actions">
          <Button type="submit" intent="primary" text={t("agents.show")} />
          <Button icon="download" text={t("agents.export")} disabled={!report} onClick={exportCsv} />
          <Button icon="print" text={t("agents.print")} disabled={!report} onClick={() => window.print()} />
        </div>
      </form>

      {refusal && (
        <Callout intent="danger" compact className="reports__refusal">
          {refusal.message}
        </Callout>
      )}

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
              <AgentTable lines={lines} team={team} />
            )}
          </section>
        </>
      )}
    </div>
  );
}
