// A meeting booked for a lead (the booking plugin's POST /meetings), as it changes the core's tables: the lead
// takes the booking's details and the status 'Appointment Setup', its pending follow-ups are done, and the
// assigned advisor gets the meeting as a pending follow-up (which also gives the advisor the lead:
// server/auth/access.ts). The leads module owns these writes; the booking plugin calls this in its transaction.
import { and, eq } from "drizzle-orm";
import { FOLLOW_UP_TYPES } from "../../../src/contract/dialer";
import { BOOKED_MEETING } from "../../../src/contract/dispositions";
import type { Db } from "../../db/client";
import { followUps, leads } from "../../db/schema";

/** The lead's columns a booking fills in (the wizard's contact and coverage steps). */
export type BookedLeadDetails = Pick<
  typeof leads.$inferInsert,
  | "firstName"
  | "lastName"
  | "email"
  | "phoneOther"
  | "language"
  | "reasons"
  | "reasonOther"
  | "street"
  | "apartment"
  | "buzzer"
  | "city"
  | "postal"
  | "state"
  | "latitude"
  | "longitude"
  | "timezone"
  | "addressType"
  | "addressValid"
  | "clients"
  | "insurance"
>;

export interface LeadBooking {
  tenantId: number;
  leadId: number;
  details: BookedLeadDetails;
  /** The advisor the meeting is with, or null (a Sun Life booking: nobody of the call centre takes it). */
  advisorId: number | null;
  startsAt: Date;
  at: Date;
}

/** Applies a booking to the lead, in the caller's transaction `tx`. */
export async function applyBooking(tx: Db, b: LeadBooking): Promise<void> {
  await tx
    .update(leads)
    .set({ ...b.details, status: BOOKED_MEETING })
    .where(and(eq(leads.id, b.leadId), eq(leads.tenantId, b.tenantId)));
  // The advisor's follow-up is the meeting: it shows among their follow-ups and is dialled from there.
  await tx
    .update(followUps)
    .set({ state: "done", doneAt: b.at, updatedAt: b.at })
    .where(and(eq(followUps.leadId, b.leadId), eq(followUps.state, "pending")));
  if (b.advisorId)
    await tx.insert(followUps).values({
      tenantId: b.tenantId,
      leadId: b.leadId,
      agentId: b.advisorId,
      kind: BOOKED_MEETING,
      type: FOLLOW_UP_TYPES.followUp,
      startsAt: b.startsAt,
      notes: null,
      state: "pending",
      createdAt: b.at,
      updatedAt: b.at,
    });
}
