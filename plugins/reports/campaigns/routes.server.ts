// The campaigns' and publishers' routes (issue 37, part 2): the range checked by the contract (422 per field), the
// figures of the caller's own call centre or one they are given (../centres).
import type { PluginServerContext, RouteDef } from "../../../server/sdk";
import { defineRoute } from "../../../server/sdk";
import { centreOf } from "../centres/centres.server";
import { campaignReport, publisherReport, type SourceGroup } from "./contract";
import { readSourceReport } from "./report.server";

const MANAGERS = { roles: ["manager"] } as const;

export function campaignReportRoutes(ctx: PluginServerContext): RouteDef[] {
  const route = (endpoint: typeof campaignReport, group: SourceGroup) =>
    defineRoute(endpoint, {
      access: MANAGERS,
      example: { query: { from: "2026-03-01", to: "2026-03-31", by: "day" } },
      async handler({ caller, query }) {
        const tenantId = await centreOf(ctx.db, caller, query.centre);
        const range = { tenantId, from: query.from, to: query.to, by: query.by };
        return { data: await readSourceReport(ctx.readLane, group, range, new Date(ctx.clock.now())) };
      },
    });
  return [route(campaignReport, "campaign"), route(publisherReport, "publisher")];
}
