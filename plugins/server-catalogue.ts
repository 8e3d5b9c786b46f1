// The gateway routes that plugins own, in one list (the browser build never imports this file). Each entry
// receives only the PluginServerContext (server/plugins/context.ts), never the whole Gateway.
import type { RouteDef } from "../server/http/route";
import type { PluginServerContext } from "../server/plugins/context";
import { bookingRoutes } from "./booking/server";
import { disclosuresRoutes } from "./disclosures/server";
import { goalsRoutes } from "./goals/server";
import { healthEappRoutes } from "./health-eapp/server";
import { iappRoutes } from "./iapp/server";
import { recordingsRoutes } from "./recordings/server";
import { scriptsRoutes } from "./scripts/server";
import { transfersRoutes } from "./transfers/server";

/**
 * By plugin id: the gateway refuses a plugin's routes (403) for a call centre whose admin turned that plugin off
 * (the Plugins and features page), so the id must be the plugin's own.
 */
export const pluginRoutes: Record<string, (ctx: PluginServerContext) => RouteDef[]> = {
  goals: goalsRoutes,
  booking: bookingRoutes,
  transfers: transfersRoutes,
  disclosures: disclosuresRoutes,
  scripts: scriptsRoutes,
  recordings: recordingsRoutes,
  iapp: (ctx) => iappRoutes(ctx),
  "health-eapp": () => healthEappRoutes(),
};
