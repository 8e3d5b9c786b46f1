// Campaigns, lists and publishers (issue 37, part 2; managers and above): per campaign or publisher (the leads'
// marketing-id prefix, named by the publishers' keys that post it), for a range of the call centre's days: leads in,
// dials, contacts and contact rate, bookings and sales and their conversion per contact, dials per lead and list
// penetration to date, cost per booking (unknown: no lead cost is recorded); a chart of the outcomes and one of the
// penetration over the periods, and the dispositions breakdown, of all sources or of the one picked in the table.
// The lead lists (the lead-lists plugin's, read through its api.ts) as they stand now. Exported as CSV and
// printable. One screen at 1366×768: the table and the breakdown scroll in their own areas.
import { Button, ButtonGroup, H2 } from "@blueprintjs/core";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { csvText, downloadCsv, usePlugin } from "../../../src/sdk";
import { dispositionKey } from "../../dispositions/api";
import type { LeadList, PublisherKey } from "../../lead-lists/api";
import { ReportFrame, useReportRange, type RangeChoice, PeriodField, ReportActions } from "../useReportRange";
import { useFigures } from "../words";
import { campaignsClient } from "./client";
import { SourceReportQuery, type ReportSource, type SourceReport } from "./contract";
import { PERCENT_COLUMNS, pointsOf, SOURCE_COLUMNS, sourceFiguresOf, type SourceFigures } from "./figures";
import SortTable, { type Column } from "./SortTable";
import "../reports.css";
import "./campaigns.css";

/** uPlot comes with the charts only, when there is more than one period to draw. */
const SourceCharts = lazy(() => import("./SourceCharts"));

type View = "campaign" | "publisher" | "list";
const VIEWS: View[] = ["campaign", "publisher", "list"];

/** The campaigns' report, with the publishers' of the same range beside it (asked together). */
type Both = SourceReport & { publishers: SourceReport };

interface SourceLine {
  source: ReportSource;
  figures: SourceFigures;
}

const sourcesQuery = (c: RangeChoice): SourceReportQuery => ({
  ...(c.range && { from: c.range.from, to: c.range.to }),
  by: c.by,
});

export default function CampaignsReportPage() {
  const { ctx } = usePlugin();
  const { t } = useTranslation("reports");
  const f = useFigures();
  const client = useMemo(() => campaignsClient(ctx), [ctx]);
  const fetchBoth = useCallback(
    async (query: SourceReportQuery) => {
      const [campaigns, publishers] = await Promise.all([client.campaigns(query), client.publishers(query)]);
      if (!campaigns.ok) return campaigns;
      if (!publishers.ok) return publishers;
      return {
        ok: true as const,
        data: { data: { ...campaigns.data.data, publishers: publishers.data.data } },
      };
    },
    [client],
  );
  const range = useReportRange<Both, SourceReportQuery>(fetchBoth, SourceReportQuery, sourcesQuery);
  const { report } = range;
  const [chosenView, setView] = useState<View>("campaign");
  // Another call centre's report (an operations manager's): the lead lists and the publishers' keys read here are
  // the caller's own centre's, so that report shows no lists and names publishers by their prefix.
  const foreign = range.choice.centre != null;
  const view: View = foreign && chosenView === "list" ? "campaign" : chosenView;
  const [picked, setPicked] = useState<string | null>(null);
  const [lists, setLists] = useState<LeadList[] | "failed" | null>(null);
  const [keys, setKeys] = useState<PublisherKey[]>([]);

  // The lead lists and the publishers' keys are the lead-lists plugin's, as they are now (not by range).
  useEffect(() => {
    let live = true;
    void client.lists().then((r) => live && setLists(r.ok ? r.data.data : "failed"));
    void client.publisherKeys().then((r) => live && r.ok && setKeys(r.data.data));
    return () => {
      live = false;
    };
  }, [client]);

  const shown: SourceReport | null =
    report && view !== "list" ? (view === "campaign" ? report : report.publishers) : null;

  /** A source's name in the table: the campaign's, or the prefix with the publishers' keys that post it. */
  const nameOf = useCallback(
    (s: ReportSource) => {
      if (s.key === "") return t(view === "campaign" ? "campaigns.no_campaign" : "campaigns.no_prefix");
      if (view === "campaign") return s.name;
      const by = foreign ? [] : keys.filter((k) => k.prefixes.includes(s.key)).map((k) => k.name);
      return by.length ? `${s.key} · ${by.join(", ")}` : s.key;
    },
    [foreign, keys, t, view],
  );

  const lines: SourceLine[] = useMemo(
    () =>
      (shown?.sources ?? []).map((source) => ({
        source,
        figures: sourceFiguresOf(
          shown!.rows.filter((r) => r.key === source.key),
          shown!.before.filter((b) => b.key === source.key),
          shown!.dispositions.filter((d) => d.key === source.key),
        ),
      })),
    [shown],
  );
  const total = useMemo(
    () => sourceFiguresOf(shown?.rows ?? [], shown?.before ?? [], shown?.dispositions ?? []),
    [shown],
  );
  const pickedSource = shown?.sources.find((s) => s.key === picked) ?? null;
  const points = useMemo(() => {
    if (!shown) return [];
    const mine = <T extends { key: string }>(xs: T[]) =>
      pickedSource ? xs.filter((x) => x.key === pickedSource.key) : xs;
    return pointsOf(mine(shown.rows), mine(shown.before));
  }, [shown, pickedSource]);
  const breakdown = pickedSource
    ? (lines.find((l) => l.source.key === pickedSource.key)?.figures ?? total)
    : total;
  const pickedName = pickedSource
    ? nameOf(pickedSource)
    : t(`campaigns.all.${view === "list" ? "campaign" : view}`);

  const cell = (column: (typeof SOURCE_COLUMNS)[number], fig: SourceFigures) => {
    const v = fig[column];
    if (column === "costPerBooking") return "—";
    if (PERCENT_COLUMNS.has(column)) return f.percent(v as number | null);
    if (column === "dialsPerLead") return v === null ? "–" : f.decimal(v as number);
    return f.count(v as number);
  };
  const sourceColumns: Column<SourceLine>[] = SOURCE_COLUMNS.map((c) => ({
    key: c,
    label: t(`campaigns.columns.${c}`),
    value: (l) => l.figures[c] as number | null,
    cell: (l) => cell(c, l.figures),
    ...(c === "costPerBooking" && { title: t("campaigns.no_cost") }),
  }));

  const listColumns: Column<LeadList>[] = (
    [
      ["total", (l) => l.counts.total, (l) => f.count(l.counts.total)],
      ["dialled", (l) => l.counts.dialled, (l) => f.count(l.counts.dialled)],
      [
        "penetration",
        (l) => share(l.counts.dialled, l.counts.total),
        (l) => f.percent(share(l.counts.dialled, l.counts.total)),
      ],
      ["contacted", (l) => l.counts.contacted, (l) => f.count(l.counts.contacted)],
      [
        "contactedRate",
        (l) => share(l.counts.contacted, l.counts.total),
        (l) => f.percent(share(l.counts.contacted, l.counts.total)),
      ],
      ["booked", (l) => l.counts.booked, (l) => f.count(l.counts.booked)],
      [
        "bookedRate",
        (l) => share(l.counts.booked, l.counts.total),
        (l) => f.percent(share(l.counts.booked, l.counts.total)),
      ],
      ["exhausted", (l) => l.counts.exhausted, (l) => f.count(l.counts.exhausted)],
      ["dnc", (l) => l.counts.dnc, (l) => f.count(l.counts.dnc)],
      ["costPerBooking", () => null, () => "—"],
    ] as [string, (l: LeadList) => number | null, (l: LeadList) => string][]
  ).map(([key, value, shownCell]) => ({
    key,
    label: t(`campaigns.lists.columns.${key}`),
    value,
    cell: shownCell,
    ...(key === "costPerBooking" && { title: t("campaigns.no_cost") }),
  }));
  const listName = (l: LeadList) => l.name;
  const listNote = (l: LeadList) =>
    t(`campaigns.lists.kinds.${l.kind}`) + (l.paused ? ` · ${t("campaigns.lists.paused")}` : "");

  const exportCsv = () => {
    if (!report) return;
    if (view === "list") {
      if (!Array.isArray(lists)) return;
      const header = [
        t("campaigns.lists.name"),
        t("campaigns.lists.kind"),
        ...listColumns.map((c) => c.label),
      ];
      const rows = lists.map((l) => [
        l.name,
        t(`campaigns.lists.kinds.${l.kind}`),
        ...listColumns.map((c) => c.cell(l)),
      ]);
      downloadCsv(`lists-${report.today}.csv`, csvText(header, rows));
      return;
    }
    const header = [t(`campaigns.heads.${view}`), ...sourceColumns.map((c) => c.label)];
    const rows = [
      ...lines.map((l) => [nameOf(l.source), ...sourceColumns.map((c) => c.cell(l))]),
      [t("campaigns.total"), ...SOURCE_COLUMNS.map((c) => cell(c, total))],
    ];
    downloadCsv(
      `${view === "campaign" ? "campaigns" : "publishers"}-${report.from}-${report.to}.csv`,
      csvText(header, rows),
    );
  };

  const tiles = [
    ["leads", f.count(total.leads)],
    ["dials", f.count(total.dials)],
    ["contactRate", f.percent(total.contactRate)],
    ["bookings", f.count(total.bookings)],
    ["sales", f.count(total.sales)],
    ["penetration", f.percent(total.penetration)],
  ] as const;

  const dispositions = Object.entries(breakdown.dispositions)
    .filter(([, n]) => n !== 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const most = Math.max(1, ...dispositions.map(([, n]) => n));

  return (
    <ReportFrame
      title={t("campaigns.title")}
      range={range}
      fields={<PeriodField range={range} />}
      actions={<ReportActions ready={!!report} onExport={exportCsv} />}
    >
      {report && (
        <>
          <ButtonGroup className="campaigns__views" aria-label={t("campaigns.views_label")}>
            {VIEWS.filter((v) => !foreign || v !== "list").map((v) => (
              <Button
                key={v}
                text={t(`campaigns.views.${v}`)}
                active={view === v}
                aria-pressed={view === v}
                onClick={() => {
                  setView(v);
                  setPicked(null);
                }}
              />
            ))}
          </ButtonGroup>
          {foreign && <p className="reports__muted">{t("centres.lists_own_only")}</p>}
          {view === "list" ? (
            <section className="reports__part" aria-labelledby="campaigns-lists-title">
              <H2 id="campaigns-lists-title">
                {t("campaigns.lists.title", { count: Array.isArray(lists) ? lists.length : 0 })}
              </H2>
              <p className="reports__muted reports__note campaigns__note">{t("campaigns.lists.note")}</p>
              {lists === null ? null : lists === "failed" ? (
                <p className="reports__muted">{t("campaigns.lists.failed")}</p>
              ) : lists.length === 0 ? (
                <p className="reports__muted">{t("campaigns.lists.none")}</p>
              ) : (
                <SortTable
                  labelledBy="campaigns-lists-title"
                  nameHead={t("campaigns.lists.name")}
                  lines={lists}
                  keyOf={(l) => String(l.id)}
                  nameOf={listName}
                  noteOf={listNote}
                  columns={listColumns}
                />
              )}
            </section>
          ) : (
            <>
              <section className="reports__tiles" aria-label={t("campaigns.summary")}>
                {tiles.map(([key, value]) => (
                  <div key={key} className="reports__tile">
                    <span className="reports__tile-label">{t(`campaigns.columns.${key}`)}</span>
                    <strong className="reports__tile-value">{value}</strong>
                  </div>
                ))}
              </section>
              {points.length >= 2 ? (
                <Suspense fallback={<div className="campaigns__charts" />}>
                  <SourceCharts points={points} by={report.by} name={pickedName} />
                </Suspense>
              ) : (
                <p className="reports__muted reports__note">{t("campaigns.chart.one_period")}</p>
              )}
              <div className="campaigns__body">
                <section className="reports__part" aria-labelledby="campaigns-table-title">
                  <H2 id="campaigns-table-title">
                    {t(`campaigns.table_title.${view}`, { count: lines.length })}
                  </H2>
                  {lines.length === 0 ? (
                    <p className="reports__muted">{t(`campaigns.none.${view}`)}</p>
                  ) : (
                    <SortTable
                      labelledBy="campaigns-table-title"
                      nameHead={t(`campaigns.heads.${view}`)}
                      lines={lines}
                      keyOf={(l) => l.source.key}
                      nameOf={(l) => nameOf(l.source)}
                      noteOf={(l) => (l.source.active ? null : t("campaigns.inactive"))}
                      columns={sourceColumns}
                      total={{
                        name: t("campaigns.total"),
                        line: { source: { key: "*", name: "", prefixes: [], active: true }, figures: total },
                      }}
                      selected={picked}
                      onSelect={setPicked}
                    />
                  )}
                  <p className="reports__muted reports__note">{t("campaigns.note")}</p>
                </section>
                <section
                  className="reports__part campaigns__breakdown"
                  aria-labelledby="campaigns-dispositions-title"
                >
                  <H2 id="campaigns-dispositions-title">
                    {t("campaigns.dispositions.title", { name: pickedName })}
                  </H2>
                  {dispositions.length === 0 ? (
                    <p className="reports__muted">{t("campaigns.dispositions.none")}</p>
                  ) : (
                    <div className="reports__scroll">
                      <table className="campaigns__bars">
                        <caption className="reports__visually-hidden">
                          {t("campaigns.dispositions.caption", { count: breakdown.disposed })}
                        </caption>
                        <tbody>
                          {dispositions.map(([value, n]) => (
                            <tr key={value}>
                              <th scope="row">
                                {t(`campaigns.${dispositionKey(value)}`, { defaultValue: value })}
                              </th>
                              <td className="campaigns__bar-cell">
                                <span className="campaigns__bar" style={{ width: `${(100 * n) / most}%` }} />
                              </td>
                              <td className="reports__number">{f.count(n)}</td>
                              <td className="reports__number reports__muted">
                                {f.percent(n / breakdown.disposed)}
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  )}
                </section>
              </div>
            </>
          )}
        </>
      )}
    </ReportFrame>
  );
}

const share = (n: number, of: number) => (of > 0 ? n / of : null);
