// Dialer load benchmark (reference/performance.md X1, X5): N agents (default 2,000) signed in, connected on
// the realtime socket and Ready, each auto-dialling on its own 10 s tick for a bounded time, against one
// gateway with the real dialer engine, call service and simulated PBX. Reports dials/s, p50/p99 of
// POST /dials/auto (201 and 404 apart), the gateway's CPU, RSS and event-loop delay, the dials the rules
// refused (the 404s' reasons summed), next to a floor measured in the same run on the same gateway under the
// same load: a trivial authenticated GET (/calls/current: authentication, access, an in-memory answer).
// Goal (X1): 2,000 agents on this 2-core machine with POST /dials/auto p99 ≤ 25 ms.
//
// Setup (what is real, what is not):
//  - The gateway runs in a child process (gateway.ts): buildGateway with PGlite in memory, or PostgreSQL
//    when DATABASE_URL is set; then this bench creates a fresh database next to the one named
//    (dialer_load_<hex>), runs there and drops it at the end, so the database in DATABASE_URL is never
//    written. Clock pinned with CLOCK_START (default 2026-03-10T18:00:00Z, a Tuesday afternoon in every US
//    zone) running in real time; SimPbx with a fast profile (calls of 1–7 s, see gateway.ts); SIP_EDGE off,
//    so the WebRTC softphone is registered by the socket's hello.
//  - Its world is written straight into its database before it listens: one tenant, one active campaign,
//    N qualifiers (extension, WebRTC, assigned to the campaign, one argon2 hash computed once), and enough
//    leads (default ≈ 1.25 × the dials the run can place) in states whose calling window is open.
//  - This process holds the agents. Each one signs in with POST /login (argon2 verify: bounded concurrency),
//    keeps its rotating token and fingerprint cookie like the browser, connects socket.io (websocket,
//    the token in auth, the cookie), says hello with its extension, and POSTs Ready. That setup is timed
//    and reported, and not measured.
//  - The run: agent i ticks every 10 s (--tick) from a phase spread evenly over the first tick. On a tick
//    with no cycle in progress it POSTs /dials/auto (an Idempotency-Key, as the browser's loop sends). On
//    201 it waits for the call's `hangup` push, settles it (PUT /leads/{id}/calls/{callId}), takes 0.5–1.5 s
//    of wrap-up, disposes (POST /leads/{id}/dispositions: 'Not Interested' with a reason when AMD said a
//    person answered, else 'Voicemail'), and POSTs Ready again; the next tick dials again. A tick that finds
//    the previous cycle still running is counted as missed (the offered load is not met). Once per tick, at
//    a random moment, the agent also GETs /calls/current: the floor.
//  - Measured: requests started inside the window (after --warmup s, for --seconds s); the gateway's
//    process.cpuUsage, event-loop utilisation and delay (monitorEventLoopDelay), RSS (sampled every 250 ms),
//    SQL statements by shape (on PGlite their WebAssembly time, i.e. the database's share of the gateway's
//    CPU), and with --profile a CPU profile of the window (summarised by area and function).
//  - Loopback only; this 2-core VM is shared and noisy (performance.md §0), hence the floor and the ratios.
//    --pin puts the gateway on core 0 and this process on core 1 (PostgreSQL's backends float).
//
//   npm run bench:dialer-load -- [--agents 2000] [--seconds 150] [--warmup 15] [--tick 10] [--leads N]
//       [--login-concurrency 8] [--pin] [--profile [DIR]] [--seed 1] [--clock-start ISO] [--pool-index] [--explain]
//       [--managers 1] (managers watching the floor plugin's wall on their sockets; 0: nobody watches it)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:dialer-load -- --agents 2000
//   DATABASE_URL=… REDIS_URL=redis://127.0.0.1:6379 npm run bench:dialer-load -- --instances 2 --agents 1000
//       (the cluster mode, issue 39 part 2: N instances on one fake Asterisk behind HAProxy; see --instances below)
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { io, type Socket } from "socket.io-client";
import { API_BASE } from "../../src/contract/common";
import { SOCKET_PATH } from "../../src/contract/socket";
import { adminQuery, databaseUrl } from "../../server/db/admin";
import { streamFor } from "../../server/pbx/sim/random";
import { startFakeAsterisk, startHaproxy, stopProcess } from "../../tests/cluster/stack";
import { FAST_PROFILE } from "./world";
import { printSummary, type ProfileSummary } from "./profile";
import { CallEnds } from "../callEnds";

const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const str = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] && !argv[i + 1]!.startsWith("--") ? argv[i + 1] : undefined;
};
const AGENTS = num("agents", 2000);
/**
 * Managers with the dialer open, each on its socket receiving the floor's pushes (a floor is watched): the floor
 * reads agents' rows for its wall only while one is (plugins/floor/server.ts). --managers 0: a floor nobody watches.
 */
const MANAGERS = num("managers", 1);
const SECONDS = num("seconds", 150);
const WARMUP_S = num("warmup", 15);
const TICK_MS = num("tick", 10) * 1000;
const SEED = num("seed", 1);
const LOGIN_CONCURRENCY = num("login-concurrency", 8);
const PIN = argv.includes("--pin");
/** An experiment: an index in the pool's order in the bench's own database (see gateway.ts). */
const POOL_INDEX = argv.includes("--pool-index");
const here = path.dirname(fileURLToPath(import.meta.url));
/** CPU profiles run to tens of MB: the system's temporary directory unless a directory is named. */
const PROFILE_DIR = argv.includes("--profile")
  ? path.resolve(str("profile") ?? path.join(tmpdir(), "dialer-load-profiles"))
  : undefined;
const CLOCK_START = str("clock-start") ?? "2026-03-10T18:00:00Z";
/** Fresh leads: one per dial the run can place, plus a margin (a 'Voicemail' lead waits 30 min to be redialled). */
const LEADS = num("leads", Math.ceil(AGENTS * (Math.ceil(((WARMUP_S + SECONDS) * 1000) / TICK_MS) + 2) * 1.25) + 500);
const GOAL = { agents: 2000, p99Ms: 25, served: 0.95 };
/** Setup (sign-in of N agents, sockets) may take this long; the whole run is killed past its budget. */
const SETUP_BUDGET_S = num("setup-budget", 600);
const DRAIN_MS = 20_000;
const BASE_URL = process.env.DATABASE_URL || "";

const now = () => performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started = now();
setTimeout(
  () => {
    console.error("dialer-load: time budget exceeded, stopping");
    void cleanup().finally(() => process.exit(2));
  },
  (SETUP_BUDGET_S + WARMUP_S + SECONDS + 120) * 1000,
).unref();

// ---------------------------------------------------------------- a fresh PostgreSQL database, if asked

let freshDb: { name: string; url: string } | null = null;
const pgAdmin = (sql: string) => adminQuery(BASE_URL, sql);
if (BASE_URL) {
  const name = `dialer_load_${randomBytes(5).toString("hex")}`;
  await pgAdmin(`create database ${name}`);
  freshDb = { name, url: databaseUrl(BASE_URL, name) };
  console.error(`dialer-load: created database ${name}`);
}

// ---------------------------------------------------------------- the gateway children

/**
 * --instances N (issue 39 part 2, the cluster mode): N gateway children on one PostgreSQL (the fresh database) and
 * the Redis of REDIS_URL, all with PBX=asterisk on one fake Asterisk process (the cluster tier's, with the fast
 * world above: one PBX whose telephony lease one instance holds, the others sending it their call commands), and
 * Debian's HAProxy with deploy/haproxy/dialer.cfg in front: the agents reach the instances only through it.
 * N = 1 is the baseline the ratios are taken against (same proxy, same PBX, one instance). Without the flag: one
 * gateway with its embedded SimPbx, reached directly.
 */
const INSTANCES = argv.includes("--instances") ? num("instances", 1) : 0;
const REDIS_URL = process.env.REDIS_URL || "";
if (INSTANCES && (!BASE_URL || !REDIS_URL || !Number.isInteger(INSTANCES) || INSTANCES < 1 || INSTANCES > 3)) {
  console.error("dialer-load: --instances 1–3 needs DATABASE_URL and REDIS_URL (PostgreSQL and Redis the instances share)");
  process.exit(2);
}
/** The proxy's port in cluster mode: away from the cluster tier's (8410–8413) and the gateway's default. */
const PROXY_PORT = 8430;

const childArgs = [
  path.join(here, "gateway.ts"),
  "--agents",
  String(AGENTS),
  "--leads",
  String(LEADS),
  "--managers",
  String(MANAGERS),
  "--clock-start",
  CLOCK_START,
  ...(PROFILE_DIR ? ["--profile", PROFILE_DIR] : []),
  ...(argv.includes("--explain") ? ["--explain"] : []),
  ...(POOL_INDEX ? ["--pool-index"] : []),
];
const nodeArgs = ["--import", "tsx", ...childArgs];
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
if (PIN) execFileSync("taskset", ["-a", "-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
let finished = false;

/** A gateway child and its IPC: `next(type)` resolves with its next message of that type. */
interface GatewayChild {
  name: string;
  process: ChildProcess;
  next<T>(type: string): Promise<T>;
}
function spawnGateway(name: string, extraArgs: string[], extraEnv: NodeJS.ProcessEnv): GatewayChild {
  const env = { ...process.env, DATABASE_URL: freshDb?.url ?? "", ...extraEnv };
  const args = [...nodeArgs, ...extraArgs];
  // Pinned: the gateway on core 0 (the agents are on core 1); in cluster mode the instances float.
  const proc =
    PIN && !INSTANCES
      ? spawn("taskset", ["-c", "0", process.execPath, ...args], { stdio: ["ignore", "inherit", "inherit", "ipc"], env })
      : spawn(process.execPath, args, { stdio: ["ignore", "inherit", "inherit", "ipc"], env });
  const waiting = new Map<string, ((m: unknown) => void)[]>();
  proc.on("message", (m: { type: string }) => waiting.get(m.type)?.shift()?.(m));
  proc.on("exit", (code) => {
    if (!finished) {
      console.error(`dialer-load: the gateway child ${name} exited (${code}) before the end`);
      void cleanup().finally(() => process.exit(1));
    }
  });
  return {
    name,
    process: proc,
    next: <T>(type: string) =>
      new Promise<T>((resolve) => {
        const q = waiting.get(type) ?? [];
        q.push(resolve as (m: unknown) => void);
        waiting.set(type, q);
      }),
  };
}

const children: GatewayChild[] = [];
/** Cluster mode's other processes: the fake Asterisk and HAProxy. */
const helpers: ChildProcess[] = [];
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  finished = true;
  for (const c of children) c.process.kill("SIGKILL");
  for (const h of helpers) await stopProcess(h).catch(() => {});
  if (freshDb) {
    await sleep(300);
    await pgAdmin(`drop database if exists ${freshDb.name} with (force)`).catch((e: unknown) =>
      console.error(`dialer-load: could not drop ${freshDb!.name}: ${String(e)}`),
    );
  }
}
process.on("SIGINT", () => void cleanup().finally(() => process.exit(130)));

interface Ready {
  port: number;
  emails: string[];
  managers: string[];
  extensions: string[];
  password: string;
  db: "pglite" | "postgres";
  leads: number;
  setup: { buildMs: number; seedMs: number };
}
let ready: Ready;
let target: { port: number };
if (!INSTANCES) {
  children.push(spawnGateway("gateway", [], {}));
  ready = await children[0]!.next<Ready>("ready");
  target = { port: ready.port };
} else {
  const extensions = Array.from({ length: AGENTS }, (_, n) => String(50_000 + n));
  const ari = await startFakeAsterisk(extensions, { ...process.env, SIM_PROFILE: JSON.stringify(FAST_PROFILE) });
  helpers.push(ari.child);
  const clusterEnv = {
    REDIS_URL,
    PBX: "asterisk",
    ARI_URL: ari.url,
    ARI_USER: "dialer",
    ARI_PASSWORD: "secret",
    SIP_WS_URL: "ws://127.0.0.1:9", // required with PBX=asterisk; no softphone registers here
    // One signing key for the cluster, its own for this run: the Redis channels and keys are namespaced by it.
    JWT_SECRET: `dialer-load-${randomBytes(16).toString("hex")}`,
  };
  const clockAt = String(Date.now());
  const instanceArgs = (k: number) => ["--instance", String(k), "--clock-at", clockAt];
  // The first writes the world (and migrates the database); the others start on it.
  children.push(spawnGateway("gw1", instanceArgs(0), clusterEnv));
  ready = await children[0]!.next<Ready>("ready");
  for (let k = 1; k < INSTANCES; k++) children.push(spawnGateway(`gw${k + 1}`, instanceArgs(k), clusterEnv));
  const ports = [ready.port, ...(await Promise.all(children.slice(1).map((c) => c.next<Ready>("ready")))).map((r) => r.port)];
  const proxyDir = mkdtempSync(path.join(tmpdir(), "dialer-load-proxy-"));
  const proxy = await startHaproxy(proxyDir, children.map((c, k) => ({ name: c.name, port: ports[k]! })), PROXY_PORT);
  helpers.push(proxy.child);
  target = { port: PROXY_PORT };
  console.error(`dialer-load: ${INSTANCES} instance(s) on ports ${ports.join(", ")} behind HAProxy at ${proxy.url}; fake Asterisk at ${ari.url}`);
}
const childSetupMs = now() - started;
const url = `http://127.0.0.1:${target.port}`;

// ---------------------------------------------------------------- HTTP like the browser

// A free connection is dropped after 20 s idle, well before the gateway closes it (Fastify's keep-alive timeout is
// 72 s): reusing one the gateway is closing fails the request with "socket hang up" (a browser retries those).
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 4096, timeout: 20_000 });
interface Creds {
  token: string;
  fp: string;
}
interface Answer {
  status: number;
  body: unknown;
  ms: number;
  cookies: string[];
  /** Its Retry-After in seconds, when it had one. */
  retryAfter?: number;
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
    const headers: Record<string, string | number> = { ...extra };
    if (payload !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(payload);
    }
    if (creds) {
      headers.authorization = `Bearer ${creds.token}`;
      headers.cookie = `dialer_fp=${creds.fp}`;
    }
    const t = now();
    const req = http.request(
      { host: "127.0.0.1", port: target.port, method, path: API_BASE + route, headers, agent: keepAlive },
      (res) => {
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
          const retryAfter = Number(res.headers["retry-after"]);
          resolve({
            status: res.statusCode ?? 0,
            body: parsed,
            ms,
            cookies: res.headers["set-cookie"] ?? [],
            ...(Number.isFinite(retryAfter) && res.headers["retry-after"] !== undefined && { retryAfter }),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.setTimeout(120_000, () => req.destroy(new Error("request timed out")));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Runs `fn` over items with at most `limit` at once. */
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

// ---------------------------------------------------------------- setup: sign in, connect, Ready

interface Agent {
  i: number;
  email: string;
  ext: string;
  creds: Creds;
  socket: Socket | null;
  busy: boolean;
  /** Its calls' ends, from the pushes on its socket. */
  ends: CallEnds;
}
const agents: Agent[] = ready.emails.map((email, i) => ({
  i,
  email,
  ext: ready.extensions[i]!,
  creds: { token: "", fp: "" },
  socket: null,
  busy: false,
  ends: new CallEnds(),
}));

/** Signs an account in as the page does: its token and fingerprint cookie, and how long the sign-in took. */
async function signIn(email: string): Promise<Creds & { ms: number }> {
  const r = await request("POST", "/login", null, { email, password: ready.password });
  if (r.status !== 201) throw new Error(`sign-in of ${email} answered ${r.status}: ${JSON.stringify(r.body)}`);
  const fp = r.cookies.map((c) => /^dialer_fp=([^;]*)/.exec(c)?.[1]).find(Boolean);
  if (!fp) throw new Error("no fingerprint cookie in the sign-in answer");
  return { token: (r.body as { access_token: string }).access_token, fp, ms: r.ms };
}

/** The page's socket for those credentials; `accepted` resolves once the gateway tells it its status. */
function openSocket(creds: Creds): { s: Socket; accepted: Promise<void> } {
  const s = io(url, {
    path: SOCKET_PATH,
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    auth: { token: creds.token },
    extraHeaders: { cookie: `dialer_fp=${creds.fp}` },
  });
  const accepted = new Promise<void>((resolve, reject) => {
    s.once("status", () => resolve());
    s.once("connect_error", reject);
  });
  return { s, accepted };
}

const tLogin = now();
const loginMs: number[] = [];
await pool(agents, LOGIN_CONCURRENCY, async (a) => {
  const { token, fp, ms } = await signIn(a.email);
  a.creds = { token, fp };
  loginMs.push(ms);
});
const signInMs = now() - tLogin;
console.error(`dialer-load: ${agents.length} agents signed in in ${(signInMs / 1000).toFixed(1)} s (concurrency ${LOGIN_CONCURRENCY})`);

function connect(a: Agent): Promise<void> {
  const { s, accepted } = openSocket(a.creds);
  a.socket = s;
  a.ends.follow(s);
  return accepted;
}
const tSockets = now();
for (let i = 0; i < agents.length; i += 100) await Promise.all(agents.slice(i, i + 100).map(connect));
await pool(agents, 200, async (a) => {
  const r = (await a.socket!.timeout(30_000).emitWithAck("hello", { extension: a.ext, hasWebRtc: true })) as { ok: boolean };
  if (!r.ok) throw new Error(`hello of ${a.ext} refused: ${JSON.stringify(r)}`);
});
const socketsMs = now() - tSockets;
// The managers watching the floor: signed in and on their sockets, counting the floor's pushes they receive.
const floorPushes = { rows: 0, statuses: 0, totals: 0 };
let floorWindow = false;
const managerSockets: Socket[] = [];
for (const email of ready.managers) {
  const { s, accepted } = openSocket(await signIn(email));
  s.on("floor-agent", () => floorWindow && floorPushes.rows++);
  s.on("floor-status", () => floorWindow && floorPushes.statuses++);
  s.on("floor-totals", () => floorWindow && floorPushes.totals++);
  await accepted;
  managerSockets.push(s);
}
const tReady = now();
await pool(agents, 32, async (a) => {
  const r = await request("POST", "/agent-statuses", a.creds, { status: "ready" });
  if (r.status !== 201) throw new Error(`Ready of ${a.email} answered ${r.status}: ${JSON.stringify(r.body)}`);
});
const readyMs = now() - tReady;
const setupMs = now() - started;
console.error(
  `dialer-load: sockets + hello in ${(socketsMs / 1000).toFixed(1)} s, Ready in ${(readyMs / 1000).toFixed(1)} s; setup ${(setupMs / 1000).toFixed(1)} s in all. Running ${WARMUP_S} s warm-up + ${SECONDS} s measured.`,
);

// ---------------------------------------------------------------- the run

const rng = streamFor(SEED, "#dialer-load");
interface Sample {
  at: number;
  ms: number;
}
const samples = {
  dial201: [] as Sample[],
  dial404: [] as Sample[],
  dialOther: [] as Sample[],
  dialBusy: [] as Sample[],
  settle: [] as Sample[],
  dispose: [] as Sample[],
  ready: [] as Sample[],
  floor: [] as Sample[],
};
const refusedByRule: Record<string, number> = {};
const examined404: number[] = [];
const otherAnswers: Record<string, number> = {};
const counts = { ticks: 0, missed: 0, stuck: 0, errors: 0, readyRetried: 0, notInterested: 0, voicemail: 0 };
const tickLate: number[] = [];
let errorsSeen = 0;

const runStart = now();
const mStart = runStart + WARMUP_S * 1000;
const mEnd = mStart + SECONDS * 1000;
const inWindow = (t: number) => t >= mStart && t < mEnd;
let running = true;
const record = (into: Sample[], at: number, ms: number) => {
  if (inWindow(at)) into.push({ at, ms });
};

async function cycle(a: Agent) {
  a.busy = true;
  try {
    let at = now();
    let r = await request("POST", "/dials/auto", a.creds, undefined, { "Idempotency-Key": randomUUID() });
    // The gateway's admission (503 with Retry-After): asked again after the delay plus up to a second, as the page's
    // loop does (plugins/auto-dialing/loop.ts), until the run ends.
    while (r.status === 503 && r.retryAfter !== undefined && running) {
      record(samples.dialBusy, at, r.ms);
      await sleep(r.retryAfter * 1000 + rng() * 1000);
      at = now();
      r = await request("POST", "/dials/auto", a.creds, undefined, { "Idempotency-Key": randomUUID() });
    }
    if (r.status === 201) {
      record(samples.dial201, at, r.ms);
      const { callId, leadId } = r.body as { callId: number; leadId: number };
      const end = await a.ends.wait(callId, 60_000);
      if (!end) {
        if (inWindow(at)) counts.stuck++;
        await a.socket!.timeout(5_000).emitWithAck("hangup", { extension: a.ext }).catch(() => {});
        await a.ends.wait(callId, 10_000);
      }
      const t1 = now();
      const s = await request("PUT", `/leads/${leadId}/calls/${callId}`, a.creds, { extra_recording_index: 0 });
      if (s.status === 202) record(samples.settle, t1, s.ms);
      else note(`PUT settle ${s.status}`, s.body, at, a);
      await sleep(500 + rng() * 1000); // wrap-up: the agent picks the disposition
      const human = a.ends.heardPerson(callId) && !!end?.answered;
      const disposition = human
        ? { disposition: "Not Interested", reason: "Already has coverage", notes: "" }
        : { disposition: "Voicemail", notes: "" };
      if (inWindow(at)) counts[human ? "notInterested" : "voicemail"]++;
      const t2 = now();
      const d = await request(
        "POST",
        `/leads/${leadId}/dispositions`,
        a.creds,
        { disposition, call_id: callId },
        { "Idempotency-Key": randomUUID() },
      );
      if (d.status === 201) record(samples.dispose, t2, d.ms);
      else note(`POST dispositions ${d.status}`, d.body, at, a);
      for (let attempt = 0; attempt < 3; attempt++) {
        const t3 = now();
        const rd = await request("POST", "/agent-statuses", a.creds, { status: "ready" });
        if (rd.status === 201) {
          record(samples.ready, t3, rd.ms);
          break;
        }
        // The call's after-call-work status may land after the hangup push: Ready again shortly.
        if (inWindow(at)) counts.readyRetried++;
        if (attempt === 2) note(`POST agent-statuses ${rd.status}`, rd.body, at, a);
        await sleep(300);
      }
    } else if (r.status === 404) {
      record(samples.dial404, at, r.ms);
      const body = r.body as { reasons?: Record<string, number>; examined?: number };
      if (inWindow(at)) {
        for (const [rule, n] of Object.entries(body.reasons ?? {})) refusedByRule[rule] = (refusedByRule[rule] ?? 0) + n;
        examined404.push(body.examined ?? 0);
      }
    } else {
      record(samples.dialOther, at, r.ms);
      note(`POST dials/auto ${r.status}`, r.body, at, a);
    }
  } catch (e) {
    counts.errors++;
    if (errorsSeen++ < 5) console.error(`dialer-load: agent ${a.i}: ${String(e)}`);
  } finally {
    a.busy = false;
  }
}

/** Agents that got a 401: their session ended. Overload must never do that (issue 11, finding 10): expect 0. */
const unauthenticated = new Set<number>();
function note(what: string, body: unknown, at: number, a?: Agent) {
  if (what.includes(" 401")) unauthenticated.add(a?.i ?? -1);
  if (!inWindow(at)) return;
  const message = (body as { message?: string } | null)?.message ?? "";
  const key = `${what}${message ? `: ${message}` : ""}`;
  otherAnswers[key] = (otherAnswers[key] ?? 0) + 1;
}

async function probe(a: Agent) {
  const at = now();
  try {
    const r = await request("GET", "/calls/current", a.creds);
    if (r.status === 200) record(samples.floor, at, r.ms);
    else note(`GET calls/current ${r.status}`, r.body, at, a);
  } catch (e) {
    counts.errors++;
    if (errorsSeen++ < 5) console.error(`dialer-load: agent ${a.i} floor: ${String(e)}`);
  }
}

function schedule(a: Agent, due: number) {
  setTimeout(() => {
    if (!running) return;
    const t = now();
    schedule(a, due + TICK_MS);
    if (inWindow(due)) {
      counts.ticks++;
      tickLate.push(t - due);
    }
    setTimeout(() => running && void probe(a), rng() * TICK_MS);
    if (a.busy) {
      if (inWindow(due)) counts.missed++;
      return;
    }
    void cycle(a);
  }, Math.max(0, due - now()));
}

const clientLoop = monitorEventLoopDelay({ resolution: 2 });
for (const a of agents) schedule(a, runStart + ((a.i + rng()) / agents.length) * TICK_MS);

/** CPU seconds of one process (all its threads), from /proc; null once it is gone. */
function processCpuS(pid: number | string | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}

/** CPU seconds of every postgres process on this machine (all of them: others' use included). */
function postgresCpuS(): number | null {
  if (ready.db !== "postgres") return null;
  let seconds = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/stat`, "utf8").includes("(postgres)")) continue;
    } catch {
      continue; // gone
    }
    seconds += processCpuS(pid) ?? 0;
  }
  return seconds;
}

await sleep(mStart - now());
for (const c of children) c.process.send({ type: "measure-start" });
await Promise.all(children.map((c) => c.next("measuring")));
clientLoop.enable();
floorWindow = true;
const clientCpu = process.cpuUsage();
const pgCpuStart = postgresCpuS();
const helpersCpuStart = helpers.map((h) => processCpuS(h.pid));
console.error(`dialer-load: measuring for ${SECONDS} s`);
await sleep(mEnd - now());
running = false;
floorWindow = false;
for (const c of children) c.process.send({ type: "measure-stop" });
const clientCpuUsed = process.cpuUsage(clientCpu);
clientLoop.disable();
const pgCpuEnd = postgresCpuS();
const helpersCpuEnd = helpers.map((h) => processCpuS(h.pid));
interface Stats {
  db: string;
  /** Whether this instance drove the calls (held the telephony lease) when the window ended. */
  drivesCalls: boolean;
  wallMs: number;
  cpuUserMs: number;
  cpuSystemMs: number;
  eventLoop: { utilization: number; delayP50Ms: number; delayP99Ms: number; delayMaxMs: number };
  memory: { rssStartMiB: number; rssMaxMiB: number; rssEndMiB: number; heapUsedEndMiB: number };
  statements: number;
  statementShapes: { shape: string; n: number; ms: number }[];
  statementMs: number;
  counts: Record<string, number>;
  profile: { file: string; summary: ProfileSummary } | null;
  /** --explain on PostgreSQL: the dial path's hot reads under EXPLAIN ANALYZE at the window's end. */
  plans: { name: string; sql: string; plan: string }[];
  /** The window's slowest auto-dials, with what each waited on (gateway.ts, PostgreSQL only). */
  slowestDials: {
    at: number;
    ms: number;
    status: number;
    loopStallMs: number;
    steps: { shape: string; at: number; ms: number; idle: number; waiting: number }[];
    alongside?: { shape: string; n: number }[];
  }[];
}
const perInstance = await Promise.all(children.map((c) => c.next<Stats>("stats")));
/**
 * The gateway as a whole: CPU and statements summed over the instances; the event loop of the busiest; the
 * database-wide counts, memory, profile and plans of the first.
 */
const stats: Stats = {
  ...perInstance[0]!,
  wallMs: Math.max(...perInstance.map((x) => x.wallMs)),
  cpuUserMs: perInstance.reduce((t, x) => t + x.cpuUserMs, 0),
  cpuSystemMs: perInstance.reduce((t, x) => t + x.cpuSystemMs, 0),
  eventLoop: perInstance.map((x) => x.eventLoop).sort((a, b) => b.utilization - a.utilization)[0]!,
  statements: perInstance.reduce((t, x) => t + x.statements, 0),
  statementMs: perInstance.reduce((t, x) => t + x.statementMs, 0),
  statementShapes: mergeShapes(perInstance.flatMap((x) => x.statementShapes)),
};
function mergeShapes(xs: Stats["statementShapes"]): Stats["statementShapes"] {
  const by = new Map<string, { shape: string; n: number; ms: number }>();
  for (const x of xs) {
    const m = by.get(x.shape) ?? by.set(x.shape, { shape: x.shape, n: 0, ms: 0 }).get(x.shape)!;
    m.n += x.n;
    m.ms += x.ms;
  }
  return [...by.values()].sort((a, b) => b.ms - a.ms);
}
const drainStart = now();
while (agents.some((a) => a.busy) && now() - drainStart < DRAIN_MS) await sleep(100);
finished = true;
for (const a of agents) a.socket?.disconnect();
for (const s of managerSockets) s.disconnect();
for (const c of children) c.process.send({ type: "stop" });
await Promise.race([Promise.all(children.map((c) => new Promise((r) => c.process.once("exit", r)))), sleep(10_000)]);
await cleanup();

// ---------------------------------------------------------------- the figures

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};
interface Summary {
  n: number;
  perS: number;
  p50: number;
  p99: number;
  max: number;
}
const summary = (xs: Sample[]): Summary => {
  const ms = xs.map((x) => x.ms);
  return {
    n: ms.length,
    perS: ms.length / SECONDS,
    p50: pct(ms, 50),
    p99: pct(ms, 99),
    max: ms.length ? Math.max(...ms) : NaN,
  };
};
const s = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, summary(v)])) as Record<keyof typeof samples, Summary>;
const floor = s.floor;
const ratio = (m: Summary) => ({ p50: m.p50 / floor.p50, p99: m.p99 / floor.p99 });
const dialsAnswered = s.dial201.n + s.dial404.n + s.dialOther.n;
const offeredPerS = AGENTS / (TICK_MS / 1000);
const served = counts.ticks ? dialsAnswered / counts.ticks : 0;
const gatewayCpuMs = stats.cpuUserMs + stats.cpuSystemMs;
const cores = gatewayCpuMs / stats.wallMs;
const clientCores = (clientCpuUsed.user + clientCpuUsed.system) / 1000 / (SECONDS * 1000);
const pgCores = pgCpuStart !== null && pgCpuEnd !== null ? (pgCpuEnd - pgCpuStart) / SECONDS : null;
const refusedTotal = Object.values(refusedByRule).reduce((t, n) => t + n, 0);
/** Every 10 s of the window: dials answered 201 and their p50/p99, to see a trend (a lead book consumed, a leak). */
const timeline = Array.from({ length: Math.ceil(SECONDS / 10) }, (_, k) => {
  const from = mStart + k * 10_000;
  const xs = samples.dial201.filter((x) => x.at >= from && x.at < from + 10_000).map((x) => x.ms);
  const fl = samples.floor.filter((x) => x.at >= from && x.at < from + 10_000).map((x) => x.ms);
  return { fromS: k * 10, dials201: xs.length, p50: pct(xs, 50), p99: pct(xs, 99), floorP99: pct(fl, 99) };
});

const worstP99 = Math.max(s.dial201.p99, s.dial404.n ? s.dial404.p99 : 0);
const latencyOk = s.dial201.n > 0 && worstP99 <= GOAL.p99Ms;
const keptUp = served >= GOAL.served && counts.missed <= counts.ticks * (1 - GOAL.served);
const met = AGENTS >= GOAL.agents && latencyOk && keptUp;

const f = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : "n/a");
const out: string[] = [];
const line = (l = "") => out.push(l);
line();
line(
  `dialer-load: ${AGENTS} agents on ${stats.db === "postgres" ? "PostgreSQL" : "PGlite"}, ${SECONDS} s measured after ${WARMUP_S} s warm-up, a tick every ${TICK_MS / 1000} s, ${ready.leads} leads, seed ${SEED}, Node ${process.versions.node}${PIN ? ", pinned (gateway core 0, agents core 1)" : ""}${POOL_INDEX ? ", EXPERIMENT: index leads (tenant_id, dials, id desc)" : ""}`,
);
line(
  `setup (not measured): gateway built ${f(ready.setup.buildMs / 1000, 1)} s + world written ${f(ready.setup.seedMs / 1000, 1)} s; sign-in ${f(signInMs / 1000, 1)} s (${f(AGENTS / (signInMs / 1000), 0)}/s, p50 ${f(pct(loginMs, 50), 0)} ms, concurrency ${LOGIN_CONCURRENCY}); sockets + hello ${f(socketsMs / 1000, 1)} s; Ready ${f(readyMs / 1000, 1)} s; ${f(setupMs / 1000, 1)} s in all`,
);
line();
line(
  `dials: offered ${f(offeredPerS, 1)}/s (${counts.ticks} ticks), answered ${f(dialsAnswered / SECONDS, 1)}/s = ${(served * 100).toFixed(1)} % of ticks; placed (201) ${f(s.dial201.perS, 1)}/s; no lead (404) ${s.dial404.n}; other ${s.dialOther.n}; busy (503, asked again after Retry-After) ${s.dialBusy.n}; ticks missed (previous cycle still running) ${counts.missed}; calls without a hangup push in 60 s ${counts.stuck}; errors ${counts.errors}`,
);
line(
  `gateway's own count: ${stats.counts.calls} calls started in the window (${stats.counts.answered} answered), ${stats.counts.dispositions} dispositions; ${stats.counts.fresh_leads} never-dialled leads left; dispositions sent: ${counts.notInterested} Not Interested, ${counts.voicemail} Voicemail`,
);
line();
line(`${"request (ms), started in the window".padEnd(44)} ${"n".padStart(7)} ${"/s".padStart(7)} ${"p50".padStart(8)} ${"p99".padStart(8)} ${"max".padStart(8)}   ratio to floor p50 / p99`);
const rows: [keyof typeof samples, string][] = [
  ["dial201", "POST /dials/auto → 201 (lead dialled)"],
  ["dial404", "POST /dials/auto → 404 (no lead)"],
  ["dialOther", "POST /dials/auto → other (409, 403, 5xx)"],
  ["dialBusy", "POST /dials/auto → 503 busy (asked again)"],
  ["settle", "PUT /leads/{id}/calls/{callId} → 202"],
  ["dispose", "POST /leads/{id}/dispositions → 201"],
  ["ready", "POST /agent-statuses (ready) → 201"],
  ["floor", "floor: GET /calls/current → 200"],
];
for (const [k, label] of rows) {
  const m = s[k];
  const r = k === "floor" || m.n === 0 ? "" : `   ${f(ratio(m).p50, 1)}× / ${f(ratio(m).p99, 1)}×`;
  line(`${label.padEnd(44)} ${String(m.n).padStart(7)} ${f(m.perS, 1).padStart(7)} ${f(m.p50).padStart(8)} ${f(m.p99).padStart(8)} ${f(m.max, 1).padStart(8)}${r}`);
}
line();
line(
  `gateway: CPU ${f(cores * 100, 0)} % of one core (user ${f(stats.cpuUserMs / 1000, 1)} s + system ${f(stats.cpuSystemMs / 1000, 1)} s over ${f(stats.wallMs / 1000, 1)} s), ${f(s.dial201.n ? gatewayCpuMs / s.dial201.n : NaN, 2)} ms CPU per placed dial (its whole cycle); event loop ${f(stats.eventLoop.utilization * 100, 0)} % busy, delay p50 ${f(stats.eventLoop.delayP50Ms)} ms, p99 ${f(stats.eventLoop.delayP99Ms)} ms, max ${f(stats.eventLoop.delayMaxMs, 1)} ms; RSS ${f(stats.memory.rssStartMiB, 0)} → max ${f(stats.memory.rssMaxMiB, 0)} MiB (heap ${f(stats.memory.heapUsedEndMiB, 0)} MiB at the end)`,
);
line(
  `database: ${stats.statements} SQL statements (${s.dial201.n ? f(stats.statements / s.dial201.n, 1) : "n/a"} per placed dial's cycle)${stats.db === "pglite" ? `; PGlite executing them: ${f(stats.statementMs / 1000, 1)} s = ${f((stats.statementMs / stats.wallMs) * 100, 0)} % of the window on the gateway's event loop` : ""}${pgCores !== null ? `; postgres processes (every one on this machine): ${f(pgCores * 100, 0)} % of one core` : ""}`,
);
const helperCores = helpers.map((_, k) => {
  const [a, b] = [helpersCpuStart[k], helpersCpuEnd[k]];
  return a != null && b != null ? (b - a) / SECONDS : NaN;
});
const cluster = INSTANCES
  ? {
      instances: INSTANCES,
      placedPerS: s.dial201.perS,
      placedPerSPerInstance: s.dial201.perS / INSTANCES,
      perInstance: perInstance.map((x, k) => ({
        name: children[k]!.name,
        drivesCalls: x.drivesCalls,
        cores: (x.cpuUserMs + x.cpuSystemMs) / x.wallMs,
        loopBusy: x.eventLoop.utilization,
        statements: x.statements,
      })),
      fakeAsteriskCores: helperCores[0]!,
      haproxyCores: helperCores[1]!,
    }
  : null;
if (cluster) {
  line(
    `cluster: ${INSTANCES} instance(s) behind HAProxy on one fake Asterisk: ${f(cluster.placedPerS, 1)} dials placed/s, ${f(cluster.placedPerSPerInstance, 1)}/s per instance; ${cluster.perInstance.map((x) => `${x.name}${x.drivesCalls ? " (drives the calls)" : ""} CPU ${f(x.cores * 100, 0)} %, loop ${f(x.loopBusy * 100, 0)} % busy, ${x.statements} statements`).join("; ")}; fake Asterisk ${f(cluster.fakeAsteriskCores * 100, 0)} %, HAProxy ${f(cluster.haproxyCores * 100, 0)} % of one core`,
  );
  const total = cores + (pgCores ?? 0) + clientCores + cluster.fakeAsteriskCores + cluster.haproxyCores;
  line(
    `the machine's two cores: gateways ${f(cores * 100, 0)} % + PostgreSQL ${f((pgCores ?? NaN) * 100, 0)} % + agents ${f(clientCores * 100, 0)} % + fake Asterisk and HAProxy ${f((cluster.fakeAsteriskCores + cluster.haproxyCores) * 100, 0)} % = ${f(total * 100, 0)} % of 200 %; PostgreSQL's share ${f(((pgCores ?? NaN) / total) * 100, 0)} %`,
  );
}
line(`agents' process: CPU ${f(clientCores * 100, 0)} % of one core; its event-loop delay p99 ${f(clientLoop.percentile(99) / 1e6 - 2)} ms; tick lateness p99 ${f(pct(tickLate, 99))} ms`);
const perS = (n: number) => f(n / SECONDS, 1);
line(
  MANAGERS > 0
    ? `managers' wall (the floor plugin): ${MANAGERS} manager(s) watching; each received ${perS(floorPushes.rows / MANAGERS)} agents' rows, ${perS(floorPushes.statuses / MANAGERS)} statuses and ${perS(floorPushes.totals / MANAGERS)} day's figures a second`
    : "managers' wall (the floor plugin): nobody watching (--managers 0), so no agent's row is read for it",
);
line();
line(
  `dials refused by rule (the 404s' reasons summed): ${refusedTotal ? Object.entries(refusedByRule).sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`).join(", ") : "none"}${examined404.length ? `; leads examined per 404 p50 ${pct(examined404, 50)}, max ${Math.max(...examined404)}` : ""}`,
);
if (Object.keys(otherAnswers).length) line(`other answers: ${JSON.stringify(otherAnswers)}`);
// Always printed: 0 is the figure that shows overload slows agents down without signing them out.
line(`agents whose session ended during the run (any 401): ${unauthenticated.size}`);
line(
  `201 p50/p99 by 10 s of the window: ${timeline.map((b) => `${f(b.p50, 0)}/${f(b.p99, 0)}`).join(" ")} (floor p99: ${timeline.map((b) => f(b.floorP99, 0)).join(" ")})`,
);
line();
line("statements by time (PGlite: WebAssembly time on the event loop; PostgreSQL: round trip)");
for (const x of stats.statementShapes.slice(0, 12))
  line(`  ${f(x.ms / 1000, 2).padStart(7)} s ${String(x.n).padStart(7)}× ${f((x.ms / Math.max(1, x.n)) * 1000, 0).padStart(6)} µs  ${x.shape.slice(0, 220)}`);
if (stats.slowestDials?.length) {
  line();
  line("the slowest dials (ms from the request's start: each statement's send → answer; the pool's free / queued connections when it was sent):");
  for (const d of stats.slowestDials) {
    line(`  at ${f(d.at / 1000, 1)} s of the window: ${f(d.ms, 1)} ms, ${d.status}; the event loop's longest stall meanwhile ${f(d.loopStallMs, 1)} ms`);
    for (const x of d.steps)
      line(`    ${f(x.at, 1).padStart(6)} → ${f(x.at + x.ms, 1).padStart(6)}  free ${x.idle} queued ${x.waiting}  ${x.shape.slice(0, 90)}`);
    if (d.alongside?.length)
      line(`    the gateway sent meanwhile: ${d.alongside.map((x) => `${x.n}× ${x.shape.slice(0, 60)}`).join("; ")}`);
  }
}
for (const p of stats.plans) {
  line("");
  line(`EXPLAIN (ANALYZE, BUFFERS) of ${p.name}, its last run in the window:`);
  line(`  ${p.sql.slice(0, 400)}${p.sql.length > 400 ? " …" : ""}`);
  for (const l of p.plan.split("\n")) line(`  ${l}`);
}
if (stats.profile) {
  line();
  printSummary(stats.profile.summary, line);
  line(`profile: ${path.relative(process.cwd(), stats.profile.file)}`);
}
line();
line(
  `verdict: X1 goal ${GOAL.agents} agents with POST /dials/auto p99 ≤ ${GOAL.p99Ms} ms (and ≥ ${GOAL.served * 100} % of ticks served): ${AGENTS} agents, p99 ${f(s.dial201.p99)} ms (201)${s.dial404.n ? ` / ${f(s.dial404.p99)} ms (404)` : ""}, ${(served * 100).toFixed(1)} % served → ${met ? "MET" : "NOT MET"}${AGENTS < GOAL.agents ? ` (this run is below the goal's size${latencyOk && keptUp ? "; it held at this size" : ""})` : ""}; p99 is ${f(ratio(s.dial201).p99, 1)}× the floor's p99 (${f(floor.p99)} ms)`,
);
console.log(out.join("\n"));

const resultsDir = path.resolve(here, "../results");
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `dialer-load-${stats.db}-${AGENTS}${INSTANCES ? `-x${INSTANCES}` : ""}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      node: process.versions.node,
      db: stats.db,
      goal: { ...GOAL, met, latencyOk, keptUp },
      config: { poolIndex: POOL_INDEX, agents: AGENTS, managers: MANAGERS, floorPushes, seconds: SECONDS, warmupS: WARMUP_S, tickMs: TICK_MS, leads: ready.leads, seed: SEED, pinned: PIN, loginConcurrency: LOGIN_CONCURRENCY, clockStart: CLOCK_START },
      setupMs: { build: ready.setup.buildMs, seed: ready.setup.seedMs, child: childSetupMs, signIn: signInMs, sockets: socketsMs, ready: readyMs, total: setupMs },
      dials: { offeredPerS, answeredPerS: dialsAnswered / SECONDS, served, ...counts },
      summary: s,
      ratioToFloor: Object.fromEntries(Object.keys(s).filter((k) => k !== "floor").map((k) => [k, ratio(s[k as keyof typeof s])])),
      refusedByRule,
      examined404: examined404.length ? { p50: pct(examined404, 50), max: Math.max(...examined404) } : null,
      otherAnswers,
      agentsWithSessionEnded: unauthenticated.size,
      gateway: { ...stats, cores, cpuMsPerPlacedDial: s.dial201.n ? gatewayCpuMs / s.dial201.n : null, profile: stats.profile ? { file: stats.profile.file, ...stats.profile.summary } : null },
      postgresCores: pgCores,
      cluster,
      client: { cores: clientCores, loopDelayP99Ms: clientLoop.percentile(99) / 1e6 - 2, tickLatenessP99Ms: pct(tickLate, 99) },
      timeline,
    },
    null,
    2,
  ),
);
console.log(`results: ${path.relative(process.cwd(), file)}`);
process.exit(0);
