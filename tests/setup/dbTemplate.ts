// Vitest global setup of the gateway projects (issue 32, "seed once, copy many times"): the seeded demo call
// centre is made once per run, as a PGlite dump (project `server`) or a PostgreSQL template database
// (`server-pg`), and handed to the test files through `inject` (server/test/dbTemplate.ts, harness.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { adminQuery } from "../../server/db/admin";
import { createPostgresTemplate, writePgliteTemplate } from "../../server/test/dbTemplate";

export default async function setup(project: TestProject) {
  // TEST_DB_TEMPLATE=off: every gateway migrates and seeds its own database, as before (to measure the template).
  if (process.env.TEST_DB_TEMPLATE === "off") {
    project.provide("dbTemplateFile", "");
    project.provide("dbTemplateName", "");
    return;
  }
  const onPostgres = project.config.env?.TEST_DB === "postgres" && !!process.env.DATABASE_URL;
  if (onPostgres) {
    const server = process.env.DATABASE_URL!;
    const name = await createPostgresTemplate(server);
    project.provide("dbTemplateName", name);
    project.provide("dbTemplateFile", "");
    return async () => adminQuery(server, `drop database if exists ${name} with (force)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dialer-template-"));
  const file = path.join(dir, "seeded.tar");
  await writePgliteTemplate(file);
  project.provide("dbTemplateFile", file);
  project.provide("dbTemplateName", "");
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
