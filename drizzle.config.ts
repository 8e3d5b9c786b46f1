// `npm run db:generate`: the core's migrations (server/db/migrations), from the core schema and the tables of the
// plugins that shipped before plugins had migrations of their own. A plugin with a migrations folder generates
// its own: `npm run db:generate:plugin <id>` (scripts/db-generate-plugin.mjs; server/db/migrations.ts runs them).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "drizzle-kit";

const plugins = path.resolve("plugins");
const legacyPluginTables = readdirSync(plugins, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(plugins, d.name, "tables.ts")))
  .filter((d) => !existsSync(path.join(plugins, d.name, "migrations", "meta", "_journal.json")))
  .map((d) => `./plugins/${d.name}/tables.ts`);

export default defineConfig({
  dialect: "postgresql",
  schema: ["./server/db/schema.ts", ...legacyPluginTables],
  out: "./server/db/migrations",
});
