// Every plugin's static manifest (plugins/<id>/manifest.ts), found in the plugins folder when the gateway loads: a
// plugin joins the gateway without an edit outside its folder. A manifest imports only the wire contract, so
// this module can sit under the gateway's feature flags without a cycle.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PluginStaticManifest } from "../../src/contract/pluginManifest";
import { PLUGINS_DIR, pluginFoldersWith } from "../pluginFolders";

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
