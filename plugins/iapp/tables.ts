// The iApp plugin's own tables: plugins/iapp/server.ts writes iapp_sends, and its demo receiver
// (demoReceiver.server.ts) writes iapp_demo_applications.
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { leads, tenantRef, ts, userRef } from "../../server/sdk/tables";

/**
 * A lead sent to an e-application system, one row per lead and destination: a second send of the same lead to
 * the same system answers this row again instead of opening a second application for the client.
 */
export const iappSends = pgTable(
  "iapp_sends",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id),
    /** iapp | iapp2 */
    destination: text("destination").notNull(),
    /** The agent who sent it, and the agent it names as having qualified the lead (qualified_by). */
    agentId: userRef("agent_id"),
    qualifiedBy: userRef("qualified_by"),
    /**
     * sending (handed to the system, no answer yet: a retry asks again with the same key) | sent | failed (the
     * system refused or did not answer; a retry sends again with the same key, so it cannot open two).
     */
    state: text("state").notNull(),
    /** The key the system dedupes by: the same on every attempt for this lead and destination. */
    requestKey: text("request_key").notNull(),
    /** The system's reference of the application and the client application page it serves. */
    reference: text("reference"),
    url: text("url"),
    createdAt: ts("created_at").notNull(),
    sentAt: ts("sent_at"),
  },
  (t) => [uniqueIndex("iapp_sends_lead_destination_uq").on(t.leadId, t.destination)],
);

/**
 * The embedded demo receiver's store: what "the e-application system" received, as it would keep it. Not
 * the dialer's record (that is iapp_sends); a real deployment points IAPP_URL at the carrier's system instead.
 */
export const iappDemoApplications = pgTable(
  "iapp_demo_applications",
  {
    id: serial("id").primaryKey(),
    /** The sender's key: a second submission with it answers the first application. */
    requestKey: text("request_key").notNull(),
    /** Unguessable: the client application page's address is its capability. */
    reference: text("reference").notNull(),
    destination: text("destination").notNull(),
    application: jsonb("application").$type<Record<string, unknown>>().notNull(),
    receivedAt: ts("received_at").notNull(),
  },
  (t) => [
    uniqueIndex("iapp_demo_applications_key_uq").on(t.requestKey),
    uniqueIndex("iapp_demo_applications_reference_uq").on(t.reference),
    index("iapp_demo_applications_received_idx").on(t.receivedAt),
  ],
);
