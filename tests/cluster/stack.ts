// The cluster tier's stack: a fresh PostgreSQL database, the fake Asterisk as a process of its own (the PBX that
// outlives every gateway), three gateway processes with PBX=asterisk on that database and one Redis, and Debian's
// HAProxy in front of them with the sample configuration of deploy/haproxy/dialer.cfg (its addresses replaced).
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { hashPassword } from "../../server/auth/passwords";
import { adminQuery, databaseUrl } from "../../server/db/admin";
import { openDatabase } from "../../server/db/client";
import { LOAD_WORLD_CLOCK_START, writeLoadWorld, type LoadWorld } from "../../server/test/loadWorld";
import { startGatewayProcess, type GatewayProcess } from "../../server/test/process";
import { ensureDebianPackages, type Install } from "../debian";

const ROOT = join(import.meta.dirname, "..", "..");
const HAPROXY = "/usr/sbin/haproxy";

/** Ports away from the gateway's default (8080), the SIP tier's (83xx) and the other test sessions (8200–8299). */
export const PORTS = { PROXY: 8410, GATEWAYS: [8411, 8412, 8413] } as const;

/** The demo's extensions the fake Asterisk knows and has registered (qualifiers, the advisor, the manager). */
const DEMO_EXTENSIONS = ["1001", "1002", "1011", "1012", "1013", "1014", "1020"];

/** The load world's agents (server/test/loadWorld.ts) beside the demo's, all in the demo's ISIUS call centre. */
export const WORLD = {
  agents: 50,
  leads: 4_000,
  password: "cluster-tier-password",
  email: (n: number) => `cluster.agent.${n}@demo.test`,
  extension: (n: number) => String(50_000 + n),
} as const;

/**
 * The demo's call centre is inside its calling hours on a weekday afternoon; every instance's clock starts there
 * and runs in real time, so that an instance started later (a restart) keeps the same time as the others.
 */
const CLOCK_BASE = Date.parse(LOAD_WORLD_CLOCK_START);

export function ensureHaproxy(log: (line: string) => void): Install {
  return ensureDebianPackages("HAProxy", ["haproxy"], [HAPROXY], log);
}

/** Whether PostgreSQL and Redis answer at the URLs the tier was given. */
export async function servicesAnswer(databaseServer: string, redisUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: databaseServer });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (e) {
    return `PostgreSQL does not answer at DATABASE_URL (${String(e)})`;
  } finally {
    await client.end().catch(() => {});
  }
  const { createClient } = await import("redis");
  const redis = createClient({ url: redisUrl });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    return `Redis does not answer at REDIS_URL (${String(e)})`;
  } finally {
    await redis.quit().catch(() => {});
  }
  return null;
}

export interface Instance {
  name: string;
  port: number;
  process: GatewayProcess | null;
}

export interface ClusterStack {
  proxyUrl: string;
  instances: Instance[];
  databaseUrl: string;
  /** The load world written beside the demo: its agents' e-mails and extensions. */
  world: LoadWorld;
  /** A caller rings the call centre's number (`did`) from `from`, at the PBX; resolves with its channel id. */
  inbound(from: string, did: string): Promise<string>;
  /** The instance whose process holds the telephony lease now, as the database says. */
  holder(): Promise<Instance | null>;
  /** Starts (again) the instance's gateway process; resolves once it listens. */
  start(i: Instance): Promise<void>;
  /** SIGKILL (a crash) or SIGTERM (a clean stop). */
  stop(i: Instance, signal: NodeJS.Signals): Promise<void>;
  /** Rows of the cluster's database, for a scenario's diagnosis. */
  query(text: string): Promise<Record<string, unknown>[]>;
  /** The proxy's log, the gateways' output: where to look when a scenario fails. */
  logs(): string;
  close(): Promise<void>;
}

export async function startCluster(o: {
  dir: string;
  databaseServer: string;
  redisUrl: string;
  /** The built SPA the gateways serve (the agent's page). */
  staticDir: string;
  log: (line: string) => void;
}): Promise<ClusterStack> {
  const stoppers: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const f of stoppers.splice(0).reverse()) await f().catch(() => {});
  };
  try {
    const dbName = `dialer_cluster_${process.pid}_${Date.now()}`;
    await adminQuery(o.databaseServer, `create database ${dbName}`);
    stoppers.push(() => adminQuery(o.databaseServer, `drop database if exists ${dbName} with (force)`));
    const dbUrl = databaseUrl(o.databaseServer, dbName);

    const worldExtensions = Array.from({ length: WORLD.agents }, (_, n) => WORLD.extension(n));
    const ari = await startFakeAsterisk([...DEMO_EXTENSIONS, ...worldExtensions]);
    stoppers.push(() => stopProcess(ari.child));
    o.log(`fake Asterisk at ${ari.url}`);

    // The Redis channels and keys are namespaced by the signing key: a run of its own never hears another's.
    const jwtSecret = `cluster-tier-${process.pid}-${Date.now()}-`.padEnd(48, "x");
    const t0 = Date.now();
    const instances: Instance[] = PORTS.GATEWAYS.map((port, i) => ({
      name: `gw${i + 1}`,
      port,
      process: null,
    }));
    const outputs = new Map<string, string[]>();
    const start = async (i: Instance) => {
      i.process = await startGatewayProcess({
        startTimeoutMs: 180_000,
        env: {
          PORT: String(i.port),
          DATABASE_URL: dbUrl,
          REDIS_URL: o.redisUrl,
          PBX: "asterisk",
          ARI_URL: ari.url,
          ARI_USER: "dialer",
          ARI_PASSWORD: "secret",
          // The softphones are not used here (the fake Asterisk has no SIP); the variable is required.
          SIP_WS_URL: "ws://127.0.0.1:9",
          JWT_SECRET: jwtSecret,
          // One pinned clock for all three, whenever each (re)started: otherwise each lagged by its own start-up
          // time, and the page, answered by another instance after a failover, saw the call's time step back.
          CLOCK_START: new Date(CLOCK_BASE).toISOString(),
          CLOCK_START_AT: new Date(t0).toISOString(),
          LOG_LEVEL: "warn",
          STATIC_DIR: o.staticDir,
        },
      });
      const seen = outputs.get(i.name) ?? [];
      outputs.set(i.name, seen);
      seen.push(`--- ${i.name} started (pid ${i.process.child.pid})`);
      const p = i.process;
      void once(p.child, "close").then(() => seen.push(p.output()));
    };
    const stop = async (i: Instance, signal: NodeJS.Signals) => {
      const p = i.process;
      i.process = null;
      await p?.stop(signal);
      // A clean stop ends with exit code 0; one that overran its bound (server/stopping.ts) says where it hung.
      const code = p?.child.exitCode;
      if (p && signal === "SIGTERM" && code !== 0)
        throw new Error(
          `${i.name} did not stop cleanly on SIGTERM (exit ${code ?? p.child.signalCode}):\n${p.output().slice(-3_000)}`,
        );
    };
    stoppers.push(() => Promise.allSettled(instances.map((i) => stop(i, "SIGTERM"))));
    // The first seeds the demo into the empty database; the world goes beside it; the others start on it.
    await start(instances[0]!);
    const world = await writeWorld(dbUrl, CLOCK_BASE);
    await Promise.all(instances.slice(1).map(start));
    o.log(`gateways listening on ${PORTS.GATEWAYS.join(", ")}`);

    const proxy = await startHaproxy(o.dir, instances);
    stoppers.push(() => stopProcess(proxy.child));
    o.log(`HAProxy at ${proxy.url}`);

    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    stoppers.push(() => db.end());
    return {
      proxyUrl: proxy.url,
      instances,
      databaseUrl: dbUrl,
      world,
      inbound: ari.inbound,
      async holder() {
        const r = await db.query<{ holder_name: string; expires_at: Date }>(
          "select holder_name, expires_at from telephony_leases",
        );
        const row = r.rows[0];
        if (!row || row.expires_at.getTime() < Date.now()) return null;
        const pid = Number(row.holder_name.split(":").pop());
        return instances.find((i) => i.process?.child.pid === pid) ?? null;
      },
      start,
      stop,
      query: async (text) => (await db.query(text)).rows as Record<string, unknown>[],
      logs: () =>
        [
          proxy.output(),
          ...instances.map((i) => [...(outputs.get(i.name) ?? []), i.process?.output() ?? ""].join("\n")),
        ].join("\n"),
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

/** The fake Asterisk as a process (server/pbx/asterisk/testing/serve.ts), these extensions registered. */
export async function startFakeAsterisk(extensions: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "server/pbx/asterisk/testing/serve.ts", ...extensions],
    {
      cwd: ROOT,
      // The tier keeps the simulated PBX's default profile: a person talks 20–40 minutes, so its agents hang up
      // themselves. The dialer-load bench passes SIM_PROFILE for short calls.
      env,
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    },
  );
  let out = "";
  child.stderr!.on("data", (b: Buffer) => (out += b.toString()));
  const waiting: ((channel: string) => void)[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the fake Asterisk did not start:\n${out}`)), 60_000);
    child.stdout!.on("data", (b: Buffer) => {
      out += b.toString();
      const m = /ARI_URL=(\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
      for (const line of b.toString().split("\n")) {
        const channel = /^inbound (\S+)/.exec(line)?.[1];
        if (channel) waiting.shift()?.(channel);
      }
    });
    child.once("exit", (code) => reject(new Error(`the fake Asterisk exited (${code}):\n${out}`)));
  });
  const inbound = (from: string, did: string) =>
    new Promise<string>((resolve) => {
      waiting.push(resolve);
      child.stdin!.write(`inbound ${from} ${did}\n`);
    });
  return { url, child, inbound };
}

/** The load world in the demo's ISIUS call centre (tenant 1), its clock at the instances' start. */
async function writeWorld(dbUrl: string, clockStart: number): Promise<LoadWorld> {
  const database = await openDatabase({ url: dbUrl });
  try {
    return await writeLoadWorld(database.db, {
      tenantId: 1,
      campaign: { slug: "cluster-tier", name: "Cluster tier", prefix: "CLT" },
      agents: WORLD.agents,
      leads: WORLD.leads,
      passwordHash: await hashPassword(WORLD.password),
      createdAt: new Date(clockStart),
      email: WORLD.email,
      extension: WORLD.extension,
    });
  } finally {
    await database.close();
  }
}

/**
 * deploy/haproxy/dialer.cfg on 127.0.0.1: plain HTTP on the given port; the sample's servers are replaced by the
 * instances (one to three), in its place.
 */
function haproxyConfig(instances: Pick<Instance, "name" | "port">[], port: number): string {
  const sample = readFileSync(join(ROOT, "deploy", "haproxy", "dialer.cfg"), "utf8");
  const lines: string[] = [];
  let servers = 0;
  for (const line of sample.split("\n")) {
    const t = line.trim();
    if (t.startsWith("bind ")) {
      if (!lines.some((l) => l.trim().startsWith("bind "))) lines.push(`    bind 127.0.0.1:${port}`);
    } else if (
      t.startsWith("http-request redirect") ||
      t.startsWith("http-request set-header X-Forwarded-Proto")
    ) {
      continue;
    } else if (t.startsWith("server ")) {
      if (servers++ === 0) for (const i of instances) lines.push(`    server ${i.name} 127.0.0.1:${i.port}`);
    } else lines.push(line);
  }
  if (servers === 0) throw new Error("deploy/haproxy/dialer.cfg lists no server");
  return lines.join("\n");
}

/** HAProxy with deploy/haproxy/dialer.cfg in front of these instances, on 127.0.0.1:port. */
export async function startHaproxy(
  dir: string,
  instances: Pick<Instance, "name" | "port">[],
  port: number = PORTS.PROXY,
) {
  const file = join(dir, "haproxy.cfg");
  writeFileSync(file, haproxyConfig(instances, port));
  const child = spawn(HAPROXY, ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"], detached: true });
  let out = "";
  child.stdout!.on("data", (b: Buffer) => (out = (out + b.toString()).slice(-200_000)));
  child.stderr!.on("data", (b: Buffer) => (out = (out + b.toString()).slice(-200_000)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited:\n${out}`);
    try {
      if ((await fetch(`${url}/api/docs/json`)).ok) return { url, child, output: () => out };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`HAProxy did not answer:\n${out}`);
}

/** Stops a process started detached (its group): SIGTERM, then SIGKILL after 5 s. */
export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = once(child, "exit");
  process.kill(-child.pid, "SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGKILL");
}
