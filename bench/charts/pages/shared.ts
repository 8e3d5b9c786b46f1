// What both chart pages share: the year of data (seeded, so both libraries draw the very same points on every
// run) and the harness that times a draw. Each page only says how its library draws the two charts.
import { mulberry32 } from "../../../server/pbx/sim/random.ts";

/** A year of days: what a manager's report over the last 12 months plots. */
export const DAYS = 365;
/** The fixed chart area each library draws into (run.ts resizes it to a smaller panel's 900×300). */
export const FULL: Size = { width: 1200, height: 400 };
/** One palette for both, so the screenshots compare like with like. */
export const COLORS = ["#2d72d2", "#d1980b", "#29a634"];

export interface Size {
  width: number;
  height: number;
}

export interface YearData {
  /** Midnight UTC of each day, in seconds (uPlot's x values). */
  days: number[];
  /** "12 Mar"-style labels of the same days (Chart.js's category axis). */
  labels: string[];
  line: { label: string; values: number[] }[];
  bars: { label: string; values: number[] }[];
}

/** Daily call-centre figures with a weekly rhythm, a slow season and noise, like the reports will show. */
export function yearData(seed = 37): YearData {
  const rnd = mulberry32(seed); // seeded: Math.random would give each page and each run different data
  const start = Date.UTC(2025, 0, 1);
  const days: number[] = [];
  const labels: string[] = [];
  const dials: number[] = [];
  const contacts: number[] = [];
  const transfers: number[] = [];
  const bookings: number[] = [];
  const live: number[] = [];
  const fmt = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
  for (let i = 0; i < DAYS; i++) {
    const ms = start + i * 86_400_000;
    days.push(ms / 1000);
    labels.push(fmt.format(ms));
    const weekday = new Date(ms).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.35 : 1;
    const season = 1 + 0.25 * Math.sin((2 * Math.PI * i) / DAYS);
    const d = Math.round(2400 * weekend * season * (0.85 + 0.3 * rnd()));
    const c = Math.round(d * (0.28 + 0.08 * rnd()));
    dials.push(d);
    contacts.push(c);
    transfers.push(Math.round(c * (0.15 + 0.1 * rnd())));
    bookings.push(Math.round(c * (0.06 + 0.04 * rnd())));
    live.push(Math.round(c * (0.04 + 0.04 * rnd())));
  }
  return {
    days,
    labels,
    line: [
      { label: "Dials", values: dials },
      { label: "Contacts", values: contacts },
      { label: "Transfers", values: transfers },
    ],
    bars: [
      { label: "Bookings", values: bookings },
      { label: "Live transfers", values: live },
    ],
  };
}

/** How a page's library draws: `draw` replaces both charts, `resize` redraws the ones there at a new size. */
export interface Candidate {
  draw(line: HTMLElement, bars: HTMLElement, data: YearData, size: Size): void;
  resize(size: Size): void;
}

declare global {
  interface Window {
    /** Clears and redraws both charts at 1200×400, synchronously; returns the elapsed ms. */
    renderAll(): number;
    /** Redraws both charts at another size, synchronously; returns the elapsed ms. */
    resizeAll(width: number, height: number): number;
    ready: boolean;
    /** performance.now() when the first draw was done: ms since navigation start. */
    readyAt: number;
    /** Of the last timed call, the library's own script time (the rest is raster and layout, see flush). */
    scriptMs: number;
  }
}

/**
 * Canvas 2D calls are only recorded when a script makes them; Chromium rasterises them later, off the timed code.
 * Reading one pixel back forces that raster, and reading a layout property forces style and layout (uPlot's
 * legend is HTML), so the time covers the pixels and not just the JS that asked for them, for both libraries.
 */
function flush(): void {
  for (const canvas of document.querySelectorAll("canvas")) canvas.getContext("2d")?.getImageData(0, 0, 1, 1);
  void document.body.offsetHeight;
}

/** Puts the two chart boxes on the page, draws once, and exposes the timed entry points run.ts calls. */
export function mount(name: string, candidate: Candidate): void {
  document.title = `${name}: a year of daily points`;
  const box = (title: string) => {
    const figure = document.createElement("figure");
    figure.style.margin = "0 0 16px";
    const caption = document.createElement("figcaption");
    caption.textContent = `${name} · ${title}`;
    const el = document.createElement("div");
    figure.append(caption, el);
    document.body.append(figure);
    return el;
  };
  const line = box("line, 365 days × 3 series");
  const bars = box("stacked bars, 365 days × 2 series");
  // Generated once, outside the timed code: the reports get their data from the gateway, not from a PRNG.
  const data = yearData();
  const time = (work: () => void) => {
    const t0 = performance.now();
    work();
    const t1 = performance.now();
    flush();
    const t2 = performance.now();
    window.scriptMs = t1 - t0;
    return t2 - t0;
  };
  window.renderAll = () => time(() => candidate.draw(line, bars, data, FULL));
  window.resizeAll = (width, height) => time(() => candidate.resize({ width, height }));
  candidate.draw(line, bars, data, FULL);
  flush();
  window.readyAt = performance.now();
  window.ready = true;
}
