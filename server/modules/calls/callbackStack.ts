// A dial that did not reach the lead (not answered, busy, declined, failed, phone not synced) puts the lead back
// on the callback stack (agent-workspace §8): a lead still In Process becomes Callback again. The one writer of
// that change: the call service when the call ends, and PUT /callback/originate-failure (the specification's
// call, which the page still sends; the second time it changes nothing).
import { and, eq } from "drizzle-orm";
import { CALLBACK, IN_PROCESS } from "../../../src/contract/lead";
import type { Db } from "../../db/client";
import { leads } from "../../db/schema";

export async function returnToCallbackStack(db: Db, leadId: number): Promise<void> {
  await db
    .update(leads)
    .set({ status: CALLBACK })
    .where(and(eq(leads.id, leadId), eq(leads.status, IN_PROCESS)));
}
