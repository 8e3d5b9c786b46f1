// The gateway's whole route table. Where a route lives is the rule of server/README.md: with the module that
// writes its tables. Plugins that own gateway routes join by their plugins/<id>/server.ts (server/plugins/servers.ts)
// and receive only the PluginServerContext, built here once per plugin from the gateway and its manifest.
import type { Gateway } from "./gateway";
import type { RouteDef } from "./http/route";
import { agentRoutes } from "./modules/agents/routes";
import { accountRoutes } from "./modules/agents/accounts";
import { extensionRoutes } from "./modules/extensions/routes";
import { liveTransferRoutes } from "./modules/liveTransfers/routes";
import { notificationRoutes } from "./modules/notifications/routes";
import { authRoutes } from "./modules/auth/routes";
import { layoutRoutes } from "./modules/layouts/routes";
import { callRoutes } from "./modules/calls/routes";
import { dispositionRoutes } from "./modules/dispositions/routes";
import { dialerRoutes } from "./dialer/routes";
import { geoRoutes } from "./modules/geo/routes";
import { leadRoutes } from "./modules/leads/routes";
import { settingsRoutes } from "./modules/settings/routes";
import { tenantRoutes } from "./modules/tenant/routes";
import { statusRoutes } from "./modules/status/routes";
import { simPbxRoutes } from "./pbx/sim/routes";
import { webrtcRoutes } from "./modules/webrtc/routes";
import { pluginServerContext } from "./plugins/context";
import { servedWhileOffered } from "./plugins/offered";
import { pluginServers } from "./plugins/servers";

export function routeTable(gw: Gateway): RouteDef[] {
  return [
    ...authRoutes(gw),
    ...tenantRoutes(gw),
    ...settingsRoutes(gw),
    ...leadRoutes(gw),
    ...callRoutes(gw),
    ...dispositionRoutes(gw),
    ...dialerRoutes(gw),
    ...layoutRoutes(gw),
    ...statusRoutes(gw),
    ...simPbxRoutes(gw),
    ...webrtcRoutes(gw),
    ...geoRoutes(gw),
    ...agentRoutes(gw),
    ...accountRoutes(gw),
    ...liveTransferRoutes(gw),
    ...notificationRoutes(gw),
    ...extensionRoutes(gw),
    ...pluginServers.flatMap(({ manifest, routes }) =>
      routes(pluginServerContext(gw, manifest)).map((def) => servedWhileOffered(gw, manifest, def)),
    ),
  ];
}
