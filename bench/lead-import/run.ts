// Lead-import benchmark (issue 36, "Figures and limits"): a generated CSV of --rows leads (default 500,000) uploaded
// by a manager, checked (the dry run) and imported by the lead-lists plugin's background job, on PGlite or on
// PostgreSQL, while --agents agents (default 50) auto-dial on the same gateway. Reports the dry run's and the
// import's rows/s and counts, the gateway's RSS by phase (its peak during the upload, the dry run and the import,
// and the growth over the gateway before the import), and POST /dials/auto's p50/p99 in each phase, the import's
// against dialling alone in the same run. Goals: ≥ 10,000 rows/s on PostgreSQL; RSS growth under 200 MB whatever
// the file's size (it is streamed, never loaded whole); dial p99 during the import ≤ 2× without. A benchmark that
// prints a report and writes a JSON (bench/lead-import/results/, ignored by git); nothing fails on a time.
//
// Setup (what is real, what is not):
//  - The CSV is written first, as a stream, to a temporary file (csv.ts: what is in it, and the rows that are wrong
//    on purpose), and its expected counts kept to check the dry run's and the import's against.
//  - The gateway runs in a child process (gateway.ts): buildGateway on PGlite in memory (--pglite-disk: in a
//    temporary data directory), or on PostgreSQL when DATABASE_URL is set, in a fresh database this bench creates
//    next to the one named (lead_import_<hex>) and drops at the end (the one named is never written). Clock pinned
//    to a weekday afternoon, SimPbx with a fast profile, SIP_EDGE off. Its world: one ISIUS call centre (variant
//    "isius": it has the lead-lists plugin) with one campaign (prefix BNL: the CSV's marketing ids are BNL0000001…),
//    N bilingual qualifiers assigned to it, a manager, and --leads seeded leads.
//  - This process holds the agents and the manager. The agents sign in (token + fingerprint cookie), connect
//    socket.io, say hello, go Ready, then each auto-dials on its own 10 s tick (--tick) as the browser's loop does,
//    and follows each call to its end (hangup push, settle, 0.5–1.5 s wrap-up, a disposition, Ready again), with
//    one GET /calls/current per tick at a random moment (the floor: an authenticated, in-memory answer). This is
//    bench/dialer-load's agent loop (copied: run.ts there is a script, not importable).
//  - Phases, in this order: idle (3 s, the gateway alone, before sign-in), setup (sign-in, sockets, Ready),
//    warmup (--warmup s of dialling), alone (--alone s of dialling: the reference), upload (the manager's POST of
//    the file, streamed from disk), dryrun (POST …/check until the import is "checked"), import (POST …/start until
//    "done"), after (--after s of dialling alone again, on the book the import grew), drain. Dialling alone comes
//    first so the reference is taken on the book the import starts from: afterwards the book has --rows more leads
//    and the newest (the imported ones) are the pool's first, so a reference taken then would mix the import's
//    load with the book's growth; the after phase measures that growth on its own.
//  - A request belongs to the phase it started in. The gateway samples RSS every 250 ms and times the job's
//    batches (the wait for the next 1,000 rows of the file, the work on them) from inside (gateway.ts).
//
//   npm run bench:lead-import -- [--rows 500000] [--agents 50] [--leads 10000] [--alone 120] [--after 60]
//       [--warmup 20] [--tick 10] [--pglite-disk] [--profile [DIR]] [--pin] [--keep-csv] [--smoke]
//       [--experiment-yield] [--gc-probe] [--no-heap-cap]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:lead-import
//   npm run bench:lead-import -- --smoke      (20,000 rows, short phases: under a minute)
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { createReadStream, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { io, type Socket } from "socket.io-client";
import { adminQuery, databaseUrl } from "../../server/db/admin";
import { streamFor } from "../../server/pbx/sim/random";
import { API_BASE } from "../../src/contract/common";
import { SOCKET_PATH } from "../../src/contract/socket";
import { LeadImport, type ImportCounts } from "../../plugins/lead-lists/contract";
import { writeLeadCsv, type Expected } from "./csv";
import { printSummary, type ProfileSummary } from "./profile";
import { CLOCK_START, type Phase } from "./world";
import { gatewayHeapFlags } from "../gatewayHeap";
import { CallEnds } from "../callEnds";

const argv = process.argv.slice(2);
const SMOKE = argv.includes("--smoke");
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const str = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] && !argv[i + 1]!.startsWith("--") ? argv[i + 1] : undefined;
};
const ROWS = num("rows", SMOKE ? 20_000 : 500_000);
const AGENTS = num("agents", 50);
const LEADS = num("leads", 10_000);
const TICK_MS = num("tick", 10) * 1000;
const WARMUP_S = num("warmup", SMOKE ? 5 : 20);
const ALONE_S = num("alone", SMOKE ? 15 : 120);
const AFTER_S = num("after", SMOKE ? 5 : 60);
const POLL_MS = num("poll", 250);
const SEED = num("seed", 1);
const BUDGET_S = num("budget", 3600);
const LOGIN_CONCURRENCY = num("login-concurrency", 8);
const PIN = argv.includes("--pin");
const PGLITE_DISK = argv.includes("--pglite-disk");
const KEEP_CSV = argv.includes("--keep-csv");
/** An experiment (gateway.ts): the job yields to the event loop before each batch. */
const EXPERIMENT_YIELD = argv.includes("--experiment-yield");
/** A full collection at each phase change and every 50th batch, and the heap that survives it (gateway.ts). */
const GC_PROBE = argv.includes("--gc-probe");
const here = path.dirname(fileURLToPath(import.meta.url));
const PROFILE_DIR = argv.includes("--profile")
  ? path.resolve(str("profile") ?? path.join(tmpdir(), "lead-import-profiles"))
  : undefined;
const GOAL = { rowsPerS: 10_000, rssGrowthMiB: 200, dialP99Ratio: 2 };
/** The code measured: the commit, and whether the import's own code differed from it in the working tree. */
const git = (...a: string[]) => {
  try {
    return execFileSync("git", a, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
};
const COMMIT = git("rev-parse", "--short", "HEAD") || "unknown";
const CHANGED = git("status", "--porcelain", "--", "plugins/lead-lists", "server/modules/leads", "server/db")
  .split("\n")
  .filter(Boolean).length;
const BASE_URL = process.env.DATABASE_URL || "";
const DRAIN_MS = 20_000;

const now = () => performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started = now();
const log = (s: string) => console.error(`lead-import: ${s}`);
setTimeout(() => {
  log(`time budget (${BUDGET_S} s) exceeded, stopping`);
  void cleanup().finally(() => process.exit(2));
}, BUDGET_S * 1000).unref();

// ---------------------------------------------------------------- the file, first (before anything is measured)

const csvFile = path.join(tmpdir(), `lead-import-${process.pid}-${ROWS}.csv`);
const tCsv = now();
const expected: Expected = await writeLeadCsv(csvFile, ROWS, LEADS);
const csvMs = now() - tCsv;
log(
  `wrote ${ROWS} rows (${(expected.bytes / 2 ** 20).toFixed(1)} MiB) to ${csvFile} in ${(csvMs / 1000).toFixed(1)} s; expected ${JSON.stringify(expected.counts)}`,
);

// ---------------------------------------------------------------- a fresh PostgreSQL database, if asked

let freshDb: { name: string; url: string } | null = null;
if (BASE_URL) {
  const name = `lead_import_${randomBytes(5).toString("hex")}`;
  await adminQuery(BASE_URL, `create database ${name}`);
  freshDb = { name, url: databaseUrl(BASE_URL, name) };
  log(`created database ${name}`);
}

// ---------------------------------------------------------------- the gateway child

const childArgs = [
  path.join(here, "gateway.ts"),
  "--agents",
  String(AGENTS),
  "--leads",
  String(LEADS),
  "--clock-start",
  CLOCK_START,
  ...(PROFILE_DIR ? ["--profile", PROFILE_DIR] : []),
  ...(PGLITE_DISK && !freshDb ? ["--pglite-disk"] : []),
  ...(EXPERIMENT_YIELD ? ["--experiment-yield"] : []),
  ...(GC_PROBE ? ["--gc-probe"] : []),
];
// The gateway runs with npm start's heap cap (bench/gatewayHeap.ts); --no-heap-cap: V8's own sizing, for comparison.
const HEAP_FLAGS = process.argv.includes("--no-heap-cap") ? [] : gatewayHeapFlags();
const nodeArgs = [...HEAP_FLAGS, ...(GC_PROBE ? ["--expose-gc"] : []), "--import", "tsx", ...childArgs];
const childEnv = { ...process.env, DATABASE_URL: freshDb?.url ?? "" };
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
const child: ChildProcess = PIN
  ? spawn("taskset", ["-c", "0", process.execPath, ...nodeArgs], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: childEnv,
    })
  : spawn(process.execPath, nodeArgs, { stdio: ["ignore", "inherit", "inherit", "ipc"], env: childEnv });
if (PIN) execFileSync("taskset", ["-a", "-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
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

let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  finished = true;
  child.kill("SIGKILL");
  if (!KEEP_CSV) rmSync(csvFile, { force: true });
  if (freshDb) {
    await sleep(300);
    await adminQuery(BASE_URL, `drop database if exists ${freshDb.name} with (force)`).catch((e: unknown) =>
      log(`could not drop ${freshDb!.name}: ${String(e)}`),
    );
  }
}
process.on("SIGINT", () => void cleanup().finally(() => process.exit(130)));
// A top-level await that throws (an answer the bench did not expect) lands here: the child and the database go too.
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
  leads: number;
  campaignId: number;
  setup: { buildMs: number; seedMs: number; rssMiB: number };
}
const ready = await next<Ready>("ready");
const url = `http://127.0.0.1:${ready.port}`;

// ---------------------------------------------------------------- phases

/** CPU seconds of every postgres process on this machine (all of them: others' use included). */
function postgresCpuS(): number | null {
  if (ready.db !== "postgres") return null;
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      /* gone */
    }
  }
  return ticks / 100;
}

let phase: Phase = "idle";
const phaseAt = new Map<
  Phase,
  { at: number; pgCpuS: number | null; endAt?: number; pgCpuEndS?: number | null }
>([["idle", { at: now(), pgCpuS: postgresCpuS() }]]);
async function enter(name: Phase) {
  const t = now();
  const pg = postgresCpuS();
  const was = phaseAt.get(phase)!;
  was.endAt = t;
  was.pgCpuEndS = pg;
  phase = name;
  phaseAt.set(name, { at: t, pgCpuS: pg });
  const ok = next("phase-ok");
  child.send({ type: "phase", name });
  await ok;
}

// ---------------------------------------------------------------- HTTP like the browser (as bench/dialer-load)

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 4096 });
interface Creds {
  token: string;
  fp: string;
}
interface Answer {
  status: number;
  body: unknown;
  ms: number;
  cookies: string[];
}
const headersOf = (creds: Creds | null, extra: Record<string, string | number> = {}) => ({
  ...extra,
  ...(creds ? { authorization: `Bearer ${creds.token}`, cookie: `dialer_fp=${creds.fp}` } : {}),
});
function answer(
  res: http.IncomingMessage,
  creds: Creds | null,
  t: number,
  resolve: (a: Answer) => void,
  reject: (e: unknown) => void,
) {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => {
    const ms = now() - t;
    const auth = res.headers.authorization;
    if (creds && typeof auth === "string") creds.token = auth.replace(/^Bearer\s+/i, "");
    const text = Buffer.concat(chunks).toString();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    resolve({ status: res.statusCode ?? 0, body: parsed, ms, cookies: res.headers["set-cookie"] ?? [] });
  });
  res.on("error", reject);
}
function request(
  method: string,
  route: string,
  creds: Creds | null,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = headersOf(
      creds,
      payload === undefined
        ? extra
        : { ...extra, "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
    );
    const t = now();
    const req = http.request(
      { host: "127.0.0.1", port: ready.port, method, path: API_BASE + route, headers, agent: keepAlive },
      (res) => answer(res, creds, t, resolve, reject),
    );
    req.on("error", reject);
    req.setTimeout(300_000, () => req.destroy(new Error("request timed out")));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
/** The file as the request body, streamed from disk (never read whole). */
function uploadFile(route: string, creds: Creds, file: string, bytes: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const t = now();
    const req = http.request(
      {
        host: "127.0.0.1",
        port: ready.port,
        method: "POST",
        path: API_BASE + route,
        headers: headersOf(creds, { "content-type": "text/csv", "content-length": bytes }),
      },
      (res) => answer(res, creds, t, resolve, reject),
    );
    req.on("error", reject);
    req.setTimeout(600_000, () => req.destroy(new Error("upload timed out")));
    createReadStream(file).on("error", reject).pipe(req);
  });
}

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

async function signIn(email: string): Promise<{ creds: Creds; ms: number }> {
  const r = await request("POST", "/login", null, { email, password: ready.password });
  if (r.status !== 201)
    throw new Error(`sign-in of ${email} answered ${r.status}: ${JSON.stringify(r.body)}`);
  const fp = r.cookies.map((c) => /^dialer_fp=([^;]*)/.exec(c)?.[1]).find(Boolean);
  if (!fp) throw new Error("no fingerprint cookie in the sign-in answer");
  return { creds: { token: (r.body as { access_token: string }).access_token, fp }, ms: r.ms };
}

// ---------------------------------------------------------------- idle, then setup: sign in, connect, Ready

await sleep(3000); // the idle gateway's RSS
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
/** Sockets the agents lost, by phase and reason, and their reconnections by phase. */
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
const manager = (await signIn(ready.manager)).creds;
await pool(agents, LOGIN_CONCURRENCY, async (a) => {
  a.creds = (await signIn(a.email)).creds;
});
function connect(a: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    // Reconnecting as the browser's client does (src/realtime/client.ts): the newest token, hello again on each
    // connection. A gateway whose event loop stalls long enough loses its sockets; they are counted.
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

// ---------------------------------------------------------------- the agents' loop (bench/dialer-load's)

const rng = streamFor(SEED, "#lead-import");
type Kind = "dial201" | "dial404" | "dialOther" | "settle" | "dispose" | "ready" | "floor" | "managerGet";
interface Sample {
  phase: Phase;
  kind: Kind;
  /** When the request was answered (performance.now()). */
  at: number;
  ms: number;
}
const samples: Sample[] = [];
const record = (kind: Kind, p: Phase, ms: number) => samples.push({ phase: p, kind, at: now(), ms });
const ticks = new Map<Phase, { ticks: number; missed: number }>();
const counts = { stuck: 0, errors: 0, unauthenticated: new Set<number>() };
const otherAnswers: Record<string, number> = {};
let errorsSeen = 0;
let running = true;
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
function schedule(a: Agent, due: number) {
  setTimeout(
    () => {
      if (!running) return;
      schedule(a, due + TICK_MS);
      const t = ticks.get(phase) ?? ticks.set(phase, { ticks: 0, missed: 0 }).get(phase)!;
      t.ticks++;
      setTimeout(() => running && void probe(a), rng() * TICK_MS);
      if (a.busy) {
        t.missed++;
        return;
      }
      void cycle(a);
    },
    Math.max(0, due - now()),
  );
}

// ---------------------------------------------------------------- the run

const clientLoop = monitorEventLoopDelay({ resolution: 2 });
clientLoop.enable();
await enter("warmup");
const runStart = now();
for (const a of agents) schedule(a, runStart + ((a.i + rng()) / agents.length) * TICK_MS);
log(`dialling: ${WARMUP_S} s warm-up, then ${ALONE_S} s alone`);
await sleep(WARMUP_S * 1000);
await enter("alone");
await sleep(ALONE_S * 1000);

/** The import as GET /lead-imports/:id answers it, every POLL_MS until `done` says so. */
async function pollUntil(id: number, done: (i: LeadImport) => boolean): Promise<LeadImport> {
  let lastLog = now();
  for (;;) {
    const p = phase;
    const r = await request("GET", `/lead-imports/${id}`, manager);
    if (r.status !== 200)
      throw new Error(`GET /lead-imports/${id} answered ${r.status}: ${JSON.stringify(r.body)}`);
    record("managerGet", p, r.ms);
    const imp = LeadImport.parse((r.body as { data: unknown }).data);
    if (done(imp)) return imp;
    if (imp.state === "failed" || imp.state === "cancelled")
      throw new Error(`the import ended ${imp.state}: ${imp.error ?? ""}`);
    if (now() - lastLog > 15_000) {
      lastLog = now();
      log(`  ${imp.state}: ${imp.rows_done} rows`);
    }
    await sleep(POLL_MS);
  }
}

await enter("upload");
log(`uploading ${(expected.bytes / 2 ** 20).toFixed(1)} MiB`);
const up = await uploadFile(
  `/lead-imports?file_name=bench-leads-${ROWS}.csv`,
  manager,
  csvFile,
  expected.bytes,
);
if (up.status !== 201) throw new Error(`the upload answered ${up.status}: ${JSON.stringify(up.body)}`);
const uploaded = LeadImport.parse((up.body as { data: unknown }).data);
const uploadMs = up.ms;
log(`uploaded in ${(uploadMs / 1000).toFixed(1)} s; mapping ${JSON.stringify(uploaded.mapping)}`);

await enter("dryrun");
const tCheck = now();
const check = await request("POST", `/lead-imports/${uploaded.id}/check`, manager, {
  mapping: uploaded.mapping,
  campaign_id: null,
});
if (check.status !== 202) throw new Error(`check answered ${check.status}: ${JSON.stringify(check.body)}`);
const checked = await pollUntil(uploaded.id, (i) => i.state === "checked");
const dryRunMs = now() - tCheck;
log(`dry run: ${(dryRunMs / 1000).toFixed(1)} s, ${JSON.stringify(checked.dry_run?.counts)}`);

await enter("import");
const tStart = now();
const start = await request("POST", `/lead-imports/${uploaded.id}/start`, manager, undefined, {
  "Idempotency-Key": randomUUID(),
});
if (start.status !== 202) throw new Error(`start answered ${start.status}: ${JSON.stringify(start.body)}`);
const done = await pollUntil(uploaded.id, (i) => i.state === "done");
const importMs = now() - tStart;
const importServerMs =
  done.started_at && done.finished_at ? Date.parse(done.finished_at) - Date.parse(done.started_at) : NaN;
log(`import: ${(importMs / 1000).toFixed(1)} s, ${JSON.stringify(done.counts)}`);

await enter("after");
await sleep(AFTER_S * 1000);
running = false;
await enter("drain");
// The lists with their counts, as the manager's page reads them: after the measured phases (on PGlite it stalls
// the gateway for seconds once the book holds the imported list).
const lists = await request("GET", "/lead-lists", manager);
const list = (
  (lists.body as { data?: { id: number; counts: { total: number; dialled: number } }[] }).data ?? []
).find((l) => l.id === done.list_id);
const drainStart = now();
while (agents.some((a) => a.busy) && now() - drainStart < DRAIN_MS) await sleep(100);
clientLoop.disable();

interface PhaseStats {
  phase: Phase;
  wallMs: number;
  cpuUserMs: number;
  cpuSystemMs: number;
  eventLoop: { utilization: number; p50?: number; p99?: number; max?: number };
  rssMiB: { min: number; median: number; max: number; last: number } | null;
  heapUsedMiB: { max: number } | null;
  arrayBuffersMiB: { max: number } | null;
  statements: number;
  statementMs: number;
  shapes: { shape: string; n: number; ms: number }[];
  batches: { waitMs: number; workMs: number; rows: number }[];
}
interface Stats {
  db: "pglite" | "postgres";
  pgliteDir: string | null;
  phases: PhaseStats[];
  book: { leads: number; members: number; refusals: number; chunks: number; file_mb: number };
  calls: { calls: number; imported_dialled: number };
  profiles: { phase: Phase; file: string; summary: ProfileSummary }[];
  liveHeap: {
    phase: Phase;
    batch: number | null;
    heapMiB: number;
    heapTotalMiB: number;
    externalMiB: number;
    rssMiB: number;
    arrayBuffersMiB: number;
  }[];
}
const statsP = next<Stats>("stats");
child.send({ type: "report" });
const stats = await statsP;
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
const sum = (xs: number[]) => xs.reduce((t, x) => t + x, 0);
const f = (n: number | null | undefined, d = 1) =>
  n !== null && n !== undefined && Number.isFinite(n) ? n.toFixed(d) : "n/a";
const latency = (p: Phase, kind: Kind) => {
  const ms = samples.filter((s) => s.phase === p && s.kind === kind).map((s) => s.ms);
  return {
    n: ms.length,
    p50: pct(ms, 50),
    p95: pct(ms, 95),
    p99: pct(ms, 99),
    max: ms.length ? Math.max(...ms) : NaN,
  };
};
const gwPhase = new Map(stats.phases.map((p) => [p.phase, p]));
const SHOWN: Phase[] = ["idle", "setup", "warmup", "alone", "upload", "dryrun", "import", "after"];
const byPhase = SHOWN.map((p) => {
  const g = gwPhase.get(p);
  const at = phaseAt.get(p)!;
  const wallS = ((at.endAt ?? now()) - at.at) / 1000;
  const pgCores =
    at.pgCpuS !== null && at.pgCpuEndS !== null && at.pgCpuEndS !== undefined
      ? (at.pgCpuEndS - at.pgCpuS) / wallS
      : null;
  return {
    phase: p,
    wallS,
    dial201: latency(p, "dial201"),
    dial404: latency(p, "dial404"),
    dialOther: latency(p, "dialOther"),
    floor: latency(p, "floor"),
    settle: latency(p, "settle"),
    dispose: latency(p, "dispose"),
    ready: latency(p, "ready"),
    managerGet: latency(p, "managerGet"),
    ticks: ticks.get(p) ?? { ticks: 0, missed: 0 },
    gateway: g
      ? {
          cores: (g.cpuUserMs + g.cpuSystemMs) / g.wallMs,
          elu: g.eventLoop.utilization,
          loopP99Ms: g.eventLoop.p99,
          loopMaxMs: g.eventLoop.max,
          rssMiB: g.rssMiB,
          heapMaxMiB: g.heapUsedMiB?.max,
          arrayBuffersMaxMiB: g.arrayBuffersMiB?.max,
          statements: g.statements,
          statementMs: g.statementMs,
        }
      : null,
    postgresCores: pgCores,
  };
});
const P = Object.fromEntries(byPhase.map((b) => [b.phase, b])) as Record<Phase, (typeof byPhase)[number]>;
/** Every 10 s from the warm-up on: dials answered 201 (by the time of their answer) and their p50/p99, and the phase. */
const runFrom = phaseAt.get("warmup")!.at;
const runTo = phaseAt.get("after")!.endAt ?? now();
const timeline = Array.from({ length: Math.ceil((runTo - runFrom) / 10_000) }, (_, k) => {
  const from = runFrom + k * 10_000;
  const xs = samples
    .filter((x) => x.kind === "dial201" && x.at >= from && x.at < from + 10_000)
    .map((x) => x.ms);
  const inPhase = [...phaseAt.entries()]
    .filter(([, v]) => v.at < from + 10_000 && (v.endAt ?? Infinity) > from)
    .map(([p]) => p);
  return { fromS: k * 10, phases: inPhase, dials201: xs.length, p50: pct(xs, 50), p99: pct(xs, 99) };
});
/** The after phase without its first 20 s (the agents reconnecting and catching up after a stall). */
const afterSettledFrom = phaseAt.get("after")!.at + 20_000;
const afterSettled = (() => {
  const ms = samples
    .filter((x) => x.kind === "dial201" && x.phase === "after" && x.at - x.ms >= afterSettledFrom)
    .map((x) => x.ms);
  return { n: ms.length, p50: pct(ms, 50), p99: pct(ms, 99) };
})();

// Rows/s: the import's own clock (started_at → finished_at) and the client's (start → "done" seen).
const dryRunRowsPerS = ROWS / (dryRunMs / 1000);
const importRowsPerS = ROWS / (importMs / 1000);
const importServerRowsPerS = ROWS / (importServerMs / 1000);
const batchesOf = (p: Phase) => gwPhase.get(p)?.batches ?? [];
const batchSummary = (p: Phase) => {
  const b = batchesOf(p);
  const wait = b.map((x) => x.waitMs);
  const work = b.map((x) => x.workMs);
  const tenth = Math.max(1, Math.floor(b.length / 10));
  const workOf = (xs: typeof b) => (xs.length ? sum(xs.map((x) => x.workMs)) / xs.length : NaN);
  return {
    batches: b.length,
    rows: sum(b.map((x) => x.rows)),
    waitS: sum(wait) / 1000,
    workS: sum(work) / 1000,
    waitMs: {
      mean: sum(wait) / Math.max(1, b.length),
      p50: pct(wait, 50),
      p99: pct(wait, 99),
      max: b.length ? Math.max(...wait) : NaN,
    },
    workMs: {
      mean: sum(work) / Math.max(1, b.length),
      p50: pct(work, 50),
      p99: pct(work, 99),
      max: b.length ? Math.max(...work) : NaN,
    },
    workFirstTenthMs: workOf(b.slice(0, tenth)),
    workLastTenthMs: workOf(b.slice(-tenth)),
  };
};
const batches = { dryrun: batchSummary("dryrun"), import: batchSummary("import") };

// RSS: the gateway before the import is the alone phase (dialling, no import): its median; the idle gateway's too.
const rssOf = (p: Phase) => gwPhase.get(p)?.rssMiB;
const baseRss = rssOf("alone")?.median ?? NaN;
const idleRss = rssOf("idle")?.median ?? NaN;
const importPhases: Phase[] = ["upload", "dryrun", "import"];
const peakRss = Math.max(...importPhases.map((p) => rssOf(p)?.max ?? NaN));
const peakPhase = importPhases.reduce((a, b) => ((rssOf(b)?.max ?? 0) > (rssOf(a)?.max ?? 0) ? b : a));
const growth = peakRss - baseRss;
const afterRss = rssOf("after")?.last ?? NaN;

const ratio = P.import.dial201.p99 / P.alone.dial201.p99;
const goals = {
  rowsPerS: {
    goal: GOAL.rowsPerS,
    value: importRowsPerS,
    met: importRowsPerS >= GOAL.rowsPerS,
    appliesTo: "postgres",
  },
  rssGrowth: { goal: GOAL.rssGrowthMiB, value: growth, met: growth < GOAL.rssGrowthMiB },
  dialP99: {
    goal: GOAL.dialP99Ratio,
    value: ratio,
    met: ratio <= GOAL.dialP99Ratio,
    alone: P.alone.dial201.p99,
    import: P.import.dial201.p99,
  },
};
const same = (a: ImportCounts | undefined, b: Record<string, number>) =>
  JSON.stringify(
    Object.entries(a ?? {})
      .filter(([, v]) => v)
      .sort(),
  ) ===
  JSON.stringify(
    Object.entries(b)
      .filter(([, v]) => v)
      .sort(),
  );
const countsOk = {
  dryRun: same(checked.dry_run?.counts, expected.counts),
  import: same(done.counts, expected.counts),
  list: list?.counts.total === expected.counts.created,
};

const out: string[] = [];
const line = (l = "") => out.push(l);
const dbName =
  stats.db === "postgres"
    ? "PostgreSQL"
    : `PGlite ${stats.pgliteDir ? "(data directory on disk)" : "(in memory)"}`;
line();
line(
  `lead-import: ${ROWS.toLocaleString("en-US")} rows (${f(expected.bytes / 2 ** 20)} MiB) on ${dbName}, ${AGENTS} agents dialling on a ${TICK_MS / 1000} s tick, ${ready.leads} seeded leads, Node ${process.versions.node}, ${cpus().length} cores${PIN ? ", pinned (gateway core 0, agents core 1)" : ""}, gateway ${HEAP_FLAGS.join(" ") || "without a heap cap (--no-heap-cap)"}, ${new Date().toISOString()}, commit ${COMMIT}${CHANGED ? ` (+${CHANGED} changed or new files under plugins/lead-lists, server/modules/leads, server/db)` : ""}${EXPERIMENT_YIELD ? "; EXPERIMENT: the job yields to the event loop before each batch" : ""}${GC_PROBE ? "; --gc-probe: full collections during the run" : ""}`,
);
line(
  `setup (not measured): CSV written in ${f(csvMs / 1000)} s; gateway built ${f(ready.setup.buildMs / 1000)} s + world ${f(ready.setup.seedMs / 1000)} s; sign-in, sockets, Ready ${f(setupMs / 1000)} s`,
);
line();
line(`import of the file (its mapping as guessed: ${JSON.stringify(uploaded.mapping)})`);
line(
  `  upload     ${f(uploadMs / 1000, 1).padStart(6)} s  ${f(expected.bytes / 2 ** 20 / (uploadMs / 1000))} MiB/s (stored in ${stats.book.chunks} pieces, ${f(stats.book.file_mb)} MiB)`,
);
line(
  `  dry run    ${f(dryRunMs / 1000, 1).padStart(6)} s  ${f(dryRunRowsPerS, 0).padStart(6)} rows/s  counts ${JSON.stringify(checked.dry_run?.counts)} ${countsOk.dryRun ? "= expected" : `≠ expected ${JSON.stringify(expected.counts)}`}`,
);
line(
  `  import     ${f(importMs / 1000, 1).padStart(6)} s  ${f(importRowsPerS, 0).padStart(6)} rows/s  (job's own clock ${f(importServerMs / 1000)} s = ${f(importServerRowsPerS, 0)} rows/s)  counts ${JSON.stringify(done.counts)} ${countsOk.import ? "= expected" : `≠ expected ${JSON.stringify(expected.counts)}`}`,
);
line(
  `  the list: ${list?.counts.total ?? "?"} leads (${list?.counts.dialled ?? "?"} dialled by the end) ${countsOk.list ? "= rows created" : "≠ rows created"}; refused rows stored ${stats.book.refusals}; leads in the book ${stats.book.leads}`,
);
line(`  GET /lead-lists (the manager's lists page, with their counts) afterwards: ${f(lists.ms, 0)} ms`);
line(`  expected refusals (csv.ts): ${JSON.stringify(expected.specials)}`);
line();
line(
  `the job's batches of 1,000 rows (wait: reading the stored file, decoding, cutting and parsing the CSV; work: the intake, its writes, the commit)`,
);
for (const p of ["dryrun", "import"] as const) {
  const b = batches[p];
  line(
    `  ${p.padEnd(7)} ${String(b.batches).padStart(4)} batches: wait ${f(b.waitS)} s (p50 ${f(b.waitMs.p50, 1)} ms, p99 ${f(b.waitMs.p99, 1)}, max ${f(b.waitMs.max, 0)}), work ${f(b.workS)} s (p50 ${f(b.workMs.p50, 1)} ms, p99 ${f(b.workMs.p99, 1)}, max ${f(b.workMs.max, 0)}); work per batch, first tenth ${f(b.workFirstTenthMs, 1)} ms → last tenth ${f(b.workLastTenthMs, 1)} ms`,
  );
}
line();
line(
  `by phase             wall  | POST /dials/auto 201 (ms)                  | 404  other | floor p50/p99 | ticks missed | gateway CPU  ELU  loop p99 | RSS MiB median/max | heap max | ${stats.db === "postgres" ? "postgres CPU" : "SQL on loop"}`,
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
    `  ${b.phase.padEnd(8)} ${f(b.wallS, 1).padStart(7)} s | n ${String(d.n).padStart(5)} p50 ${f(d.p50, 1).padStart(6)} p95 ${f(d.p95, 1).padStart(6)} p99 ${f(d.p99, 1).padStart(7)} max ${f(d.max, 0).padStart(6)} | ${String(b.dial404.n).padStart(4)} ${String(b.dialOther.n).padStart(5)} | ${f(b.floor.p50, 1).padStart(5)} / ${f(b.floor.p99, 1).padStart(6)} | ${String(b.ticks.missed).padStart(4)} of ${String(b.ticks.ticks).padStart(5)} | ${g ? `${f(g.cores * 100, 0).padStart(4)} % ${f(g.elu * 100, 0).padStart(4)} % ${f(g.loopP99Ms, 0).padStart(6)} ms` : "".padEnd(26)} | ${g?.rssMiB ? `${f(g.rssMiB.median, 0).padStart(6)} / ${f(g.rssMiB.max, 0).padStart(6)}` : "".padEnd(15)} | ${f(g?.heapMaxMiB, 0).padStart(6)} | ${sqlShare}`,
  );
}
line();
line(
  `RSS: idle gateway ${f(idleRss, 0)} MiB; before the import (dialling alone, median) ${f(baseRss, 0)} MiB; peak during ${peakPhase} ${f(peakRss, 0)} MiB → growth ${f(growth, 0)} MiB over the gateway before the import (${f(peakRss - (rssOf("alone")?.max ?? NaN), 0)} over its highest sample then, ${f(peakRss - idleRss, 0)} over the idle gateway's); ${f(afterRss, 0)} MiB at the end of the after phase`,
);
if (stats.db === "pglite")
  line(
    `  on PGlite the database lives in the gateway's process${stats.pgliteDir ? " (its shared buffers and caches; the data directory is on disk)" : ", in memory: the stored file and the imported leads are part of this RSS"}; array buffers (PGlite's WebAssembly memory) max ${f(Math.max(...importPhases.map((p) => gwPhase.get(p)?.arrayBuffersMiB?.max ?? NaN)), 0)} MiB during the import phases against ${f(gwPhase.get("alone")?.arrayBuffersMiB?.max, 0)} before`,
  );
line();
for (const p of ["dryrun", "import"] as const) {
  const g = gwPhase.get(p);
  if (!g) continue;
  line(
    `statements during ${p} by time (${stats.db === "pglite" ? "PGlite: WebAssembly time on the gateway's event loop" : "PostgreSQL: node-postgres round trip"}): ${g.statements} statements, ${f(g.statementMs / 1000)} s`,
  );
  for (const x of g.shapes.slice(0, 10))
    line(
      `  ${f(x.ms / 1000, 2).padStart(7)} s ${String(x.n).padStart(7)}× ${f((x.ms / Math.max(1, x.n)) * 1000, 0).padStart(7)} µs  ${x.shape.slice(0, 200)}`,
    );
}
if (stats.liveHeap.length) {
  line();
  line(
    `live heap after a full collection (--gc-probe: the latencies of this run are not comparable), at each phase's start and every 50th batch: heap used / heap committed / external (of which array buffers) / RSS, MiB:`,
  );
  line(
    `  ${stats.liveHeap.map((x) => `${x.phase}${x.batch ? ` #${x.batch}` : ""} ${f(x.heapMiB, 0)}/${f(x.heapTotalMiB, 0)}/${f(x.externalMiB, 0)}(${f(x.arrayBuffersMiB, 0)})/${f(x.rssMiB, 0)}`).join("; ")}`,
  );
}
for (const prof of stats.profiles) {
  line();
  line(`CPU profile of the gateway during ${prof.phase} (${path.relative(process.cwd(), prof.file)}):`);
  printSummary(prof.summary, line);
}
line();
line(
  `POST /dials/auto 201 by 10 s of the run (answered then), p50/p99 ms [phase]: ${timeline.map((b) => `${b.fromS}s ${b.dials201 ? `${f(b.p50, 0)}/${f(b.p99, 0)}` : "none"} [${b.phases.join(",")}]`).join("; ")}`,
);
line(
  `after the import, from its 20th second on (the book ${stats.book.leads.toLocaleString("en-US")} leads): n ${afterSettled.n}, p50 ${f(afterSettled.p50)} ms, p99 ${f(afterSettled.p99)} ms`,
);
line(
  `manager's GET /lead-imports/:id while polling: ${["upload", "dryrun", "import"].map((p) => `${p} p50 ${f(P[p as Phase].managerGet.p50)} / p99 ${f(P[p as Phase].managerGet.p99)} ms`).join("; ")}`,
);
line(
  `calls in all ${stats.calls.calls}; imported leads dialled ${stats.calls.imported_dialled}; calls without a hangup push in 60 s ${counts.stuck}; errors ${counts.errors}; agents whose session ended (any 401): ${counts.unauthenticated.size}; agents' process event-loop delay p99 ${f(clientLoop.percentile(99) / 1e6 - 2)} ms`,
);
if (Object.keys(otherAnswers).length) line(`other answers: ${JSON.stringify(otherAnswers)}`);
line(
  `agents' sockets lost: ${Object.keys(disconnects).length ? JSON.stringify(disconnects) : "none"}${reconnects.size ? `; reconnected: ${JSON.stringify(Object.fromEntries(reconnects))}` : ""}`,
);
line();
line(`goals (issue 36):`);
line(
  `  rows/s ≥ ${GOAL.rowsPerS.toLocaleString("en-US")} on PostgreSQL: import ${f(importRowsPerS, 0)} rows/s (dry run ${f(dryRunRowsPerS, 0)}) → ${stats.db === "postgres" ? (goals.rowsPerS.met ? "MET" : "NOT MET") : `${goals.rowsPerS.met ? "would be met" : "would not be met"} (the goal is PostgreSQL's; this run is PGlite)`}`,
);
line(
  `  RSS growth < ${GOAL.rssGrowthMiB} MB: ${f(growth, 0)} MiB → ${goals.rssGrowth.met ? "MET" : "NOT MET"}`,
);
if (P.import.dial201.n === 0)
  line(
    `  dial p99 during the import ≤ ${GOAL.dialP99Ratio}× alone: no POST /dials/auto started during the import was answered 201 (${P.import.dialOther.n} other answers, ${P.import.ticks.missed} of ${P.import.ticks.ticks} ticks missed: the agent's previous request still unanswered) → NOT MET`,
  );
else
  line(
    `  dial p99 during the import ≤ ${GOAL.dialP99Ratio}× alone: ${f(P.import.dial201.p99)} ms against ${f(P.alone.dial201.p99)} ms = ${f(ratio, 2)}× → ${goals.dialP99.met ? "MET" : "NOT MET"} (during the dry run ${f(P.dryrun.dial201.p99 / P.alone.dial201.p99, 2)}×, the upload ${f(P.upload.dial201.p99 / P.alone.dial201.p99, 2)}×, after the import ${f(P.after.dial201.p99 / P.alone.dial201.p99, 2)}×)`,
  );
line(
  `  counts: dry run ${countsOk.dryRun ? "as expected" : "NOT as expected"}, import ${countsOk.import ? "as expected" : "NOT as expected"}, list ${countsOk.list ? "as expected" : "NOT as expected"}`,
);
console.log(out.join("\n"));

const resultsDir = path.join(here, "results");
mkdirSync(resultsDir, { recursive: true });
const file = path.join(
  resultsDir,
  `lead-import-${stats.db}${stats.pgliteDir ? "-disk" : ""}${EXPERIMENT_YIELD ? "-yield" : ""}${GC_PROBE ? "-gcprobe" : ""}-${ROWS}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
);
writeFileSync(
  file,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      node: process.versions.node,
      cores: cpus().length,
      commit: COMMIT,
      changedFiles: CHANGED,
      db: stats.db,
      pgliteOnDisk: Boolean(stats.pgliteDir),
      config: {
        experimentYield: EXPERIMENT_YIELD,
        gcProbe: GC_PROBE,
        rows: ROWS,
        agents: AGENTS,
        leads: LEADS,
        tickMs: TICK_MS,
        warmupS: WARMUP_S,
        aloneS: ALONE_S,
        afterS: AFTER_S,
        pollMs: POLL_MS,
        seed: SEED,
        pinned: PIN,
        clockStart: CLOCK_START,
      },
      file: { bytes: expected.bytes, writeMs: csvMs, expected },
      mapping: uploaded.mapping,
      upload: { ms: uploadMs, chunks: stats.book.chunks, storedMiB: stats.book.file_mb },
      dryRun: { ms: dryRunMs, rowsPerS: dryRunRowsPerS, result: checked.dry_run },
      import: {
        ms: importMs,
        serverMs: importServerMs,
        rowsPerS: importRowsPerS,
        serverRowsPerS: importServerRowsPerS,
        counts: done.counts,
        list,
        leadListsGetMs: lists.ms,
      },
      countsOk,
      batches: { dryrun: batches.dryrun, import: batches.import },
      rss: {
        idleMiB: idleRss,
        beforeImportMiB: baseRss,
        peakMiB: peakRss,
        peakPhase,
        growthMiB: growth,
        afterMiB: afterRss,
      },
      goals,
      phases: byPhase,
      timeline,
      afterSettled,
      statements: Object.fromEntries(
        stats.phases.map((p) => [p.phase, { n: p.statements, ms: p.statementMs, shapes: p.shapes }]),
      ),
      profiles: stats.profiles,
      liveHeap: stats.liveHeap,
      book: stats.book,
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
