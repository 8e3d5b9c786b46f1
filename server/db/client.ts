// Opens the database: PostgreSQL when a URL is given, otherwise PGlite (embedded PostgreSQL) in a directory
// or in memory. One drizzle schema serves both; the core's migrations run first, then each plugin's own
// (server/db/migrations.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { migrationFolders } from "./migrations";
import { pgNotifications, pgliteNotifications, type DbNotifications } from "./notifications";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export interface Database {
  db: Db;
  /**
   * The lane for long reads (reports, exports): on PostgreSQL a pool of its own, DATABASE_READ_LANE_SIZE
   * connections (1 by default), so that however many such reads an instance is asked at once they take at most
   * that many of the database's backends, and the floor's short statements keep the rest of its CPU
   * (bench/reports). With a `readUrl` (DATABASE_READ_URL, a streaming replica), the lane reads there, on the
   * replica's cores. The same handle as `db` on PGlite, which runs one statement at a time anyway.
   */
  readLane: Db;
  kind: "pglite" | "postgres";
  /** What the database announces (LISTEN/NOTIFY): ./notifications.ts. */
  notifications: DbNotifications;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, which `openDatabase({ load })` opens again (tests' seeded template). */
  dump?(): Promise<Blob>;
}

/**
 * PostgreSQL connections per gateway: DATABASE_POOL_SIZE, else 10 (node-postgres' default). Each gateway
 * holds this many at most, so instances × size must stay under the server's max_connections.
 */
export function poolSize(env: string | undefined): number {
  const n = Number(env);
  return Number.isInteger(n) && n > 0 ? n : 10;
}

/** Connections of the read lane per gateway: DATABASE_READ_LANE_SIZE, else 1. */
export function readLaneSize(env: string | undefined): number {
  const n = Number(env);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** Runs every folder's pending migrations, the core's first, each in drizzle's bookkeeping table of its own. */
export async function migrateAll(
  run: (config: { migrationsFolder: string; migrationsTable?: string }) => Promise<void>,
  folders = migrationFolders(),
) {
  for (const { folder, table } of folders)
    await run({ migrationsFolder: folder, ...(table ? { migrationsTable: table } : {}) });
}

export async function openDatabase(opts: {
  url?: string;
  /** Where the read lane connects (a replica of `url`'s database); `url` when left out. PostgreSQL only. */
  readUrl?: string;
  dataDir?: string;
  onIdleError?: (e: Error) => void;
  /** The notice connection was lost (it is opened again by itself). */
  onNoticeError?: (message: string, err?: unknown) => void;
  /** PGlite in memory: start from this dump of a data directory (`Database.dump`) instead of an empty one. */
  load?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pg = (await import("pg")).default;
    const pool = new pg.Pool({ connectionString: opts.url, max: poolSize(process.env.DATABASE_POOL_SIZE) });
    // An idle connection that the server drops (restart, failover, admin) is replaced by the pool; without
    // this listener Node would treat the pool's 'error' event as fatal and end the gateway.
    pool.on("error", (e) => opts.onIdleError?.(e));
    const db = drizzlePg(pool, { schema });
    await migrateAll((config) => migratePg(db, config));
    // No parallel workers on the lane: a plan with a Gather would take more backends (cores) than its connections.
    const lanePool = new pg.Pool({
      connectionString: opts.readUrl ?? opts.url,
      max: readLaneSize(process.env.DATABASE_READ_LANE_SIZE),
      options: "-c max_parallel_workers_per_gather=0",
    });
    lanePool.on("error", (e) => opts.onIdleError?.(e));
    const notifications = pgNotifications({
      url: opts.url,
      ...(opts.onNoticeError && { log: opts.onNoticeError }),
    });
    return {
      db: db as unknown as Db,
      readLane: drizzlePg(lanePool, { schema }) as unknown as Db,
      kind: "postgres",
      notifications,
      close: async () => {
        await notifications.close();
        await lanePool.end();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const dataDir = opts.dataDir && opts.dataDir !== "memory" ? opts.dataDir : undefined;
  const lock = dataDir ? lockDataDir(dataDir) : undefined;
  try {
    const client = await PGlite.create(dataDir, opts.load ? { loadDataDir: opts.load } : {});
    const pglite = drizzlePglite(client, { schema });
    const db = pglite as unknown as Db;
    soleWriters.add(db);
    await migrateAll((config) => migratePglite(pglite, config));
    const notifications = pgliteNotifications(client);
    return {
      db,
      readLane: db,
      kind: "pglite",
      notifications,
      close: async () => {
        await notifications.close();
        await client.close();
        lock?.release();
      },
      dump: async () => {
        const tarball = await client.dumpDataDir("none");
        return new Blob([await tarball.arrayBuffer()]);
      },
    };
  } catch (e) {
    lock?.release();
    throw e;
  }
}

/** PostgreSQL's unique violation (23505), as either driver reports it: a write that met a unique index. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return (err?.code ?? err?.cause?.code) === "23505";
}

/** Rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const soleWriters = new WeakSet<Db>();
/** True when no other process can write to this database (PGlite: in memory, or a locked data directory). */
export function isSoleWriter(db: Db): boolean {
  return soleWriters.has(db);
}

export const LOCK_FILE = "gateway.lock";
/** Data directories this process holds: its own pid in a lock it does not hold is a previous boot's. */
const heldHere = new Set<string>();

/**
 * PGlite is single-writer: two processes on one data directory each keep their own copy of the pages and
 * overwrite each other's writes (confirmed leads were lost). A lock file with the owner's pid keeps a second
 * gateway out; one whose process is gone (a crash) is taken over; a clean close removes it.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(fs.realpathSync(dataDir), LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, started: startOf(process.pid), host: os.hostname() });
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: "wx" });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 2) throw e;
    }
    const held = readLock(file);
    if (held === undefined) continue; // removed meanwhile: try again
    const owner = lockOwner(held, heldHere.has(file));
    if (owner.alive)
      throw new Error(
        `The data directory ${dataDir} is in use by another gateway (pid ${owner.pid ?? "unknown"}${owner.host && owner.host !== os.hostname() ? ` on ${owner.host}` : ""}). ` +
          `The embedded database (PGlite) takes one gateway at a time; several instances need PostgreSQL (DATABASE_URL). ` +
          `If no gateway runs on it, remove ${file}.`,
      );
    // A crashed owner's lock: move exactly that file aside (rename is atomic), so two gateways recovering it
    // at once cannot both succeed, nor can one remove a lock another has just taken.
    const aside = `${file}.stale-${process.pid}`;
    try {
      fs.renameSync(file, aside);
    } catch {
      continue;
    }
    if (readLock(aside) !== held) {
      // Another gateway's fresh lock was moved by mistake: put it back and let it win.
      if (!fs.existsSync(file)) fs.renameSync(aside, file);
      continue;
    }
    fs.rmSync(aside, { force: true });
  }
  heldHere.add(file);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      heldHere.delete(file);
      if (readLock(file) === mine) fs.rmSync(file, { force: true });
    },
  };
}

function readLock(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** When a process started (Linux, clock ticks since boot), so a reused pid is not taken for the owner. */
function startOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/**
 * Whose lock it is, and whether that process still runs on this machine. The host name is only told: a
 * container restarted with the same volume gets another one, and its crashed predecessor's lock must not keep it
 * out (a data directory shared by two machines over a network is no supported setup for PGlite anyway).
 */
function lockOwner(
  content: string,
  heldByThisProcess: boolean,
): { pid?: number; host?: string; alive: boolean } {
  let owner: { pid?: unknown; host?: unknown; started?: unknown };
  try {
    owner = JSON.parse(content) as typeof owner;
  } catch {
    // Written half (a crash while writing it): nobody holds it.
    return { alive: false };
  }
  const pid =
    typeof owner.pid === "number" && Number.isInteger(owner.pid) && owner.pid > 0 ? owner.pid : undefined;
  const host = typeof owner.host === "string" ? owner.host : undefined;
  if (pid === undefined) return { alive: false };
  // Our own pid: either this process holds it, or a previous boot had the same pid (a container's pid 1).
  if (pid === process.pid) return { pid, host, alive: heldByThisProcess };
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return { pid, host, alive: false };
  }
  // The pid runs; is it still the process that wrote the lock?
  const started = startOf(pid);
  if (typeof owner.started === "string" && started !== undefined && started !== owner.started)
    return { pid, host, alive: false };
  return { pid, host, alive: true };
}
