// Each campaign's abandon rate over the 30 days ending each day of the range, with the 3 % limit as a dashed line,
// drawn with uPlot as the team's chart is (../TeamChart.tsx: loaded with this page only). A canvas says nothing to a
// screen reader: the figure is an image with a one-line summary, and its figures are in a table for it.
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { useFigures } from "../words";
import { ABANDON_LIMIT, type AbandonCampaign } from "./contract";

const COLORS = ["#2d72d2", "#238551", "#c87619", "#7961db", "#00a396", "#d33d17"];
const LIMIT_COLOR = "#cd4246";
const HEIGHT = 150;

export default function AbandonChart({
  campaigns,
  nameOf,
}: {
  campaigns: AbandonCampaign[];
  nameOf: (c: AbandonCampaign) => string;
}) {
  const { t } = useTranslation("reports");
  const f = useFigures();
  const box = useRef<HTMLDivElement>(null);
  const days = useMemo(() => campaigns[0]?.days.map((d) => d.day) ?? [], [campaigns]);
  const limit = t("compliance.abandon.chart.limit");

  useEffect(() => {
    const target = box.current;
    if (!target || days.length === 0) return;
    const x = days.map((d) => Date.parse(`${d}T12:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: target.clientWidth || 600,
        height: HEIGHT,
        scales: {
          x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
          // The limit always in view, whatever the rates.
          y: { range: (_u, _min, max) => [0, Math.max(ABANDON_LIMIT * 100 * 1.5, (max ?? 0) * 1.1)] },
        },
        axes: [
          {
            space: 64,
            values: (_u, ticks) =>
              ticks.map((s) => f.tick(new Date(s * 1000).toISOString().slice(0, 10), false)),
          },
          { values: (_u, ticks) => ticks.map((v) => f.percent(v / 100)) },
        ],
        legend: { live: false },
        series: [
          {},
          ...campaigns.map((c, i) => ({ label: nameOf(c), stroke: COLORS[i % COLORS.length]!, width: 2 })),
          { label: limit, stroke: LIMIT_COLOR, width: 1, dash: [6, 4], points: { show: false } },
        ],
      },
      [
        x,
        ...campaigns.map((c) => c.days.map((d) => (d.rate_30 === null ? null : d.rate_30 * 100))),
        days.map(() => ABANDON_LIMIT * 100),
      ],
      target,
    );
    plot.root.querySelector(".u-legend")?.setAttribute("aria-hidden", "true");
    const resize = new ResizeObserver(() => plot.setSize({ width: target.clientWidth, height: HEIGHT }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [campaigns, days, nameOf, limit, f]);

  const worst = Math.max(0, ...campaigns.map((c) => c.worst_rate_30 ?? 0));
  return (
    <figure className="reports__chart" aria-labelledby="compliance-chart-title">
      <figcaption id="compliance-chart-title" className="reports__chart-title">
        {t("compliance.abandon.chart.title")}
      </figcaption>
      <div
        ref={box}
        role="img"
        aria-label={t("compliance.abandon.chart.summary", {
          campaigns: campaigns.length,
          days: days.length,
          worst: f.percent(worst),
        })}
        className="compliance__chart-canvas"
      />
      <table className="reports__visually-hidden">
        <caption>{t("compliance.abandon.chart.table")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("compliance.abandon.chart.day")}</th>
            {campaigns.map((c) => (
              <th key={c.campaign_id ?? 0} scope="col">
                {nameOf(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day}>
              <th scope="row">{f.day(day)}</th>
              {campaigns.map((c) => (
                <td key={c.campaign_id ?? 0}>{f.percent(c.days[i]?.rate_30 ?? null)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
