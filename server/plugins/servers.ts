// The gateway sides of the plugins: every plugins/<id>/server.ts, found next to its manifest when the gateway
// loads. Each default-exports its route factory (`definePluginServer`, server/sdk); the gateway binds each route
// to the plugin's manifest (server/plugins/offered.ts). Imported by the route table only (server/routes.ts).
import type { PluginStaticManifest } from "../../src/contract/pluginManifest";
import type { RouteDef } from "../http/route";
import type { PluginServerContext } from "./context";
import { pluginFoldersWith } from "../pluginFolders";
import { importFromPlugin, manifestOf } from "./manifests";

/** What a plugin's server.ts default-exports: its routes, built once from the context the gateway gives it. */
export type PluginRoutes = (ctx: PluginServerContext) => RouteDef[];

export interface PluginServer {
  manifest: PluginStaticManifest;
  routes: PluginRoutes;
}

async function loadServers(): Promise<readonly PluginServer[]> {
  const loaded = await Promise.all(
    pluginFoldersWith("server.ts").map(async (id) => {
      const manifest = manifestOf(id);
      if (!manifest) throw new Error(`plugins/${id}/server.ts has no manifest.ts beside it`);
      const routes = (await importFromPlugin(id, "server.ts")).default;
      if (typeof routes !== "function")
        throw new Error(`plugins/${id}/server.ts must default-export definePluginServer(…)`);
      return { manifest, routes: routes as PluginRoutes };
    }),
  );
  return Object.freeze(loaded);
}

export const pluginServers: readonly PluginServer[] = await loadServers();
