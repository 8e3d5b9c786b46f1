#!/usr/bin/env node
// `npm run db:generate:plugin <id> [name]`: writes the migration of a plugin's tables (plugins/<id>/tables.ts) into
// its own folder, plugins/<id>/migrations (a drizzle journal; the gateway runs it after the core's, in
// drizzle.__plugin_<id>_migrations: server/db/migrations.ts). Its first run also takes the plugin out of the core's
// `npm run db:generate` (drizzle.config.ts), so its tables are migrated in one place.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const [id, name] = process.argv.slice(2);
if (!id || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id)) {
  console.error("usage: npm run db:generate:plugin <plugin-id> [migration-name]");
  process.exit(1);
}
const tables = path.join("plugins", id, "tables.ts");
if (!existsSync(tables)) {
  console.error(`db:generate:plugin: ${tables} does not exist`);
  process.exit(1);
}
execFileSync(
  "npx",
  [
    "drizzle-kit",
    "generate",
    "--dialect=postgresql",
    `--schema=./${tables}`,
    `--out=./plugins/${id}/migrations`,
    ...(name ? [`--name=${name}`] : []),
  ],
  { stdio: "inherit" },
);
