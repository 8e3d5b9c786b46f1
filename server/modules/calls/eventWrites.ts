// The call row's writes at a call's events (the party answered, the machine-detection verdict, the bridge, the
// end: four a call), prepared once per database (server/db/prepared.ts): they run on every call of the floor.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { given, preparedOn } from "../../db/prepared";
import { calls } from "../../db/schema";

const theCall = () => eq(calls.id, sql.placeholder("id"));

export const callEventWrites = preparedOn((db: Db) => ({
  /** Kept once: an abandoned call is measured from here to the bridge. */
  partyAnswered: db
    .update(calls)
    .set({ partyAnsweredAt: given<Date>("at") })
    .where(and(theCall(), isNull(calls.partyAnsweredAt)))
    .prepare("call_party_answered"),
  amdVerdict: db.update(calls).set({ amdVerdict: given<string>("verdict") }).where(theCall()).prepare("call_amd_verdict"),
  answered: db
    .update(calls)
    .set({ status: "answered", answeredAt: given<Date>("at") })
    .where(theCall())
    .prepare("call_answered"),
  ended: db
    .update(calls)
    .set({
      status: given<"ended" | "not_answered">("status"),
      endedAt: given<Date>("endedAt"),
      duration: given<number | null>("duration"),
      cause: given<string>("cause"),
    })
    .where(theCall())
    .prepare("call_ended"),
}));
