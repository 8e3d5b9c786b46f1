// The plugin's own tables: every supervision (the audit trail, and the live ones any gateway instance reads) and
// the call centre's supervision setting. Its migrations are in ./migrations: after a change,
// npm run db:generate:plugin supervision.
import { boolean, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { calls, tenantRef, ts, userRef } from "../../server/sdk/tables";

export const supervisions = pgTable(
  "supervisions",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    managerId: userRef("manager_id", "cascade"),
    agentId: userRef("agent_id", "cascade"),
    callId: integer("call_id")
      .notNull()
      .references(() => calls.id, { onDelete: "cascade" }),
    /** The manager's leg at the PBX (PbxCalls.supervise); its events move the row. */
    legId: text("leg_id").notNull(),
    /** The PBX's call and the agent's leg listened to: whether the call is over when the manager's leg ends. */
    pbxCallId: text("pbx_call_id").notNull(),
    agentLegId: text("agent_leg_id").notNull(),
    /** ringing | live | ended */
    state: text("state").notNull(),
    /** Each mode chosen, with when: [{mode, at}], the current one last. */
    modes: jsonb("modes").$type<{ mode: string; at: string }[]>().notNull(),
    startedAt: ts("started_at").notNull(),
    answeredAt: ts("answered_at"),
    endedAt: ts("ended_at"),
    /** left | call_ended | unanswered */
    endReason: text("end_reason"),
  },
  (t) => [
    index("supervisions_tenant_started").on(t.tenantId, t.startedAt),
    index("supervisions_leg").on(t.legId),
    index("supervisions_manager_state").on(t.managerId, t.state),
  ],
);

export const supervisionSettings = pgTable("supervision_settings", {
  tenantId: tenantRef().primaryKey(),
  agentsSeeSupervision: boolean("agents_see_supervision").notNull(),
});
