// Long reads (reports, their exports, scheduled reports) go through the read lane: on PostgreSQL a pool of its own,
// one connection by default, so that however many of them run at once they hold one backend of the database and
// the floor's statements keep the rest of its CPU; on PGlite the same handle as `db`.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../test/harness";
import { readConfig } from "../config";
import { adminQuery, databaseUrl } from "./admin";
import { openDatabase, readLaneSize, rowsOf, type Db } from "./client";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw?.close());

/** The backend that answered, holding it a moment so that reads sent together overlap. */
const backendOf = async (db: Db) =>
  rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.02)`))[0]!.pid;

describe("the read lane", () => {
  it("runs reads sent at once on one connection, apart from the floor's pool", async () => {
    const { database } = gw;
    if (database.kind === "pglite") {
      expect(database.readLane).toBe(database.db);
      return;
    }
    const lane = await Promise.all([1, 2, 3, 4].map(() => backendOf(database.readLane)));
    expect(new Set(lane).size).toBe(1);
    const main = await Promise.all([1, 2, 3, 4].map(() => backendOf(database.db)));
    expect(new Set(main).size).toBeGreaterThan(1);
    expect(main).not.toContain(lane[0]);
    // Nor does a read on it spread over parallel workers (each another backend on another core).
    const workers = async (db: Db) =>
      rowsOf<{ n: string }>(
        await db.execute(sql`select current_setting('max_parallel_workers_per_gather') as n`),
      )[0]!.n;
    expect(await workers(database.readLane)).toBe("0");
    expect(await workers(database.db)).not.toBe("0");
  });

  it("has DATABASE_READ_LANE_SIZE connections, 1 when unset or not a positive whole number", () => {
    expect(readLaneSize(undefined)).toBe(1);
    expect(readLaneSize("3")).toBe(3);
    for (const bad of ["0", "-2", "1.5", "two", ""]) expect(readLaneSize(bad)).toBe(1);
  });

  it("reads at DATABASE_READ_URL when one is given (a replica), the floor's statements at DATABASE_URL", async () => {
    const server = process.env.DATABASE_URL;
    if (gw.database.kind === "pglite" || !server) return;
    // Two databases of one server stand for a primary and its replica: what matters is where each handle connects.
    const [primary, replica] = ["primary", "replica"].map(
      (role) => `read_lane_${role}_${process.pid}_${Date.now().toString(36)}`,
    ) as [string, string];
    await adminQuery(server, `create database ${primary}`);
    await adminQuery(server, `create database ${replica}`);
    try {
      const database = await openDatabase({
        url: databaseUrl(server, primary),
        readUrl: databaseUrl(server, replica),
      });
      const where = async (db: Db) =>
        rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`))[0]!.name;
      try {
        expect(await where(database.db)).toBe(primary);
        expect(await where(database.readLane)).toBe(replica);
      } finally {
        await database.close();
      }
    } finally {
      for (const name of [primary, replica])
        await adminQuery(server, `drop database if exists ${name} with (force)`);
    }
  });

  it("refuses DATABASE_READ_URL without DATABASE_URL, or one that is not a URL", () => {
    expect(() => readConfig({ DATABASE_READ_URL: "postgres://replica/dialer" })).toThrow(
      /set DATABASE_URL too/,
    );
    expect(() =>
      readConfig({ DATABASE_URL: "postgres://primary/dialer", DATABASE_READ_URL: "replica" }),
    ).toThrow(/not a URL/);
    expect(
      readConfig({
        DATABASE_URL: "postgres://primary/dialer",
        DATABASE_READ_URL: "postgres://replica/dialer",
      }).databaseReadUrl,
    ).toBe("postgres://replica/dialer");
  });
});
