// The compliance report (issue 37, part 5; managers and above): for a range of the call centre's days, each rule with
// its citation and whether it was met — the abandon rate per campaign over rolling 30 days (a chart with the 3 %
// line, and a table), the calls placed outside a calling window and the dials to Do Not Call numbers (listed when
// any), the disclosures per advisor. Exported as CSV and printable. One screen at 1366×768: each part scrolls in
// its own area.
import { H2, HTMLTable, Tag } from "@blueprintjs/core";
import { lazy, Suspense, useCallback, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { callEndpoint, csvText, downloadCsv, usePlugin } from "../../../src/sdk";
import { ReportFrame, useReportRange, type RangeChoice, ReportActions } from "../useReportRange";
import { useFigures } from "../words";
import {
  complianceReport,
  ComplianceReportQuery,
  type AbandonCampaign,
  type ComplianceReport,
} from "./contract";
import { complianceRows, reasonOf, type RowWords } from "./rows";
import "../reports.css";
import "./compliance.css";

/** uPlot comes with the chart only, when the range has more than one day to draw. */
const AbandonChart = lazy(() => import("./AbandonChart"));

const queryOf = (c: RangeChoice): ComplianceReportQuery =>
  c.range ? { from: c.range.from, to: c.range.to } : {};

type Breaches = ComplianceReport["windows"];

function Result({ met }: { met: boolean }) {
  const { t } = useTranslation("reports");
  return (
    <Tag
      minimal
      intent={met ? "success" : "danger"}
      icon={met ? "tick" : "cross"}
      className="compliance__result"
    >
      {t(met ? "compliance.met" : "compliance.not_met")}
    </Tag>
  );
}

/** A rule's part: its title and result, the rule it checks, then what was found. */
function Part({
  id,
  title,
  met,
  rule,
  children,
}: {
  id: string;
  title: string;
  met: boolean;
  rule: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("reports");
  return (
    <section className="compliance__part" aria-labelledby={`compliance-${id}-title`}>
      <header className="compliance__part-head">
        <H2 id={`compliance-${id}-title`}>{title}</H2>
        <Result met={met} />
      </header>
      <p className="compliance__rule">
        <span className="reports__visually-hidden">{t("compliance.rule_label")}: </span>
        {rule}
      </p>
      <div className="reports__scroll">{children}</div>
    </section>
  );
}

function BreachList({ kind, part, words }: { kind: "windows" | "dnc"; part: Breaches; words: RowWords }) {
  const { t } = useTranslation("reports");
  if (part.met) return <p className="reports__muted">{t(`compliance.${kind}.none`)}</p>;
  return (
    <>
      <p>{t(`compliance.${kind}.count`, { count: part.count })}</p>
      <HTMLTable compact striped className="reports__table" aria-label={t(`compliance.${kind}.title`)}>
        <thead>
          <tr>
            {(["call", "time", "number", "agent", "why"] as const).map((c) => (
              <th key={c} scope="col">
                {t(`compliance.breach.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {part.calls.map((b) => (
            <tr key={b.call_id}>
              <td>{b.call_id}</td>
              <td>{words.time(b.at)}</td>
              <td className="compliance__number">{b.phone}</td>
              <td>{b.agent ?? "–"}</td>
              <td>{reasonOf(words, b)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {part.count > part.calls.length && (
        <p className="reports__muted">
          {t("compliance.more", { shown: part.calls.length, count: part.count })}
        </p>
      )}
    </>
  );
}

function AbandonTable({
  campaigns,
  nameOf,
}: {
  campaigns: AbandonCampaign[];
  nameOf: (c: AbandonCampaign) => string;
}) {
  const { t } = useTranslation("reports");
  const f = useFigures();
  const columns = ["persons", "abandoned", "rate", "worst", "result"] as const;
  return (
    <HTMLTable compact striped className="reports__table" aria-label={t("compliance.abandon.title")}>
      <thead>
        <tr>
          <th scope="col">{t("compliance.abandon.columns.campaign")}</th>
          {columns.map((c) => (
            <th key={c} scope="col">
              {t(`compliance.abandon.columns.${c}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {campaigns.map((c) => (
          <tr key={c.campaign_id ?? 0}>
            <th scope="row">{nameOf(c)}</th>
            <td>{f.count(c.persons)}</td>
            <td>{f.count(c.abandoned)}</td>
            <td>{f.percent(c.persons ? c.abandoned / c.persons : null)}</td>
            <td>{f.percent(c.worst_rate_30)}</td>
            <td>
              <Result met={c.met} />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function Disclosures({ part, words }: { part: ComplianceReport["disclosures"]; words: RowWords }) {
  const { t } = useTranslation("reports");
  const f = useFigures();
  if (part.given === 0) return <p className="reports__muted">{t("compliance.disclosures.none")}</p>;
  const names = new Map(part.advisors.map((a) => [a.agent_id, a.name]));
  const unfinished = part.calls.filter((c) => !c.completed);
  const columns = ["calls", "given", "completed", "audio"] as const;
  return (
    <>
      <HTMLTable compact striped className="reports__table" aria-label={t("compliance.disclosures.title")}>
        <thead>
          <tr>
            <th scope="col">{t("compliance.disclosures.columns.advisor")}</th>
            {columns.map((c) => (
              <th key={c} scope="col">
                {t(`compliance.disclosures.columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {part.advisors.map((a) => (
            <tr key={a.agent_id}>
              <th scope="row">{a.name}</th>
              <td>{f.count(a.calls)}</td>
              <td>{f.count(a.given)}</td>
              <td>{f.count(a.completed)}</td>
              <td>{f.count(a.audio_done)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {unfinished.length > 0 && (
        <HTMLTable
          compact
          striped
          className="reports__table"
          aria-label={t("compliance.disclosures.unfinished")}
        >
          <thead>
            <tr>
              <th scope="col">{t("compliance.breach.call")}</th>
              <th scope="col">{t("compliance.breach.time")}</th>
              <th scope="col">{t("compliance.disclosures.columns.advisor")}</th>
              <th scope="col">{t("compliance.disclosures.unfinished")}</th>
            </tr>
          </thead>
          <tbody>
            {unfinished.map((c) => (
              <tr key={`${c.call_id}-${c.at}`}>
                <td>{c.call_id}</td>
                <td>{words.time(c.at)}</td>
                <td>{names.get(c.agent_id) ?? `#${c.agent_id}`}</td>
                <td>
                  {t("compliance.disclosures.call_line", {
                    carrier: c.carrier.toUpperCase(),
                    wording: c.wording.toUpperCase(),
                    language: c.language.toUpperCase(),
                    steps: c.steps,
                    audio: t(`compliance.disclosures.audio.${c.audio ?? "none"}`),
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </>
  );
}

export default function ComplianceReportPage() {
  const { ctx } = usePlugin();
  const { t, i18n } = useTranslation("reports");
  const f = useFigures();
  const fetch = useCallback(
    (query: ComplianceReportQuery) => callEndpoint(ctx, complianceReport, { query }),
    [ctx],
  );
  const range = useReportRange(fetch, ComplianceReportQuery, queryOf);
  const { report } = range;

  const words = useMemo<RowWords>(() => {
    const times = new Intl.DateTimeFormat(i18n.language, {
      dateStyle: "short",
      timeStyle: "short",
      timeZone: report?.time_zone ?? "UTC",
    });
    return { t, time: (iso) => times.format(new Date(iso)), percent: f.percent };
  }, [t, i18n.language, report?.time_zone, f]);
  const nameOf = useCallback((c: AbandonCampaign) => c.name ?? t("compliance.abandon.no_campaign"), [t]);

  const exportCsv = () => {
    if (!report) return;
    const { header, rows } = complianceRows(report, words);
    downloadCsv(`compliance-${report.from}-${report.to}.csv`, csvText(header, rows));
  };

  const worst = report
    ? report.abandon.campaigns.reduce<number | null>(
        (w, c) => (c.worst_rate_30 !== null && (w === null || c.worst_rate_30 > w) ? c.worst_rate_30 : w),
        null,
      )
    : null;

  return (
    <ReportFrame
      title={t("compliance.title")}
      range={range}
      actions={<ReportActions ready={!!report} onExport={exportCsv} />}
    >
      {report && (
        <>
          <section className="reports__tiles compliance__tiles" aria-label={t("compliance.summary")}>
            {(
              [
                ["abandon", report.abandon.met, t("compliance.abandon.tile", { rate: f.percent(worst) })],
                [
                  "windows",
                  report.windows.met,
                  t("compliance.windows.tile", { count: report.windows.count }),
                ],
                ["dnc", report.dnc.met, t("compliance.dnc.tile", { count: report.dnc.count })],
                [
                  "disclosures",
                  report.disclosures.met,
                  t("compliance.disclosures.tile", {
                    completed: report.disclosures.completed,
                    given: report.disclosures.given,
                  }),
                ],
              ] as const
            ).map(([key, met, figure]) => (
              <div key={key} className="reports__tile">
                <span className="reports__tile-label">{t(`compliance.${key}.title`)}</span>
                <span className="compliance__tile-value">
                  <Result met={met} /> {figure}
                </span>
              </div>
            ))}
          </section>
          <div className="compliance__grid">
            <Part
              id="abandon"
              title={t("compliance.abandon.title")}
              met={report.abandon.met}
              rule={
                <>
                  {t("compliance.abandon.rule")}{" "}
                  <span className="reports__muted">{t("compliance.abandon.definition")}</span>
                </>
              }
            >
              {report.abandon.campaigns.length === 0 ? (
                <p className="reports__muted">{t("compliance.abandon.none")}</p>
              ) : (
                <>
                  {report.from !== report.to && (
                    <Suspense fallback={<div className="compliance__chart-canvas" />}>
                      <AbandonChart campaigns={report.abandon.campaigns} nameOf={nameOf} />
                    </Suspense>
                  )}
                  <AbandonTable campaigns={report.abandon.campaigns} nameOf={nameOf} />
                </>
              )}
            </Part>
            <div className="compliance__side">
              {(["windows", "dnc"] as const).map((kind) => (
                <Part
                  key={kind}
                  id={kind}
                  title={t(`compliance.${kind}.title`)}
                  met={report[kind].met}
                  rule={t(`compliance.${kind}.rule`)}
                >
                  <BreachList kind={kind} part={report[kind]} words={words} />
                </Part>
              ))}
              <Part
                id="disclosures"
                title={t("compliance.disclosures.title")}
                met={report.disclosures.met}
                rule={t("compliance.disclosures.rule")}
              >
                <Disclosures part={report.disclosures} words={words} />
              </Part>
            </div>
          </div>
        </>
      )}
    </ReportFrame>
  );
}
