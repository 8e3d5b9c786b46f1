// Every plugin's static manifest (plugins/<id>/manifest.ts), found in the plugins folder when the gateway loads: a
// plugin joins the gateway without an edit outside its folder. A manifest imports only the wire contract, so
// this module can sit under the gateway's feature flags without a cycle.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { PluginStaticManifest } from "../../src/contract/pluginManifest";
import { loadsPluginFolder } from "../db/migrations";

/** The plugins folder of this checkout. */
export const PLUGINS_DIR = fileURLToPath(new URL("../../plugins/", import.meta.url));

/** The ids of the plugin folders that hold `file`, in name order (a stable order for routes and pages). */
export function pluginFoldersWith(file: string): string[] {
  return readdirSync(PLUGINS_DIR, { withFileTypes: true })
    .filter(
      (d) => d.isDirectory() && loadsPluginFolder(d.name) && existsSync(path.join(PLUGINS_DIR, d.name, file)),
    )
    .map((d) => d.name)
    .sort();
}

/** Imports `plugins/<id>/<file>`. */
export const importFromPlugin = (id: string, file: string): Promise<Record<string, unknown>> =>
  import(pathToFileURL(path.join(PLUGINS_DIR, id, file)).href);

async function loadManifests(): Promise<readonly PluginStaticManifest[]> {
  const loaded = await Promise.all(
    pluginFoldersWith("manifest.ts").map(async (id) => {
      const manifest = (await importFromPlugin(id, "manifest.ts")).manifest as
        PluginStaticManifest | undefined;
      if (manifest?.id !== id)
        throw new Error(`plugins/${id}/manifest.ts must export manifest with id "${id}"`);
      return manifest;
    }),
  );
  return Object.freeze(loaded);
}

export const pluginManifests: readonly PluginStaticManifest[] = await loadManifests();

/** The manifest of a plugin, or undefined for an id no plugin has. */
export const manifestOf = (id: string) => pluginManifests.find((m) => m.id === id);

/** Which plugin declares each feature flag, and its default. Two plugins declaring one flag is a build error. */
export function declaredFlags(): Map<string, { plugin: string; default: boolean; description: string }> {
  const flags = new Map<string, { plugin: string; default: boolean; description: string }>();
  for (const m of pluginManifests)
    for (const [flag, declared] of Object.entries(m.flags ?? {})) {
      const earlier = flags.get(flag);
      if (earlier) throw new Error(`The feature flag "${flag}" is declared by ${earlier.plugin} and ${m.id}`);
      flags.set(flag, { plugin: m.id, ...declared });
    }
  return flags;
}

const defaults = Object.freeze(
  Object.fromEntries([...declaredFlags()].map(([flag, d]) => [flag, d.default])),
);
/** Every declared flag at its declared default: what a call centre has where neither variant nor admin says. */
export const declaredFlagDefaults = (): Readonly<Record<string, boolean>> => defaults;
