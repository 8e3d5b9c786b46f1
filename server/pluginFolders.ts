// The plugin folders the gateway loads (plugins/<id>/), found by what each holds: its manifest, its routes, its
// migrations. One place for where the folder is and which folders count, for the plugins' code and their schema.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The plugins folder of this checkout. */
export const PLUGINS_DIR = fileURLToPath(new URL("../plugins/", import.meta.url));

/**
 * Whether the gateway loads a plugin folder. The scaffold's test (scripts/new-plugin.test.ts) writes a throwaway
 * plugin, plugins/scaffold-probe-<pid>, for a minute or two while other tests start gateways: only the test
 * process that names it in PLUGIN_PROBE loads it, so no other gateway meets a half-written plugin. (The browser's
 * catalogue leaves it out by its glob, plugins/catalogue.ts.)
 */
export const loadsPluginFolder = (id: string): boolean =>
  !id.startsWith("scaffold-probe-") || process.env.PLUGIN_PROBE === id;

/** The ids of the loaded plugin folders that hold `file` (a path inside the folder), in name order. */
export function pluginFoldersWith(file: string, pluginsDir = PLUGINS_DIR): string[] {
  if (!existsSync(pluginsDir)) return [];
  return readdirSync(pluginsDir, { withFileTypes: true })
    .filter(
      (d) => d.isDirectory() && loadsPluginFolder(d.name) && existsSync(path.join(pluginsDir, d.name, file)),
    )
    .map((d) => d.name)
    .sort();
}
