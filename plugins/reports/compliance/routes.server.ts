// The compliance report's route (issue 37, part 5): managers and above, their own call centre only.
import { defineRoute, type PluginServerContext, type RouteDef } from "../../../server/sdk";
import { complianceReport } from "./contract";
import { readComplianceReport } from "./report.server";

const MANAGERS = { roles: ["manager"] } as const;

export function complianceReportRoutes(ctx: PluginServerContext): RouteDef[] {
  return [
    defineRoute(complianceReport, {
      access: MANAGERS,
      example: { query: { from: "2026-03-01", to: "2026-03-31" } },
      async handler({ caller, query }) {
        return {
          data: await readComplianceReport(ctx.db, caller.tenantId, query, new Date(ctx.clock.now())),
        };
      },
    }),
  ];
}
