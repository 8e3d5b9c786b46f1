// A statement built once runs on whichever connection the handle it is given holds: a transaction's statements
// see that transaction's own writes and go with its commit or rollback (a claim's lock, its lead's facts and its
// insert run inside one), on PGlite and on PostgreSQL alike.
import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../test/harness";
import type { Db } from "./client";
import { preparedOn, preparedSql } from "./prepared";

const probe = pgTable("prepared_probe", { id: integer("id").primaryKey(), note: text("note").notNull() });

let gw: TestGateway;
let db: Db;
beforeAll(async () => {
  gw = await startTestGateway();
  db = gw.database.db;
  await db.execute(sql`create table prepared_probe (id int primary key, note text not null)`);
});
afterAll(() => gw?.close());

let builds = 0;
const noteOf = preparedOn((d: Db) => {
  builds++;
  return d
    .select({ note: probe.note })
    .from(probe)
    .where(eq(probe.id, sql.placeholder("id")))
    .prepare("probe_note");
});
const insertNote = preparedSql<{ id: number }>(
  "probe_insert",
  sql`insert into prepared_probe (id, note) values (${sql.placeholder("id")}::int, ${sql.placeholder("note")}::text) returning id`,
);
const notes = async (d: Db, id: number) => (await noteOf(d).execute({ id })).map((r) => r.note);

describe("statements prepared once", () => {
  it("run inside a transaction: they see its own writes, and its rollback takes theirs", async () => {
    await expect(
      db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        expect(await insertNote(t, { id: 1, note: "in the transaction" })).toEqual([{ id: 1 }]);
        expect(await notes(t, 1)).toEqual(["in the transaction"]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await notes(db, 1)).toEqual([]);

    await db.transaction(async (tx) => {
      await insertNote(tx as unknown as Db, { id: 2, note: "committed" });
    });
    expect(await notes(db, 2)).toEqual(["committed"]);
  });

  it("are built once, however many transactions and connections run them", async () => {
    for (let i = 0; i < 5; i++)
      await db.transaction(async (tx) => {
        await insertNote(tx as unknown as Db, { id: 10 + i, note: `n${i}` });
        expect(await notes(tx as unknown as Db, 10 + i)).toEqual([`n${i}`]);
      });
    await Promise.all([10, 11, 12, 13, 14].map((id) => notes(db, id)));
    expect(builds).toBe(1);
  });
});
