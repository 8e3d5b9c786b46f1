// The gateway side of the floor benchmark (bench/floor/run.ts explains the setup), in a child process so the
// agents' side never shares its event loop: a real gateway (buildGateway, PGlite in memory, SimPbx, the built SPA
// from dist/) with one ISIUS call centre written straight into its database: N qualifiers ("Floor Agent 000"…)
// and one manager. IPC with the parent: ready → {port, emails, manager, password}; stop.
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { buildGateway } from "../../server/app";
import { hashPassword } from "../../server/auth/passwords";
import { readConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { tenants, users } from "../../server/db/schema";
import { systemClock } from "../../src/shared/clock";

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const AGENTS = Number(argOf("agents") ?? 500);
export const BENCH_PASSWORD = "bench-floor-password-3";

const clockStart = Date.parse("2026-03-10T18:00:00Z");
const clock = systemClock(clockStart);
const database = await openDatabase({ dataDir: "memory" });
const config = {
  ...readConfig({}),
  dataDir: "memory",
  databaseUrl: undefined,
  redisUrl: undefined,
  staticDir: "dist",
  logLevel: "error",
  host: "127.0.0.1",
  port: 0,
  seedDemo: false,
  seedHistory: false,
  sipEdge: false,
  clockStart,
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
for (let i = 0; i < rows.length; i += 500) await gw.db.insert(users).values(rows.slice(i, i + 500));
const manager = "floor.manager@bench.test";
await gw.db.insert(users).values({ tenantId: 1, email: manager, passwordHash, firstName: "Floor", lastName: "Manager", role: "manager", createdAt });
await app.listen({ host: "127.0.0.1", port: 0 });
const port = (app.server.address() as AddressInfo).port;
process.send!({ type: "ready", port, emails, extensions: rows.map((r) => r.extension), manager, password: BENCH_PASSWORD });
process.on("message", async (m: { type: string }) => {
  if (m.type !== "stop") return;
  await app.close();
  process.exit(0);
});
