// The call-detail search's routes (issue 37, part 3): a page of the search, the whole search as CSV (streamed),
// one call's detail. Managers and above, of their own call centre or one they are given (../centres).
import { Readable } from "node:stream";
import {
  defineRoute,
  HttpError,
  MESSAGES,
  type PluginServerContext,
  type RouteDef,
} from "../../../server/sdk";
import { centreOf } from "../centres/centres.server";
import { callDetail, callsReport, exportCallsReport } from "./contract";
import { callsCsv, callsCsvName } from "./csv.server";
import { readCallDetail } from "./detail.server";
import { readCallsReport } from "./search.server";

const MANAGERS = { roles: ["manager"] } as const;

export function callReportRoutes(ctx: PluginServerContext): RouteDef[] {
  const now = () => new Date(ctx.clock.now());
  return [
    defineRoute(callsReport, {
      access: MANAGERS,
      example: { query: { from: "2026-03-01", to: "2026-03-31", direction: "outbound", limit: "50" } },
      async handler({ caller, query }) {
        const tenantId = await centreOf(ctx.db, caller, query.centre);
        return { data: await readCallsReport(ctx.readLane, tenantId, query, now()) };
      },
    }),
    defineRoute(exportCallsReport, {
      access: MANAGERS,
      example: { query: { from: "2026-03-01", to: "2026-03-31" } },
      async handler({ caller, query }, reply) {
        const at = now();
        const tenantId = await centreOf(ctx.db, caller, query.centre);
        const name = await callsCsvName(ctx.readLane, tenantId, query, at);
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${name}"`)
          .header("cache-control", "private, no-store");
        return reply.send(Readable.from(callsCsv(ctx.readLane, tenantId, query, at)));
      },
    }),
    defineRoute(callDetail, {
      access: MANAGERS,
      example: { params: { id: "1" } },
      async handler({ caller, params, query }) {
        const tenantId = await centreOf(ctx.db, caller, query.centre);
        const detail = await readCallDetail(ctx.readLane, tenantId, params.id, now());
        // Another call centre's call does not exist for this one.
        if (!detail) throw new HttpError(404, MESSAGES.resourceNotFound);
        return { data: detail };
      },
    }),
  ];
}
