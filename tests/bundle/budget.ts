// The bundle budget of `npm test` (performance.md F1–F2), run by tests/run-all.mjs right after `vite build`:
// the sign-in page's initial JS and CSS (gzip -9) stay under BUDGET, and none of the code that belongs after
// sign-in (workspace, shell and admin area, plugins, react-grid-layout, Leaflet, JsSIP) is among its chunks.
// Sizes are deterministic for a given build, so there is no tolerance and no timing.
//
//   npx tsx tests/bundle/budget.ts [outDir]      (default dist; exit code 0 = within budget)
import { BUDGET, checkBudget, kib } from "../../bench/bundle/measure.ts";

const outDir = process.argv[2] ?? "dist";
const kb = (bytes: number) => `${kib(bytes).toFixed(1)} KiB`;

try {
  const { ok, problems, bundle } = checkBudget(outDir);
  console.log(
    `bundle budget: initial JS ${kb(bundle.jsGzip)} gzip in ${bundle.js.length} files (budget ${BUDGET.jsGzipKiB} KiB), ` +
      `CSS ${kb(bundle.cssGzip)} gzip (budget ${BUDGET.cssGzipKiB} KiB)`,
  );
  for (const problem of problems) console.log(`  ✗ ${problem}`);
  console.log(
    ok ? "  ✓ sign-in route within budget, no post-sign-in code in its chunks" : "  bundle budget FAILED",
  );
  process.exit(ok ? 0 : 1);
} catch (error) {
  console.log(`  ✗ bundle budget could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
