// Where the schema's migrations are, in the order they run: the core's journal (server/db/migrations), then each
// plugin's own (plugins/<id>/migrations, a drizzle migrations folder of its tables.ts), by plugin id. A plugin's
// schema so travels with its folder; its migrations are tracked in a table of their own
// (drizzle.__plugin_<id>_migrations), so a plugin's numbering never meets the core's or another plugin's. The
// plugins' tables that shipped before plugins had their own folders (booking, disclosures, iApp, recordings) keep
// their migrations in the core's journal: a migration that already ran in production is never moved.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PLUGINS_DIR, pluginFoldersWith } from "../pluginFolders";

export interface MigrationFolder {
  /** "core", or the plugin id. */
  owner: string;
  folder: string;
  /** drizzle's bookkeeping table for this folder (default for the core's, so existing databases keep theirs). */
  table?: string;
}

const CORE = fileURLToPath(new URL("./migrations", import.meta.url));
/** The plugins that carry their own migrations folder (a drizzle journal in migrations/meta). */
export const pluginsWithMigrations = (pluginsDir = PLUGINS_DIR): string[] =>
  pluginFoldersWith(path.join("migrations", "meta", "_journal.json"), pluginsDir);

/** Every migrations folder, in the order they run. */
export function migrationFolders(pluginsDir = PLUGINS_DIR): MigrationFolder[] {
  return [
    { owner: "core", folder: CORE },
    ...pluginsWithMigrations(pluginsDir).map((id) => ({
      owner: id,
      folder: path.join(pluginsDir, id, "migrations"),
      table: `__plugin_${id.replaceAll("-", "_")}_migrations`,
    })),
  ];
}
