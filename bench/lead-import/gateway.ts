// The gateway side of the lead-import bench (run.ts explains the setup), in a child process so the agents' and the
// manager's side never shares its event loop. Adapted from bench/dialer-load/gateway.ts (a script, not importable):
// buildGateway with its SimPbx on the fast profile, the clock pinned to CLOCK_START, SIP_EDGE off; PGlite in memory
// (or in a data directory with --pglite-dir), or PostgreSQL when the parent passes DATABASE_URL (a fresh database it
// made). Its world is written straight into the database before it listens: one ISIUS call centre (variant
// "isius", which offers the lead-lists plugin) with one active campaign, prefix BNL, N bilingual qualifiers
// assigned to it, one manager, and --leads seeded leads in states whose calling window is open.
//
// Measured from inside, all the time, and given to the parent by phase (the parent says when one begins): RSS,
// heap and array buffers every 250 ms, CPU (process.cpuUsage), event-loop utilisation and delay, SQL statements by
// shape (on PGlite their WebAssembly time on this event loop; on PostgreSQL node-postgres' round trip), and the
// import job's batches: the time the job waited for its next batch of rows (reading the stored file, decoding,
// cutting and parsing the CSV) and the time it spent on each batch (the lead intake, its inserts and the commit).
// The job is the plugin's own; it is timed by wrapping two methods of ImportJobs' prototype (the plugin is not
// changed). With --profile DIR, a CPU profile of the dry run and one of the import (node:inspector).
//
// IPC with the parent: ready → {port, emails, extensions, manager, password, …}; phase {name}; report → stats; stop.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { ImportJobs } from "../../plugins/lead-lists/imports/job.server";
import { buildGateway } from "../../server/app";
import { hashPassword } from "../../server/auth/passwords";
import { readConfig } from "../../server/config";
import { openDatabase, rowsOf } from "../../server/db/client";
import { campaignQualifiers, leadCampaigns, leads, users } from "../../server/db/schema";
import { writeBenchTenant } from "../../server/test/loadWorld";
import { systemClock } from "../../src/shared/clock";
import { summariseProfile, type CpuProfile } from "./profile";
import {
  BENCH_PASSWORD,
  CLOCK_START,
  FAST_PROFILE,
  MANAGER_EMAIL,
  PREFIX,
  seededPhone,
  seededPlace,
  type Phase,
} from "./world";

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const AGENTS = Number(argOf("agents") ?? 50);
const LEADS = Number(argOf("leads") ?? 10_000);
const PROFILE_DIR = argOf("profile");
const PGLITE_DIR = process.argv.includes("--pglite-disk")
  ? mkdtempSync(path.join(tmpdir(), "lead-import-pglite-"))
  : undefined;
/**
 * --experiment-yield: an experiment, not the plugin's code: the job gives the event loop a turn (setImmediate)
 * before each batch. On PGlite every query resolves in microtasks, so without it the job never lets the event
 * loop run until it ends; this measures what that one change would give.
 */
const YIELD = process.argv.includes("--experiment-yield");
/**
 * --gc-probe (node --expose-gc): a full collection at each phase change and every 50th batch of the job, and the
 * heap that survives it: what the gateway holds, apart from what merely waits to be collected. It stalls the event
 * loop for each collection: a run for memory, not for latencies.
 */
const GC_PROBE = process.argv.includes("--gc-probe");
const gc = (globalThis as { gc?: () => void }).gc;
const liveHeap: {
  phase: string;
  batch: number | null;
  heapMiB: number;
  heapTotalMiB: number;
  externalMiB: number;
  rssMiB: number;
  arrayBuffersMiB: number;
}[] = [];
function probeLive(batch: number | null) {
  if (!GC_PROBE || !gc) return;
  gc();
  const m = process.memoryUsage();
  liveHeap.push({
    phase,
    batch,
    heapMiB: m.heapUsed / 2 ** 20,
    heapTotalMiB: m.heapTotal / 2 ** 20,
    externalMiB: m.external / 2 ** 20,
    rssMiB: m.rss / 2 ** 20,
    arrayBuffersMiB: m.arrayBuffers / 2 ** 20,
  });
}
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const send = (m: unknown) => process.send!(m);

const t0 = performance.now();
const clockStart = Date.parse(argOf("clock-start") ?? CLOCK_START);
const clock = systemClock(clockStart);
const database = await openDatabase(
  DATABASE_URL ? { url: DATABASE_URL } : { dataDir: PGLITE_DIR ?? "memory" },
);
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
const { app, gw } = await buildGateway(config, { clock, database });
const builtMs = performance.now() - t0;

// ---------------------------------------------------------------- the world, written directly

const t1 = performance.now();
const passwordHash = await hashPassword(BENCH_PASSWORD);
const { db } = gw;
await writeBenchTenant(db);
const [campaign] = await db
  .insert(leadCampaigns)
  .values({ tenantId: 1, slug: "bench", name: "Bench", active: true, prefix: PREFIX })
  .returning({ id: leadCampaigns.id });
const createdAt = new Date(clock.now());
const emails: string[] = [];
const extensions: string[] = [];
const userIds: number[] = [];
for (let i = 0; i < AGENTS; i += 500) {
  const rows = Array.from({ length: Math.min(500, AGENTS - i) }, (_, k) => {
    const n = i + k;
    return {
      tenantId: 1,
      email: `import.agent.${n}@bench.test`,
      passwordHash,
      firstName: "Import",
      lastName: `Agent ${n}`,
      role: "qualifier",
      extension: String(50_000 + n),
      hasWebrtc: true,
      // The list has Spanish speakers: bilingual agents take every lead (no language skips in the pool's walk).
      isBilingual: true,
      createdAt,
    };
  });
  const ids = await db.insert(users).values(rows).returning({ id: users.id });
  rows.forEach((r) => (emails.push(r.email), extensions.push(r.extension)));
  userIds.push(...ids.map((r) => r.id));
}
await db
  .insert(users)
  .values({
    tenantId: 1,
    email: MANAGER_EMAIL,
    passwordHash,
    firstName: "Import",
    lastName: "Manager",
    role: "manager",
    createdAt,
  });
for (let i = 0; i < userIds.length; i += 1000)
  await db
    .insert(campaignQualifiers)
    .values(userIds.slice(i, i + 1000).map((userId) => ({ campaignId: campaign!.id, userId })));
for (let i = 0; i < LEADS; i += 1000) {
  const rows = Array.from({ length: Math.min(1000, LEADS - i) }, (_, k) => {
    const n = i + k;
    const [state, timezone] = seededPlace(n);
    return {
      tenantId: 1,
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
await db.execute(sql`analyze`);
const seededMs = performance.now() - t1;

// ---------------------------------------------------------------- per phase: statements, batches, RSS, CPU

let phase: Phase = "idle";
interface Shape {
  n: number;
  ms: number;
}
interface Batch {
  waitMs: number;
  workMs: number;
  rows: number;
}
interface PhaseStats {
  at: number;
  cpu: NodeJS.CpuUsage;
  elu: ReturnType<typeof performance.eventLoopUtilization>;
  rss: number[];
  heap: number[];
  arrayBuffers: number[];
  statements: number;
  shapes: Map<string, Shape>;
  batches: Batch[];
}
const phases = new Map<Phase, PhaseStats>();
const newPhase = (): PhaseStats => ({
  at: performance.now(),
  cpu: process.cpuUsage(),
  elu: performance.eventLoopUtilization(),
  rss: [],
  heap: [],
  arrayBuffers: [],
  statements: 0,
  shapes: new Map(),
  batches: [],
});
phases.set("idle", newPhase());
const cur = () => phases.get(phase)!;

/** A statement's shape: the text with parameters as ?, or for a long one its head, main FROM and tail. */
const shapeOf = (text: string) => {
  const t = text
    .replace(/\s+/g, " ")
    .replace(/\$\d+/g, "?")
    // A multi-row VALUES list and a long IN list: one shape whatever their length.
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
  const s = shapes.get(shape) ?? shapes.set(shape, { n: 0, ms: 0 }).get(shape)!;
  s.n += n;
  s.ms += ms;
};
// Statement counting, as bench/dialer-load/gateway.ts does it.
const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
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

// The job's batches: the wait for the next batch (the generator: file → text → records → rows) and the work on it.
{
  const proto = ImportJobs.prototype as unknown as Record<
    string,
    (...a: unknown[]) => AsyncGenerator<unknown[]>
  >;
  const batches = proto.batches!;
  proto.batches = async function* (this: unknown, ...a: unknown[]) {
    const it = batches.apply(this, a);
    try {
      for (;;) {
        const t = performance.now();
        const r = await it.next();
        const waitMs = performance.now() - t;
        if (r.done) return;
        if (YIELD) await new Promise((resolve) => setImmediate(resolve));
        const t2 = performance.now();
        yield r.value;
        cur().batches.push({ waitMs, workMs: performance.now() - t2, rows: r.value.length });
        if (cur().batches.length % 50 === 0) probeLive(cur().batches.length);
      }
    } finally {
      await it.return(undefined);
    }
  };
}

await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as AddressInfo).port;
console.error(
  `lead-import gateway: ${database.kind}${PGLITE_DIR ? ` (data directory ${PGLITE_DIR})` : ""}, built in ${builtMs.toFixed(0)} ms, ${AGENTS} agents and ${LEADS} leads written in ${seededMs.toFixed(0)} ms`,
);

const loop = monitorEventLoopDelay({ resolution: 2 });
loop.enable();
const loopOf = new Map<Phase, { p50: number; p99: number; max: number }>();
const late = (ns: number) => Math.max(0, ns / 1e6 - 2);
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  const p = cur();
  p.rss.push(m.rss);
  p.heap.push(m.heapUsed);
  p.arrayBuffers.push(m.arrayBuffers);
}, 250);
const closed = new Map<Phase, ReturnType<typeof summarise>>();

function summarise(name: Phase, p: PhaseStats) {
  const cpu = process.cpuUsage(p.cpu);
  const wallMs = performance.now() - p.at;
  const mib = (xs: number[]) =>
    xs.length
      ? {
          min: Math.min(...xs) / 2 ** 20,
          median: [...xs].sort((a, b) => a - b)[xs.length >> 1]! / 2 ** 20,
          max: Math.max(...xs) / 2 ** 20,
          last: xs[xs.length - 1]! / 2 ** 20,
        }
      : null;
  const shapes = [...p.shapes.entries()].map(([shape, v]) => ({ shape, ...v })).sort((a, b) => b.ms - a.ms);
  return {
    phase: name,
    wallMs,
    cpuUserMs: cpu.user / 1000,
    cpuSystemMs: cpu.system / 1000,
    eventLoop: { utilization: performance.eventLoopUtilization(p.elu).utilization, ...loopOf.get(name) },
    rssMiB: mib(p.rss),
    heapUsedMiB: mib(p.heap),
    arrayBuffersMiB: mib(p.arrayBuffers),
    statements: p.statements,
    statementMs: shapes.reduce((t, s) => t + s.ms, 0),
    shapes: shapes.slice(0, 25),
    batches: p.batches,
  };
}

let inspector: Session | null = null;
async function stopProfile(name: Phase) {
  if (!inspector) return null;
  const { profile } = (await inspector.post("Profiler.stop")) as { profile: CpuProfile };
  inspector.disconnect();
  inspector = null;
  const file = path.join(
    PROFILE_DIR!,
    `lead-import-${database.kind}-${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`,
  );
  writeFileSync(file, JSON.stringify(profile));
  return { phase: name, file, summary: summariseProfile(profile) };
}
const profiles: NonNullable<Awaited<ReturnType<typeof stopProfile>>>[] = [];

type Msg = { type: "phase"; name: Phase } | { type: "report" } | { type: "stop" };
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
      const prof = await stopProfile(was);
      if (prof) profiles.push(prof);
      loop.reset();
      phase = m.name;
      phases.set(phase, newPhase());
      if (PROFILE_DIR && (phase === "dryrun" || phase === "import")) {
        inspector = new Session();
        inspector.connect();
        await inspector.post("Profiler.enable");
        await inspector.post("Profiler.setSamplingInterval", { interval: 1000 });
        await inspector.post("Profiler.start");
      }
      probeLive(null);
      send({ type: "phase-ok", name: m.name });
      return;
    }
    case "report": {
      loopOf.set(phase, {
        p50: late(loop.percentile(50)),
        p99: late(loop.percentile(99)),
        max: late(loop.max),
      });
      closed.set(phase, summarise(phase, cur()));
      const prof = await stopProfile(phase);
      if (prof) profiles.push(prof);
      clearInterval(sampler);
      const [book] = rowsOf<{
        leads: number;
        members: number;
        refusals: number;
        chunks: number;
        file_mb: number;
      }>(
        await db.execute(sql`select
          (select count(*)::int from leads) as leads,
          (select count(*)::int from lead_list_members) as members,
          (select count(*)::int from lead_import_refusals) as refusals,
          (select count(*)::int from lead_import_chunks) as chunks,
          (select coalesce(sum(octet_length(data)), 0)::float8 / 1048576 from lead_import_chunks) as file_mb`),
      );
      const [calls] = rowsOf<{ calls: number; imported_dialled: number }>(
        await db.execute(sql`select (select count(*)::int from calls) as calls,
          (select count(*)::int from leads l join lead_list_members m on m.lead_id = l.id where l.dials > 0) as imported_dialled`),
      );
      send({
        type: "stats",
        db: database.kind,
        pgliteDir: PGLITE_DIR ?? null,
        phases: [...closed.values()],
        book,
        calls,
        profiles,
        liveHeap,
      });
      return;
    }
    case "stop":
      await app.close();
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
  leads: LEADS,
  campaignId: campaign!.id,
  setup: { buildMs: builtMs, seedMs: seededMs, rssMiB: mem.rss / 2 ** 20 },
});
