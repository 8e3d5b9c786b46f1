// Two charts of a source (or of all) over the range's periods, drawn with uPlot (docs/decisions.md: chosen for its
// size and speed), loaded with this page only: the dials (bars) with the contacts, bookings and sales (lines); and
// the list penetration to date, the share of the leads in so far that were dialled at least once by each period's
// end. A canvas says nothing to a screen reader: each figure is an image with a one-line summary, and its figures
// are in a table for it (visually hidden). uPlot itself is fetched when a chart is first drawn; where it cannot draw
// (no canvas, no matchMedia: an old browser, a test's DOM), the tables stay.
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { ReportPeriod } from "../contract";
import { useFigures } from "../words";
import type { SourcePoint } from "./figures";

const COLORS = {
  dials: "#8abbff",
  contacts: "#238551",
  bookings: "#c87619",
  sales: "#7961db",
  penetration: "#2d72d2",
};
const HEIGHT = 130;
type Series = keyof typeof COLORS;

function Chart({
  id,
  title,
  summary,
  points,
  series,
  by,
  percent,
}: {
  id: string;
  title: string;
  summary: string;
  points: SourcePoint[];
  series: { key: Series; label: string; bars?: boolean }[];
  by: ReportPeriod;
  percent?: boolean;
}) {
  const f = useFigures();
  const { t } = useTranslation("reports");
  const box = useRef<HTMLDivElement>(null);
  const value = (p: SourcePoint, key: Series) => (key === "penetration" ? p.penetration : p[key]);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    let gone = false;
    let plot: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    const draw = (UPlot: typeof uPlot) => {
      const x = points.map((p) => Date.parse(`${p.period}T12:00:00Z`) / 1000);
      plot = new UPlot(
        {
          width: target.clientWidth || 480,
          height: HEIGHT,
          scales: {
            x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
            ...(percent && { y: { range: [0, 1] } }),
          },
          axes: [
            {
              space: 64,
              values: (_u, ticks) =>
                ticks.map((s) => f.tick(new Date(s * 1000).toISOString().slice(0, 10), by === "month")),
            },
            // Wide enough for "100 %" as French and Spanish write it.
            percent ? { size: 56, values: (_u, ticks) => ticks.map((v) => f.percent(v)) } : {},
          ],
          legend: { live: false },
          series: [
            {},
            ...series.map((s): uPlot.Series => ({
              label: s.label,
              stroke: COLORS[s.key],
              width: s.bars ? 0 : 2,
              ...(s.bars && {
                fill: COLORS[s.key],
                paths: UPlot.paths.bars!({ size: [0.7, 100], gap: 1 }),
                points: { show: false },
              }),
            })),
          ],
        },
        [x, ...series.map((s) => points.map((p) => value(p, s.key)))],
        target,
      );
      plot.root.querySelector(".u-legend")?.setAttribute("aria-hidden", "true");
      if (typeof ResizeObserver !== "undefined") {
        resize = new ResizeObserver(() => plot?.setSize({ width: target.clientWidth, height: HEIGHT }));
        resize.observe(target);
      }
    };
    import("uplot")
      .then(({ default: UPlot }) => {
        if (!gone) draw(UPlot);
      })
      .catch(() => undefined); // the table below has the figures
    return () => {
      gone = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [points, series, by, f, percent]);

  const label = (period: string) => (by === "month" ? f.month(period) : f.day(period));
  return (
    <figure className="reports__chart campaigns__chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="reports__chart-title">
        {title}
      </figcaption>
      <div ref={box} role="img" aria-label={summary} className="campaigns__chart-canvas" />
      <table className="reports__visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t(`agents.periods.${by}`)}</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.period}>
              <th scope="row">{label(p.period)}</th>
              {series.map((s) => (
                <td key={s.key}>{s.key === "penetration" ? f.percent(p.penetration) : f.count(p[s.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export default function SourceCharts({
  points,
  by,
  name,
}: {
  points: SourcePoint[];
  by: ReportPeriod;
  name: string;
}) {
  const { t } = useTranslation("reports");
  const f = useFigures();
  const outcomes = useMemo(
    () => [
      { key: "dials" as const, label: t("campaigns.columns.dials"), bars: true },
      { key: "contacts" as const, label: t("campaigns.columns.contacts") },
      { key: "bookings" as const, label: t("campaigns.columns.bookings") },
      { key: "sales" as const, label: t("campaigns.columns.sales") },
    ],
    [t],
  );
  const reach = useMemo(
    () => [{ key: "penetration" as const, label: t("campaigns.columns.penetration") }],
    [t],
  );
  const last = points.at(-1);
  const period = t(`agents.periods.${by}`).toLowerCase();
  const sum = (k: "dials" | "bookings" | "sales") => f.count(points.reduce((n, p) => n + p[k], 0));
  return (
    <div className="campaigns__charts">
      <Chart
        id="campaigns-outcomes"
        title={t("campaigns.chart.outcomes", { name, by: period })}
        summary={t("campaigns.chart.outcomes_summary", {
          periods: points.length,
          dials: sum("dials"),
          bookings: sum("bookings"),
          sales: sum("sales"),
        })}
        points={points}
        series={outcomes}
        by={by}
      />
      <Chart
        id="campaigns-penetration"
        title={t("campaigns.chart.penetration", { name })}
        summary={t("campaigns.chart.penetration_summary", { share: f.percent(last?.penetration ?? null) })}
        points={points}
        series={reach}
        by={by}
        percent
      />
    </div>
  );
}
