// The gateway side of the dialer-load benchmark (bench/dialer-load/run.ts explains the setup), run as a child
// process so the agents' side (HTTP and socket.io clients) never shares its event loop. A real gateway built
// with buildGateway and its own SimPbx (the config's SIM_PROFILE path, with the fast profile below), on PGlite
// in memory, or on PostgreSQL when the parent passes DATABASE_URL (a fresh database it created), its clock
// pinned with CLOCK_START to a weekday afternoon and running in real time from there, SIP_EDGE off (a WebRTC
// softphone counts as registered while its socket says hello).
//
// Before listening it writes its world straight into the database: one tenant, and in it the load world
// (server/test/loadWorld.ts): one active campaign, N qualifiers and enough leads inside their calling windows.
//
// IPC with the parent: ready → {port, emails, password, setup}; measure-start; measure-stop → stats; stop.
// While measuring it takes process.cpuUsage, event-loop utilisation and delay, RSS every 250 ms, the number
// of SQL statements sent, and (with --profile DIR) a CPU profile of the window alone (node:inspector).
import { AsyncLocalStorage } from "node:async_hooks";
import { Session } from "node:inspector/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { buildGateway } from "../../server/app";
import { hashPassword } from "../../server/auth/passwords";
import { readConfig } from "../../server/config";
import { openDatabase, rowsOf } from "../../server/db/client";
import { users } from "../../server/db/schema";
import { LOAD_WORLD_CLOCK_START, writeBenchTenant, writeLoadWorld } from "../../server/test/loadWorld";
import { systemClock } from "../../src/shared/clock";
import { summariseProfile, writeProfile, type CpuProfile } from "./profile";
import { FAST_PROFILE } from "./world";

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const AGENTS = Number(argOf("agents") ?? 2000);
const LEADS = Number(argOf("leads") ?? AGENTS * 20);
/** Managers of the call centre, who sign in and watch the floor (run.ts --managers). */
const MANAGERS = Number(argOf("managers") ?? 0);
const CLOCK_START = argOf("clock-start") ?? LOAD_WORLD_CLOCK_START;
const PROFILE_DIR = argOf("profile");
/**
 * --pool-index: an experiment, not the gateway's schema: adds an index in the pool's order to the bench's own
 * database, to measure what the engine's pool page query (server/dialer/select.ts) would cost with one.
 */
const POOL_INDEX = process.argv.includes("--pool-index");
const DATABASE_URL = process.env.DATABASE_URL || undefined;
export const BENCH_PASSWORD = "bench-load-password-7";
const send = (m: unknown) => process.send!(m);


/**
 * --instance K of --instances N (the bench's cluster mode, run.ts): the first writes the world, the others start
 * on it. The parent names the real instant the call centre's clock starts at (--clock-at), so that every
 * instance keeps the same time whenever it started.
 */
const INSTANCE = Number(argOf("instance") ?? 0);
const CLOCK_AT = argOf("clock-at") ? Number(argOf("clock-at")) : undefined;
/** The cluster's side of the environment: Redis, the PBX (Asterisk through ARI) and the shared signing key. */
const cluster = readConfig({
  REDIS_URL: process.env.REDIS_URL,
  JWT_SECRET: process.env.JWT_SECRET,
  PBX: process.env.PBX,
  ARI_URL: process.env.ARI_URL,
  ARI_USER: process.env.ARI_USER,
  ARI_PASSWORD: process.env.ARI_PASSWORD,
  SIP_WS_URL: process.env.SIP_WS_URL,
});

const t0 = performance.now();
const clockStart = Date.parse(CLOCK_START);
const clock = systemClock(clockStart, CLOCK_AT);
const database = await openDatabase(DATABASE_URL ? { url: DATABASE_URL } : { dataDir: "memory" });
const config = {
  ...readConfig({}),
  redisUrl: cluster.redisUrl,
  jwtSecret: cluster.jwtSecret,
  pbx: cluster.pbx,
  ari: cluster.ari,
  dataDir: "memory",
  databaseUrl: DATABASE_URL,
  staticDir: "/nonexistent",
  logLevel: "error",
  host: "127.0.0.1",
  port: 0,
  seedDemo: false,
  seedHistory: false,
  sipEdge: false,
  clockStart,
  simProfile: FAST_PROFILE as Record<string, unknown>,
  // The admission bound (server/dialer/admission.ts) as DIALS_IN_FLIGHT sets it, to compare bounds.
  dialsInFlight: readConfig({ DIALS_IN_FLIGHT: process.env.DIALS_IN_FLIGHT }).dialsInFlight,
};
const { app, gw } = await buildGateway(config, { clock, database });
const builtMs = performance.now() - t0;

// ---------------------------------------------------------------- where the slowest dials waited

/**
 * The slowest `POST /dials/auto` of the window, each with what it waited on: its statements (sent through the
 * pool, with the pool's free and queued connections when each was sent), and the event loop's longest stall while
 * it ran. A dial whose statements add up to its time waited on the database; one with a stall waited on this
 * process; one with queued connections waited for the pool.
 */
interface DialTrace {
  at: number;
  ms: number;
  status: number;
  steps: { shape: string; at: number; ms: number; idle: number; waiting: number }[];
  loopStallMs: number;
  /** What the whole gateway sent through the pool meanwhile (filled when the window ends). */
  alongside?: { shape: string; n: number }[];
}
const SLOWEST = 8;
/** Every statement sent through the pool in the window: what else was sent while a slow dial waited. */
const sends: { at: number; shape: string }[] = [];
/** The shapes sent through the pool between `from` and `to`, the most frequent first. */
const sentBetween = (from: number, to: number) => {
  const by = new Map<string, number>();
  for (const x of sends) if (x.at >= from && x.at <= to) by.set(x.shape, (by.get(x.shape) ?? 0) + 1);
  return [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([shape, n]) => ({ shape: shape.slice(0, 90), n }));
};
const slowest: DialTrace[] = [];
const traceOf = new AsyncLocalStorage<DialTrace>();
/** The event loop's lag, sampled every 5 ms: a dial's longest stall is the largest lag seen while it ran. */
const lagSamples: { at: number; lag: number }[] = [];
let lagTimer: NodeJS.Timeout | null = null;
const sampleLag = () => {
  let expected = performance.now() + 5;
  lagTimer = setInterval(() => {
    const now = performance.now();
    lagSamples.push({ at: now, lag: Math.max(0, now - expected) });
    if (lagSamples.length > 4_000) lagSamples.splice(0, 2_000);
    expected = now + 5;
  }, 5);
};
// At the HTTP server's request event, before Fastify (its hooks are fixed once the gateway is built): the dial's
// work, Fastify's included, runs in the trace's async context.
const handlers = app.server.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
app.server.removeAllListeners("request");
app.server.on("request", (req: IncomingMessage, res: ServerResponse) => {
  const handle = () => {
    for (const h of handlers) h.call(app.server, req, res);
  };
  if (!counting || req.method !== "POST" || !req.url?.endsWith("/dials/auto")) return handle();
  const t: DialTrace = { at: performance.now(), ms: 0, status: 0, steps: [], loopStallMs: 0 };
  res.on("finish", () => {
    t.ms = performance.now() - t.at;
    t.status = res.statusCode;
    const end = t.at + t.ms;
    t.loopStallMs = Math.max(0, ...lagSamples.filter((x) => x.at >= t.at && x.at <= end + 5).map((x) => x.lag));
    if (slowest.length < SLOWEST || t.ms > slowest[slowest.length - 1]!.ms) {
      slowest.push(t);
      slowest.sort((a, b) => b.ms - a.ms);
      slowest.length = Math.min(slowest.length, SLOWEST);
    }
  });
  traceOf.run(t, handle);
});

// ---------------------------------------------------------------- the world, written directly

const t1 = performance.now();
const { db } = gw;
const { emails, extensions, managers } =
  INSTANCE === 0 ? await writeWorld() : { emails: [], extensions: [], managers: [] as string[] };
const seededMs = performance.now() - t1;

async function writeWorld() {
  const passwordHash = await hashPassword(BENCH_PASSWORD); // once: argon2 for 2,000 accounts would take a minute
  await writeBenchTenant(db);
  const world = await writeLoadWorld(db, {
    tenantId: 1,
    campaign: { slug: "bench", name: "Bench", prefix: "ISF" },
    agents: AGENTS,
    leads: LEADS,
    passwordHash,
    createdAt: new Date(clock.now()),
    email: (n) => `load.agent.${n}@bench.test`,
    extension: (n) => String(50_000 + n),
  });
  const managers = Array.from({ length: MANAGERS }, (_, n) => `load.manager.${n}@bench.test`);
  if (managers.length > 0)
    await db.insert(users).values(
      managers.map((email, n) => ({
        tenantId: 1,
        email,
        passwordHash,
        firstName: "Load",
        lastName: `Manager ${n}`,
        role: "manager",
        createdAt: new Date(clock.now()),
      })),
    );
  if (POOL_INDEX) await db.execute(sql`create index bench_leads_pool_idx on leads (tenant_id, dials, id desc)`);
  await db.execute(sql`analyze`);
  return { ...world, managers };
}

// ---------------------------------------------------------------- counting SQL statements

/**
 * Statements by shape while measuring: how many, and how long each shape took. PGlite runs each statement
 * synchronously inside execProtocolRawSync (WebAssembly on this event loop), so that time is exactly the
 * database's share of the gateway's CPU; a Parse or simple Query message names the statement the following
 * messages belong to (PGlite runs one statement at a time). On PostgreSQL the time is node-postgres's round
 * trip (the server's work plus the wait for this event loop to read the answer), not this process's CPU.
 */
let statements = 0;
const shapes = new Map<string, { n: number; ms: number }>();
let counting = false;
/**
 * The statements' texts repeat (prepared ones exactly), so each text's shape is worked out once: folding every
 * statement's text with regular expressions was 2 % of the measured gateway's CPU (the instrument's own cost).
 */
const shapeByText = new Map<string, string>();
const shapeOf = (text: string) => {
  let shape = shapeByText.get(text);
  if (shape === undefined) {
    shape = shapeOfText(text);
    if (shapeByText.size < 10_000) shapeByText.set(text, shape);
  }
  return shape;
};
const shapeOfText = (text: string) => {
  const t = text.replace(/\s+/g, " ").replace(/\$\d+/g, "?").trim();
  // drizzle quotes the tables it names ("leads"); the engine's hand-written subqueries do not (calls c).
  const quoted = t.search(/ from "/i);
  const from = quoted >= 0 ? quoted : t.search(/ from /i);
  const head = t.slice(0, 40);
  if (t.length <= 200) return t;
  // The head, the main FROM and the tail (WHERE / ORDER BY / LIMIT) tell apart shapes that share a select list.
  const body = from > 40 ? t.slice(from + 1, from + 1 + 70) : t.slice(40, 110);
  return `${head} … ${body} … ${t.slice(-80)}`;
};
/**
 * --explain (PostgreSQL): the hot reads of the dial path, the last of each sent in the window with its values, run
 * again under EXPLAIN (ANALYZE, BUFFERS) when the window ends, on the database as the run left it.
 */
const EXPLAIN = process.argv.includes("--explain");
const EXPLAINED = [
  { name: "the lead selection (a page of the pool)", match: /^select .* from "leads" left join "in_process_leads".* order by "leads"."dials" asc/s },
  { name: "the lead's facts again, at the claim", match: /^select .* from "leads" left join "in_process_leads".* where \("leads"."id" = /s },
  { name: "the agent's facts", match: /^select "id", "first_name", "last_name",.* from "users" where/s },
];
const lastOf = new Map<string, { text: string; values: unknown[] }>();
async function explainHot() {
  const plans: { name: string; sql: string; plan: string }[] = [];
  const pool = client as unknown as { query: (t: string, v: unknown[]) => Promise<{ rows: { "QUERY PLAN": string }[] }> };
  for (const [name, q] of lastOf) {
    const r = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
    plans.push({ name, sql: q.text.replace(/\s+/g, " ").trim(), plan: r.rows.map((x) => x["QUERY PLAN"]).join("\n") });
  }
  return plans;
}
const addShape = (shape: string, ms: number, n = 1) => {
  const s = shapes.get(shape) ?? shapes.set(shape, { n: 0, ms: 0 }).get(shape)!;
  s.n += n;
  s.ms += ms;
};
const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
if (database.kind === "postgres") {
  const pg = (await import("pg")).default;
  // A dial's statements as it sent them (pool.query: the wait for a connection included).
  const pool = client as unknown as { idleCount: number; waitingCount: number; query: (...a: unknown[]) => unknown };
  const poolQuery = pool.query.bind(pool);
  pool.query = (...a: unknown[]) => {
    if (counting && sends.length < 200_000) {
      const text = typeof a[0] === "string" ? a[0] : ((a[0] as { text?: string })?.text ?? "?");
      sends.push({ at: performance.now(), shape: shapeOf(text) });
    }
    const t = traceOf.getStore();
    // The dial's own, until its answer is sent (the call's later events run in the context the dial started).
    if (!t || t.ms > 0) return poolQuery(...a);
    const idle = pool.idleCount;
    const waiting = pool.waitingCount;
    const r = poolQuery(...a);
    if (!(r instanceof Promise)) return r;
    const text = typeof a[0] === "string" ? a[0] : ((a[0] as { text?: string })?.text ?? "?");
    const step = { shape: shapeOf(text).slice(0, 90), at: performance.now() - t.at, ms: 0, idle, waiting };
    t.steps.push(step);
    const done = () => (step.ms = performance.now() - t.at - step.at);
    r.then(done, done);
    return r;
  };
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const q = proto.query;
  proto.query = function (this: unknown, ...a: unknown[]) {
    statements++;
    if (!counting) return q.apply(this, a);
    const text = typeof a[0] === "string" ? a[0] : ((a[0] as { text?: string })?.text ?? "?");
    if (EXPLAIN) {
      const hot = EXPLAINED.find((e) => e.match.test(text));
      const values = Array.isArray(a[1]) ? a[1] : (a[0] as { values?: unknown[] })?.values;
      if (hot) lastOf.set(hot.name, { text, values: values ?? [] });
    }
    const at = performance.now();
    const done = () => addShape(shapeOf(text), performance.now() - at);
    // pg-pool's query passes a callback; a client in a transaction is awaited.
    const last = a[a.length - 1];
    if (typeof last === "function")
      a[a.length - 1] = (...r: unknown[]) => {
        done();
        return (last as (...x: unknown[]) => unknown)(...r);
      };
    const r = q.apply(this, a);
    if (r instanceof Promise) r.then(done, done);
    return r;
  };
} else {
  let current = "?";
  const decoder = new TextDecoder();
  const cstring = (b: Uint8Array, from: number) => {
    let end = from;
    while (end < b.length && b[end] !== 0) end++;
    return { text: decoder.decode(b.subarray(from, end)), next: end + 1 };
  };
  const raw = (client.execProtocolRawSync as (m: Uint8Array) => Uint8Array).bind(client);
  client.execProtocolRawSync = (m: Uint8Array) => {
    if (!counting) return raw(m);
    if (m[0] === 0x50 /* Parse: len, name, query */) current = shapeOf(cstring(m, cstring(m, 5).next).text);
    else if (m[0] === 0x51 /* Query: len, query */) {
      current = shapeOf(cstring(m, 5).text);
      statements++;
    }
    if (m[0] === 0x50) statements++;
    const at = performance.now();
    try {
      return raw(m);
    } finally {
      addShape(current, performance.now() - at, 0);
      if (m[0] === 0x50 || m[0] === 0x51) shapes.get(current)!.n++;
    }
  };
}

await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as AddressInfo).port;
console.error(
  `dialer-load gateway: ${database.kind}, built in ${builtMs.toFixed(0)} ms, ${AGENTS} agents and ${LEADS} leads written in ${seededMs.toFixed(0)} ms`,
);

// ---------------------------------------------------------------- the measure

const LOOP_RESOLUTION_MS = 2;
const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
const lateMs = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
let window: {
  cpu: NodeJS.CpuUsage;
  elu: ReturnType<typeof performance.eventLoopUtilization>;
  at: number;
  clockAt: number;
  statements: number;
  rss: number[];
  sampler: NodeJS.Timeout;
} | null = null;
let inspector: Session | null = null;

async function countsSince(fromMs: number) {
  const since = new Date(fromMs).toISOString();
  const rows = rowsOf<Record<string, number>>(
    await db.execute(sql`select
      (select count(*)::int from calls where started_at >= ${since}) as calls,
      (select count(*)::int from calls where started_at >= ${since} and answered_at is not null) as answered,
      (select count(*)::int from dispositions where created_at >= ${since}) as dispositions,
      (select count(*)::int from in_process_leads) as in_process,
      (select count(*)::int from leads where dials = 0 and owner_id is null) as fresh_leads`),
  );
  return rows[0]!;
}

type Msg = { type: "measure-start" } | { type: "measure-stop" } | { type: "stop" };
process.on("disconnect", () => process.exit(0));
process.on("message", async (m: Msg) => {
  switch (m.type) {
    case "measure-start": {
      if (PROFILE_DIR) {
        inspector = new Session();
        inspector.connect();
        await inspector.post("Profiler.enable");
        await inspector.post("Profiler.setSamplingInterval", { interval: 500 });
        await inspector.post("Profiler.start");
      }
      loop.reset();
      loop.enable();
      slowest.length = 0;
      sends.length = 0;
      sampleLag();
      const rss = [process.memoryUsage().rss];
      window = {
        cpu: process.cpuUsage(),
        elu: performance.eventLoopUtilization(),
        at: performance.now(),
        clockAt: clock.now(),
        statements,
        rss,
        sampler: setInterval(() => rss.push(process.memoryUsage().rss), 250),
      };
      counting = true;
      send({ type: "measuring" });
      return;
    }
    case "measure-stop": {
      const w = window!;
      const cpu = process.cpuUsage(w.cpu);
      const wallMs = performance.now() - w.at;
      const elu = performance.eventLoopUtilization(w.elu);
      const sent = statements - w.statements;
      counting = false;
      const byShape = [...shapes.entries()]
        .map(([shape, v]) => ({ shape, n: v.n, ms: v.ms }))
        .sort((a, b) => b.ms - a.ms);
      shapes.clear();
      loop.disable();
      clearInterval(w.sampler);
      if (lagTimer) clearInterval(lagTimer);
      const mem = process.memoryUsage();
      w.rss.push(mem.rss);
      let profile: { file: string; summary: ReturnType<typeof summariseProfile> } | null = null;
      if (inspector) {
        const { profile: p } = (await inspector.post("Profiler.stop")) as { profile: CpuProfile };
        inspector.disconnect();
        const file = writeProfile(PROFILE_DIR!, `dialer-load-${database.kind}-${AGENTS}`, p);
        profile = { file, summary: summariseProfile(p) };
      }
      send({
        type: "stats",
        db: database.kind,
        drivesCalls: gw.callOwner.drivesHere(),
        wallMs,
        cpuUserMs: cpu.user / 1000,
        cpuSystemMs: cpu.system / 1000,
        eventLoop: {
          utilization: elu.utilization,
          delayP50Ms: lateMs(loop.percentile(50)),
          delayP99Ms: lateMs(loop.percentile(99)),
          delayMaxMs: lateMs(loop.max),
        },
        memory: {
          rssStartMiB: w.rss[0]! / 2 ** 20,
          rssMaxMiB: Math.max(...w.rss) / 2 ** 20,
          rssEndMiB: mem.rss / 2 ** 20,
          heapUsedEndMiB: mem.heapUsed / 2 ** 20,
        },
        statements: sent,
        statementShapes: byShape.slice(0, 40),
        statementMs: byShape.reduce((t, x) => t + x.ms, 0),
        counts: await countsSince(w.clockAt),
        profile,
        plans: EXPLAIN && database.kind === "postgres" ? await explainHot() : [],
        slowestDials: slowest.map((d) => ({ ...d, at: d.at - w.at, alongside: sentBetween(d.at, d.at + d.ms) })),
      });
      return;
    }
    case "stop":
      await app.close();
      process.exit(0);
  }
});
send({
  type: "ready",
  port,
  emails,
  extensions,
  managers,
  password: BENCH_PASSWORD,
  db: database.kind,
  leads: LEADS,
  setup: { buildMs: builtMs, seedMs: seededMs },
});
