// The compliance report's route (issue 37, part 5): managers and above, of their own call centre or one they are given (../centres).
import { defineRoute, type PluginServerContext, type RouteDef } from "../../../server/sdk";
import { centreOf } from "../centres/centres.server";
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
          data: await readComplianceReport(
            ctx.readLane,
            await centreOf(ctx.db, caller, query.centre),
            query,
            new Date(ctx.clock.now()),
          ),
        };
      },
    }),
  ];
}
