// Users-search benchmark (issue 17): a call centre of 5,000 agents on PGlite in memory; in headless Chromium
// against the built SPA, the manager types in the Users page's search box and we time keystroke → the table
// shows the gateway's answer, over N keystrokes. Measured in the same run: a floor (a bare HTTP round trip
// from the same page to the same gateway: GET /api/v1/agents without a session, refused before any query) and
// the gateway alone (GET /agents?query=… injected in process, the manager's session, no browser).
// The search box waits 300 ms after the last keystroke (SEARCH_DEBOUNCE_MS) before asking, on purpose; the
// figures are given with that wait and without it. Loopback only, bounded in time. Not part of npm test.
//
//   npx vite build --outDir /tmp/users-dist && USERS_BENCH_DIST=/tmp/users-dist npx tsx bench/users-search/run.ts [--keystrokes 150]
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { systemClock } from "../../src/shared/clock";
import { users } from "../../server/db/schema";
import { startTestGateway } from "../../server/test/harness";
import { SEARCH_DEBOUNCE_MS } from "../../src/sdk/settings/agentPages";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/chromium";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const KEYSTROKES = arg("keystrokes", 150);
const AGENTS = arg("agents", 5_000);
const DIST = path.resolve(process.env.USERS_BENCH_DIST ?? "dist");
const DEADLINE_MS = 10 * 60_000;
setTimeout(() => {
  console.error("bench/users-search: time budget exceeded, stopping");
  process.exit(2);
}, DEADLINE_MS).unref();

if (!existsSync(path.join(DIST, "index.html"))) {
  console.error(`bench/users-search: build the app first (npx vite build --outDir ${DIST})`);
  process.exit(1);
}

// The gateway in this process, real time, listening on a free loopback port, serving the built SPA.
const gw = await startTestGateway({ clock: systemClock(), listen: true, config: { staticDir: DIST } });

// 5,000 agents in ISIUS (tenant 1): names that share syllables, so every search matches a page of them.
const FIRST = ["Ana", "Ben", "Carla", "Dev", "Elena", "Femi", "Gus", "Hana", "Ivan", "Jules", "Kira", "Leo", "Mara", "Nico", "Olga", "Paz", "Quinn", "Rosa", "Sami", "Tara"];
const LAST = ["Abbott", "Barros", "Chen", "Duarte", "Eriksen", "Fischer", "Garcia", "Haddad", "Ibarra", "Jensen", "Kowal", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quiroga", "Rossi", "Santos", "Tanaka", "Ueda", "Vargas", "Weber", "Xu", "Yilmaz"];
const rows = Array.from({ length: AGENTS }, (_, i) => ({
  tenantId: 1,
  email: `bench-agent-${i}@bench.test`,
  passwordHash: "not-a-hash",
  firstName: FIRST[i % FIRST.length]!,
  lastName: `${LAST[Math.floor(i / FIRST.length) % LAST.length]!}${i >= FIRST.length * LAST.length ? ` ${Math.floor(i / (FIRST.length * LAST.length))}` : ""}`,
  role: i % 3 === 0 ? "advisor" : "qualifier",
  extension: String(20_000 + i),
  level: 1 + (i % 4),
}));
const seeding = performance.now();
for (let i = 0; i < rows.length; i += 500) await gw.db.insert(users).values(rows.slice(i, i + 500));
console.error(`bench/users-search: ${AGENTS} agents seeded in ${Math.round(performance.now() - seeding)} ms`);

// What the search box is given, one keystroke at a time: words being typed, then erased and another begun, so
// each keystroke changes the query (and every query matches some agents).
const WORDS = ["elena", "santos", "2041", "kira", "moreau", "hana", "30", "leo", "tanaka", "rosa", "bench-agent-12"];
const QUERIES: string[] = [];
for (let w = 0; QUERIES.length < KEYSTROKES; w++) {
  const word = WORDS[w % WORDS.length]!;
  for (let n = 1; n <= word.length && QUERIES.length < KEYSTROKES; n++) QUERIES.push(word.slice(0, n));
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

// The gateway alone: the same searches, in process (light-my-request), as the manager.
const manager = await gw.signIn("manager.isius@demo.test");
const gatewayTimes: number[] = [];
for (const q of QUERIES) {
  const t0 = performance.now();
  const res = await manager.request("GET", `/agents?query=${encodeURIComponent(q)}&page=1&per_page=25&sort=name`);
  gatewayTimes.push(performance.now() - t0);
  if (res.statusCode !== 200) throw new Error(`GET /agents answered ${res.statusCode}`);
}

console.error("bench/users-search: gateway alone measured; opening the browser");
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage();
// tsx names functions with a __name helper; the page functions below run in the browser, which lacks it.
await page.addInitScript({ content: "globalThis.__name = (f) => f;" });
await page.goto(`${gw.url}/auth/login`);
const form = page.getByRole("form", { name: "Login form" });
await form.getByLabel("Login").fill("manager.isius@demo.test");
await form.getByLabel("Password").fill("demo-password");
await form.getByRole("button", { name: "Login" }).click();
await page.getByRole("button", { name: "Admin Panel" }).click();
await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Users", exact: true }).click();
await page.getByRole("searchbox", { name: "Search users" }).waitFor();
await page.locator("table.users__table[aria-busy='false'] tbody tr").first().waitFor();

// Everything timed runs inside the page, so the numbers are the manager's, not the automation's. A keystroke
// is the input event React listens to; the answer is shown when the table, after being busy with this
// query's request, is no longer busy (the rows and the busy flag change in one render).
const result = await page.evaluate(async (queries) => {
  const input = document.querySelector<HTMLInputElement>("input[type=search]")!;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  // Every change of the table's busy flag, as it happens (a fast answer may come and go within one frame).
  let busySeen = false;
  let answered: (() => void) | null = null;
  new MutationObserver(() => {
    const busy = document.querySelector("table.users__table")?.getAttribute("aria-busy");
    if (busy === "true") busySeen = true;
    else if (busy === "false" && busySeen && answered) answered();
  }).observe(document.querySelector("main")!, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-busy"] });
  const times: number[] = [];
  const shown: number[] = [];
  for (const q of queries) {
    busySeen = false;
    const done = new Promise<void>((resolve) => (answered = resolve));
    const t0 = performance.now();
    setValue.call(input, q);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await done;
    times.push(performance.now() - t0);
    answered = null;
    shown.push(document.querySelectorAll("table.users__table tbody tr").length);
  }
  return { times, shown };
}, QUERIES);

// The floor: a bare HTTP round trip from the same page to the same gateway (refused before any query).
const floor = await page.evaluate(async (n) => {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fetch("/api/v1/agents?query=x", { cache: "no-store" });
    times.push(performance.now() - t0);
  }
  return times;
}, 200);

await browser.close();
await gw.close();

const net = result.times.map((t) => t - SEARCH_DEBOUNCE_MS);
const row = {
  agents: AGENTS,
  keystrokes: QUERIES.length,
  debounceMs: SEARCH_DEBOUNCE_MS,
  keystrokeToRows: { p50: pct(result.times, 50), p95: pct(result.times, 95) },
  afterDebounce: { p50: pct(net, 50), p95: pct(net, 95) },
  gatewayOnly: { p50: pct(gatewayTimes, 50), p95: pct(gatewayTimes, 95) },
  floor: { p50: pct(floor, 50), p95: pct(floor, 95) },
  rowsShown: { min: Math.min(...result.shown), max: Math.max(...result.shown) },
};
const f = (n: number) => n.toFixed(1);
console.log(`users search, keystroke → rows shown (${row.keystrokes} keystrokes, ${AGENTS} agents in one call centre, PGlite in memory)`);
console.log(`  with the ${SEARCH_DEBOUNCE_MS} ms debounce: p50 ${f(row.keystrokeToRows.p50)} ms   p95 ${f(row.keystrokeToRows.p95)} ms`);
console.log(`  after the debounce (request + render): p50 ${f(row.afterDebounce.p50)} ms   p95 ${f(row.afterDebounce.p95)} ms`);
console.log(`  gateway alone (GET /agents in process): p50 ${f(row.gatewayOnly.p50)} ms   p95 ${f(row.gatewayOnly.p95)} ms`);
console.log(`  floor (HTTP round trip to the gateway, same page): p50 ${f(row.floor.p50)} ms   p95 ${f(row.floor.p95)} ms`);
console.log(`  ratio to the floor, after the debounce: p50 ${(row.afterDebounce.p50 / row.floor.p50).toFixed(1)}×   p95 ${(row.afterDebounce.p95 / row.floor.p95).toFixed(1)}×`);
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/users-search.json", JSON.stringify(row, null, 2));
process.exit(0);
