// Whether an agent is on a call, as any instance can tell (issue 38): the instance that drives the calls answers
// from its live calls, a standby from the `calls` rows, which the call service writes at each PBX event (a call
// under way has no end yet).
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { calls } from "../../db/schema";
import type { CallOwner } from "../../pbx/callOwner";

export interface CallDirectory {
  db: Db;
  calls: { activeCallOf(agentId: number): unknown };
  callOwner: CallOwner;
}

export async function isOnACall(d: CallDirectory, agentId: number): Promise<boolean> {
  if (d.callOwner.drivesHere()) return d.calls.activeCallOf(agentId) !== undefined;
  const [open] = await d.db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.agentId, agentId), isNull(calls.endedAt)))
    .limit(1);
  return open !== undefined;
}
