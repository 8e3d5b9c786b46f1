// Chart library benchmark (issue 37, part 7): uPlot against Chart.js for the managers' reports. Builds each
// candidate's page (bench/charts/pages) with Vite into a temporary directory, reports its JS and CSS (raw and
// gzip -9), serves both builds on loopback and times them in headless Chromium: first render (navigation start →
// both charts drawn) and, round by round in two pages kept open, a full redraw and a resize to 900×300.
// Chart.js is reported as a ratio to uPlot measured in the same run; no pass/fail on wall-clock.
//
//   npm run bench:charts        (or: npx tsx bench/charts/run.ts [--rounds 30] [--loads 20])
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, tmpdir } from "node:os";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "playwright-core";
import { build, type Rolldown } from "vite";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/chromium";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const WARMUP = 5;
const ROUNDS = arg("rounds", 30);
/** Page loads per candidate for the first render: one load is too noisy to compare on a shared machine. */
const LOADS = arg("loads", 20);
setTimeout(() => {
  console.error("bench/charts: time budget exceeded, stopping");
  process.exit(2);
}, 5 * 60_000).unref();

const here = dirname(fileURLToPath(import.meta.url));
const resultsDir = join(here, "results");
// Outside the repository: nothing to ignore, and another build (dist/) is never touched.
const scratch = mkdtempSync(join(tmpdir(), "isi-charts-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));

/** The baseline first: every ratio is Chart.js / uPlot. */
const CANDIDATES = [
  { id: "uplot", name: "uPlot", pkg: "uplot" },
  { id: "chartjs", name: "Chart.js", pkg: "chart.js" },
] as const;
type Id = (typeof CANDIDATES)[number]["id"];

interface Size {
  raw: number;
  gzip: number;
}
interface Built {
  js: Size;
  css: Size;
  /** Share of the JS that is the library's own code (by Rolldown's rendered module lengths, before minifying). */
  libraryShare: number;
  files: string[];
}

const sizeOf = (bytes: Buffer): Size => ({ raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
const sum = (sizes: Size[]): Size =>
  sizes.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });

/**
 * An app build of the page alone, with Vite's defaults (the app's minifier and target; its config adds only React
 * and its own chunk groups, which leave a lazily imported library in the lazy chunk). No HTML entry: the page's
 * HTML is written here, so the measured JS is the entry chunk and nothing else.
 */
async function buildPage(id: Id): Promise<Built> {
  const outDir = join(scratch, id);
  const result = (await build({
    root: here,
    configFile: false,
    logLevel: "warn",
    publicDir: false,
    base: `/${id}/`,
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: { input: { [id]: join(here, "pages", `${id}.ts`) } },
    },
  })) as Rolldown.RolldownOutput;
  const files = result.output.map((o) => o.fileName);
  const read = (f: string) => readFileSync(join(outDir, f));
  const chunks = result.output.filter((o): o is Rolldown.OutputChunk => o.type === "chunk");
  const modules = chunks.flatMap((c) => Object.entries(c.modules));
  const total = modules.reduce((a, [, m]) => a + m.renderedLength, 0) || 1;
  const library = modules
    .filter(([mid]) => mid.includes("/node_modules/"))
    .reduce((a, [, m]) => a + m.renderedLength, 0);
  const css = files.filter((f) => f.endsWith(".css"));
  writeFileSync(
    join(outDir, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      css.map((f) => `<link rel="stylesheet" href="/${id}/${f}">`).join("") +
      `<style>body{margin:16px;font:13px system-ui,sans-serif}</style></head><body>` +
      chunks
        .filter((c) => c.isEntry)
        .map((c) => `<script type="module" src="/${id}/${c.fileName}"></script>`)
        .join("") +
      `</body></html>`,
  );
  return {
    js: sum(chunks.map((c) => sizeOf(read(c.fileName)))),
    css: sum(css.map((f) => sizeOf(read(f)))),
    libraryShare: library / total,
    files,
  };
}

/** Static files from the scratch directory; no-store, so every load downloads and compiles the page afresh. */
function serve(): Promise<{ base: string; close: () => void }> {
  const types: Record<string, string> = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".css": "text/css",
  };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    const file = join(scratch, path.endsWith("/") ? `${path}index.html` : path);
    try {
      if (!file.startsWith(scratch)) throw new Error("outside");
      const body = readFileSync(file);
      res.writeHead(200, {
        "content-type": types[extname(file)] ?? "application/octet-stream",
        "cache-control": "no-store",
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => server.close(),
      }),
    ),
  );
}

/** Nearest rank. */
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const stats = (xs: number[]) => ({
  median: pct(xs, 50),
  p95: pct(xs, 95),
  samples: xs.map((x) => Math.round(x * 100) / 100),
});

// ---- sizes
const built = {} as Record<Id, Built>;
for (const c of CANDIDATES) built[c.id] = await buildPage(c.id);

// ---- timings
const server = await serve();
// The same Chromium and flags as the end-to-end tests (tests/chromium.ts, used by playwright.config.ts).
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
const url = (id: Id) => `${server.base}/${id}/`;
const open = async (id: Id) => {
  const page = await context.newPage();
  await page.goto(url(id));
  await page.waitForFunction("window.ready === true");
  return page;
};
// Strings, not functions: tsx's __name helper would be serialised into the page, which lacks it.
const evalNumber = async (page: Page, expr: string) => Number(await page.evaluate(expr));

// First render: a fresh page per load, the candidates alternating, so a busy moment on the machine hits both.
const first: Record<Id, number[]> = { uplot: [], chartjs: [] };
for (let i = 0; i < LOADS; i++) {
  for (const c of i % 2 ? [...CANDIDATES].reverse() : CANDIDATES) {
    const page = await open(c.id);
    first[c.id].push(await evalNumber(page, "window.readyAt"));
    await page.close();
  }
}

// Redraw and resize: one page each, kept open; 5 warm-up rounds (JIT, caches) then the measured ones. The order
// flips every round (A B, B A, …) so neither candidate always runs right after the other's raster and GC.
const pages = {} as Record<Id, Page>;
for (const c of CANDIDATES) pages[c.id] = await open(c.id);
const render: Record<Id, number[]> = { uplot: [], chartjs: [] };
const resize: Record<Id, number[]> = { uplot: [], chartjs: [] };
// The script part of each (the library's own work; the rest is Chromium rasterising and laying out).
const renderScript: Record<Id, number[]> = { uplot: [], chartjs: [] };
const resizeScript: Record<Id, number[]> = { uplot: [], chartjs: [] };
const canvases = {} as Record<Id, unknown>;
for (let r = 0; r < WARMUP + ROUNDS; r++) {
  for (const c of r % 2 ? [...CANDIDATES].reverse() : CANDIDATES) {
    const page = pages[c.id];
    // Each round redraws at 1200×400 (the resize before left it small), then resizes to a manager's smaller panel.
    const tRender = await evalNumber(page, "window.renderAll()");
    const sRender = await evalNumber(page, "window.scriptMs");
    const tResize = await evalNumber(page, "window.resizeAll(900, 300)");
    const sResize = await evalNumber(page, "window.scriptMs");
    if (r >= WARMUP) {
      render[c.id].push(tRender);
      renderScript[c.id].push(sRender);
      resize[c.id].push(tResize);
      resizeScript[c.id].push(sResize);
    }
    // Proof the resize happened: the canvases' sizes after it.
    canvases[c.id] = await page.evaluate(
      "[...document.querySelectorAll('canvas')].map((c) => c.width + 'x' + c.height)",
    );
  }
}

// One screenshot of each page at full size, to look at: axes, legend and data must all be there.
mkdirSync(resultsDir, { recursive: true });
for (const c of CANDIDATES) {
  await evalNumber(pages[c.id], "window.renderAll()");
  await pages[c.id].screenshot({ path: join(resultsDir, `${c.id}.png`), fullPage: true });
}
const chromiumVersion = browser.version();
await browser.close();
server.close();

// ---- report
const version = (pkg: string) =>
  JSON.parse(readFileSync(join(here, "../../node_modules", pkg, "package.json"), "utf8")).version as string;
const row = (c: (typeof CANDIDATES)[number]) => ({
  name: c.name,
  version: version(c.pkg),
  js: built[c.id].js,
  css: built[c.id].css,
  libraryShare: Math.round(built[c.id].libraryShare * 1000) / 1000,
  firstRender: stats(first[c.id]),
  renderAll: stats(render[c.id]),
  renderAllScript: stats(renderScript[c.id]),
  resize: stats(resize[c.id]),
  resizeScript: stats(resizeScript[c.id]),
  canvasesAfterResize: canvases[c.id],
});
const [A, B] = CANDIDATES.map(row) as [ReturnType<typeof row>, ReturnType<typeof row>];
const ratio = (b: number, a: number) => Math.round((b / a) * 100) / 100;
const ratios = {
  jsRaw: ratio(B.js.raw, A.js.raw),
  jsGzip: ratio(B.js.gzip, A.js.gzip),
  firstRenderMedian: ratio(B.firstRender.median, A.firstRender.median),
  firstRenderP95: ratio(B.firstRender.p95, A.firstRender.p95),
  renderMedian: ratio(B.renderAll.median, A.renderAll.median),
  renderP95: ratio(B.renderAll.p95, A.renderAll.p95),
  renderScriptMedian: ratio(B.renderAllScript.median, A.renderAllScript.median),
  resizeMedian: ratio(B.resize.median, A.resize.median),
  resizeP95: ratio(B.resize.p95, A.resize.p95),
  resizeScriptMedian: ratio(B.resizeScript.median, A.resizeScript.median),
};

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const line = (cells: string[]) =>
  console.log(cells.map((s, i) => (i ? s.padStart(20) : s.padEnd(30))).join(""));
console.log(
  `\nchart libraries, a year of daily points (line 365×3 + stacked bars 365×2), ${ROUNDS} rounds, ${LOADS} loads\n`,
);
line(["", `${A.name} ${A.version}`, `${B.name} ${B.version}`, "Chart.js / uPlot"]);
line(["JS raw", kib(A.js.raw), kib(B.js.raw), `${ratios.jsRaw}×`]);
line(["JS gzip -9", kib(A.js.gzip), kib(B.js.gzip), `${ratios.jsGzip}×`]);
line([
  "CSS raw / gzip",
  `${kib(A.css.raw)} / ${kib(A.css.gzip)}`,
  `${kib(B.css.raw)} / ${kib(B.css.gzip)}`,
  "",
]);
line([
  "first render median / p95",
  `${ms(A.firstRender.median)} / ${ms(A.firstRender.p95)}`,
  `${ms(B.firstRender.median)} / ${ms(B.firstRender.p95)}`,
  `${ratios.firstRenderMedian}× / ${ratios.firstRenderP95}×`,
]);
line([
  "renderAll median / p95",
  `${ms(A.renderAll.median)} / ${ms(A.renderAll.p95)}`,
  `${ms(B.renderAll.median)} / ${ms(B.renderAll.p95)}`,
  `${ratios.renderMedian}× / ${ratios.renderP95}×`,
]);
line([
  "  of which script, median",
  ms(A.renderAllScript.median),
  ms(B.renderAllScript.median),
  `${ratios.renderScriptMedian}×`,
]);
line([
  "resize 900×300 median / p95",
  `${ms(A.resize.median)} / ${ms(A.resize.p95)}`,
  `${ms(B.resize.median)} / ${ms(B.resize.p95)}`,
  `${ratios.resizeMedian}× / ${ratios.resizeP95}×`,
]);
line([
  "  of which script, median",
  ms(A.resizeScript.median),
  ms(B.resizeScript.median),
  `${ratios.resizeScriptMedian}×`,
]);

const commit = (() => {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
})();
const stamp = new Date().toISOString();
const report = {
  date: stamp,
  commit,
  machine: { cpu: cpus()[0]?.model, cores: cpus().length },
  node: process.version,
  chromium: chromiumVersion,
  settings: { warmup: WARMUP, rounds: ROUNDS, loads: LOADS, viewport: "1280x1000" },
  candidates: { uplot: A, chartjs: B },
  ratios,
};
// One file per run (kept for the README's figures) and the latest under a fixed name.
writeFileSync(
  join(resultsDir, `charts-${stamp.replace(/[:.]/g, "-")}.json`),
  JSON.stringify(report, null, 2),
);
writeFileSync(join(resultsDir, "charts.json"), JSON.stringify(report, null, 2));
console.log(
  `\ncanvases after resize: uPlot ${JSON.stringify(canvases.uplot)}, Chart.js ${JSON.stringify(canvases.chartjs)}`,
);
console.log(
  `written: ${join("bench/charts/results", "charts.json")} and ${CANDIDATES.map((c) => `${c.id}.png`).join(", ")}`,
);
process.exit(0);
