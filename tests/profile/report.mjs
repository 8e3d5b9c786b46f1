// Where the suite's time goes (issue 32): reads what `npm test` left in test-results/ (phases.json from
// tests/run-all.mjs, vitest-timings.json from tests/profile/vitestTimings.ts, playwright.json) and writes
// test-results/profile.md: each part's wall time, the Vitest projects, the slowest test files and every
// Playwright spec. `--print` also prints it. docs/testing.md keeps the figures of runs worth remembering.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const dir = "test-results";
const read = (file) => (existsSync(`${dir}/${file}`) ? JSON.parse(readFileSync(`${dir}/${file}`, "utf8")) : undefined);
const s = (seconds) => `${seconds.toFixed(1)} s`;
const min = (seconds) => `${(seconds / 60).toFixed(1)} min`;
const lines = ["# Where the test suite's time went", ""];

const phases = read("phases.json");
if (phases) {
  lines.push("| part | wall time |", "| --- | --- |");
  if (phases.npmCiSeconds) lines.push(`| npm ci (.ci/run) | ${min(phases.npmCiSeconds)} |`);
  for (const p of phases.phases) lines.push(`| ${p.name} | ${min(p.seconds)} |`);
  const total = phases.phases.reduce((sum, p) => sum + p.seconds, 0);
  lines.push(`| **npm test** | **${min(total)}** |`, "");
}

const vitest = read("vitest-timings.json");
if (vitest) {
  const byProject = new Map();
  for (const f of vitest.files) {
    const p = byProject.get(f.project) ?? { files: 0, tests: 0, seconds: 0 };
    byProject.set(f.project, { files: p.files + 1, tests: p.tests + f.tests, seconds: p.seconds + f.seconds });
  }
  lines.push(
    `Vitest: ${min(vitest.wallSeconds)} of wall time; the files' own times below add up across the workers that run them at once.`,
    "",
    "| project | files | tests | files' time |",
    "| --- | --- | --- | --- |",
  );
  for (const [name, p] of [...byProject].sort((a, b) => b[1].seconds - a[1].seconds))
    lines.push(`| ${name} | ${p.files} | ${p.tests} | ${min(p.seconds)} |`);
  lines.push("", "Slowest 30 test files (of which tests and hooks, a gateway's start included):", "");
  lines.push("| project | file | tests | time | tests and hooks |", "| --- | --- | --- | --- | --- |");
  for (const f of [...vitest.files].sort((a, b) => b.seconds - a.seconds).slice(0, 30))
    lines.push(`| ${f.project} | \`${f.file}\` | ${f.tests} | ${s(f.seconds)} | ${s(f.testsSeconds)} |`);
  lines.push("");
}

const playwright = read("playwright.json");
if (playwright) {
  const specs = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const r of test.results ?? []) {
          const e = specs.get(file) ?? { tests: 0, seconds: 0, retries: 0 };
          specs.set(file, {
            tests: e.tests + (r.retry === 0 ? 1 : 0),
            seconds: e.seconds + r.duration / 1000,
            retries: e.retries + (r.retry > 0 ? 1 : 0),
          });
        }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of playwright.suites ?? []) walk(suite, suite.file);
  lines.push(
    `Playwright: ${min(playwright.stats.duration / 1000)} of wall time, ${playwright.config?.workers ?? "?"} worker(s).`,
    "",
    "| spec | tests | time | retries |",
    "| --- | --- | --- | --- |",
  );
  for (const [file, e] of [...specs].sort((a, b) => b[1].seconds - a[1].seconds))
    lines.push(`| \`${file}\` | ${e.tests} | ${s(e.seconds)} | ${e.retries} |`);
  lines.push("");
}

const text = lines.join("\n");
writeFileSync(`${dir}/profile.md`, text);
if (process.argv.includes("--print")) console.log(text);
