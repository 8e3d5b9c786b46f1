// The gateway's own CPU per run of the dial path's hot statements, with a database that answers at once (a
// drizzle instance over a client that returns no rows): what building, binding and mapping cost, apart from the
// network and PostgreSQL. Then a bare prepared round trip to PostgreSQL over loopback TCP and over the Unix socket,
// when DATABASE_URL names one on this host. bench/dialer-load/README.md, step 6, has the figures.
//
//   npx tsx bench/dialer-load/statement-cpu.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/dialer-load/statement-cpu.ts
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "../../server/db/schema";
import type { Db } from "../../server/db/client";
import { loadAgent, loadTenant } from "../../server/dialer/load";
import { readEngineSettings } from "../../server/dialer/settings";
import { callEventWrites } from "../../server/modules/calls/eventWrites";
import { readSetting } from "../../server/modules/settings/store";

const RUNS = 20_000;
const WARMUP = 2_000;

async function cpuPerRun(run: () => Promise<unknown>, runs = RUNS): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await run();
  const before = process.cpuUsage();
  for (let i = 0; i < runs; i++) await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / runs;
}

const answersAtOnce = { query: async () => ({ rows: [], fields: [], rowCount: 0, command: "SELECT" }) };
const db = drizzle(answersAtOnce as never, { schema }) as unknown as Db;
const tenant = { id: 1, timezone: "America/New_York", campaigns: new Map() };
const settings = await readEngineSettings(db, 1);
const writes = callEventWrites(db);
const cases: Record<string, () => Promise<unknown>> = {
  loadTenant: () => loadTenant(db, 1),
  readEngineSettings: () => readEngineSettings(db, 1),
  loadAgent: () => loadAgent(db, 7, tenant, settings, Date.UTC(2026, 2, 10, 15)),
  readSetting: () => readSetting(db, 1, "dialer", {}),
  "the 4 call event writes": async () => {
    await writes.partyAnswered.execute({ id: 1, at: new Date() });
    await writes.amdVerdict.execute({ id: 1, verdict: "AMD-Human-voice" });
    await writes.answered.execute({ id: 1, at: new Date() });
    await writes.ended.execute({ id: 1, status: "ended", endedAt: new Date(), duration: 3, cause: "normal" });
  },
};
for (const [name, run] of Object.entries(cases)) console.log(`${name.padEnd(26)} ${(await cpuPerRun(run)).toFixed(1)} µs of CPU a run`);

const base = process.env.DATABASE_URL;
if (base) {
  const socket = new URL(base);
  socket.hostname = "localhost";
  socket.searchParams.set("host", "/var/run/postgresql");
  for (const [how, url] of [["loopback TCP", base], ["Unix socket", socket.toString()]] as const) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
    } catch (e) {
      console.log(`${how}: not reachable (${(e as Error).message})`);
      continue;
    }
    let i = 0;
    const cpu = await cpuPerRun(() => client.query({ name: "one", text: "select $1::int as x", values: [i++] }), 10_000);
    console.log(`a bare prepared round trip, ${how.padEnd(12)} ${cpu.toFixed(1)} µs of the client's CPU`);
    await client.end();
  }
}
