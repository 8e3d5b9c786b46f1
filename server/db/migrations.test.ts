// A plugin's schema travels with its folder: plugins/<id>/migrations runs after the core's, tracked in a table of
// its own, once.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { migrateAll } from "./client";
import { migrationFolders, pluginsWithMigrations } from "./migrations";

/** A plugins folder with `lead-notes` carrying one migration of its own, and `goals` carrying none. */
function pluginsFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "plugins-"));
  const migrations = path.join(dir, "lead-notes", "migrations");
  mkdirSync(path.join(migrations, "meta"), { recursive: true });
  mkdirSync(path.join(dir, "goals"));
  writeFileSync(
    path.join(migrations, "0000_init.sql"),
    `CREATE TABLE "lead_notes" ("id" serial PRIMARY KEY NOT NULL, "tenant_id" integer NOT NULL);
--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id");`,
  );
  writeFileSync(
    path.join(migrations, "meta", "_journal.json"),
    JSON.stringify({
      version: "7",
      dialect: "postgresql",
      entries: [{ idx: 0, version: "7", when: 1_795_645_545_974, tag: "0000_init", breakpoints: true }],
    }),
  );
  return dir;
}

describe("migrations", () => {
  it("run the core's first, then each plugin's own folder, by plugin id", () => {
    const dir = pluginsFolder();
    expect(pluginsWithMigrations(dir)).toEqual(["lead-notes"]);
    expect(migrationFolders(dir).map((f) => [f.owner, f.table])).toEqual([
      ["core", undefined],
      ["lead-notes", "__plugin_lead_notes_migrations"],
    ]);
  });

  it("create a plugin's table after the core's it refers to, and only once", async () => {
    const client = await PGlite.create();
    const db = drizzle(client);
    const folders = migrationFolders(pluginsFolder());
    await migrateAll((config) => migrate(db, config), folders);
    await migrateAll((config) => migrate(db, config), folders);
    const tables = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_name in ('lead_notes', 'tenants')",
    );
    expect(tables.rows[0]!.n).toBe(2);
    const applied = await client.query<{ n: number }>(
      'select count(*)::int as n from drizzle."__plugin_lead_notes_migrations"',
    );
    expect(applied.rows[0]!.n).toBe(1);
    await client.close();
  });
});
