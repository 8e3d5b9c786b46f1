// Gateway side of client health: an agent's page reports every 10 s (POST /client-health); the report is judged,
// kept for an hour in the plugin's table (older ones of that agent deleted as it arrives) and pushed to the call
// centre's managers. Managers read each agent's latest report (GET /client-health) and one agent's hour
// (GET /agents/:id/client-health). Everything is in the database, so any gateway instance answers.
import { and, asc, desc, eq, gte, lt } from "drizzle-orm";
import { definePluginServer, defineRoute, type PluginServerContext } from "../../server/sdk";
import {
  HISTORY_MS,
  HealthReport,
  HealthSample,
  healthReported,
  judge,
  readAgentHealth,
  readFloorHealth,
  reportHealth,
} from "./contract";
import { clientHealthReports } from "./tables";

type Row = typeof clientHealthReports.$inferSelect;

const sampleOf = (r: Row): HealthSample => ({
  agent_id: r.userId,
  at: r.at.toISOString(),
  report: HealthReport.parse(r.report),
  verdict: HealthSample.shape.verdict.parse(r.verdict),
  reasons: HealthSample.shape.reasons.parse(r.reasons),
});

export function clientHealthRoutes(ctx: PluginServerContext) {
  const hourAgo = () => new Date(ctx.clock.now() - HISTORY_MS);
  return [
    defineRoute(reportHealth, {
      access: { roles: ["qualifier", "advisor"] },
      example: {
        body: {
          socket_reconnects: 0,
          socket_connected: true,
          sip: "registered",
          microphone: "granted",
          page: "visible",
          timer_lateness_ms: 12,
          call: null,
        },
      },
      async handler({ caller, body }, reply) {
        const at = new Date(ctx.clock.now());
        const { verdict, reasons } = judge(body);
        const [row] = await ctx.db.transaction(async (tx) => {
          await tx
            .delete(clientHealthReports)
            .where(and(eq(clientHealthReports.userId, caller.id), lt(clientHealthReports.at, hourAgo())));
          return tx
            .insert(clientHealthReports)
            .values({ tenantId: caller.tenantId, userId: caller.id, at, report: body, verdict, reasons })
            .returning();
        });
        ctx.realtime.toManagers(healthReported, caller.tenantId, sampleOf(row!));
        reply.code(204);
        return null;
      },
    }),
    defineRoute(readFloorHealth, {
      access: { roles: ["manager"] },
      async handler({ caller }) {
        const rows = await ctx.db
          .selectDistinctOn([clientHealthReports.userId])
          .from(clientHealthReports)
          .where(and(eq(clientHealthReports.tenantId, caller.tenantId), gte(clientHealthReports.at, hourAgo())))
          .orderBy(clientHealthReports.userId, desc(clientHealthReports.at), desc(clientHealthReports.id));
        return { data: rows.map(sampleOf) };
      },
    }),
    defineRoute(readAgentHealth, {
      access: { roles: ["qualifier", "advisor", "manager"], agentParam: "id" },
      async handler({ params }) {
        const rows = await ctx.db
          .select()
          .from(clientHealthReports)
          .where(and(eq(clientHealthReports.userId, params.id), gte(clientHealthReports.at, hourAgo())))
          .orderBy(asc(clientHealthReports.at), asc(clientHealthReports.id));
        return { data: rows.map(sampleOf) };
      },
    }),
  ];
}

export default definePluginServer(clientHealthRoutes);
