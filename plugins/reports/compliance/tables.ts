// The compliance report's rollups and records (issue 37, part 5), kept by triggers on the core's calls in the
// transaction of each write (../migrations/0002, after the tables), so that a year is read in a few
// thousand rows whatever the number of calls:
//  - the abandon figures per campaign and local day of the call centre (FTC TSR 16 CFR 310.4(b)(4));
//  - the dials per dialled area code (or calling code) and quarter-hour of the UTC day, which the report judges by
//    the compliance gate's own calling windows once per place and quarter-hour, not once per call (every window
//    edge and every zone offset falls on a quarter-hour, so a quarter-hour is judged as a whole);
//  - the dials to a number that was on a Do Not Call list at the moment of the dial, as the gate's own probe reads
//    the lists (in force: added, not expired, not removed), recorded when the dial is written: a number taken off a
//    list later, or added again, does not rewrite what the dial was.
import { date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { tenantRef } from "../../../server/sdk/tables";

/** Outgoing calls a person answered, and those abandoned, per campaign and local day (by the call's start). */
export const reportAbandonDays = pgTable(
  "report_abandon_days",
  {
    tenantId: tenantRef(),
    /** calls.campaign_id when the call was placed; 0: none. */
    campaignId: integer("campaign_id").notNull(),
    /** The call centre's local day (its zone when the row was written). */
    day: date("day", { mode: "string" }).notNull(),
    /** The called party answered (party_answered_at, or the bridge for rows from before it was kept) and the PBX's
     * answering-machine detection did not call it a machine. */
    persons: integer("persons").notNull().default(0),
    /** Of those, not bridged to an agent within 2 s of the party's answer (or never, once the call ended). */
    abandoned: integer("abandoned").notNull().default(0),
    /**
     * The call's agent modulo 16: a campaign's day is kept in up to 16 rows the report adds up, so that the floor's
     * calls do not all wait for the lock of one row (as report_campaign_days).
     */
    shard: integer("shard").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.campaignId, t.day, t.shard] })],
);

/** Outgoing calls per dialled prefix and quarter-hour of a UTC day: `slots[k]` counts [day + (k-1)·15 min, +15 min). */
export const reportDialSlots = pgTable(
  "report_dial_slots",
  {
    tenantId: tenantRef(),
    /**
     * What decides where the number rings: its first 5 characters (formatting removed: "+1212" for +1 212 555 0100,
     * "21255" for 2125550100, "+4420" for +44 20 …), then ":" and its length. The report rebuilds a number of that
     * shape and asks the gate's numberRegion where it rings.
     */
    prefix: text("prefix").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    slots: integer("slots").array().notNull(),
    /**
     * Which quarter-hours have dials, 32 to an integer (bit k-1 of mask[1] for slot k ≤ 32, and so on): a year is read
     * as three integers a row, the counts only for the quarter-hours judged closed.
     */
    mask: integer("mask").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.prefix] })],
);

/** A dial to a number that was on a Do Not Call list at that moment (the gate should have refused it). */
export const reportDncDials = pgTable(
  "report_dnc_dials",
  {
    callId: integer("call_id").primaryKey(),
    tenantId: tenantRef(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "string" }).notNull(),
    /** 0: the internal list; else dnc_lists.id. */
    listId: integer("list_id").notNull(),
    /** The imported list's name then (a list deleted later takes its numbers with it); null: the internal list. */
    listName: text("list_name"),
    /** When the entry in force was added. */
    addedAt: timestamp("added_at", { withTimezone: true, mode: "string" }).notNull(),
  },
  (t) => [index("report_dnc_dials_tenant_idx").on(t.tenantId, t.startedAt)],
);
