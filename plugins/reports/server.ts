// Gateway side of the reports (issue 37). Every figure is read from the plugin's rollups (./tables.ts), which the
// database keeps in the transaction of each write (./migrations): nothing here runs on a timer, and every gateway
// instance answers alike. The one timer is the scheduled e-mails' poll (./schedules), whose runs are claimed in
// the database, so one instance sends each.
import { definePluginServer, type PluginServerContext, type RouteDef } from "../../server/sdk";
import { agentReportRoutes } from "./agents.server";
import { callReportRoutes } from "./calls/routes.server";
import { centreRoutes } from "./centres/centres.server";
import { campaignReportRoutes } from "./campaigns/routes.server";
import { complianceReportRoutes } from "./compliance/routes.server";
import { hoursReportRoutes } from "./hours.server";
import { reportScheduleRoutes } from "./schedules/routes.server";

export function reportRoutes(ctx: PluginServerContext): RouteDef[] {
  return [
    ...agentReportRoutes(ctx),
    ...hoursReportRoutes(ctx),
    ...campaignReportRoutes(ctx),
    ...callReportRoutes(ctx),
    ...complianceReportRoutes(ctx),
    ...reportScheduleRoutes(ctx),
    ...centreRoutes(ctx),
  ];
}

export default definePluginServer(reportRoutes);
