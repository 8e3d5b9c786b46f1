// The campaign a new call row keeps: its lead's campaign at that moment, read by the insert itself (a subquery,
// no read before it). A lead may change campaign later; the call stays where it was placed (the reports count it
// there).
import { sql, type Placeholder, type SQL } from "drizzle-orm";

export const campaignOf = (leadId: number | Placeholder | null): SQL | null =>
  leadId === null ? null : sql`(select campaign_id from leads where id = ${leadId})`;
