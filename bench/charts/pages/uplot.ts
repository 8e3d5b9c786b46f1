// uPlot page: the year as a line chart (3 series) and as stacked bars (2 series), with uPlot's own axes and legend.
import uPlot from "uplot";
// The legend and cursor are HTML styled by this sheet; a report would ship it in its chunk too (counted as CSS).
import "uplot/dist/uPlot.min.css";
import { COLORS, mount, type Size, type YearData } from "./shared.ts";

let plots: uPlot[] = [];

/**
 * uPlot commits its drawing in a microtask; handed an init callback, `batch` runs it now, so the draw is
 * synchronous and inside the timed code.
 */
function plot(opts: uPlot.Options, data: uPlot.AlignedData, target: HTMLElement): uPlot {
  return new uPlot(opts, data, (u, init) => {
    target.append(u.root);
    u.batch(() => init());
  });
}

function draw(lineBox: HTMLElement, barsBox: HTMLElement, data: YearData, size: Size): void {
  for (const u of plots) u.destroy();
  const line = plot(
    {
      ...size,
      series: [{}, ...data.line.map((s, i) => ({ label: s.label, stroke: COLORS[i], width: 1.5 }))],
    },
    [data.days, ...data.line.map((s) => s.values)],
    lineBox,
  );
  // uPlot has no stacking option: the data carry running totals, and a band makes each bar start on the one
  // below it (the library's stacking demo does the same). The legend shows each series' own value, not the total.
  const [low, high] = data.bars;
  const bars = plot(
    {
      ...size,
      // Half a day each side, or the first and last bars are cut in half at the plot's edges.
      scales: { x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] } },
      bands: [{ series: [2, 1] }],
      series: [
        {},
        ...[low!, high!].map((s, i) => ({
          label: s.label,
          fill: COLORS[i],
          stroke: COLORS[i],
          width: 0,
          // A 1 px gap between days at any width, as Chart.js's bars have. uPlot drops a gap under 1 px (its
          // default 60 % bars have one at 1200 px, not at 900) and then fills 730 adjoining anti-aliased edges:
          // 4× the raster time for this chart (14–18 ms against 3–5 ms, bench/charts/README.md).
          paths: uPlot.paths.bars!({ size: [1, 100], gap: 1 }),
          points: { show: false },
          value: (_u: uPlot, _v: number | null, _s: number, idx: number | null) =>
            idx == null ? "--" : s.values[idx]!,
        })),
      ],
    },
    [data.days, low!.values, low!.values.map((v, i) => v + high!.values[i]!)],
    barsBox,
  );
  plots = [line, bars];
}

mount("uPlot", {
  draw,
  resize: (size) => {
    for (const u of plots) u.batch(() => u.setSize(size));
  },
});
