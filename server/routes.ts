// The gateway's whole route table. Plugins that own gateway routes join it through plugins/server-catalogue.ts.
import { pluginRoutes } from "../plugins/server-catalogue";
import type { Gateway } from "./gateway";
import type { RouteDef } from "./http/route";
import { authRoutes } from "./modules/auth/routes";
import { layoutRoutes } from "./modules/layouts/routes";
import { callRoutes } from "./modules/calls/routes";
import { dispositionRoutes } from "./modules/dispositions/routes";
import { dialerRoutes } from "./dialer/routes";
import { leadRoutes } from "./modules/leads/routes";
import { settingsRoutes } from "./modules/settings/routes";
import { tenantRoutes } from "./modules/tenant/routes";
import { statusRoutes } from "./modules/status/routes";
import { simPbxRoutes } from "./pbx/sim/routes";
import { webrtcRoutes } from "./modules/webrtc/routes";

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
    ...pluginRoutes.flatMap((routes) => routes(gw)),
  ];
}
