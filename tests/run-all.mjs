// `npm test`: Vitest (web + server projects), a production build and its bundle budget, then Playwright
// end-to-end tests against that build; prints one closing line "N passed, N failed" for the whole run and exits
// non-zero on any failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const out = "test-results";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);

let passed = 0;
let failed = 0;
let broken = false;

const unit = run("npx", ["vitest", "run", "--reporter=dot", "--reporter=json", `--outputFile.json=${out}/vitest.json`]);
const v = read(`${out}/vitest.json`);
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  // A file that failed to load has no failed tests but must fail the run.
  if (unit !== 0 && v.numFailedTests === 0) broken = true;
} else broken = true;

if (run("npx", ["vite", "build", "--logLevel", "warn"]) !== 0) broken = true;
else {
  // The bundle budget of the sign-in route on the build just made (tests/bundle/budget.ts): one test.
  if (run("npx", ["tsx", "tests/bundle/budget.ts", "dist"]) === 0) passed += 1;
  else failed += 1;
  const e2e = run("npx", ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json` });
  const p = read(`${out}/playwright.json`);
  if (p) {
    passed += p.stats.expected + (p.stats.flaky ?? 0);
    failed += p.stats.unexpected;
    if (e2e !== 0 && p.stats.unexpected === 0) broken = true;
  } else broken = true;
}

if (broken && failed === 0) failed = 1; // a suite that could not run counts as a failure
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
