// The scheduled e-mails of the reports (re-exported by ../tables.ts). All a run's state lives in its row, so any
// gateway instance may send it and none sends it twice: the poll claims due rows `for update skip locked` and, in
// the same transaction, moves next_run_at on and marks the run as its own (run_at, lease_owner, lease_until);
// sent, the run is cleared; failed, the error and the attempts are kept and the next poll tries again, up to a limit.
// An instance that dies while sending leaves its lease to lapse, and another takes the run over.
// After a change: npm run db:generate:plugin reports.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { tenantRef, ts, users } from "../../../server/sdk/tables";

export const reportSchedules = pgTable(
  "report_schedules",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    /** The manager who made it (null once that account is gone: the schedule stays the call centre's). */
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** agents | hours | campaigns | calls | compliance (./contract.ts SCHEDULED_REPORTS). */
    report: text("report").notNull(),
    /** The days it covers, counted from the day it is sent (./range.ts). */
    range: text("range").notNull(),
    /** Agent performance: day | week | month. */
    by: text("by"),
    frequency: text("frequency").notNull(),
    /** Weekly: 0 Monday … 6 Sunday. */
    weekday: integer("weekday"),
    /** The call centre's local hour, 0–23. */
    hour: integer("hour").notNull(),
    recipients: text("recipients").array().notNull(),
    active: boolean("active").notNull().default(true),
    /** The next run, computed in the call centre's time zone (./timing.server.ts). */
    nextRunAt: ts("next_run_at").notNull(),
    /** The run claimed and not sent yet (being sent, or failed and to be tried again): its scheduled moment. */
    runAt: ts("run_at"),
    /** Failed tries of that run. */
    attempts: integer("attempts").notNull().default(0),
    /** The instance sending it, until when (a lapsed lease is taken over). */
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    lastSentAt: ts("last_sent_at"),
    /** The last failure: transport | no_transport | too_large | report, with the transport's code; null once sent. */
    lastError: text("last_error"),
    lastErrorDetail: text("last_error_detail"),
    lastErrorAt: ts("last_error_at"),
    /** Whether the poll gave the failed run up (the next one still goes). */
    gaveUp: boolean("gave_up").notNull().default(false),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("report_schedules_tenant_idx").on(t.tenantId, t.id),
    // The poll's question, every minute on every instance: the active schedules due or with a run to finish.
    index("report_schedules_due_idx")
      .on(t.nextRunAt)
      .where(sql`${t.active}`),
    check("report_schedules_hour_check", sql`${t.hour} between 0 and 23`),
  ],
);
