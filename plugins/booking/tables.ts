// The booking plugin's own tables (plugins/booking/server.ts is their one writer). drizzle-kit reads them with
// the core schema (drizzle.config.ts), so their migrations sit with the others in server/db/migrations.
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { leads, tenantRef, ts, userRef, users } from "../../server/sdk/tables";

/** A booked meeting (POST /meetings): who booked it, for which advisor, when and how. */
export const meetings = pgTable(
  "meetings",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    bookedBy: userRef("booked_by"),
    /** The advisor who takes it; null for a Sun Life booking (Sun Life's own advisors). */
    advisorId: integer("advisor_id").references(() => users.id),
    /** The meeting's id as the CRM knows it (the 201's meetingCrmId). */
    crmId: text("crm_id").notNull(),
    /** face-to-face | phone */
    type: text("type").notNull(),
    startsAt: ts("starts_at").notNull(),
    force: boolean("force").notNull(),
    /** false, '0' declined or '1' accepted, as the form sent it. */
    ioa: text("ioa").notNull(),
    reasons: jsonb("reasons").$type<(number | string)[]>().notNull(),
    reasonOther: text("reason_other").notNull(),
    refused: boolean("refused").notNull(),
    refusalReasons: jsonb("refusal_reasons").$type<number[]>().notNull(),
    refusalReasonOther: text("refusal_reason_other").notNull(),
    sameAddress: boolean("same_address").notNull(),
    isSunLife: boolean("is_sun_life").notNull(),
    /** The meeting's address block (the lead's, or another place). */
    address: jsonb("address").$type<Record<string, unknown>>().notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("meetings_crm_id_uq").on(t.tenantId, t.crmId),
    // One meeting per lead: a second booking is refused ('This lead has been already booked').
    uniqueIndex("meetings_lead_uq").on(t.leadId),
    index("meetings_advisor_idx").on(t.advisorId, t.startsAt),
  ],
);

/** What an agent typed in the booking wizard for a lead, kept as it is typed (a reload loses nothing). */
export const bookingDrafts = pgTable(
  "booking_drafts",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    agentId: userRef("agent_id", "cascade"),
    draft: jsonb("draft").$type<Record<string, unknown>>().notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [uniqueIndex("booking_drafts_lead_agent_uq").on(t.leadId, t.agentId)],
);

/** An instant appointment offer search (POST /ioas), answered by the offer service after a while. */
export const ioas = pgTable(
  "ioas",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    agentId: userRef("agent_id", "cascade"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    address: text("address").notNull(),
    postal: text("postal"),
    mga: text("mga"),
    /** What the search will find (0 not found, 1 found, 2 available), known once answeredAt has passed. */
    outcome: integer("outcome").notNull(),
    answersAt: ts("answers_at").notNull(),
    canceledAt: ts("canceled_at"),
    /** POST /ioas/{id}/assign: the booking the offer went to. */
    assignedMeetingCrmId: text("assigned_meeting_crm_id"),
    leadCrmId: text("lead_crm_id"),
    marketingId: text("marketing_id"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("ioas_agent_idx")
      .on(t.agentId)
      .where(sql`${t.canceledAt} is null`),
  ],
);
