// The gateway side of the reports bench (run.ts explains the setup), in a child process so the agents' and the
// manager's side never shares its event loop. Adapted from bench/lead-import/gateway.ts (a script, not importable):
// buildGateway with its SimPbx on the fast profile, the clock pinned to CLOCK_START, SIP_EDGE off; PGlite in memory
// (or in a data directory with --pglite-disk), or PostgreSQL when the parent passes DATABASE_URL (a fresh database
// it made). Before it serves, written straight into the database: the dialling world (one ISIUS call centre, which
// has the reports plugin, with one campaign, --dialers bilingual qualifiers assigned to it, a manager and --leads
// pool leads), then the history (history.ts: --agents-history agents, --days days, the sample through the
// triggers, the rollups).
//
// Measured from inside, by phase (the parent says when one begins): CPU, event-loop utilisation and delay, RSS,
// SQL statements by shape (on PGlite their WebAssembly time on this event loop; on PostgreSQL node-postgres' round
// trip). On request: the rollup triggers off or on again (the write path's cost), the figures a report should
// show computed from the raw rows (the sanity check), and the year report's queries run by readAgentReport itself
// (timed without HTTP) and under EXPLAIN ANALYZE.
//
// IPC with the parent: ready → {port, emails, …, load}; phase {name}; triggers {on}; expect {…}; explain {…};
// report → stats; stop.
import { mkdtempSync, rmSync } from "node:fs";
import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { and, eq, like, sql, type SQL } from "drizzle-orm";
import { readAgentReport } from "../../plugins/reports/agents.server";
import { buildGateway } from "../../server/app";
import { hashPassword } from "../../server/auth/passwords";
import { readConfig } from "../../server/config";
import { openDatabase, rowsOf } from "../../server/db/client";
import { campaignQualifiers, leadCampaigns, leads, tenants, users } from "../../server/db/schema";
import { readSetting } from "../../server/modules/settings/store";
import { systemClock } from "../../src/shared/clock";
import { writeProfile, type CpuProfile } from "../dialer-load/profile";
import { loadHistory, triggersSql, type Exec, type LoadReport } from "./history";
import {
  BENCH_PASSWORD,
  CLOCK_START,
  FAST_PROFILE,
  MANAGER_EMAIL,
  PREFIX,
  SAMPLE_TENANT,
  TENANT,
  TIME_ZONE,
  localToday,
  seededPhone,
  seededPlace,
  type Phase,
  type ReportRange,
} from "./world";

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const DIALERS = Number(argOf("dialers") ?? 50);
const LEADS = Number(argOf("leads") ?? 10_000);
const HISTORY_AGENTS = Number(argOf("agents-history") ?? 200);
const DAYS = Number(argOf("days") ?? 365);
const SAMPLE_AGENTS = Number(argOf("sample-agents") ?? 10);
const SEED = Number(argOf("seed") ?? 1);
/** With --profile DIR: a CPU profile of the with-reports phase alone, written there (bench/dialer-load/profile.ts reads it). */
const PROFILE_DIR = argOf("profile");
const PGLITE_DIR = process.argv.includes("--pglite-disk")
  ? mkdtempSync(path.join(tmpdir(), "reports-bench-pglite-"))
  : undefined;
const DATABASE_URL = process.env.DATABASE_URL || undefined;
/** The world and the history are already in the database (a copy of a kept one, run.ts --keep-history). */
const PRELOADED = process.argv.includes("--preloaded");
/** Write the world and the history, then close and exit: run.ts keeps the database as the copies' template. */
const LOAD_ONLY = process.argv.includes("--load-only");
const send = (m: unknown) => process.send!(m);
const log = (s: string) => console.error(`reports gateway: ${s}`);

const t0 = performance.now();
const clockStart = Date.parse(argOf("clock-start") ?? CLOCK_START);
const clock = systemClock(clockStart);
const database = await openDatabase(
  DATABASE_URL ? { url: DATABASE_URL } : { dataDir: PGLITE_DIR ?? "memory" },
);
const { db } = database;
const migratedMs = performance.now() - t0;

// ---------------------------------------------------------------- the dialling world, written directly

const t1 = performance.now();
const emails: string[] = [];
const extensions: string[] = [];
const dialerIds: number[] = [];
if (PRELOADED) {
  const dialers = await db
    .select({ id: users.id, email: users.email, extension: users.extension })
    .from(users)
    .where(and(eq(users.tenantId, TENANT), like(users.email, "reports.dialer.%")))
    .orderBy(users.id);
  for (const d of dialers) (emails.push(d.email), extensions.push(d.extension ?? ""), dialerIds.push(d.id));
} else await writeWorld();

async function writeWorld() {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await db.insert(tenants).values({
    id: TENANT,
    name: "BENCH",
    variant: "isius",
    country: "US",
    timezone: TIME_ZONE,
    features: {},
  });
  const [campaign] = await db
    .insert(leadCampaigns)
    .values({ tenantId: TENANT, slug: "bench", name: "Bench", active: true, prefix: PREFIX })
    .returning({ id: leadCampaigns.id });
  const createdAt = new Date(clock.now());
  {
    const rows = Array.from({ length: DIALERS }, (_, n) => ({
      tenantId: TENANT,
      email: `reports.dialer.${n}@bench.test`,
      passwordHash,
      firstName: "Dialling",
      lastName: `Agent ${String(n).padStart(3, "0")}`,
      role: "qualifier",
      extension: String(50_000 + n),
      hasWebrtc: true,
      isBilingual: true,
      createdAt,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      const ids = await db
        .insert(users)
        .values(rows.slice(i, i + 500))
        .returning({ id: users.id });
      dialerIds.push(...ids.map((r) => r.id));
    }
    rows.forEach((r) => (emails.push(r.email), extensions.push(r.extension)));
  }
  await db.insert(users).values({
    tenantId: TENANT,
    email: MANAGER_EMAIL,
    passwordHash,
    firstName: "Reports",
    lastName: "Manager",
    role: "manager",
    createdAt,
  });
  for (let i = 0; i < dialerIds.length; i += 1000)
    await db
      .insert(campaignQualifiers)
      .values(dialerIds.slice(i, i + 1000).map((userId) => ({ campaignId: campaign!.id, userId })));
  for (let i = 0; i < LEADS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, LEADS - i) }, (_, k) => {
      const n = i + k;
      const [state, timezone] = seededPlace(n);
      return {
        tenantId: TENANT,
        marketingId: `${PREFIX}S${n}`,
        prefix: PREFIX,
        campaignId: campaign!.id,
        firstName: "Lead",
        lastName: String(n),
        phone: seededPhone(n),
        country: "US",
        state,
        timezone,
        language: "en",
        createdAt,
      };
    });
    await db.insert(leads).values(rows);
  }
}
const worldMs = performance.now() - t1;

// ---------------------------------------------------------------- the history

/** Statements for the load: on PostgreSQL a connection of its own (session settings), on PGlite the instance. */
const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
interface LoadClient {
  query: (t: string, v?: unknown[]) => Promise<unknown>;
  end: () => Promise<void>;
}
let loadClient = null as LoadClient | null;
let exec: Exec;
if (database.kind === "postgres") {
  const pg = (await import("pg")).default;
  const c = new pg.Client({ connectionString: DATABASE_URL });
  await c.connect();
  loadClient = c as unknown as LoadClient;
  exec = async (text) => {
    const r = (await c.query(text)) as unknown;
    const last = Array.isArray(r) ? r[r.length - 1] : r;
    return ((last as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
  };
} else {
  const pglite = client as unknown as { exec: (t: string) => Promise<{ rows: Record<string, unknown>[] }[]> };
  exec = async (text) => {
    const r = await pglite.exec(text);
    return r[r.length - 1]?.rows ?? [];
  };
}
const today = localToday(clock.now());
const tLoad = performance.now();
/** On a preloaded database, the parent has the load's report of when it was written. */
const load: LoadReport | null = PRELOADED
  ? null
  : await loadHistory(exec, {
      tenantId: TENANT,
      sampleTenantId: SAMPLE_TENANT,
      agents: HISTORY_AGENTS,
      sampleAgents: SAMPLE_AGENTS,
      days: DAYS,
      today,
      timeZone: TIME_ZONE,
      seed: SEED,
      sessionSql:
        database.kind === "postgres"
          ? "SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'"
          : undefined,
      log,
    });
const loadMs = performance.now() - tLoad;
if (!PRELOADED) {
  await exec(`SELECT setval(pg_get_serial_sequence('tenants', 'id'), (SELECT max(id) FROM tenants))`);
  // The planner's statistics of the tables just loaded, as autovacuum would take them in time.
  await exec("ANALYZE calls; ANALYZE dispositions; ANALYZE agent_status_changes");
}
if (LOAD_ONLY) {
  await new Promise((sent) => process.send!({ type: "loaded", load, worldMs, loadMs }, sent));
  await loadClient?.end();
  await database.close();
  process.exit(0);
}
const historyIds = rowsOf<{ id: number }>(
  await db.execute(
    sql`select id from users where tenant_id = ${TENANT} and email like 'history.%' order by id`,
  ),
).map((r) => r.id);
const sizes = rowsOf<{ name: string; rows: number; mib: number }>(
  await db.execute(sql`select c.relname as name, c.reltuples::float8 as rows,
         pg_total_relation_size(c.oid)::float8 / 1048576 as mib
    from pg_class c where c.relname in ('agent_status_changes', 'calls', 'dispositions', 'leads', 'live_transfers',
      'overstays', 'report_agent_hours', 'report_status_hours', 'report_disposition_hours') order by 1`),
);

const t2 = performance.now();
const config = {
  ...readConfig({}),
  dataDir: PGLITE_DIR ?? "memory",
  databaseUrl: DATABASE_URL,
  redisUrl: undefined,
  staticDir: "/nonexistent",
  logLevel: "error",
  host: "127.0.0.1",
  port: 0,
  seedDemo: false,
  seedHistory: false,
  sipEdge: false,
  clockStart,
  simProfile: FAST_PROFILE as Record<string, unknown>,
};
const { app } = await buildGateway(config, { clock, database });
const builtMs = performance.now() - t2;

// ---------------------------------------------------------------- per phase: statements, CPU, event loop, RSS

let phase: Phase = "idle";
interface Shape {
  n: number;
  ms: number;
  /** The slowest one's round trip: a stall (a lock, a commit's flush, the loop busy) shows here, not in the mean. */
  max: number;
}
interface PhaseStats {
  at: number;
  cpu: NodeJS.CpuUsage;
  elu: ReturnType<typeof performance.eventLoopUtilization>;
  rss: number[];
  statements: number;
  shapes: Map<string, Shape>;
}
const phases = new Map<Phase, PhaseStats>();
const newPhase = (): PhaseStats => ({
  at: performance.now(),
  cpu: process.cpuUsage(),
  elu: performance.eventLoopUtilization(),
  rss: [],
  statements: 0,
  shapes: new Map(),
});
phases.set("idle", newPhase());
const cur = () => phases.get(phase)!;

/** A statement's shape: the text with parameters as ?, or for a long one its head, main FROM and tail. */
const shapeOf = (text: string) => {
  const t = text
    .replace(/\s+/g, " ")
    .replace(/\$\d+/g, "?")
    .replace(
      /\((?:\?|default)(?:, (?:\?|default))*\)(?:, \((?:\?|default)(?:, (?:\?|default))*\))+/g,
      "(…), …",
    )
    .replace(/\(\?(?:, \?){3,}\)/g, "(?, …)")
    .trim();
  const quoted = t.search(/ from "/i);
  const from = quoted >= 0 ? quoted : t.search(/ from /i);
  if (t.length <= 200) return t;
  const body = from > 40 ? t.slice(from + 1, from + 1 + 70) : t.slice(40, 110);
  return `${t.slice(0, 60)} … ${body} … ${t.slice(-80)}`;
};
const addShape = (shape: string, ms: number, n = 1) => {
  const shapes = cur().shapes;
  const s = shapes.get(shape) ?? shapes.set(shape, { n: 0, ms: 0, max: 0 }).get(shape)!;
  s.n += n;
  s.ms += ms;
  s.max = Math.max(s.max, ms);
};
// Statement counting, as bench/lead-import/gateway.ts does it (the load's own connection is not counted: it is
// done before this).
if (database.kind === "postgres") {
  const pg = (await import("pg")).default;
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const q = proto.query;
  proto.query = function (this: unknown, ...a: unknown[]) {
    const text = typeof a[0] === "string" ? a[0] : ((a[0] as { text?: string })?.text ?? "?");
    const at = performance.now();
    cur().statements++;
    const done = () => addShape(shapeOf(text), performance.now() - at);
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
    return { text: decoder.decode(b.subarray(from, Math.min(end, from + 4000))), next: end + 1 };
  };
  const raw = (client.execProtocolRawSync as (m: Uint8Array) => Uint8Array).bind(client);
  client.execProtocolRawSync = (m: Uint8Array) => {
    if (m[0] === 0x50 /* Parse: len, name, query */) current = shapeOf(cstring(m, cstring(m, 5).next).text);
    else if (m[0] === 0x51 /* Query: len, query */) current = shapeOf(cstring(m, 5).text);
    if (m[0] === 0x50 || m[0] === 0x51) cur().statements++;
    const at = performance.now();
    try {
      return raw(m);
    } finally {
      addShape(current, performance.now() - at, m[0] === 0x50 || m[0] === 0x51 ? 1 : 0);
    }
  };
}

await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as AddressInfo).port;
log(
  `${database.kind}${PGLITE_DIR ? ` (data directory ${PGLITE_DIR})` : ""}: migrated in ${migratedMs.toFixed(0)} ms, world ${worldMs.toFixed(0)} ms, history ${(loadMs / 1000).toFixed(1)} s, gateway built in ${builtMs.toFixed(0)} ms`,
);

const loop = monitorEventLoopDelay({ resolution: 2 });
loop.enable();
const loopOf = new Map<Phase, { p50: number; p99: number; max: number }>();
const late = (ns: number) => Math.max(0, ns / 1e6 - 2);
const sampler = setInterval(() => cur().rss.push(process.memoryUsage().rss), 250);
const closed = new Map<Phase, ReturnType<typeof summarise>>();

function summarise(name: Phase, p: PhaseStats) {
  const cpu = process.cpuUsage(p.cpu);
  const wallMs = performance.now() - p.at;
  const shapes = [...p.shapes.entries()].map(([shape, v]) => ({ shape, ...v })).sort((a, b) => b.ms - a.ms);
  return {
    phase: name,
    wallMs,
    cpuUserMs: cpu.user / 1000,
    cpuSystemMs: cpu.system / 1000,
    eventLoop: { utilization: performance.eventLoopUtilization(p.elu).utilization, ...loopOf.get(name) },
    rssMiB: p.rss.length
      ? {
          median: [...p.rss].sort((a, b) => a - b)[p.rss.length >> 1]! / 2 ** 20,
          max: Math.max(...p.rss) / 2 ** 20,
        }
      : null,
    statements: p.statements,
    statementMs: shapes.reduce((t, s) => t + s.ms, 0),
    shapes: shapes.slice(0, 30),
  };
}

// ---------------------------------------------------------------- what a report should show, from the raw rows

/** Totals over a range of local days for a set of agents, from the core's tables (not the rollups). */
async function expected(range: ReportRange, asOf: string, who: "history" | "dialling") {
  const ids = who === "history" ? historyIds : dialerIds;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const tz = TIME_ZONE;
  const nextDay = new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const s = sql`(${range.from}::timestamp at time zone ${tz})`;
  const e = sql`(${nextDay}::timestamp at time zone ${tz})`;
  const one = async <T>(q: SQL) => rowsOf<T>(await db.execute(q))[0]!;
  const calls = await one<Record<string, number>>(sql`
    select count(*) filter (where direction = 0)::int as dials, count(*) filter (where direction = 1)::int as inbound,
           count(*) filter (where answered_at is not null and amd_verdict is distinct from 'AMD-Machine-Vm-WA')::int as contacts,
           coalesce(sum(coalesce(duration, 0)), 0)::int as talk_seconds
      from calls where agent_id in (${list}) and started_at >= ${s} and started_at < ${e}`);
  const transfers = await one<Record<string, number>>(sql`
    select (select count(*)::int from live_transfers where state = 'completed' and qualifier_id in (${list})
              and created_at >= ${s} and created_at < ${e}) as transfers_sent,
           (select count(*)::int from live_transfers where state = 'completed' and advisor_id in (${list})
              and coalesce(accepted_at, created_at) >= ${s} and coalesce(accepted_at, created_at) < ${e}) as transfers_taken,
           (select count(*)::int from overstays where user_id in (${list}) and started_at >= ${s} and started_at < ${e}) as overstays`);
  const given = rowsOf<{ disposition: string; n: number }>(
    await db.execute(sql`select disposition, count(*)::int as n from dispositions
      where agent_id in (${list}) and created_at >= ${s} and created_at < ${e} group by 1`),
  );
  // Every agent's trail is unbroken from its first change: its statuses cover [first change, as of) within the range.
  const status = await one<{ seconds: number; agents: number }>(sql`
    select coalesce(sum(greatest(0, extract(epoch from least(${asOf}::timestamptz, ${e}) - greatest(f.first, ${s})))), 0)::float8 as seconds,
           count(*)::int as agents
      from (select user_id, min(at) as first from agent_status_changes where user_id in (${list}) group by 1) f`);
  return {
    who,
    agents: ids,
    totals: { ...calls, ...transfers },
    dispositions: Object.fromEntries(given.map((g) => [g.disposition, g.n])),
    statusSeconds: status.seconds,
    agentsWithTrail: status.agents,
  };
}

// ---------------------------------------------------------------- the year report's queries, from inside

/** What readAgentReport reads through: the database and the settings, as a plugin's context gives them. */
const readerOf = (d: typeof db) => ({
  db: d,
  settings: {
    read: <T>(tenantId: number, key: string, fallback: T) => readSetting(d, tenantId, key, fallback),
  },
});

async function explain(range: ReportRange, runs: number) {
  // readAgentReport itself, without HTTP (its SQL and the assembling of rows), then JSON.stringify of the answer.
  const direct: number[] = [];
  let json = "";
  const stringify: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const report = await readAgentReport(readerOf(db), { tenantId: TENANT, ...range }, new Date(clock.now()));
    direct.push(performance.now() - t);
    const t3 = performance.now();
    json = JSON.stringify({ data: report });
    stringify.push(performance.now() - t3);
  }
  // Its statements, caught on their way to the database, under EXPLAIN ANALYZE.
  const captured: { sql: string; params: unknown[] }[] = [];
  const dialect = (
    db as unknown as { dialect: { sqlToQuery: (q: SQL) => { sql: string; params: unknown[] } } }
  ).dialect;
  const spy = new Proxy(db, {
    get(target, p, receiver) {
      if (p === "execute")
        return (q: SQL) => {
          captured.push(dialect.sqlToQuery(q));
          return target.execute(q);
        };
      return Reflect.get(target, p, receiver) as unknown;
    },
  });
  await readAgentReport(readerOf(spy), { tenantId: TENANT, ...range }, new Date(clock.now()));
  const plans: { sql: string; ms: number; plan: string }[] = [];
  for (const q of captured) {
    const text = `EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`;
    const t = performance.now();
    let lines: string[];
    if (database.kind === "postgres") {
      const r = (await loadClient!.query(text, q.params)) as { rows: { "QUERY PLAN": string }[] };
      lines = r.rows.map((x) => x["QUERY PLAN"]);
    } else {
      const pglite = client as unknown as {
        query: (t: string, p: unknown[]) => Promise<{ rows: { "QUERY PLAN": string }[] }>;
      };
      lines = (await pglite.query(text, q.params)).rows.map((x) => x["QUERY PLAN"]);
    }
    plans.push({ sql: q.sql.replace(/\s+/g, " ").trim(), ms: performance.now() - t, plan: lines.join("\n") });
  }
  return { range, direct, stringify, bytes: Buffer.byteLength(json), plans };
}

type Msg =
  | { type: "phase"; name: Phase }
  | { type: "triggers"; on: boolean }
  | { type: "expect"; range: ReportRange; asOf: string; who: "history" | "dialling" }
  | { type: "explain"; range: ReportRange; runs: number }
  | { type: "report" }
  | { type: "lane-pid" }
  | { type: "stop" };
let profiler: Session | null = null;
async function profileAround(left: Phase, entered: Phase) {
  if (!PROFILE_DIR) return;
  if (entered === "with-reports") {
    profiler = new Session();
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.setSamplingInterval", { interval: 500 });
    await profiler.post("Profiler.start");
  } else if (left === "with-reports" && profiler) {
    const { profile } = await profiler.post("Profiler.stop");
    profiler.disconnect();
    profiler = null;
    const file = writeProfile(PROFILE_DIR, "reports-with-reports", profile as CpuProfile);
    console.error(`reports gateway: CPU profile of with-reports in ${file}`);
  }
}
process.on("disconnect", () => process.exit(0));
process.on("message", async (m: Msg) => {
  switch (m.type) {
    case "phase": {
      const was = phase;
      loopOf.set(was, {
        p50: late(loop.percentile(50)),
        p99: late(loop.percentile(99)),
        max: late(loop.max),
      });
      closed.set(was, summarise(was, cur()));
      loop.reset();
      phase = m.name;
      phases.set(phase, newPhase());
      await profileAround(was, m.name);
      send({ type: "phase-ok", name: m.name });
      return;
    }
    case "lane-pid": {
      // The read lane's backend (one connection by default): run.ts --lane-core gives it a core of its own.
      const [row] = rowsOf<{ pid: number }>(
        await database.readLane.execute(sql`select pg_backend_pid() as pid`),
      );
      send({ type: "lane-pid", pid: row?.pid ?? null });
      return;
    }
    case "triggers": {
      const t = performance.now();
      await exec(triggersSql(m.on));
      send({ type: "triggers-ok", on: m.on, ms: performance.now() - t });
      return;
    }
    case "expect":
      send({ type: "expected", ...(await expected(m.range, m.asOf, m.who)) });
      return;
    case "explain":
      send({ type: "explained", ...(await explain(m.range, m.runs)) });
      return;
    case "report": {
      loopOf.set(phase, {
        p50: late(loop.percentile(50)),
        p99: late(loop.percentile(99)),
        max: late(loop.max),
      });
      closed.set(phase, summarise(phase, cur()));
      clearInterval(sampler);
      const [calls] = rowsOf<{ calls: number; today: number }>(
        await db.execute(sql`select count(*)::int as calls,
          count(*) filter (where agent_id in (select id from users where email like 'reports.dialer.%'))::int as today
          from calls`),
      );
      send({
        type: "stats",
        db: database.kind,
        pgliteDir: PGLITE_DIR ?? null,
        phases: [...closed.values()],
        calls,
      });
      return;
    }
    case "stop":
      await app.close();
      await loadClient?.end();
      await database.close();
      if (PGLITE_DIR) rmSync(PGLITE_DIR, { recursive: true, force: true });
      process.exit(0);
  }
});
const mem = process.memoryUsage();
send({
  type: "ready",
  port,
  emails,
  extensions,
  manager: MANAGER_EMAIL,
  password: BENCH_PASSWORD,
  db: database.kind,
  today,
  historyIds,
  dialerIds,
  load,
  sizes,
  setup: {
    migratedMs,
    worldMs,
    loadMs,
    builtMs,
    rssMiB: mem.rss / 2 ** 20,
    arrayBuffersMiB: mem.arrayBuffers / 2 ** 20,
  },
});
