// Opens the database: PostgreSQL when a URL is given, otherwise PGlite (embedded PostgreSQL) in a directory
// or in memory. One drizzle schema and one migration folder serve both.
import { fileURLToPath } from "node:url";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/**
 * PostgreSQL connections per gateway: DATABASE_POOL_SIZE, else 10 (node-postgres' default). Each gateway
 * holds this many at most, so instances × size must stay under the server's max_connections.
 */
export function poolSize(env: string | undefined): number {
  const n = Number(env);
  return Number.isInteger(n) && n > 0 ? n : 10;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export async function openDatabase(opts: { url?: string; dataDir?: string; onIdleError?: (e: Error) => void }): Promise<Database> {
  if (opts.url) {
    const pg = (await import("pg")).default;
    const pool = new pg.Pool({ connectionString: opts.url, max: poolSize(process.env.DATABASE_POOL_SIZE) });
    // An idle connection that the server drops (restart, failover, admin) is replaced by the pool; without
    // this listener Node would treat the pool's 'error' event as fatal and end the gateway.
    pool.on("error", (e) => opts.onIdleError?.(e));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const client = await PGlite.create(opts.dataDir && opts.dataDir !== "memory" ? opts.dataDir : undefined);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}

/** Rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
