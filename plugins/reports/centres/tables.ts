// The call centres an operations manager is given, besides their own (re-exported by ../tables.ts). An admin of a
// call centre gives its reports to an operations manager of any call centre, and takes them back; the reports'
// routes read this table to answer a caller who asks for another centre (./centres.server.ts).
// After a change: npm run db:generate:plugin reports.
import { index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { tenantRef, ts, users } from "../../../server/sdk/tables";

export const reportCentreGrants = pgTable(
  "report_centre_grants",
  {
    /** The operations manager given the centre (the grant goes with the account). */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The call centre whose reports they may read. */
    tenantId: tenantRef(),
    /** The admin who gave it (null once that account is gone). */
    grantedBy: integer("granted_by").references(() => users.id, { onDelete: "set null" }),
    grantedAt: ts("granted_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tenantId] }),
    index("report_centre_grants_tenant_idx").on(t.tenantId),
  ],
);
