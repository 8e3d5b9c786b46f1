// The team's dials (bars), contacts and bookings (lines) per period of the range, drawn with uPlot (chosen for its
// size and speed: bench/charts, docs/decisions.md). It loads with the reports page only, never with an agent's
// workspace. A canvas says nothing to a screen reader: the figure is an image with a one-line summary, and the same
// figures are in a table for it (visually hidden); uPlot's live legend is hidden from it.
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { ReportPeriod } from "./contract";
import type { PeriodPoint } from "./metrics";
import { useFigures } from "./words";

const COLORS = { dials: "#8abbff", contacts: "#238551", bookings: "#c87619" };
const HEIGHT = 170;

export default function TeamChart({ points, by }: { points: PeriodPoint[]; by: ReportPeriod }) {
  const { t } = useTranslation("reports");
  const f = useFigures();
  const box = useRef<HTMLDivElement>(null);
  const label = useMemo(
    () => (period: string) => (by === "month" ? f.month(period) : f.day(period)),
    [by, f],
  );
  const names = useMemo(
    () => ({
      dials: t("agents.columns.dials"),
      contacts: t("agents.columns.contacts"),
      bookings: t("agents.columns.bookings"),
    }),
    [t],
  );

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const x = points.map((p) => Date.parse(`${p.period}T12:00:00Z`) / 1000);
    const series = (key: keyof typeof COLORS, bars: boolean): uPlot.Series => ({
      label: names[key],
      stroke: COLORS[key],
      width: bars ? 0 : 2,
      ...(bars && {
        fill: COLORS[key],
        // A 1 px gap between periods at any width: under 1 px uPlot drops it and draws every edge anti-aliased,
        // several times slower for a year of days (bench/charts).
        paths: uPlot.paths.bars!({ size: [0.7, 100], gap: 1 }),
        points: { show: false },
      }),
    });
    const plot = new uPlot(
      {
        width: target.clientWidth || 600,
        height: HEIGHT,
        scales: { x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] } },
        // Short ticks, far enough apart not to meet; the legend names the series (values under the cursor would read
        // "--" until a mouse hovers, and the table below the figure has them all).
        axes: [
          {
            space: 64,
            values: (_u, ticks) =>
              ticks.map((s) => f.tick(new Date(s * 1000).toISOString().slice(0, 10), by === "month")),
          },
          {},
        ],
        legend: { live: false },
        series: [{}, series("dials", true), series("contacts", false), series("bookings", false)],
      },
      [x, points.map((p) => p.dials), points.map((p) => p.contacts), points.map((p) => p.bookings)],
      target,
    );
    plot.root.querySelector(".u-legend")?.setAttribute("aria-hidden", "true");
    const resize = new ResizeObserver(() => plot.setSize({ width: target.clientWidth, height: HEIGHT }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points, names, by, f]);

  const busiest = points.reduce<PeriodPoint | null>(
    (best, p) => (!best || p.dials > best.dials ? p : best),
    null,
  );
  const summary = busiest
    ? t("agents.chart.summary", {
        periods: points.length,
        busiest: label(busiest.period),
        dials: f.count(busiest.dials),
      })
    : "";

  return (
    <figure className="reports__chart" aria-labelledby="reports-chart-title">
      <figcaption id="reports-chart-title" className="reports__chart-title">
        {t("agents.chart.title", { by: t(`agents.periods.${by}`).toLowerCase() })}
      </figcaption>
      <div ref={box} role="img" aria-label={summary} className="reports__chart-canvas" />
      <table className="reports__visually-hidden">
        <caption>{t("agents.chart.table")}</caption>
        <thead>
          <tr>
            <th scope="col">{t(`agents.periods.${by}`)}</th>
            <th scope="col">{names.dials}</th>
            <th scope="col">{names.contacts}</th>
            <th scope="col">{names.bookings}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.period}>
              <th scope="row">{label(p.period)}</th>
              <td>{p.dials}</td>
              <td>{p.contacts}</td>
              <td>{p.bookings}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
