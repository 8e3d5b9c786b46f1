// The reports' rollups (issue 37): what the floor did, per agent and hour of the call centre's local time, kept by
// the write path. Triggers on the core's calls, dispositions, agent_status_changes, overstays and live_transfers
// (migrations/, written with the tables) add each row's share in the same transaction that writes the row, and
// take it back when the row changes or goes: a report never waits for a nightly job and is never stale, and a
// report over a year sums about 9 rows per agent-day instead of every call and status change. The plugin writes
// only these tables (the triggers are its own code, run by the database); it reads the core's through them.
//
// `hour` is the start of the hour in the call centre's time zone at the moment the row was written, as a local
// timestamp: days, weeks and months group by it directly, and a half-hour zone (Newfoundland) stays exact.
// After a change: npm run db:generate:plugin reports (then append the triggers' SQL by hand: see migrations/).
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { tenantRef } from "../../server/sdk/tables";

const hour = () => timestamp("hour", { mode: "string" }).notNull();

/**
 * The figures of an agent in a period, the same columns in the hour, day and month rollups (a day's and a month's
 * are their hours summed, by triggers: migrations/).
 */
const agentFigures = () => ({
  /** Outgoing calls the agent placed (any type), by the hour they started. */
  dials: integer("dials").notNull().default(0),
  /** Incoming calls the agent took. */
  inbound: integer("inbound").notNull().default(0),
  /** Calls answered by a person (answered, and no machine by the PBX's verdict). */
  contacts: integer("contacts").notNull().default(0),
  /** Seconds from answer to end, of the calls started in the hour. */
  talkSeconds: integer("talk_seconds").notNull().default(0),
  /** Live transfers the agent (a qualifier) completed, by the hour asked. */
  transfersSent: integer("transfers_sent").notNull().default(0),
  /** Live transfers the agent (an advisor) took and completed, by the hour accepted. */
  transfersTaken: integer("transfers_taken").notNull().default(0),
  /** Status periods that overstayed their limit, by the hour the overstay began. */
  overstays: integer("overstays").notNull().default(0),
});
/** Seconds in one status. */
const statusFigures = () => ({
  status: text("status").notNull(),
  seconds: doublePrecision("seconds").notNull().default(0),
});
/** Dispositions given, of one value. */
const dispositionFigures = () => ({
  disposition: text("disposition").notNull(),
  n: integer("n").notNull().default(0),
});

/** Calls, contacts, talk, transfers and overstays of an agent in an hour. */
export const reportAgentHours = pgTable(
  "report_agent_hours",
  {
    tenantId: tenantRef(),
    agentId: integer("agent_id").notNull(),
    hour: hour(),
    ...agentFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.hour] }),
    index("report_agent_hours_tenant_idx").on(t.tenantId, t.hour),
  ],
);

/** Seconds an agent spent in each status in an hour (a period over several hours is split among them). */
export const reportStatusHours = pgTable(
  "report_status_hours",
  {
    tenantId: tenantRef(),
    agentId: integer("agent_id").notNull(),
    hour: hour(),
    ...statusFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.hour, t.status] }),
    index("report_status_hours_tenant_idx").on(t.tenantId, t.hour),
  ],
);

/** Dispositions an agent gave in an hour, by value. */
export const reportDispositionHours = pgTable(
  "report_disposition_hours",
  {
    tenantId: tenantRef(),
    agentId: integer("agent_id").notNull(),
    hour: hour(),
    ...dispositionFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.hour, t.disposition] }),
    index("report_disposition_hours_tenant_idx").on(t.tenantId, t.hour),
  ],
);

// ------------------------------------------------------------------------------------------------ days
// The same figures per agent and local day, kept from the hour tables by triggers on them (each hour row's change
// added to its day's row): a report by day, week or month reads about 8 status rows per agent-day instead of 46,
// so a year of a 200-agent floor sums about 0.6 M rows instead of 3.4 M (bench/reports). The hours stay for the
// hours-of-the-week report.
const day = () => date("day", { mode: "string" }).notNull();

/** report_agent_hours summed per local day. */
export const reportAgentDays = pgTable(
  "report_agent_days",
  {
    tenantId: tenantRef(),
    agentId: integer("agent_id").notNull(),
    day: day(),
    ...agentFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.day] }),
    index("report_agent_days_tenant_idx").on(t.tenantId, t.day),
  ],
);

/** report_status_hours summed per local day. */
export const reportStatusDays = pgTable(
  "report_status_days",
  {
    tenantId: tenantRef(),
    agentId: integer("agent_id").notNull(),
    day: day(),
    ...statusFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.day, t.status] }),
    index("report_status_days_tenant_idx").on(t.tenantId, t.day),
  ],
);

/** report_disposition_hours summed per local day. */
export const reportDispositionDays = pgTable(
  "report_disposition_days",
  {
    tenantId: tenantRef(),
    agentId: integer("agent_id").notNull(),
    day: day(),
    ...dispositionFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.day, t.disposition] }),
    index("report_disposition_days_tenant_idx").on(t.tenantId, t.day),
  ],
);

// ------------------------------------------------------------------------------------------------ months
// The same figures per agent and local month (its first day), kept from the day tables by triggers on them: a report
// by month reads whole months here and only the days of a month the range cuts, so the year of a 200-agent floor
// sums about 26,000 status rows instead of 550,000 (bench/reports).
const month = () => date("month", { mode: "string" }).notNull();

/** report_agent_days summed per local month. */
export const reportAgentMonths = pgTable(
  "report_agent_months",
  {
    tenantId: tenantRef(),
    agentId: integer("agent_id").notNull(),
    month: month(),
    ...agentFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.month] }),
    index("report_agent_months_tenant_idx").on(t.tenantId, t.month),
  ],
);

/** report_status_days summed per local month. */
export const reportStatusMonths = pgTable(
  "report_status_months",
  {
    tenantId: tenantRef(),
    agentId: integer("agent_id").notNull(),
    month: month(),
    ...statusFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.month, t.status] }),
    index("report_status_months_tenant_idx").on(t.tenantId, t.month),
  ],
);

/** report_disposition_days summed per local month. */
export const reportDispositionMonths = pgTable(
  "report_disposition_months",
  {
    tenantId: tenantRef(),
    agentId: integer("agent_id").notNull(),
    month: month(),
    ...dispositionFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.month, t.disposition] }),
    index("report_disposition_months_tenant_idx").on(t.tenantId, t.month),
  ],
);

/**
 * The whole floor per local hour: what the hours-of-the-week report reads (a year is about 8,800 hours, against
 * 3.4 M agent-hours for 200 agents), kept from the agent hours by triggers on them as the days are. Each hour is
 * kept in FLOOR_SHARDS rows (by agent_id modulo) that the report adds up: with one row per hour, every call of the
 * floor would wait for the lock of that row held by the others' transactions.
 */
export const reportFloorHours = pgTable(
  "report_floor_hours",
  {
    tenantId: tenantRef(),
    hour: hour(),
    /** agent_id modulo FLOOR_SHARDS (16, in the triggers). */
    shard: integer("shard").notNull(),
    dials: integer("dials").notNull().default(0),
    contacts: integer("contacts").notNull().default(0),
    /** Seconds agents spent logged in (any status but offline). */
    agentSeconds: doublePrecision("agent_seconds").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.hour, t.shard] })],
);

// Each part of the reports keeps its own tables beside its code.
export * from "./campaigns/tables";
export * from "./compliance/tables";
export * from "./schedules/tables";
export * from "./centres/tables";
