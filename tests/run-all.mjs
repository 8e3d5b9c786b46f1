// `npm test`: Vitest (web + server projects), a production build and its bundle budget, then Playwright
// end-to-end tests against that build; prints one closing line "N passed, N failed" for the whole run and exits
// non-zero on any failure. Each part's time is kept in test-results/phases.json, and with the files' and specs'
// own times makes test-results/profile.md (tests/profile/report.mjs); `--profile` (npm run test:profile) prints it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";

const out = "test-results";
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);
/** Seconds per part of the run, in order. */
const phases = [];
const timed = (name, fn) => {
  const start = Date.now();
  const result = fn();
  phases.push({ name, seconds: (Date.now() - start) / 1000 });
  return result;
};

let passed = 0;
let failed = 0;
let broken = false;

const unit = timed("Vitest", () =>
  run("npx", [
    "vitest",
    "run",
    "--reporter=dot",
    "--reporter=json",
    `--outputFile.json=${out}/vitest.json`,
    "--reporter=./tests/profile/vitestTimings.ts",
  ]),
);
const v = read(`${out}/vitest.json`);
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  // A file that failed to load has no failed tests but must fail the run.
  if (unit !== 0 && v.numFailedTests === 0) broken = true;
} else broken = true;

// CI keeps only the run's tail: the failed tests are named again at the end, with the first line of each failure.
const failures = v ? failedTests(v) : [];

let flaky = [];
if (timed("build", () => run("npx", ["vite", "build", "--logLevel", "warn"])) !== 0) broken = true;
else {
  // The bundle budget of the sign-in route on the build just made (tests/bundle/budget.ts): one test.
  if (timed("bundle budget", () => run("npx", ["tsx", "tests/bundle/budget.ts", "dist"])) === 0) passed += 1;
  else failed += 1;
  const e2e = timed("Playwright", () =>
    run("npx", ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json` }),
  );
  const p = read(`${out}/playwright.json`);
  if (p) {
    passed += p.stats.expected + (p.stats.flaky ?? 0);
    failed += p.stats.unexpected;
    if (e2e !== 0 && p.stats.unexpected === 0) broken = true;
    flaky = flakyTests(p);
    failures.push(...failedSpecs(p));
  } else broken = true;
}

writeFileSync(`${out}/phases.json`, JSON.stringify({ npmCiSeconds: Number(process.env.NPM_CI_SECONDS) || null, phases }, null, 1));
run("node", ["tests/profile/report.mjs", ...(process.argv.includes("--profile") ? ["--print"] : [])]);

if (broken && failed === 0) failed = 1; // a suite that could not run counts as a failure
// Tests that passed only on a retry are counted as passed, and named here so a retry cannot hide a flaky test.
if (flaky.length) {
  console.log(`${flaky.length} flaky, counted as passed (each passed on its retry):`);
  for (const f of flaky) console.log(`  ${f}`);
}
if (failures.length) {
  console.log(`${failures.length} failed:`);
  for (const f of failures) console.log(`  ${f}`);
}
// The closing line stays exactly "N passed, N failed": CI reads it.
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** "spec › title" of every Playwright test whose outcome was flaky. */
function flakyTests(report) {
  const names = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) if (test.status === "flaky") names.push(`${file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child, file ?? child.file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return names;
}

/** "file › name — first line of its failure" of every Vitest test that failed. */
function failedTests(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const where = file.name.replace(process.cwd() + "/", "");
    if (file.status === "failed" && !(file.assertionResults ?? []).some((a) => a.status === "failed"))
      names.push(`${where} — ${firstLine(file.message)}`);
    for (const a of file.assertionResults ?? [])
      if (a.status === "failed") names.push(`${where} › ${a.fullName} — ${firstLine(a.failureMessages?.[0])}`);
  }
  return names;
}

/** "spec › title — first line of its error" of every Playwright test that failed on every try. */
function failedSpecs(report) {
  const names = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected") {
          const error = test.results?.at(-1)?.error?.message;
          names.push(`${file} › ${spec.title} — ${firstLine(error)}`);
        }
    for (const child of suite.suites ?? []) walk(child, file ?? child.file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return names;
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex -- the reporters' messages carry terminal colours
  const plain = String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "");
  return plain.split("\n").find((line) => line.trim())?.trim().slice(0, 300) ?? "(no message)";
}
