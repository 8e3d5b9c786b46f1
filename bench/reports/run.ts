// Reports benchmark (issue 37, "bench/reports"): a generated year of a 200-agent call centre's floor (about 10 M
// status changes, 5 M calls, 2 M dispositions) on PostgreSQL or PGlite, the reports plugin's agent performance
// report asked for the last month (by day), the last quarter (by week) and the year (by month), with no one dialling
// and while --dialers agents (default 50) auto-dial on the same gateway; and the dials' latency with and without
// the reports, and with the rollup triggers off. Goals: every report for a month and for the year within 1 s p95 on
// PostgreSQL; the dial p99 while reports run ≤ 1.5× without. A benchmark that prints a report and writes a JSON
// (bench/reports/results/, ignored by git); nothing fails on a time.
//
// Setup (what is real, what is not):
//  - The gateway runs in a child process (gateway.ts): buildGateway on PGlite in memory (--pglite-disk: in a
//    temporary data directory), or on PostgreSQL when DATABASE_URL is set, in a fresh database this bench creates
//    next to the one named (reports_bench_<hex>) and drops at the end (the one named is never written). Clock
//    pinned to Tuesday 2026-03-10 14:00 in New York, SimPbx with a fast profile, SIP_EDGE off. Before it serves:
//    the dialling world (one ISIUS call centre with one campaign, the dialling agents, a manager, --leads pool
//    leads) and the history (history.ts: --agents-history agents over the --days days before today, written in
//    SQL with the triggers off and rolled up set-based; first a sample of --sample-agents agents through the
//    triggers, timed and compared row by row with the set-based rollups, then deleted).
//  - This process holds the dialling agents; the manager asks from a process of its own (manager.ts). The agents sign in (token + fingerprint cookie),
//    connect socket.io, say hello, go Ready, then each auto-dials on its own 10 s tick as the browser's loop does
//    (dial, hangup push, settle, 0.5–1.5 s wrap-up, a disposition, Ready; one GET /calls/current per tick), which
//    is bench/lead-import's loop, copied (its run.ts is a script, not importable). The manager asks
//    GET /reports/agents as the reports page does.
//  - Phases: idle (3 s) → setup → reports-idle (the three reports --report-runs times each, interleaved, no one
//    dialling) → warmup (--warmup s of dialling) → alone (--alone s: the reference) → with-reports (--reports s of
//    dialling while the manager asks the three reports back to back, one at a time, the whole phase) → check (the
//    agents stop; the reports' answers are checked against the raw rows) → rewarm (5 s) → no-triggers (--alone s
//    of dialling with the five rollup triggers disabled) → alone-2 (--alone s, triggers on again) → drain. Then,
//    inside the gateway, the year report's statements under EXPLAIN ANALYZE. A request belongs to the phase it
//    started in.
//
//   npm run bench:reports -- [--agents-history 200] [--days 365] [--dialers 50] [--alone 60] [--reports 60]
//       [--report-runs 20] [--warmup 20] [--sample-agents 10] [--leads 10000] [--tick 10] [--pglite-disk] [--smoke]
//       [--report-pace 0] [--keep-history] [--lane-core]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:reports
//   npm run bench:reports -- --smoke      (10 agents × 45 days of history, short phases: about a minute)
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { io, type Socket } from "socket.io-client";
import { adminQuery, databaseUrl } from "../../server/db/admin";
import { streamFor } from "../../server/pbx/sim/random";
import { SOCKET_PATH } from "../../src/contract/socket";
import { AGENT_COUNTS, type AgentReport } from "../../plugins/reports/contract";
import type { LoadReport } from "./history";
import { requester, type Creds } from "./http";
import { CLOCK_START, reportRanges, type Phase, type ReportName, type ReportRange } from "./world";
import { CallEnds } from "../callEnds";

const argv = process.argv.slice(2);
const SMOKE = argv.includes("--smoke");
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const HISTORY_AGENTS = num("agents-history", SMOKE ? 10 : 200);
const DAYS = num("days", SMOKE ? 45 : 365);
const SAMPLE_AGENTS = num("sample-agents", SMOKE ? 5 : 10);
const DIALERS = num("dialers", 50);
const LEADS = num("leads", SMOKE ? 3000 : 10_000);
const TICK_MS = num("tick", 10) * 1000;
const WARMUP_S = num("warmup", SMOKE ? 2 : 20);
const ALONE_S = num("alone", SMOKE ? 6 : 60);
const REPORTS_S = num("reports", SMOKE ? 6 : 60);
const REPORT_RUNS = num("report-runs", SMOKE ? 3 : 20);
/** Seconds the manager waits after each report of the with-reports phase: 0 (the default) asks back to back. */
const REPORT_PACE_S = num("report-pace", 0);
const REWARM_S = SMOKE ? 2 : 5;
const SEED = num("seed", 1);
const BUDGET_S = num("budget", 7200);
const LOGIN_CONCURRENCY = num("login-concurrency", 8);
const PGLITE_DISK = argv.includes("--pglite-disk");
/**
 * --lane-core (PostgreSQL, Linux, 2 cores or more): the read lane's backend and the manager's process on CPU 1, the
 * floor (the gateway, the agents, every other PostgreSQL process) on CPU 0, from the warm-up to the end. It stands
 * for the lane on a replica with cores of its own (DATABASE_READ_URL) and the manager's browser on another desk, on a
 * machine that has only two cores: the dials alone and with reports are both measured on the floor's one core.
 */
const LANE_CORE = argv.includes("--lane-core") && cpus().length >= 2;
const here = path.dirname(fileURLToPath(import.meta.url));
const GOAL = { reportP95Ms: 1000, dialP99Ratio: 1.5 };
const git = (...a: string[]) => {
  try {
    return execFileSync("git", a, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
};
const COMMIT = git("rev-parse", "--short", "HEAD") || "unknown";
const CHANGED = git("status", "--porcelain", "--", "plugins/reports", "server")
  .split("\n")
  .filter(Boolean).length;
const BASE_URL = process.env.DATABASE_URL || "";
const DRAIN_MS = 20_000;
const REPORTS: ReportName[] = ["month", "quarter", "year"];
/** The reports plugin's pages, each asked for every range above as the page asks it. */
const PAGES = ["agents", "campaigns", "publishers", "hours", "compliance", "calls"] as const;
type Page = (typeof PAGES)[number];
/** The pages that take a period (by day, week or month); the others sum the range or page it. */
const BY_PERIOD: readonly Page[] = ["agents", "campaigns", "publishers"];

const now = () => performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started = now();
const loadAtStart = loadavg();
const log = (s: string) => console.error(`reports: ${s}`);
setTimeout(() => {
  log(`time budget (${BUDGET_S} s) exceeded, stopping`);
  void cleanup().finally(() => process.exit(2));
}, BUDGET_S * 1000).unref();

// ---------------------------------------------------------------- a fresh PostgreSQL database, if asked

let freshDb: { name: string; url: string } | null = null;
if (BASE_URL) {
  const name = `reports_bench_${randomBytes(5).toString("hex")}`;
  freshDb = { name, url: databaseUrl(BASE_URL, name) };
}

// ---------------------------------------------------------------- the gateway child

const childArgs = [
  path.join(here, "gateway.ts"),
  ...["--dialers", String(DIALERS), "--leads", String(LEADS), "--agents-history", String(HISTORY_AGENTS)],
  ...["--days", String(DAYS), "--sample-agents", String(SAMPLE_AGENTS), "--seed", String(SEED)],
  ...["--clock-start", CLOCK_START],
  ...(PGLITE_DISK && !freshDb ? ["--pglite-disk"] : []),
  ...(argv.includes("--profile")
    ? ["--profile", path.resolve(argv[argv.indexOf("--profile") + 1] ?? tmpdir())]
    : []),
];
const gatewayOn = (dbUrl: string, ...extra: string[]) =>
  spawn(process.execPath, ["--import", "tsx", ...childArgs, ...extra], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, DATABASE_URL: dbUrl },
  });

/**
 * With --keep-history (PostgreSQL): the world and the history are loaded once into a database kept as a template,
 * named by what it holds (the options, history.ts, world.ts, the migrations), and each run works on a copy of it
 * (CREATE DATABASE … TEMPLATE, a file copy: about a minute instead of the load's 15). Drop the reports_tpl_*
 * databases to free their space (about 5 GB each at the default size).
 */
const KEEP_HISTORY = argv.includes("--keep-history") && !!freshDb;
let keptLoad: LoadReport | null = null;
if (KEEP_HISTORY) {
  const h = createHash("sha256").update(
    JSON.stringify([HISTORY_AGENTS, DAYS, SAMPLE_AGENTS, SEED, DIALERS, LEADS, CLOCK_START]),
  );
  for (const f of ["history.ts", "world.ts"]) h.update(readFileSync(path.join(here, f)));
  const root = path.join(here, "../..");
  const migrationDirs = [
    "server/db/migrations",
    ...readdirSync(path.join(root, "plugins")).map((p) => `plugins/${p}/migrations`),
  ].filter((d) => existsSync(path.join(root, d)));
  for (const d of migrationDirs)
    for (const f of readdirSync(path.join(root, d)).sort())
      if (f.endsWith(".sql")) h.update(readFileSync(path.join(root, d, f)));
  const template = `reports_tpl_${h.digest("hex").slice(0, 12)}`;
  const copy = () =>
    adminQuery(BASE_URL, `create database ${freshDb!.name} template ${template} strategy file_copy`);
  const t = now();
  // The load's report is the kept database's comment, written once the load is whole: a template without one (a
  // load that stopped midway) is loaded again, and any checkout on this server can reuse it.
  keptLoad = await keptLoadOf(template);
  const copied = keptLoad
    ? await copy().then(
        () => true,
        () => false,
      )
    : false;
  if (!copied) {
    log(`no kept history ${template}: loading it once`);
    await adminQuery(BASE_URL, `drop database if exists ${template} with (force)`);
    await adminQuery(BASE_URL, `create database ${template}`);
    const loader = gatewayOn(databaseUrl(BASE_URL, template), "--load-only");
    const loaded = await new Promise<{ load: LoadReport }>((resolve, reject) => {
      loader.once("message", (m: { load: LoadReport }) => resolve(m));
      loader.once("exit", (code) => reject(new Error(`the history's load exited (${code})`)));
    });
    await new Promise((r) => (loader.exitCode === null ? loader.once("exit", r) : r(null)));
    const comment = JSON.stringify(loaded.load).replaceAll("'", "''");
    await adminQuery(BASE_URL, `comment on database ${template} is '${comment}'`);
    keptLoad = loaded.load;
    await copy();
  }
  log(
    `database ${freshDb!.name}: a copy of the kept history ${template} in ${((now() - t) / 1000).toFixed(1)} s`,
  );
} else if (freshDb) {
  await adminQuery(BASE_URL, `create database ${freshDb.name}`);
  log(`created database ${freshDb.name}`);
}

const child: ChildProcess = gatewayOn(freshDb?.url ?? "", ...(KEEP_HISTORY ? ["--preloaded"] : []));
let finished = false;
const waiting = new Map<string, ((m: unknown) => void)[]>();
child.on("message", (m: { type: string }) => waiting.get(m.type)?.shift()?.(m));
child.on("exit", (code) => {
  if (!finished) {
    log(`the gateway child exited (${code}) before the end`);
    void cleanup().finally(() => process.exit(1));
  }
});
const next = <T>(type: string) =>
  new Promise<T>((resolve) => {
    const q = waiting.get(type) ?? [];
    q.push(resolve as (m: unknown) => void);
    waiting.set(type, q);
  });
const ask = <T>(message: Record<string, unknown>, answer: string) => {
  const p = next<T>(answer);
  child.send(message);
  return p;
};

/** The PostgreSQL processes on this machine (the postmaster and every backend and worker). */
function postgresPids(): string[] {
  return readdirSync("/proc").filter((pid) => {
    try {
      return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/stat`, "utf8").includes("(postgres)");
    } catch {
      return false;
    }
  });
}
/** Binds a process and its threads to CPUs (a taskset list: "0", "1", "0-1"); a process gone meanwhile is skipped. */
function pin(pid: number | string, cpuList: string) {
  try {
    execFileSync("taskset", ["-a", "-p", "-c", cpuList, String(pid)], { stdio: "ignore" });
  } catch {
    /* gone */
  }
}
/** Whether --lane-core has pinned the processes (cleanup frees PostgreSQL's again). */
let pinned = false;

/** The load's report kept as database `name`'s comment (--keep-history), or null. */
async function keptLoadOf(name: string): Promise<LoadReport | null> {
  const [row] = await adminQuery<{ d: string | null }>(
    BASE_URL,
    "select shobj_description(oid, 'pg_database') as d from pg_database where datname = $1",
    [name],
  );
  return row?.d ? (JSON.parse(row.d) as LoadReport) : null;
}

/** The manager's own process (manager.ts), once the manager has signed in. */
let managerChild: ChildProcess | undefined;
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  finished = true;
  child.kill("SIGKILL");
  managerChild?.kill("SIGKILL");
  if (pinned) for (const pid of postgresPids()) pin(pid, `0-${cpus().length - 1}`);
  if (freshDb) {
    await sleep(300);
    await adminQuery(BASE_URL, `drop database if exists ${freshDb.name} with (force)`).catch((e: unknown) =>
      log(`could not drop ${freshDb!.name}: ${String(e)}`),
    );
  }
}
process.on("SIGINT", () => void cleanup().finally(() => process.exit(130)));
process.on("uncaughtException", (e) => {
  console.error(e);
  void cleanup().finally(() => process.exit(1));
});

interface Ready {
  port: number;
  emails: string[];
  extensions: string[];
  manager: string;
  password: string;
  db: "pglite" | "postgres";
  today: string;
  historyIds: number[];
  dialerIds: number[];
  load: LoadReport;
  sizes: { name: string; rows: number; mib: number }[];
  setup: {
    migratedMs: number;
    worldMs: number;
    loadMs: number;
    builtMs: number;
    rssMiB: number;
    arrayBuffersMiB: number;
  };
}
const ready = await next<Ready>("ready");
if (keptLoad) ready.load = keptLoad;
const url = `http://127.0.0.1:${ready.port}`;
const ranges = reportRanges(ready.today, DAYS);
log(
  `gateway ready (${ready.db}); history ${keptLoad ? "a copy of the kept one" : `loaded in ${(ready.setup.loadMs / 1000).toFixed(1)} s`}; today ${ready.today}; ranges ${JSON.stringify(ranges)}`,
);

// ---------------------------------------------------------------- phases

/**
 * CPU seconds of the postgres processes on this machine (all of them: others' use included), by process: a phase's
 * figure is the growth of those alive at its end (a process gone meanwhile takes its last seconds with it).
 */
function postgresCpu(): Map<string, number> | null {
  if (ready.db !== "postgres") return null;
  const byPid = new Map<string, number>();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      byPid.set(pid, (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      /* gone */
    }
  }
  return byPid;
}
const cpuGrowth = (from: Map<string, number> | null, to: Map<string, number> | null | undefined) => {
  if (!from || !to) return null;
  let s = 0;
  for (const [pid, v] of to) s += v - (from.get(pid) ?? 0);
  return s;
};

/** The agents' event loop's delay, per phase: the time a dial's answer can wait here before it is timed. */
const phaseLoop = monitorEventLoopDelay({ resolution: 2 });
phaseLoop.enable();
let phase: Phase = "idle";
const phaseAt = new Map<
  Phase,
  {
    at: number;
    pgCpu: Map<string, number> | null;
    load1: number;
    endAt?: number;
    pgCpuEnd?: Map<string, number> | null;
    clientLoopP99Ms?: number;
  }
>([["idle", { at: now(), pgCpu: postgresCpu(), load1: loadavg()[0]! }]]);
async function enter(name: Phase) {
  const t = now();
  const pg = postgresCpu();
  const was = phaseAt.get(phase)!;
  was.endAt = t;
  was.pgCpuEnd = pg;
  was.clientLoopP99Ms = phaseLoop.percentile(99) / 1e6 - 2;
  phaseLoop.reset();
  phase = name;
  phaseAt.set(name, { at: t, pgCpu: pg, load1: loadavg()[0]! });
  await ask({ type: "phase", name }, "phase-ok");
}

// ---------------------------------------------------------------- HTTP like the browser (as bench/lead-import)

const request = requester(ready.port);

async function pool<T>(items: T[], limit: number, fn: (item: T, i: number) => Promise<void>) {
  let nextIndex = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (nextIndex < items.length) {
        const i = nextIndex++;
        await fn(items[i]!, i);
      }
    }),
  );
}

async function signIn(email: string): Promise<Creds> {
  const r = await request("POST", "/login", null, { email, password: ready.password });
  if (r.status !== 201)
    throw new Error(`sign-in of ${email} answered ${r.status}: ${JSON.stringify(r.body)}`);
  const fp = r.cookies.map((c) => /^dialer_fp=([^;]*)/.exec(c)?.[1]).find(Boolean);
  if (!fp) throw new Error("no fingerprint cookie in the sign-in answer");
  return { token: (r.body as { access_token: string }).access_token, fp };
}

// ---------------------------------------------------------------- idle, then setup: sign in, connect, Ready

await sleep(3000);
await enter("setup");

interface Agent {
  i: number;
  email: string;
  ext: string;
  creds: Creds;
  socket: Socket | null;
  busy: boolean;
  /** Its calls' ends, from the pushes on its socket. */
  ends: CallEnds;
  connectedOnce: boolean;
}
const disconnects: Record<string, number> = {};
const reconnects = new Map<Phase, number>();
const agents: Agent[] = ready.emails.map((email, i) => ({
  i,
  email,
  ext: ready.extensions[i]!,
  creds: { token: "", fp: "" },
  socket: null,
  busy: false,
  ends: new CallEnds(),
  connectedOnce: false,
}));
const tSetup = now();
const manager = await signIn(ready.manager);
await pool(agents, LOGIN_CONCURRENCY, async (a) => {
  a.creds = await signIn(a.email);
});
function connect(a: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = io(url, {
      path: SOCKET_PATH,
      transports: ["websocket"],
      forceNew: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      auth: (cb) => cb({ token: a.creds.token, reconnect: a.connectedOnce }),
      extraHeaders: { cookie: `dialer_fp=${a.creds.fp}` },
    });
    a.socket = s;
    s.on("connect", () => {
      if (a.connectedOnce) {
        reconnects.set(phase, (reconnects.get(phase) ?? 0) + 1);
        void s
          .timeout(30_000)
          .emitWithAck("hello", { extension: a.ext, hasWebRtc: true })
          .catch(() => {});
      }
      a.connectedOnce = true;
    });
    s.on("disconnect", (reason) => {
      if (finished) return;
      const key = `${phase}: ${reason}`;
      disconnects[key] = (disconnects[key] ?? 0) + 1;
    });
    a.ends.follow(s);
    s.once("status", () => resolve());
    s.once("connect_error", reject);
  });
}
for (let i = 0; i < agents.length; i += 100) await Promise.all(agents.slice(i, i + 100).map(connect));
await pool(agents, 200, async (a) => {
  const r = (await a.socket!.timeout(30_000).emitWithAck("hello", { extension: a.ext, hasWebRtc: true })) as {
    ok: boolean;
  };
  if (!r.ok) throw new Error(`hello of ${a.ext} refused: ${JSON.stringify(r)}`);
});
await pool(agents, 32, async (a) => {
  const r = await request("POST", "/agent-statuses", a.creds, { status: "ready" });
  if (r.status !== 201)
    throw new Error(`Ready of ${a.email} answered ${r.status}: ${JSON.stringify(r.body)}`);
});
const setupMs = now() - tSetup;
log(
  `${agents.length} agents and the manager signed in, connected and Ready in ${(setupMs / 1000).toFixed(1)} s`,
);

// ---------------------------------------------------------------- samples

type Kind = "dial201" | "dial404" | "dialOther" | "settle" | "dispose" | "ready" | "floor";
interface Sample {
  phase: Phase;
  kind: Kind;
  at: number;
  ms: number;
}
const samples: Sample[] = [];
const record = (kind: Kind, p: Phase, ms: number) => samples.push({ phase: p, kind, at: now(), ms });
interface ReportSample {
  phase: Phase;
  page: Page;
  report: ReportName;
  ms: number;
  bytes: number;
  status: number;
  rows: number;
  /** When it started, from the run's start (s). */
  startS: number;
}
const reportSamples: ReportSample[] = [];
const reportQuery = (r: ReportRange, page: Page) =>
  `/reports/${page}?from=${r.from}&to=${r.to}${BY_PERIOD.includes(page) ? `&by=${r.by}` : ""}`;
// The manager asks from a process of its own (manager.ts), as a browser on another desk: its answers' JSON (a month
// by day is 2.4 MB) is parsed there, not on the event loop that times the agents' dials.
const managerProcess = spawn(process.execPath, ["--import", "tsx", path.join(here, "manager.ts")], {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
managerChild = managerProcess;
interface ManagerAnswer {
  id: number;
  status: number;
  ms: number;
  bytes: number;
  rows: number;
  body?: unknown;
  error?: string;
}
const managerAnswers = new Map<number, (a: ManagerAnswer) => void>();
managerProcess.on("message", (m: { type: string } & ManagerAnswer) => {
  if (m.type === "answer") managerAnswers.get(m.id)?.(m);
});
await new Promise<void>((resolve) => {
  managerProcess.once("message", () => resolve());
  managerProcess.send({ type: "init", port: ready.port, creds: manager });
});
let askId = 0;
async function askReport(r: ReportRange, page: Page = "agents"): Promise<{ report: AgentReport | null }> {
  const p = phase;
  const startS = (now() - started) / 1000;
  const id = ++askId;
  const keep = page === "agents";
  const answer = await new Promise<ManagerAnswer>((resolve) => {
    managerAnswers.set(id, resolve);
    managerProcess.send({ type: "ask", id, route: reportQuery(r, page), keep });
  });
  managerAnswers.delete(id);
  if (answer.error) throw new Error(`GET ${reportQuery(r, page)}: ${answer.error}`);
  reportSamples.push({
    phase: p,
    page,
    report: r.name,
    ms: answer.ms,
    bytes: answer.bytes,
    status: answer.status,
    rows: answer.rows,
    startS,
  });
  if (answer.status !== 200)
    log(`GET ${reportQuery(r, page)} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const data = answer.status === 200 && keep ? (answer.body as { data: AgentReport }).data : null;
  return { report: data };
}
/** Every page for every range, in turns. */
const everyReport = PAGES.flatMap((page) => REPORTS.map((name) => ({ page, name })));

// ---------------------------------------------------------------- reports with no one dialling

await enter("reports-idle");
log(
  `reports with no one dialling: ${PAGES.join(", ")} for ${REPORTS.join(", ")} × ${REPORT_RUNS}, interleaved`,
);
for (let i = 0; i < REPORT_RUNS; i++)
  for (const { page, name } of everyReport) await askReport(ranges[name], page);

// ---------------------------------------------------------------- the agents' loop (bench/lead-import's)

const rng = streamFor(SEED, "#reports");
const ticks = new Map<Phase, { ticks: number; missed: number }>();
const counts = { stuck: 0, errors: 0, unauthenticated: new Set<number>() };
const otherAnswers: Record<string, number> = {};
let errorsSeen = 0;
let running = false;
function note(what: string, body: unknown, a?: Agent) {
  if (what.includes(" 401")) counts.unauthenticated.add(a?.i ?? -1);
  const message = (body as { message?: string } | null)?.message ?? "";
  const key = `${what}${message ? `: ${message}` : ""}`;
  otherAnswers[key] = (otherAnswers[key] ?? 0) + 1;
}
async function cycle(a: Agent) {
  a.busy = true;
  try {
    const p = phase;
    const r = await request("POST", "/dials/auto", a.creds, undefined, { "Idempotency-Key": randomUUID() });
    if (r.status === 201) {
      record("dial201", p, r.ms);
      const { callId, leadId } = r.body as { callId: number; leadId: number };
      const end = await a.ends.wait(callId, 60_000);
      if (!end) {
        counts.stuck++;
        await a
          .socket!.timeout(5_000)
          .emitWithAck("hangup", { extension: a.ext })
          .catch(() => {});
        await a.ends.wait(callId, 10_000);
      }
      const p1 = phase;
      const s = await request("PUT", `/leads/${leadId}/calls/${callId}`, a.creds, {
        extra_recording_index: 0,
      });
      if (s.status === 202) record("settle", p1, s.ms);
      else note(`PUT settle ${s.status}`, s.body, a);
      await sleep(500 + rng() * 1000); // wrap-up
      const human = a.ends.heardPerson(callId) && !!end?.answered;
      const disposition = human
        ? { disposition: "Not Interested", reason: "Already has coverage", notes: "" }
        : { disposition: "Voicemail", notes: "" };
      const p2 = phase;
      const d = await request(
        "POST",
        `/leads/${leadId}/dispositions`,
        a.creds,
        { disposition, call_id: callId },
        { "Idempotency-Key": randomUUID() },
      );
      if (d.status === 201) record("dispose", p2, d.ms);
      else note(`POST dispositions ${d.status}`, d.body, a);
      for (let attempt = 0; attempt < 3; attempt++) {
        const p3 = phase;
        const rd = await request("POST", "/agent-statuses", a.creds, { status: "ready" });
        if (rd.status === 201) {
          record("ready", p3, rd.ms);
          break;
        }
        if (attempt === 2) note(`POST agent-statuses ${rd.status}`, rd.body, a);
        await sleep(300);
      }
    } else if (r.status === 404) record("dial404", p, r.ms);
    else {
      record("dialOther", p, r.ms);
      note(`POST dials/auto ${r.status}`, r.body, a);
    }
  } catch (e) {
    counts.errors++;
    if (errorsSeen++ < 5) log(`agent ${a.i}: ${String(e)}`);
  } finally {
    a.busy = false;
  }
}
async function probe(a: Agent) {
  const p = phase;
  try {
    const r = await request("GET", "/calls/current", a.creds);
    if (r.status === 200) record("floor", p, r.ms);
    else note(`GET calls/current ${r.status}`, r.body, a);
  } catch (e) {
    counts.errors++;
    if (errorsSeen++ < 5) log(`agent ${a.i} floor: ${String(e)}`);
  }
}
/** Each run of dialling gets its own generation: a stopped run's pending ticks do nothing. */
let generation = 0;
function schedule(a: Agent, due: number, gen: number) {
  setTimeout(
    () => {
      if (!running || gen !== generation) return;
      schedule(a, due + TICK_MS, gen);
      const t = ticks.get(phase) ?? ticks.set(phase, { ticks: 0, missed: 0 }).get(phase)!;
      t.ticks++;
      setTimeout(() => running && gen === generation && void probe(a), rng() * TICK_MS);
      if (a.busy) {
        t.missed++;
        return;
      }
      void cycle(a);
    },
    Math.max(0, due - now()),
  );
}
function startDialling() {
  running = true;
  const gen = ++generation;
  const t = now();
  for (const a of agents) schedule(a, t + ((a.i + rng()) / agents.length) * TICK_MS, gen);
}
async function stopDialling() {
  running = false;
  const t = now();
  while (agents.some((a) => a.busy) && now() - t < DRAIN_MS) await sleep(100);
}

// ---------------------------------------------------------------- the run

const clientLoop = monitorEventLoopDelay({ resolution: 2 });
clientLoop.enable();
if (LANE_CORE) {
  pinned = true;
  // New backends are forked by the postmaster and take its CPU: the floor's.
  for (const pid of [...postgresPids(), child.pid!, process.pid]) pin(pid, "0");
  pin(managerProcess.pid!, "1");
  log(
    `--lane-core: the floor on CPU 0; the read lane's backend (from with-reports on) and the manager on CPU 1`,
  );
}
const lanePid = () => ask<{ pid: number | null }>({ type: "lane-pid" }, "lane-pid").then((m) => m.pid);
let laneBackend: { first: number | null; last: number | null } | null = null;
await enter("warmup");
startDialling();
log(`dialling: ${WARMUP_S} s warm-up, ${ALONE_S} s alone, ${REPORTS_S} s with reports`);
await sleep(WARMUP_S * 1000);
await enter("alone");
await sleep(ALONE_S * 1000);

await enter("with-reports");
if (LANE_CORE) {
  laneBackend = { first: await lanePid(), last: null };
  if (laneBackend.first) pin(laneBackend.first, "1");
}
{
  const until = now() + REPORTS_S * 1000;
  for (let i = 0; now() < until; i++) {
    const { page, name } = everyReport[i % everyReport.length]!;
    await askReport(ranges[name], page);
    if (REPORT_PACE_S > 0) await sleep(Math.min(REPORT_PACE_S * 1000, Math.max(0, until - now())));
  }
}

if (laneBackend) {
  laneBackend.last = await lanePid();
  if (laneBackend.last !== laneBackend.first)
    log(
      `--lane-core: the lane's backend changed during with-reports (${laneBackend.first} → ${laneBackend.last}); the new one ran on the floor's core`,
    );
}

// The check: the agents stop, every call is over; the reports' answers against the raw rows.
await enter("check");
await stopDialling();
await sleep(1500);
interface Expected {
  who: "history" | "dialling";
  agents: number[];
  totals: Record<string, number>;
  dispositions: Record<string, number>;
  statusSeconds: number;
  agentsWithTrail: number;
}
const FIELDS = AGENT_COUNTS;
interface Check {
  report: ReportName;
  who: "history" | "dialling";
  range: ReportRange;
  agentsExpected: number;
  agentsWithRows: number;
  agentsListed: number;
  rows: number;
  fields: Record<string, { report: number; raw: number }>;
  dispositions: { report: number; raw: number; valuesDiffering: string[] };
  statusSeconds: { report: number; raw: number };
  /** The team's figures per period add up to the agents' over the range (every agent's, not only the checked ones). */
  periodsAgree: boolean;
  ok: boolean;
}
async function check(name: ReportName, who: "history" | "dialling"): Promise<Check> {
  const range = ranges[name];
  const { report } = await askReport(range);
  if (!report) throw new Error(`the ${name} report did not answer`);
  const want = await ask<Expected>({ type: "expect", range, asOf: report.as_of, who }, "expected");
  const ids = new Set(want.agents);
  // One line per agent over the range: its sums are what the raw rows of its days add up to.
  const rows = report.per_agent.filter((r) => ids.has(r.agent_id));
  const fields = Object.fromEntries(
    FIELDS.map((f) => [f, { report: rows.reduce((t, r) => t + r[f], 0), raw: Number(want.totals[f] ?? 0) }]),
  );
  const given: Record<string, number> = {};
  for (const r of rows) for (const [k, v] of Object.entries(r.dispositions)) given[k] = (given[k] ?? 0) + v;
  const values = new Set([...Object.keys(given), ...Object.keys(want.dispositions)]);
  const valuesDiffering = [...values].filter((v) => (given[v] ?? 0) !== (want.dispositions[v] ?? 0));
  const statusReport = rows.reduce(
    (t, r) => t + Object.values(r.status_seconds).reduce((s, x) => s + (x ?? 0), 0),
    0,
  );
  const withRows = new Set(rows.map((r) => r.agent_id));
  const periodsAgree = FIELDS.every(
    (f) => report.per_period.reduce((t, p) => t + p[f], 0) === report.per_agent.reduce((t, a) => t + a[f], 0),
  );
  const listed = report.agents.filter((a) => ids.has(a.id)).length;
  const c: Check = {
    report: name,
    who,
    range,
    agentsExpected: ids.size,
    agentsWithRows: withRows.size,
    agentsListed: listed,
    rows: rows.length,
    fields,
    dispositions: {
      report: Object.values(given).reduce((t, x) => t + x, 0),
      raw: Object.values(want.dispositions).reduce((t, x) => t + x, 0),
      valuesDiffering,
    },
    statusSeconds: { report: statusReport, raw: want.statusSeconds },
    periodsAgree,
    ok: false,
  };
  c.ok =
    c.agentsWithRows === ids.size &&
    c.agentsListed === ids.size &&
    Object.values(fields).every((x) => x.report === x.raw) &&
    valuesDiffering.length === 0 &&
    periodsAgree &&
    Math.abs(statusReport - want.statusSeconds) <= 1;
  return c;
}
const checks: Check[] = [];
for (const name of REPORTS) checks.push(await check(name, "history"));
checks.push(await check("today", "dialling"));
for (const c of checks)
  log(
    `check ${c.report} (${c.who}): ${c.ok ? "OK" : "NOT OK"} — ${c.agentsWithRows}/${c.agentsExpected} agents with rows, dials ${c.fields.dials!.report}/${c.fields.dials!.raw}, dispositions ${c.dispositions.report}/${c.dispositions.raw}, status ${c.statusSeconds.report.toFixed(1)}/${c.statusSeconds.raw.toFixed(1)} s, the periods ${c.periodsAgree ? "add up" : "DO NOT add up"} to the agents`,
  );

// The write path's cost: the same dialling with the five rollup triggers off, then on again.
await enter("rewarm");
startDialling();
await sleep(REWARM_S * 1000);
const off = await ask<{ ms: number }>({ type: "triggers", on: false }, "triggers-ok");
await enter("no-triggers");
log(`triggers off (${off.ms.toFixed(0)} ms): ${ALONE_S} s of dialling`);
await sleep(ALONE_S * 1000);
const on = await ask<{ ms: number }>({ type: "triggers", on: true }, "triggers-ok");
await enter("alone-2");
log(`triggers on again (${on.ms.toFixed(0)} ms): ${ALONE_S} s of dialling`);
await sleep(ALONE_S * 1000);
await enter("drain");
await stopDialling();
clientLoop.disable();

// Inside the gateway: the year report without HTTP, and its statements under EXPLAIN ANALYZE.
interface Explained {
  range: ReportRange;
  direct: number[];
  stringify: number[];
  bytes: number;
  plans: { sql: string; ms: number; plan: string }[];
}
const explained = await ask<Explained>({ type: "explain", range: ranges.year, runs: 5 }, "explained");

interface PhaseStats {
  phase: Phase;
  wallMs: number;
  cpuUserMs: number;
  cpuSystemMs: number;
  eventLoop: { utilization: number; p50?: number; p99?: number; max?: number };
  rssMiB: { median: number; max: number } | null;
  statements: number;
  statementMs: number;
  shapes: { shape: string; n: number; ms: number; max: number }[];
}
interface Stats {
  db: "pglite" | "postgres";
  pgliteDir: string | null;
  phases: PhaseStats[];
  calls: { calls: number; today: number };
}
const stats = await ask<Stats>({ type: "report" }, "stats");
finished = true;
for (const a of agents) a.socket?.disconnect();
child.send({ type: "stop" });
await Promise.race([new Promise((r) => child.once("exit", r)), sleep(10_000)]);
await cleanup();

// ---------------------------------------------------------------- the figures

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};
const f = (n: number | null | undefined, d = 1) =>
  n !== null && n !== undefined && Number.isFinite(n) ? n.toFixed(d) : "n/a";
const big = (n: number) => Math.round(n).toLocaleString("en-US");
const summary = (ms: number[]) => ({
  n: ms.length,
  p50: pct(ms, 50),
  p95: pct(ms, 95),
  p99: pct(ms, 99),
  max: ms.length ? Math.max(...ms) : NaN,
});
const latency = (ps: Phase[], kind: Kind) =>
  summary(samples.filter((s) => ps.includes(s.phase) && s.kind === kind).map((s) => s.ms));
const gwPhase = new Map(stats.phases.map((p) => [p.phase, p]));
const SHOWN: Phase[] = [
  "setup",
  "reports-idle",
  "warmup",
  "alone",
  "with-reports",
  "check",
  "no-triggers",
  "alone-2",
];
const byPhase = SHOWN.map((p) => {
  const g = gwPhase.get(p);
  const at = phaseAt.get(p)!;
  const wallS = ((at.endAt ?? now()) - at.at) / 1000;
  const grown = cpuGrowth(at.pgCpu, at.pgCpuEnd);
  const pgCores = grown === null ? null : grown / wallS;
  return {
    phase: p,
    wallS,
    load1AtStart: at.load1,
    clientLoopP99Ms: at.clientLoopP99Ms ?? null,
    dial201: latency([p], "dial201"),
    dial404: latency([p], "dial404"),
    dialOther: latency([p], "dialOther"),
    floor: latency([p], "floor"),
    settle: latency([p], "settle"),
    dispose: latency([p], "dispose"),
    ready: latency([p], "ready"),
    ticks: ticks.get(p) ?? { ticks: 0, missed: 0 },
    gateway: g
      ? {
          cores: (g.cpuUserMs + g.cpuSystemMs) / g.wallMs,
          elu: g.eventLoop.utilization,
          loopP99Ms: g.eventLoop.p99,
          loopMaxMs: g.eventLoop.max,
          rssMiB: g.rssMiB,
          statements: g.statements,
          statementMs: g.statementMs,
        }
      : null,
    postgresCores: pgCores,
  };
});
const P = Object.fromEntries(byPhase.map((b) => [b.phase, b])) as Record<Phase, (typeof byPhase)[number]>;
const reportsOf = (p: Phase, page: Page, name: ReportName) => {
  const mine = (s: ReportSample) => s.phase === p && s.page === page && s.report === name;
  const xs = reportSamples.filter((s) => mine(s) && s.status === 200);
  return {
    ...summary(xs.map((s) => s.ms)),
    rows: xs[0]?.rows ?? 0,
    kib: (xs[0]?.bytes ?? 0) / 1024,
    errors: reportSamples.filter((s) => mine(s) && s.status !== 200).length,
  };
};
const reportKey = (page: Page, name: ReportName) => `${page} ${name}`;
const reportTable = Object.fromEntries(
  (["reports-idle", "with-reports"] as const).map((p) => [
    p,
    Object.fromEntries(
      everyReport.map(({ page, name }) => [reportKey(page, name), reportsOf(p, page, name)]),
    ),
  ]),
) as Record<"reports-idle" | "with-reports", Record<string, ReturnType<typeof reportsOf>>>;
const withReportsCount = reportSamples.filter((s) => s.phase === "with-reports").length;

const alone = P.alone.dial201;
const withReports = P["with-reports"].dial201;
const ratio = withReports.p99 / alone.p99;
const bothAlone = latency(["alone", "alone-2"], "dial201");
const noTriggers = P["no-triggers"].dial201;
const triggerRatio = { p50: bothAlone.p50 / noTriggers.p50, p99: bothAlone.p99 / noTriggers.p99 };
// Month and year are the goal's; the quarter is shown beside them.
const goalReports = everyReport
  .filter(({ name }) => name !== "quarter")
  .map(({ page, name }) => reportKey(page, name));
const worstP95 = Math.max(...goalReports.map((k) => reportTable["reports-idle"][k]!.p95));
const worstP95With = Math.max(...goalReports.map((k) => reportTable["with-reports"][k]!.p95));
const goals = {
  reportP95: {
    goal: GOAL.reportP95Ms,
    idle: worstP95,
    withDialling: worstP95With,
    met: worstP95 <= GOAL.reportP95Ms && worstP95With <= GOAL.reportP95Ms,
    appliesTo: "postgres",
  },
  dialP99: {
    goal: GOAL.dialP99Ratio,
    alone: alone.p99,
    withReports: withReports.p99,
    ratio,
    met: ratio <= GOAL.dialP99Ratio,
    // A dial that waits seconds alone is a gateway already saturated: a ratio to it says nothing of the reports.
    baselineSaturated: alone.p50 > 1000,
  },
  checks: checks.every((c) => c.ok),
  triggersMatch: ready.load.sample ? ready.load.sample.comparisons.every((c) => c.differing === 0) : null,
};

const out: string[] = [];
const line = (l = "") => out.push(l);
const dbName =
  stats.db === "postgres"
    ? "PostgreSQL"
    : `PGlite ${stats.pgliteDir ? "(data directory on disk)" : "(in memory)"}`;
const loadEnd = loadavg();
const L = ready.load;
const mainCounts = L.main.counts;
line();
line(
  `reports: ${HISTORY_AGENTS} history agents × ${DAYS} days on ${dbName}${SMOKE ? " (SMOKE)" : ""}, ${DIALERS} dialling agents on a ${TICK_MS / 1000} s tick, Node ${process.versions.node}, ${cpus().length} cores, ${f(totalmem() / 2 ** 30, 0)} GiB, ${new Date().toISOString()}, commit ${COMMIT}${CHANGED ? ` (+${CHANGED} changed files under plugins/reports, server)` : ""}; load average at start ${loadAtStart.map((x) => f(x, 2)).join(" ")}, at the end ${loadEnd.map((x) => f(x, 2)).join(" ")}`,
);
line();
line(
  `history (generated in SQL, today ${ready.today} in America/New_York): ${big(mainCounts.status_changes!)} status changes, ${big(mainCounts.calls!)} calls, ${big(mainCounts.dispositions!)} dispositions, ${big(mainCounts.transfers!)} live transfers, ${big(mainCounts.overstays!)} overstays, ${big(mainCounts.leads!)} leads → rollups ${big(mainCounts.agent_hours!)} agent hours, ${big(mainCounts.status_hours!)} status hours, ${big(mainCounts.disposition_hours!)} disposition hours`,
);
line(
  `  loaded with the triggers off in ${f(L.main.insertMs / 1000)} s (${big(L.main.rows / (L.main.insertMs / 1000))} rows/s), rollups built set-based in ${f(L.main.rollupMs / 1000)} s, VACUUM ANALYZE ${f(L.main.vacuumMs / 1000)} s; the whole load with the sample ${keptLoad ? "(a copy of the kept history: its load's figures)" : `${f(ready.setup.loadMs / 1000)} s`}`,
);
line(`  steps: ${L.main.steps.map((s) => `${s.step} ${f(s.ms / 1000)} s`).join(", ")}`);
if (L.sample) {
  const perRow = L.sample.ms / L.sample.rows;
  line(
    `  the sample through the triggers (${L.sample.agents} agents, the same days): ${big(L.sample.rows)} rows in ${f(L.sample.ms / 1000)} s = ${big(L.sample.rows / (L.sample.ms / 1000))} rows/s (${L.sample.steps.map((s) => `${s.step} ${f(s.ms / 1000)} s${Number.isFinite(s.rows) ? ` ${big(s.rows)}` : ""}`).join(", ")}); the history's ${big(L.main.rows)} rows that way ≈ ${f((perRow * L.main.rows) / 60000)} min`,
  );
  for (const c of L.sample.comparisons)
    line(
      `  ${c.table}: the triggers wrote ${big(c.rowsTriggers)} rows, the set-based SQL ${big(c.rowsSql)}; ${c.differing} differing → ${c.differing ? "MISMATCH" : "identical"} (sums ${Object.entries(
        c.sums,
      )
        .map(([k, v]) => `${k} ${f(v.triggers, 0)}/${f(v.sql, 0)}`)
        .join(", ")})`,
    );
}
line(
  `  sizes: ${ready.sizes.map((s) => `${s.name} ${f(s.mib, 0)} MiB`).join(", ")}; gateway RSS after the load ${f(ready.setup.rssMiB, 0)} MiB (array buffers ${f(ready.setup.arrayBuffersMiB, 0)} MiB)`,
);
line();
line(`reports (GET /reports/<page>, ms; the manager alone, one at a time)`);
line(
  `  report                                           | no one dialling: n   p50    p95    max  | while ${DIALERS} dial: n   p50    p95    max  | rows  KiB`,
);
for (const { page, name } of everyReport) {
  const r = ranges[name];
  const a = reportTable["reports-idle"][reportKey(page, name)]!;
  const b = reportTable["with-reports"][reportKey(page, name)]!;
  const label = `${page} ${name} ${r.from}..${r.to}${BY_PERIOD.includes(page) ? ` by ${r.by}` : ""}`;
  line(
    `  ${label.padEnd(48)} | ${String(a.n).padStart(4)} ${f(a.p50, 0).padStart(6)} ${f(a.p95, 0).padStart(6)} ${f(a.max, 0).padStart(6)}  | ${String(b.n).padStart(4)} ${f(b.p50, 0).padStart(6)} ${f(b.p95, 0).padStart(6)} ${f(b.max, 0).padStart(6)}  | ${String(a.rows).padStart(5)} ${f(a.kib, 0).padStart(5)}`,
  );
}
line(
  `  during with-reports the manager asked ${withReportsCount} reports in ${f(P["with-reports"].wallS)} s (${f(withReportsCount / P["with-reports"].wallS, 2)} a second${REPORT_PACE_S ? `, waiting ${REPORT_PACE_S} s after each` : ", back to back"})`,
);
if (LANE_CORE)
  line(
    `  --lane-core: the floor (gateway, agents, PostgreSQL) on CPU 0 in every dialling phase; the read lane's backend (${laneBackend?.first ?? "?"}${laneBackend?.last !== laneBackend?.first ? `, then ${laneBackend?.last} on CPU 0` : ""}) and the manager on CPU 1`,
  );
// Which dials met a report: those in flight while one was (from the start of the one to the end of the other).
const inFlight = reportSamples
  .filter((s) => s.phase === "with-reports")
  .map((s) => [s.startS, s.startS + s.ms / 1000, s] as const);
const withReportDials = samples
  .filter((s) => s.phase === "with-reports" && s.kind === "dial201")
  .map((s) => {
    const end = (s.at - started) / 1000;
    const start = end - s.ms / 1000;
    const met = inFlight.find(([a, b]) => a < end && b > start)?.[2];
    return { ms: s.ms, met: met ? `${met.page} ${met.report}` : null };
  });
const metReport = summary(withReportDials.filter((d) => d.met).map((d) => d.ms));
const metNone = summary(withReportDials.filter((d) => !d.met).map((d) => d.ms));
const slowest = [...withReportDials].sort((a, b) => b.ms - a.ms).slice(0, 5);
line(
  `  the with-reports dials in flight while a report was: n ${metReport.n}, p50 ${f(metReport.p50)} p95 ${f(metReport.p95)} p99 ${f(metReport.p99)} ms; the others: n ${metNone.n}, p50 ${f(metNone.p50)} p95 ${f(metNone.p95)} p99 ${f(metNone.p99)} ms; the five slowest: ${slowest.map((d) => `${f(d.ms, 0)} ms (${d.met ?? "no report"})`).join(", ")}`,
);
line(
  `  the year report inside the gateway (readAgentReport, no HTTP): ${explained.direct.map((x) => f(x, 0)).join(", ")} ms; JSON.stringify ${explained.stringify.map((x) => f(x, 0)).join(", ")} ms for ${f(explained.bytes / 1024, 0)} KiB`,
);
line(`  its statements under EXPLAIN ANALYZE:`);
for (const pl of explained.plans) {
  const exec = /Execution Time: ([\d.]+) ms/.exec(pl.plan)?.[1];
  line(`    ${f(Number(exec), 1).padStart(8)} ms  ${pl.sql.slice(0, 150)}…`);
}
line();
line(`checks (a fresh report after the agents stopped, against the raw rows):`);
for (const c of checks)
  line(
    `  ${c.report.padEnd(7)} ${c.who.padEnd(9)} ${c.ok ? "OK    " : "NOT OK"} agents with rows ${c.agentsWithRows}/${c.agentsExpected} (listed ${c.agentsListed}); ${FIELDS.map((k) => `${k} ${big(c.fields[k]!.report)}${c.fields[k]!.report === c.fields[k]!.raw ? "" : `≠${big(c.fields[k]!.raw)}`}`).join(", ")}; dispositions ${big(c.dispositions.report)}${c.dispositions.valuesDiffering.length ? `≠${big(c.dispositions.raw)} (${c.dispositions.valuesDiffering.join(", ")})` : ""}; status seconds ${f(c.statusSeconds.report, 1)} (raw ${f(c.statusSeconds.raw, 1)})`,
  );
line();
line(
  `by phase              wall  | POST /dials/auto 201 (ms)                         | 404 other | floor p50/p99 | ticks missed | gateway CPU  ELU loop p99 | ${stats.db === "postgres" ? "postgres CPU" : "SQL on loop"} | load1 | agents' loop p99`,
);
for (const b of byPhase) {
  const g = b.gateway;
  const d = b.dial201;
  const sqlShare =
    g && stats.db === "pglite"
      ? `${f((g.statementMs / (b.wallS * 1000)) * 100, 0)} %`
      : b.postgresCores !== null
        ? `${f(b.postgresCores * 100, 0)} %`
        : "";
  line(
    `  ${b.phase.padEnd(12)} ${f(b.wallS, 1).padStart(6)} s | n ${String(d.n).padStart(4)} p50 ${f(d.p50, 1).padStart(6)} p95 ${f(d.p95, 1).padStart(6)} p99 ${f(d.p99, 1).padStart(7)} max ${f(d.max, 0).padStart(6)} | ${String(b.dial404.n).padStart(3)} ${String(b.dialOther.n).padStart(5)} | ${f(b.floor.p50, 1).padStart(5)} / ${f(b.floor.p99, 1).padStart(6)} | ${String(b.ticks.missed).padStart(4)} of ${String(b.ticks.ticks).padStart(4)} | ${g ? `${f(g.cores * 100, 0).padStart(4)} % ${f(g.elu * 100, 0).padStart(4)} % ${f(g.loopP99Ms, 0).padStart(5)} ms` : "".padEnd(24)} | ${sqlShare.padStart(8)} | ${f(b.load1AtStart, 2)} | ${f(b.clientLoopP99Ms, 0)} ms`,
  );
}
for (const p of ["reports-idle", "with-reports", "alone"] as const) {
  const g = gwPhase.get(p);
  if (!g) continue;
  line();
  line(
    `statements during ${p} by time (${stats.db === "pglite" ? "PGlite: WebAssembly time on the gateway's event loop" : "PostgreSQL: node-postgres round trip"}): ${g.statements} statements, ${f(g.statementMs / 1000)} s in ${f(g.wallMs / 1000)} s`,
  );
  for (const x of g.shapes.slice(0, 8))
    line(
      `  ${f(x.ms / 1000, 2).padStart(7)} s ${String(x.n).padStart(6)}× ${f(x.ms / Math.max(1, x.n), 1).padStart(8)} ms (max ${f(x.max, 0).padStart(4)})  ${x.shape.slice(0, 150)}`,
    );
}
line();
line(
  `calls in all ${big(stats.calls.calls)}, the dialling agents' today ${stats.calls.today}; calls without a hangup push in 60 s ${counts.stuck}; errors ${counts.errors}; agents whose session ended (any 401): ${counts.unauthenticated.size}; agents' process event-loop delay p99 ${f(clientLoop.percentile(99) / 1e6 - 2)} ms`,
);
if (Object.keys(otherAnswers).length) line(`other answers: ${JSON.stringify(otherAnswers)}`);
line(
  `agents' sockets lost: ${Object.keys(disconnects).length ? JSON.stringify(disconnects) : "none"}${reconnects.size ? `; reconnected: ${JSON.stringify(Object.fromEntries(reconnects))}` : ""}`,
);
line();
line(`goals (issue 37):`);
line(
  `  every report page (${PAGES.join(", ")}) for the month and the year within ${GOAL.reportP95Ms} ms p95 on PostgreSQL: worst p95 ${f(worstP95, 0)} ms with no one dialling, ${f(worstP95With, 0)} ms while ${DIALERS} dial → ${stats.db === "postgres" ? (goals.reportP95.met ? "MET" : "NOT MET") : `${goals.reportP95.met ? "would be met" : "would not be met"} (the goal is PostgreSQL's; this run is PGlite)`}${SMOKE || HISTORY_AGENTS < 200 || DAYS < 365 ? ` — at ${HISTORY_AGENTS} agents × ${DAYS} days, not the goal's size` : ""}`,
);
line(
  `  dial p99 while reports run ≤ ${GOAL.dialP99Ratio}× without: ${f(withReports.p99)} ms against ${f(alone.p99)} ms alone = ${f(ratio, 2)}× → ${goals.dialP99.baselineSaturated ? `NOT MEANINGFUL (dialling alone is already saturated: p50 ${f(alone.p50, 0)} ms)` : goals.dialP99.met ? "MET" : "NOT MET"} (p50 ${f(withReports.p50)} against ${f(alone.p50)} ms = ${f(withReports.p50 / alone.p50, 2)}×; the manager asked ${REPORT_PACE_S ? `one report every ${REPORT_PACE_S} s after the last answer` : "back to back"})`,
);
line(
  `  the write path's cost: dial p50 / p99 with the triggers on (alone and alone-2, n ${bothAlone.n}) ${f(bothAlone.p50)} / ${f(bothAlone.p99)} ms, off (n ${noTriggers.n}) ${f(noTriggers.p50)} / ${f(noTriggers.p99)} ms → on/off ${f(triggerRatio.p50, 2)}× / ${f(triggerRatio.p99, 2)}× (alone-2 alone: p99 ${f(P["alone-2"].dial201.p99)} ms)`,
);
line(
  `  answers checked against the raw rows: ${goals.checks ? "all as expected" : "NOT as expected"}; rollups set-based = triggers on the sample: ${goals.triggersMatch === null ? "not checked" : goals.triggersMatch ? "yes" : "NO"}`,
);
console.log(out.join("\n"));

const resultsDir = path.join(here, "results");
mkdirSync(resultsDir, { recursive: true });
const file = path.join(
  resultsDir,
  `reports-${stats.db}${stats.pgliteDir ? "-disk" : ""}${REPORT_PACE_S ? `-pace${REPORT_PACE_S}` : ""}-${HISTORY_AGENTS}x${DAYS}${SMOKE ? "-smoke" : ""}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
);
writeFileSync(
  file,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      node: process.versions.node,
      cores: cpus().length,
      loadAverage: { start: loadAtStart, end: loadEnd },
      commit: COMMIT,
      changedFiles: CHANGED,
      db: stats.db,
      pgliteOnDisk: Boolean(stats.pgliteDir),
      config: {
        smoke: SMOKE,
        historyAgents: HISTORY_AGENTS,
        days: DAYS,
        sampleAgents: SAMPLE_AGENTS,
        dialers: DIALERS,
        leads: LEADS,
        tickMs: TICK_MS,
        warmupS: WARMUP_S,
        aloneS: ALONE_S,
        reportsS: REPORTS_S,
        reportRuns: REPORT_RUNS,
        reportPaceS: REPORT_PACE_S,
        laneCore: LANE_CORE ? laneBackend : false,
        seed: SEED,
        clockStart: CLOCK_START,
      },
      ranges,
      load: ready.load,
      sizes: ready.sizes,
      setup: { ...ready.setup, signInMs: setupMs },
      reports: reportTable,
      reportSamples,
      dialsWithReports: { metReport, metNone, slowest },
      /** Every answered dial as [phase, start (s from the run's start), ms], to lay beside reportSamples. */
      dialSamples: samples
        .filter((x) => x.kind === "dial201")
        .map((x) => [x.phase, +((x.at - x.ms - started) / 1000).toFixed(3), +x.ms.toFixed(1)]),
      explained,
      checks,
      goals,
      phases: byPhase,
      triggerCost: { on: bothAlone, off: noTriggers, ratio: triggerRatio },
      statements: Object.fromEntries(
        stats.phases.map((p) => [p.phase, { n: p.statements, ms: p.statementMs, shapes: p.shapes }]),
      ),
      calls: stats.calls,
      agents: {
        stuck: counts.stuck,
        errors: counts.errors,
        sessionsEnded: counts.unauthenticated.size,
        otherAnswers,
        disconnects,
        reconnects: Object.fromEntries(reconnects),
        loopDelayP99Ms: clientLoop.percentile(99) / 1e6 - 2,
      },
      totalS: (now() - started) / 1000,
    },
    null,
    2,
  ),
);
console.log(`results: ${path.relative(process.cwd(), file)}`);
process.exit(0);
