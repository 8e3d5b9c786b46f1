// The call row's writes at a call's events (placed, the party answered, the machine-detection verdict, the bridge,
// the end, the agent's settle: six a call), prepared once per database (server/db/prepared.ts): they run on every
// call of the floor.
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { given, preparedOn } from "../../db/prepared";
import { calls, leads } from "../../db/schema";
import { campaignOf } from "./campaignOf";

const theCall = () => eq(calls.id, sql.placeholder("id"));

/**
 * A dialled call's row, and in the same statement its lead's dial count, whose update hands back the lead's name
 * and status for the call (issue 39: one round trip where there were three). No lead (a number typed by hand):
 * neither the count nor a campaign.
 */
function placed(db: Db) {
  const leadId = sql.placeholder("leadId");
  const counted = db.$with("counted").as(
    db
      .update(leads)
      .set({ dials: sql`${leads.dials} + 1` })
      .where(eq(leads.id, leadId))
      .returning({ firstName: leads.firstName, lastName: leads.lastName, status: leads.status }),
  );
  return db
    .with(counted)
    .insert(calls)
    .values({
      tenantId: sql.placeholder("tenantId"),
      leadId,
      agentId: sql.placeholder("agentId"),
      type: sql.placeholder("type"),
      direction: 0,
      phone: sql.placeholder("phone"),
      status: "dialing",
      pbxCallId: sql.placeholder("pbxCallId"),
      startedAt: sql.placeholder("startedAt"),
      campaignId: campaignOf(leadId),
    })
    .returning({
      id: calls.id,
      lead: sql<{ firstName: string; lastName: string; status: string } | null>`(
        select json_build_object('firstName', first_name, 'lastName', last_name, 'status', status) from counted)`,
    })
    .prepare("call_placed");
}

export const callEventWrites = preparedOn((db: Db) => ({
  placed: placed(db),
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
  /**
   * The agent settles its ended call (the extra recording, a live transfer when given, else kept; the first
   * settle's time is kept): no row when the call is not the agent's ended call on this lead.
   */
  settled: db
    .update(calls)
    .set({
      extraRecordingIndex: given<number>("extraRecordingIndex"),
      liveTransfer: sql`coalesce(${sql.placeholder("liveTransfer")}::int, ${calls.liveTransfer})`,
      settledAt: sql`coalesce(${calls.settledAt}, ${sql.placeholder("at")}::timestamptz)`,
    })
    .where(
      and(
        theCall(),
        eq(calls.agentId, sql.placeholder("agentId")),
        eq(calls.leadId, sql.placeholder("leadId")),
        isNotNull(calls.endedAt),
      ),
    )
    .returning({ duration: calls.duration })
    .prepare("call_settled"),
}));
