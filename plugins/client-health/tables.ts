// The plugin's own table: each agent's client-health reports of the last hour (older ones are deleted as new ones
// arrive). In the database, not in a process, so every gateway instance reads the same history. Its migrations are
// in ./migrations: after a change, npm run db:generate:plugin client-health.
import { bigserial, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { tenantRef, ts, userRef } from "../../server/sdk/tables";

export const clientHealthReports = pgTable(
  "client_health_reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: tenantRef(),
    userId: userRef("user_id", "cascade"),
    at: ts("at").notNull(),
    /** The report as the page sent it (HealthReport). */
    report: jsonb("report").notNull(),
    /** good | degraded | bad, judged when it arrived. */
    verdict: text("verdict").notNull(),
    reasons: jsonb("reasons").$type<string[]>().notNull(),
  },
  (t) => [index("client_health_reports_user_at").on(t.userId, t.at), index("client_health_reports_tenant_at").on(t.tenantId, t.at)],
);
