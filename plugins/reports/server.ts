// Gateway side of the reports (issue 37). Every figure is read from the plugin's rollups (./tables.ts), which the
// database keeps in the transaction of each write (./migrations): nothing here runs on a timer, and every gateway
// instance answers alike.
import { definePluginServer, type PluginServerContext, type RouteDef } from "../../server/sdk";
import { agentReportRoutes } from "./agents.server";
import { hoursReportRoutes } from "./hours.server";

export function reportRoutes(ctx: PluginServerContext): RouteDef[] {
  return [...agentReportRoutes(ctx), ...hoursReportRoutes(ctx)];
}

export default definePluginServer(reportRoutes);
