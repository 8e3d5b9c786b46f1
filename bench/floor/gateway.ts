// The gateway side of the floor benchmark (bench/floor/run.ts explains the setup), in a child process so the
// agents' side never shares its event loop: a real gateway (buildGateway, PGlite in memory, SimPbx, the built SPA
// from dist/; or PostgreSQL when the parent passes DATABASE_URL, a fresh database it made) with one ISIUS call centre written straight into its database: N qualifiers ("Floor Agent 000"…)
// and one manager, and for the agents who place calls (--callers) leads of their own in a zone whose calling window
// is open at the pinned clock. SimPbx answers a manual dial with a person who hangs up after 2–5 s. It also serves
// the loaded floor: a bare socket.io server on its own port, sharing this process's event loop, that pushes a
// timestamp 20 times a second while the parent says so. IPC with the parent: ready → {port, barePort, emails,
// manager, password, leads}; bare-start; bare-stop; stop.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { sql } from "drizzle-orm";
import { buildGateway } from "../../server/app";
import { hashPassword } from "../../server/auth/passwords";
import { readConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { leads, tenants, users } from "../../server/db/schema";
import { systemClock } from "../../src/shared/clock";

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const AGENTS = Number(argOf("agents") ?? 500);
const CALLERS = Number(argOf("callers") ?? 0);
/** Leads per caller: one per call it places, never dialled twice. */
const LEADS_PER_CALLER = 20;
export const BENCH_PASSWORD = "bench-floor-password-3";

const clockStart = Date.parse("2026-03-10T18:00:00Z");
const clock = systemClock(clockStart);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const database = await openDatabase(DATABASE_URL ? { url: DATABASE_URL } : { dataDir: "memory" });
const config = {
  ...readConfig({}),
  dataDir: "memory",
  databaseUrl: DATABASE_URL,
  redisUrl: undefined,
  staticDir: "dist",
  logLevel: "error",
  host: "127.0.0.1",
  port: 0,
  seedDemo: false,
  seedHistory: false,
  sipEdge: false,
  clockStart,
  // A person answers every manual dial quickly and hangs up after a short talk: calls begin and end all the time.
  simProfile: {
    agentAnswerMs: [20, 80],
    ringAfterMs: [100, 400],
    answerAfterMs: { manual: [300, 1000], auto: [500, 2000] },
    talkMs: { human: [2000, 5000], machine: [1000, 2500] },
    outcomeWeights: { manual: { human: 1 }, auto: { human: 1 } },
  },
};
const { app, gw } = await buildGateway(config, { clock, database });
const passwordHash = await hashPassword(BENCH_PASSWORD);
await gw.db.insert(tenants).values({ id: 1, name: "BENCH", variant: "isius", country: "US", timezone: "America/New_York", features: {} });
await gw.db.execute(sql`select setval(pg_get_serial_sequence('tenants', 'id'), (select max(id) from tenants))`);
const createdAt = new Date(clock.now());
const emails: string[] = [];
const rows = Array.from({ length: AGENTS }, (_, n) => {
  emails.push(`floor.agent.${n}@bench.test`);
  return {
    tenantId: 1,
    email: `floor.agent.${n}@bench.test`,
    passwordHash,
    firstName: "Floor",
    lastName: `Agent ${String(n).padStart(3, "0")}`,
    role: "qualifier",
    extension: String(60_000 + n),
    hasWebrtc: true,
    createdAt,
  };
});
const agentIds: number[] = [];
for (let i = 0; i < rows.length; i += 500)
  agentIds.push(...(await gw.db.insert(users).values(rows.slice(i, i + 500)).returning({ id: users.id })).map((r) => r.id));
const manager = "floor.manager@bench.test";
await gw.db.insert(users).values({ tenantId: 1, email: manager, passwordHash, firstName: "Floor", lastName: "Manager", role: "manager", createdAt });
// The callers' leads, each caller's own (the last CALLERS agents, LEADS_PER_CALLER each): New York numbers
// (11:00–14:00 there at the pinned clock), none ending 01–05 (the simulated PBX's scripted outcomes).
const leadRows = Array.from({ length: CALLERS * LEADS_PER_CALLER }, (_, n) => ({
  tenantId: 1,
  marketingId: `ISF-${n}`,
  prefix: "ISF",
  firstName: "Lead",
  lastName: String(n),
  phone: `212${2_000_010 + n * 10}`,
  country: "US",
  state: "ny",
  timezone: "America/New_York",
  language: "en",
  ownerId: agentIds[AGENTS - CALLERS + Math.floor(n / LEADS_PER_CALLER)]!,
  createdAt,
}));
const leadIds: number[] = [];
for (let i = 0; i < leadRows.length; i += 500)
  leadIds.push(...(await gw.db.insert(leads).values(leadRows.slice(i, i + 500)).returning({ id: leads.id })).map((r) => r.id));
await app.listen({ host: "127.0.0.1", port: 0 });
const port = (app.server.address() as AddressInfo).port;

// The loaded floor: a bare push from this process, so it waits on the same event loop as the wall's pushes.
const bare = createServer();
const bareIo = new Server(bare, { cors: { origin: "*" } });
await new Promise<void>((r) => bare.listen(0, "127.0.0.1", () => r()));
let ticking: NodeJS.Timeout | null = null;

process.send!({
  type: "ready",
  port,
  barePort: (bare.address() as AddressInfo).port,
  emails,
  extensions: rows.map((r) => r.extension),
  manager,
  password: BENCH_PASSWORD,
  leads: leadRows.map((l, i) => ({ id: leadIds[i]!, phone: l.phone })),
});
process.on("message", async (m: { type: string }) => {
  if (m.type === "bare-start") ticking ??= setInterval(() => bareIo.emit("tick", { at: Date.now() }), 50);
  if (m.type === "bare-stop" && ticking) {
    clearInterval(ticking);
    ticking = null;
  }
  if (m.type !== "stop") return;
  bareIo.close();
  await app.close();
  process.exit(0);
});
