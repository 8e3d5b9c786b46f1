// Bundle benchmark (performance.md F1–F2): builds the app and a React "hello" floor in the same run, with the
// same Vite settings, into temporary directories; reports the sign-in route's initial JS and CSS (gzip -9), the
// ratio to the floor and the initial JS per package. Writes bench/results/bundle.json.
//
//   npx tsx bench/bundle/run.ts [--files]     (or: npm run bench:bundle; --files adds the top source files)
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build, loadConfigFromFile } from "vite";
import { charsPerFile, charsPerPackage, packageOf } from "./attribution.ts";
import { BUDGET, checkBudget, kib, measureInitial, readModuleList, type InitialBundle } from "./measure.ts";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
const scratch = mkdtempSync(join(tmpdir(), "isi-bundle-"));
const appOut = join(scratch, "app");
const floorOut = join(scratch, "floor");

async function buildApp() {
  await build({
    root,
    configFile: join(root, "vite.config.ts"),
    logLevel: "warn",
    // Hidden maps change no byte of the chunks (no sourceMappingURL comment); they feed the per-package table.
    build: { outDir: appOut, emptyOutDir: true, sourcemap: "hidden" },
  });
}

/** The floor gets the app's build options (target, minifier, CSS handling), only its own entry and outDir. */
async function buildFloor() {
  const loaded = await loadConfigFromFile(
    { command: "build", mode: "production" },
    join(root, "vite.config.ts"),
    root,
  );
  const appBuild = loaded?.config.build ?? {};
  await build({
    root: join(here, "floor"),
    configFile: false,
    logLevel: "warn",
    plugins: [react()],
    build: { ...appBuild, outDir: floorOut, emptyOutDir: true, sourcemap: "hidden" },
  });
}

interface PackageRow {
  package: string;
  minBytes: number;
  gzipBytes: number;
}

/** Initial JS per package: each chunk's bytes split by its source map, its gzip size split in the same shares. */
/**
 * JSON modules (the bundled English texts) have no source map: charge their minified size, taken from the
 * unmapped part of the chunk, to their own row so "(unmapped)" is only the bundler's glue.
 */
function withJson(chars: Map<string, number>, modules: string[], perFile: boolean): Map<string, number> {
  let unmapped = chars.get("(unmapped)") ?? 0;
  for (const id of modules.filter((m) => m.endsWith(".json") && !m.includes("node_modules/"))) {
    const size = Math.min(unmapped, JSON.stringify(JSON.parse(readFileSync(join(root, id), "utf8"))).length);
    const name = perFile ? id : packageOf(id);
    chars.set(name, (chars.get(name) ?? 0) + size);
    unmapped -= size;
  }
  if (chars.has("(unmapped)")) chars.set("(unmapped)", unmapped);
  return chars;
}

function perPackage(outDir: string, bundle: InitialBundle, by = charsPerPackage): PackageRow[] {
  const rows = new Map<string, PackageRow>();
  const modules = readModuleList(outDir) ?? {};
  for (const asset of bundle.js) {
    const mapped = by(join(outDir, asset.file), root);
    const chars = mapped
      ? withJson(mapped, modules[asset.file] ?? [], by === charsPerFile)
      : new Map([["(no source map)", 1]]);
    const total = [...chars.values()].reduce((a, b) => a + b, 0) || 1;
    for (const [name, n] of chars) {
      const row = rows.get(name) ?? { package: name, minBytes: 0, gzipBytes: 0 };
      row.minBytes += (asset.bytes * n) / total;
      row.gzipBytes += (asset.gzip * n) / total;
      rows.set(name, row);
    }
  }
  return [...rows.values()]
    .map((r) => ({ ...r, minBytes: Math.round(r.minBytes), gzipBytes: Math.round(r.gzipBytes) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

function largestChunk(outDir: string) {
  const dir = join(outDir, "assets");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .map((f) => ({ file: `assets/${f}`, bytes: statSync(join(dir, f)).size }))
    .sort((a, b) => b.bytes - a.bytes)[0];
}

const fmt = (bytes: number) => `${kib(bytes).toFixed(1)} KiB`;
const pad = (s: string, n: number) => s.padEnd(n);
const lpad = (s: string, n: number) => s.padStart(n);

function gitCommit(): string | undefined {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
}

try {
  await buildApp();
  await buildFloor();
  const app = measureInitial(appOut);
  const floor = measureInitial(floorOut);
  const budget = checkBudget(appOut);
  const packages = perPackage(appOut, app);
  const largest = largestChunk(appOut);
  const ratio = app.jsGzip / floor.jsGzip;

  console.log("\nSign-in route, initial download (gzip -9)");
  console.table({
    "initial JS": {
      gzip: fmt(app.jsGzip),
      min: fmt(app.jsBytes),
      files: app.js.length,
      budget: `${BUDGET.jsGzipKiB} KiB`,
    },
    "initial CSS": {
      gzip: fmt(app.cssGzip),
      min: fmt(app.cssBytes),
      files: app.css.length,
      budget: `${BUDGET.cssGzipKiB} KiB`,
    },
    "React floor JS": {
      gzip: fmt(floor.jsGzip),
      min: fmt(floor.jsBytes),
      files: floor.js.length,
      budget: "",
    },
  });
  console.log(`ratio initial JS / floor: ${ratio.toFixed(2)}× (F1 goal ≤ 2.5×)`);
  console.log(`largest chunk: ${largest.file} ${fmt(largest.bytes)} min (Vite warns above 500 kB)`);

  console.log("\nInitial JS chunks");
  for (const a of app.js)
    console.log(`  ${pad(a.file, 48)} ${lpad(fmt(a.bytes), 11)} min ${lpad(fmt(a.gzip), 10)} gzip`);
  for (const a of app.css)
    console.log(`  ${pad(a.file, 48)} ${lpad(fmt(a.bytes), 11)} min ${lpad(fmt(a.gzip), 10)} gzip`);

  console.log("\nInitial JS per package (min bytes from source maps; gzip split in the same shares)");
  for (const p of packages) {
    console.log(
      `  ${pad(p.package, 36)} ${lpad(fmt(p.minBytes), 11)} min ${lpad(fmt(p.gzipBytes), 10)} gzip`,
    );
  }
  if (process.argv.includes("--files")) {
    console.log("\nInitial JS per source file (top 60)");
    for (const p of perPackage(appOut, app, charsPerFile).slice(0, Number(process.env.TOP_FILES ?? 60))) {
      console.log(
        `  ${pad(p.package, 90)} ${lpad(fmt(p.minBytes), 11)} min ${lpad(fmt(p.gzipBytes), 10)} gzip`,
      );
    }
  }
  console.log(budget.ok ? "\nbudget: within" : `\nbudget: OVER\n  ${budget.problems.join("\n  ")}`);

  const results = join(root, "bench/results");
  mkdirSync(results, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    budget: { ...BUDGET, ok: budget.ok, problems: budget.problems },
    initialJs: { gzip: app.jsGzip, bytes: app.jsBytes, files: app.js },
    initialCss: { gzip: app.cssGzip, bytes: app.cssBytes, files: app.css },
    floorJs: { gzip: floor.jsGzip, bytes: floor.jsBytes, files: floor.js },
    ratio: Number(ratio.toFixed(3)),
    largestChunk: largest,
    packages,
  };
  writeFileSync(join(results, "bundle.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwrote ${join("bench/results", "bundle.json")}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
