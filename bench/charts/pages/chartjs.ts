// Chart.js page: the same two charts as the uPlot page. Tree-shaken: only what they use is registered, so the
// bundle holds the line and bar controllers, two scales, the legend and the tooltip (uPlot's cursor and legend
// values on hover are built in; a report needs the values on hover, so the comparison keeps it on both sides).
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from "chart.js";
import { COLORS, mount, type Size, type YearData } from "./shared.ts";

Chart.register(
  LineController,
  LineElement,
  PointElement,
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

let charts: Chart[] = [];

/**
 * Options every report chart would use: no animation (a report is read, not watched; and with it the first frame
 * would come later, asynchronously), a fixed size (responsive mode waits for a ResizeObserver, asynchronous too),
 * and `normalized` (the data are sorted, so Chart.js skips checking it).
 */
const common = {
  animation: false,
  responsive: false,
  maintainAspectRatio: false,
  normalized: true,
  interaction: { mode: "index", intersect: false },
} as const;

/** Twelve date labels at most along the year, kept flat: tilted labels cost a rotation fit for every tick. */
const xTicks = { maxTicksLimit: 12, maxRotation: 0, autoSkip: true };

function chart(
  box: HTMLElement,
  size: Size,
  config: ChartConfiguration<"line" | "bar", number[], string>,
): Chart {
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  box.append(canvas);
  // Chart.js draws in its constructor when it has no animation: synchronous, like uPlot's batch.
  return new Chart(canvas, config) as Chart;
}

function draw(lineBox: HTMLElement, barsBox: HTMLElement, data: YearData, size: Size): void {
  for (const c of charts) {
    // destroy() drops the chart's reference to its canvas, so take it first.
    const canvas = c.canvas;
    c.destroy();
    canvas.remove();
  }
  const line = chart(lineBox, size, {
    type: "line",
    data: {
      labels: data.labels,
      datasets: data.line.map((s, i) => ({
        label: s.label,
        data: s.values,
        borderColor: COLORS[i],
        backgroundColor: COLORS[i],
        borderWidth: 1.5,
        // 365 dots per series would hide the lines; hovering still shows them.
        pointRadius: 0,
      })),
    },
    options: { ...common, scales: { x: { ticks: xTicks } } },
  });
  // Stacking is an option of the scales: the data stay each series' own values.
  const bars = chart(barsBox, size, {
    type: "bar",
    data: {
      labels: data.labels,
      datasets: data.bars.map((s, i) => ({ label: s.label, data: s.values, backgroundColor: COLORS[i] })),
    },
    options: { ...common, scales: { x: { stacked: true, ticks: xTicks }, y: { stacked: true } } },
  });
  charts = [line, bars];
}

mount("Chart.js", {
  draw,
  resize: (size) => {
    // Synchronous too: without a resizeDelay Chart.js updates and draws inside resize().
    for (const c of charts) c.resize(size.width, size.height);
  },
});
