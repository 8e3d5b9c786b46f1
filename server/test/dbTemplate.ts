// Seed once, copy many times (issue 32). Every test gateway starts from the demo call centre; migrating and
// seeding it cost about 2.5 s a gateway on PGlite (initdb alone is most of it), paid by every server test
// file. A Vitest run now makes it once, as a template (tests/setup/dbTemplate.ts): a dump of a PGlite data
// directory that each gateway loads (≈0.5 s), or on PostgreSQL a database each test database is created from
// (`CREATE DATABASE … TEMPLATE`). The template is the seed at the harness's default clock with no history, so a
// test that starts its clock elsewhere, or wants no seed, still seeds its own (harness.ts decides).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { manualClock } from "../../src/shared/clock";
import { adminQuery, databaseUrl } from "../db/admin";
import { openDatabase } from "../db/client";
import { seedDemo } from "../seed/seed";

/** The harness's default clock: the instant the template is seeded at. */
export const TEMPLATE_CLOCK_START = Date.parse("2026-01-05T15:00:00Z");

declare module "vitest" {
  export interface ProvidedContext {
    /** A PGlite dump of the seeded demo call centre (a file), or "" when none was made. */
    dbTemplateFile: string;
    /** A PostgreSQL database holding the seeded demo call centre, or "" when none was made. */
    dbTemplateName: string;
  }
}

/** Migrates and seeds a PGlite database in memory and writes its dump to `file`. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({ dataDir: "memory" });
  try {
    await seedDemo(database.db, manualClock(TEMPLATE_CLOCK_START), { history: false });
    fs.writeFileSync(file, new Uint8Array(await (await database.dump!()).arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** Opens a PGlite database in memory from the dump at `file`, migrated and seeded. */
export async function openPgliteFromTemplate(file: string) {
  return openDatabase({ dataDir: "memory", load: new Blob([fs.readFileSync(file)]) });
}

/**
 * Creates a PostgreSQL database, migrated and seeded, to copy from: its name. Nobody may stay connected to a
 * template, so its pool is closed before the name is handed out.
 */
export async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `dialer_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const database = await openDatabase({ url: databaseUrl(serverUrl, name) });
  try {
    await seedDemo(database.db, manualClock(TEMPLATE_CLOCK_START), { history: false });
  } finally {
    await database.close();
  }
  return name;
}
