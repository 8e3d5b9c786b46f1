// Campaigns and publishers (issue 37, part 2): what the floor did per lead source and local day of the call centre,
// kept by triggers on the core's calls, dispositions and leads in the transaction of each write (../migrations/0002,
// after the tables). A source is a campaign (lead_campaigns) and a publisher, which is the lead's
// marketing-id prefix (a prefix names a publisher's leads: docs/decisions.md). A row holds both keys, so the
// campaign report groups by one and the publisher report by the other; a year is a few rows per prefix and day.
// 0 and '' stand for "none" (a call without a campaign, a lead an agent made, which has no prefix): a key column
// cannot be null.
import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { tenantRef } from "../../../server/sdk/tables";

const keys = () => ({
  tenantId: tenantRef(),
  /** The local day of the call centre (its zone when the row was written). */
  day: date("day", { mode: "string" }).notNull(),
  /** A call's campaign when it was placed (calls.campaign_id); a disposition's: its call's, else its lead's. 0: none. */
  campaignId: integer("campaign_id").notNull(),
  /** The lead's marketing-id prefix (leads.prefix), upper case as the intake wrote it; '': none. */
  prefix: text("prefix").notNull(),
  /**
   * Which of the day's rows for the campaign and prefix: a call's and a disposition's share go to their agent's
   * (agent_id % 16), a lead's arrival to 16 + lead_id % 16, a lead's first dial to 32 + lead_id % 16. The reports add
   * them up. With one row per campaign and day, every call of the floor, and a list import's every batch, would wait
   * for the lock of that row held by the others' transactions until they commit.
   */
  shard: integer("shard").notNull(),
});

/** Leads, dials, contacts and talk of a source in a local day. */
export const reportCampaignDays = pgTable(
  "report_campaign_days",
  {
    ...keys(),
    /** Leads that came in that day (leads.created_at), by their campaign and prefix now. */
    leads: integer("leads").notNull().default(0),
    /** Leads dialled for the first time that day (their earliest outgoing call), by their campaign and prefix now. */
    firstDials: integer("first_dials").notNull().default(0),
    /** Outgoing calls placed. */
    dials: integer("dials").notNull().default(0),
    /** Outgoing calls answered by a person (answered, and no machine by the PBX's verdict). */
    contacts: integer("contacts").notNull().default(0),
    /** Incoming calls taken. */
    inbound: integer("inbound").notNull().default(0),
    /** Seconds from answer to end of every call, by the day it started. */
    talkSeconds: integer("talk_seconds").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.campaignId, t.prefix, t.shard] })],
);

/** Dispositions given for a source in a local day, by value. */
export const reportCampaignDispositionDays = pgTable(
  "report_campaign_disposition_days",
  {
    ...keys(),
    disposition: text("disposition").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.campaignId, t.prefix, t.shard, t.disposition] })],
);

/**
 * The first dial each lead is counted with in report_campaign_days.first_dials: which day and source. A lead's first
 * dial changes with its calls (a call deleted, moved, relinked) and its source with the lead; the trigger compares
 * the truth with this row and moves the count when they differ, so a statement changing several calls of one lead
 * counts it once.
 */
export const reportLeadFirstDials = pgTable("report_lead_first_dials", {
  leadId: integer("lead_id").primaryKey(),
  tenantId: tenantRef(),
  day: date("day", { mode: "string" }).notNull(),
  campaignId: integer("campaign_id").notNull(),
  prefix: text("prefix").notNull(),
});
