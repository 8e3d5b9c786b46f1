// Floor benchmark (issue 35, part 5): N agents (default 500) of one call centre change status again and again,
// and some of them (--callers, default 100) place calls one after another, against a real gateway while a
// manager's wall is open in headless Chromium. Reports the wall's event lag (the
// gateway committed the change, i.e. its 201 reached the agent → the row on the manager's screen shows the new
// status) p50/p99, the page's render cost per 100 updates, and whether any update was lost (the wall's counters
// by status against the statuses the gateway committed last), next to a floor measured in the same run and
// page: a bare socket.io push to the same page, shown in the same way, twice: from the gateway's own process
// during the load (the loaded floor: it waits on the same event loop as the wall's pushes) and from this process
// after it (the idle floor). Goal: event lag p99 ≤ 2× the floor's, no update lost. Loopback only, bounded in
// time. Not part of npm test.
//
// What is real: the gateway (buildGateway, PGlite in memory) with its status module, the floor plugin's pushes
// and the Socket.IO server; the agents sign in, connect their socket and say hello as the browser does; the wall
// is the built SPA (dist/) signed in as a manager; the callers' calls go through the call service and SimPbx
// (dial, answer, the lead hanging up after 2–5 s, the settle and a disposition), each a stream of call events the
// wall follows. What is not: the agents are Node clients, not browsers; the changers change status (break,
// meeting, coaching, training, restroom) and the callers dial, each its own leads.
//
// The gateway's database is PGlite in memory, or PostgreSQL with DATABASE_URL: the bench then makes a fresh
// database next to the one named (floor_bench_<hex>), runs there and drops it, never writing the one named.
//
//   npm run build && [DATABASE_URL=postgres://…/test] npx tsx bench/floor/run.ts [--agents 500] [--callers 100] [--rounds 6] [--rate 100]
import { fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { Server } from "socket.io";
import { io, type Socket } from "socket.io-client";
import { adminQuery, databaseUrl } from "../../server/db/admin";
import { API_BASE } from "../../src/contract/common";
import { SOCKET_PATH } from "../../src/contract/socket";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/chromium";
import { CallEnds } from "../callEnds";

const num = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const AGENTS = num("agents", 500);
/** Agents that place calls one after another instead of changing status. */
const CALLERS = Math.min(num("callers", 100), AGENTS - 1);
/** Status changes per agent. */
const ROUNDS = num("rounds", 6);
/** Status changes per second, all agents together. */
const RATE = num("rate", 100);
const STATUSES = ["break", "meeting", "coaching", "training", "restroom"] as const;
const NAMES: Record<(typeof STATUSES)[number], string> = {
  break: "Break",
  meeting: "Meeting",
  coaching: "Coaching",
  training: "Training",
  restroom: "Restroom",
};
const here = path.dirname(fileURLToPath(import.meta.url));
setTimeout(() => {
  console.error("bench/floor: 10-minute budget exceeded, stopping");
  process.exit(2);
}, 10 * 60_000).unref();
if (!existsSync("dist/index.html")) {
  console.error("bench/floor: build the app first (npm run build)");
  process.exit(1);
}

// ---------------------------------------------------------------- the gateway

interface Ready {
  port: number;
  barePort: number;
  leads: { id: number; phone: string }[];
  emails: string[];
  extensions: string[];
  manager: string;
  password: string;
}
const BASE_URL = process.env.DATABASE_URL || "";
const fresh = BASE_URL ? `floor_bench_${randomBytes(5).toString("hex")}` : null;
if (fresh) await adminQuery(BASE_URL, `create database ${fresh}`);
const dropFresh = async () => {
  if (fresh) await adminQuery(BASE_URL, `drop database if exists ${fresh} with (force)`).catch(() => {});
};
const child = fork(path.join(here, "gateway.ts"), ["--agents", String(AGENTS), "--callers", String(CALLERS)], {
  execArgv: ["--import", "tsx"],
  env: { ...process.env, DATABASE_URL: fresh ? databaseUrl(BASE_URL, fresh) : "" },
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const ready = await new Promise<Ready>((resolve) => child.on("message", (m: { type: string } & Ready) => m.type === "ready" && resolve(m)));
const base = `http://127.0.0.1:${ready.port}`;
const stopAll = () => child.connected && child.send({ type: "stop" });
process.on("exit", () => child.kill("SIGKILL"));

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });
interface Creds {
  token: string;
  fp: string;
}
function request(method: string, route: string, creds: Creds | null, body?: unknown, extra: Record<string, string> = {}) {
  return new Promise<{ status: number; body: unknown; cookies: string[] }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string | number> = { ...extra };
    if (payload !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(payload);
    }
    if (creds) {
      headers.authorization = `Bearer ${creds.token}`;
      headers.cookie = `dialer_fp=${creds.fp}`;
    }
    const req = http.request({ host: "127.0.0.1", port: ready.port, method, path: API_BASE + route, headers, agent: keepAlive }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const auth = res.headers.authorization;
        if (creds && typeof auth === "string") creds.token = auth.replace(/^Bearer\s+/i, "");
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, cookies: res.headers["set-cookie"] ?? [] });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
async function pool<T>(items: T[], limit: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

// ---------------------------------------------------------------- the agents: sign in, socket, hello

interface Agent {
  i: number;
  /** The `hangup` pushes of the calls this agent placed, awaited by call id. */
  ends: CallEnds;
  name: string;
  email: string;
  ext: string;
  creds: Creds;
  socket: Socket | null;
  last: (typeof STATUSES)[number] | null;
}
const agents: Agent[] = ready.emails.map((email, i) => ({
  i,
  ends: new CallEnds(),
  name: `Floor Agent ${String(i).padStart(3, "0")}`,
  email,
  ext: ready.extensions[i]!,
  creds: { token: "", fp: "" },
  socket: null,
  last: null,
}));
const tSetup = performance.now();
await pool(agents, 8, async (a) => {
  const r = await request("POST", "/login", null, { email: a.email, password: ready.password });
  if (r.status !== 201) throw new Error(`sign-in of ${a.email}: ${r.status}`);
  a.creds.token = (r.body as { access_token: string }).access_token;
  a.creds.fp = r.cookies.map((c) => /^dialer_fp=([^;]*)/.exec(c)?.[1]).find(Boolean)!;
});
for (let i = 0; i < agents.length; i += 100)
  await Promise.all(
    agents.slice(i, i + 100).map(
      (a) =>
        new Promise<void>((resolve, reject) => {
          const s = io(base, { path: SOCKET_PATH, transports: ["websocket"], forceNew: true, reconnection: false, auth: { token: a.creds.token }, extraHeaders: { cookie: `dialer_fp=${a.creds.fp}` } });
          a.socket = s;
          a.ends.follow(s);
          s.once("connect", () => resolve());
          s.once("connect_error", reject);
        }),
    ),
  );
await pool(agents, 100, async (a) => {
  await a.socket!.timeout(30_000).emitWithAck("hello", { extension: a.ext, hasWebRtc: true });
});
console.error(`bench/floor: ${AGENTS} agents signed in and connected in ${((performance.now() - tSetup) / 1000).toFixed(1)} s`);

// ---------------------------------------------------------------- the callers: one call after another

const LEADS_PER_CALLER = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const callCounts = { placed: 0, answered: 0, refused: 0, stuck: 0, settleOrDispositionFailed: 0 };
const callRefusals: Record<string, number> = {};
/** Caller k dials its own leads in turn while the status load runs: dial, talk, hang-up push, settle, dispose. */
async function callLoop(a: Agent, k: number) {
  await sleep((k / Math.max(1, CALLERS)) * 3000); // spread over the first 3 s, as a floor's calls are
  for (const lead of ready.leads.slice(k * LEADS_PER_CALLER, (k + 1) * LEADS_PER_CALLER)) {
    if (loadOver) return;
    const r = await request("POST", `/leads/${lead.id}/calls`, a.creds, { phone: lead.phone, direction: 0 }, { "Idempotency-Key": randomUUID() });
    if (r.status !== 201) {
      callCounts.refused++;
      const why = `${r.status} ${(r.body as { message?: string } | null)?.message ?? ""}`.trim();
      callRefusals[why] = (callRefusals[why] ?? 0) + 1;
      await sleep(1000);
      continue;
    }
    callCounts.placed++;
    const { callId } = r.body as { callId: number };
    let end = await a.ends.wait(callId, 30_000);
    if (!end) {
      callCounts.stuck++;
      await a.socket!.timeout(5_000).emitWithAck("hangup", { extension: a.ext }).catch(() => {});
      end = await a.ends.wait(callId, 10_000);
    }
    if (end?.answered) callCounts.answered++;
    const settled = await request("PUT", `/leads/${lead.id}/calls/${callId}`, a.creds, { extra_recording_index: 0 });
    const disposed = await request(
      "POST",
      `/leads/${lead.id}/dispositions`,
      a.creds,
      { disposition: { disposition: "Not Interested", reason: "Already has coverage", notes: "" }, call_id: callId },
      { "Idempotency-Key": randomUUID() },
    );
    if (settled.status !== 202 || disposed.status !== 201) callCounts.settleOrDispositionFailed++;
  }
}

// ---------------------------------------------------------------- the manager's wall

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
// bypassCSP: the floor's bare socket.io client is injected into the same page, from this process's server.
const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, bypassCSP: true });
const page = await context.newPage();
await page.addInitScript({ content: "globalThis.__name = (f) => f;" });
await page.goto(`${base}/auth/login`);
const form = page.getByRole("form", { name: "Login form" });
await form.getByLabel("Login").fill(ready.manager);
await form.getByLabel("Password").fill(ready.password);
await form.getByRole("button", { name: "Login" }).click();
const wall = page.getByRole("table", { name: "Agents on the floor" });
await wall.waitFor({ timeout: 60_000 });
// Every agent listed (signed-out ones too), by name: the first rows in view are the ones timed.
await page.getByText("Signed-out agents", { exact: true }).click();
await page.getByRole("combobox", { name: "Sort" }).selectOption("name");
const visible = await page.evaluate(() =>
  [...document.querySelectorAll('.floor__body [role="row"]')].map((r) => r.querySelector('[role="cell"] strong')?.textContent ?? ""),
);
const timed = new Set(visible.filter(Boolean));
console.error(`bench/floor: the wall shows ${timed.size} rows in view of ${AGENTS}; ${AGENTS * ROUNDS} status changes at ${RATE}/s`);

// In the page: when a row's status cell says a new status, note when (wall-clock ms, as the driver's Date.now()).
await page.evaluate(() => {
  const w = window as unknown as { __seen: { name: string; text: string; at: number }[] };
  w.__seen = [];
  const body = document.querySelector(".floor__body")!;
  new MutationObserver(() => {
    const at = performance.timeOrigin + performance.now();
    for (const row of body.querySelectorAll('[role="row"]')) {
      const cells = row.querySelectorAll('[role="cell"]');
      const name = cells[0]?.querySelector("strong")?.textContent ?? "";
      const text = (cells[1]?.textContent ?? "").replace(/\s*\d+:\d\d.*$/, "").trim();
      const last = w.__seen.findLast((s) => s.name === name);
      if (!last || last.text !== text) w.__seen.push({ name, text, at });
    }
  }).observe(body, { subtree: true, childList: true, characterData: true });
});
const cdp = await context.newCDPSession(page);
await cdp.send("Performance.enable");
const renderMs = async () => {
  const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
  const m = (n: string) => metrics.find((x) => x.name === n)?.value ?? 0;
  return (m("ScriptDuration") + m("LayoutDuration") + m("RecalcStyleDuration")) * 1000;
};

// ---------------------------------------------------------------- the loaded floor: a bare push from the gateway

// Connected before the load, drawn in the page as the idle floor's are (its own box), pushed by the gateway's own
// process 20 times a second while the load runs.
await page.addScriptTag({ path: path.resolve("node_modules/socket.io-client/dist/socket.io.min.js") });
await page.evaluate((port) => {
  const w = window as unknown as { __loaded: number[]; io: (u: string, o: object) => { on(e: string, f: (p: { at: number }) => void): void } };
  w.__loaded = [];
  const box = document.createElement("div");
  box.id = "loaded-box";
  document.body.appendChild(box);
  new MutationObserver(() => w.__loaded.push(performance.timeOrigin + performance.now() - Number(box.dataset.at))).observe(box, {
    childList: true,
    characterData: true,
    subtree: true,
  });
  const s = w.io(`http://127.0.0.1:${port}`, { transports: ["websocket"] });
  s.on("tick", (p) => {
    box.dataset.at = String(p.at);
    box.textContent = `tick ${p.at}`;
  });
}, ready.barePort);

// ---------------------------------------------------------------- the load: status changes at RATE per second, and calls

const changers = agents.slice(0, AGENTS - CALLERS);
const callers = agents.slice(AGENTS - CALLERS);
/** A timed change: when it was asked for, and when its 201 reached the agent (the change is stored). */
const committed: { name: string; text: string; sent: number; at: number }[] = [];
const changes = changers.length * ROUNDS;
const render0 = await renderMs();
const tLoad = Date.now();
let failed = 0;
child.send({ type: "bare-start" });
let loadOver = false;
const calling = callers.map((a, k) => callLoop(a, k));
await new Promise<void>((resolve) => {
  let sent = 0;
  let done = 0;
  const tick = setInterval(() => {
    const due = Math.min(changes, Math.floor(((Date.now() - tLoad) / 1000) * RATE));
    for (; sent < due; sent++) {
      const a = changers[sent % changers.length]!;
      const status = STATUSES[(Math.floor(sent / changers.length) + a.i) % STATUSES.length]!;
      const sentAt = Date.now();
      void request("POST", "/agent-statuses", a.creds, { status })
        .then((r) => {
          if (r.status === 201) {
            a.last = status;
            if (timed.has(a.name)) committed.push({ name: a.name, text: NAMES[status], sent: sentAt, at: Date.now() });
          } else failed++;
        })
        .catch(() => void failed++)
        .finally(() => ++done === changes && resolve());
    }
    if (sent >= changes) clearInterval(tick);
  }, 10);
});
const loadMs = Date.now() - tLoad;
child.send({ type: "bare-stop" });
loadOver = true;
await Promise.all(calling);
console.error(`bench/floor: load done in ${(loadMs / 1000).toFixed(1)} s; the floor's bare pushes next`);
await page.waitForTimeout(2000);
const render1 = await renderMs();
const seen = await page.evaluate(() => (window as unknown as { __seen: { name: string; text: string; at: number }[] }).__seen);
const loadedLags = await page.evaluate(() => (window as unknown as { __loaded: number[] }).__loaded);

/** For each committed change of a row in view: the first time after it was asked for that the row showed that status. */
const lags: number[] = [];
let unseen = 0;
for (const c of committed) {
  // On a busy machine the push can reach the page before the 201 reaches the agent: shown then counts as no lag.
  const shown = seen.find((s) => s.name === c.name && s.text === c.text && s.at >= c.sent);
  if (shown) lags.push(Math.max(0, shown.at - c.at));
  else unseen++;
}

// No update lost: the wall's counters by status against what the gateway committed last.
const expected = new Map<string, number>();
for (const a of changers) if (a.last) expected.set(NAMES[a.last], (expected.get(NAMES[a.last]) ?? 0) + 1);
const counters = await page.evaluate(() =>
  [...document.querySelectorAll('[aria-label="Agents by status"] li')].map((li) => li.textContent ?? ""),
);
const shownCounts = new Map(counters.map((c) => [c.replace(/\s*\d+$/, ""), Number(/(\d+)$/.exec(c)?.[1] ?? 0)]));
const lost = [...expected].filter(([k, v]) => shownCounts.get(k) !== v);

// ---------------------------------------------------------------- the floor: a bare socket.io push to the same page

const bare = createServer();
const bareIo = new Server(bare, { cors: { origin: "*" } });
await new Promise<void>((r) => bare.listen(0, "127.0.0.1", () => r()));
const barePort = (bare.address() as AddressInfo).port;
// Listening before the page connects: a fast connection must not come before anyone waits for it.
const connected = new Promise<void>((r) => bareIo.once("connection", () => r()));
await page.evaluate((port) => {
  const w = window as unknown as { __bare: number[]; io: (u: string, o: object) => { on(e: string, f: (p: { at: number }) => void): void } };
  w.__bare = [];
  const box = document.createElement("div");
  box.id = "bare-box";
  document.body.appendChild(box);
  new MutationObserver(() => {
    const at = performance.timeOrigin + performance.now();
    w.__bare.push(at - Number(box.dataset.at));
  }).observe(box, { childList: true, characterData: true, subtree: true });
  const s = w.io(`http://127.0.0.1:${port}`, { transports: ["websocket"] });
  s.on("tick", (p) => {
    box.dataset.at = String(p.at);
    box.textContent = `tick ${p.at}`;
  });
}, barePort);
await connected;
const bareN = Math.max(200, committed.length);
const bareRender0 = await renderMs();
for (let i = 0; i < bareN; i++) {
  bareIo.emit("tick", { at: Date.now() });
  await new Promise((r) => setTimeout(r, 1000 / Math.min(RATE, 100)));
}
await page.waitForTimeout(1000);
const bareRender1 = await renderMs();
const bareLags = await page.evaluate(() => (window as unknown as { __bare: number[] }).__bare);

await browser.close();
for (const a of agents) a.socket?.close();
bareIo.close();
stopAll();

// ---------------------------------------------------------------- report

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const result = {
  agents: AGENTS,
  changes,
  failed,
  loadSeconds: loadMs / 1000,
  rowsTimed: timed.size,
  changesTimed: committed.length,
  unseen,
  lagP50: pct(lags, 50),
  lagP99: pct(lags, 99),
  floorP50: pct(bareLags, 50),
  floorP99: pct(bareLags, 99),
  loadedFloorP50: pct(loadedLags, 50),
  loadedFloorP99: pct(loadedLags, 99),
  callers: CALLERS,
  calls: callCounts,
  callRefusals,
  renderMsPer100: ((render1 - render0) / changes) * 100,
  floorRenderMsPer100: ((bareRender1 - bareRender0) / bareN) * 100,
  lost: lost.map(([k, v]) => ({ status: k, expected: v, shown: shownCounts.get(k) ?? 0 })),
};
const f = (x: number, d = 1) => x.toFixed(d);
console.log(`floor wall on ${fresh ? "PostgreSQL" : "PGlite"}, ${AGENTS} agents (${AGENTS - CALLERS} changing status, ${CALLERS} calling), ${changes} status changes at ${RATE}/s over ${f(result.loadSeconds)} s (${failed} refused)`);
console.log(`  event lag (201 at the agent → the manager's row shows it), ${committed.length} changes of ${timed.size} rows in view: p50 ${f(result.lagP50)} ms  p99 ${f(result.lagP99)} ms${unseen ? `  (${unseen} never shown)` : ""}`);
console.log(`  floor (a bare socket.io push shown in the same page), ${bareLags.length} pushes: p50 ${f(result.floorP50)} ms  p99 ${f(result.floorP99)} ms`);
console.log(`  loaded floor (a bare socket.io push from the gateway's own process, during the load), ${loadedLags.length} pushes: p50 ${f(result.loadedFloorP50)} ms  p99 ${f(result.loadedFloorP99)} ms`);
console.log(`  ratio to the idle floor: p50 ${f(result.lagP50 / result.floorP50, 2)}×  p99 ${f(result.lagP99 / result.floorP99, 2)}×;  to the loaded floor: p50 ${f(result.lagP50 / result.loadedFloorP50, 2)}×  p99 ${f(result.lagP99 / result.loadedFloorP99, 2)}×  (goal p99 ≤ 2×)`);
console.log(`  calls by ${CALLERS} callers: ${callCounts.placed} placed, ${callCounts.answered} answered, ${callCounts.refused} refused ${JSON.stringify(callRefusals)}, ${callCounts.stuck} without a hang-up push in 30 s, ${callCounts.settleOrDispositionFailed} settle or disposition refused`);
console.log(`  render cost per 100 updates: wall ${f(result.renderMsPer100)} ms, floor ${f(result.floorRenderMsPer100)} ms`);
console.log(`  lost updates: ${lost.length === 0 ? "none (the wall's counters by status equal the gateway's last statuses)" : JSON.stringify(result.lost)}`);
mkdirSync("bench/results", { recursive: true });
writeFileSync(`bench/results/floor${fresh ? "-postgres" : ""}.json`, JSON.stringify({ database: fresh ? "postgres" : "pglite", ...result }, null, 2));
if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
await dropFresh();
process.exit(0);
