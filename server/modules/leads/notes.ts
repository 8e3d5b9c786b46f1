// The lead's notes grow by dated entries ("YYYY-MM-DD | HH:MM:SS - text", the format of the lead book's notes),
// newest last. The leads module owns the column; others (the live transfer: the qualifier's notes for the advisor)
// add an entry through here, so an advisor reads them on the lead card and not only in the offer.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leads } from "../../db/schema";

/** Notes longer than this keep their newest part: a lead read all shift never grows without bound. */
export const LEAD_NOTES_MAX = 20_000;

/** One entry as the lead book writes them, at `at` (UTC). */
export function noteEntry(at: Date, text: string): string {
  const [date, time] = at.toISOString().slice(0, 19).split("T");
  return `${date} | ${time} - ${text}`;
}

/** Adds an entry to the lead's notes in one statement (no lost entry when two writers meet). */
export async function addLeadNote(db: Db, leadId: number, at: Date, text: string): Promise<void> {
  const entry = noteEntry(at, text.trim());
  await db
    .update(leads)
    .set({
      notes: sql`right(case when coalesce(${leads.notes}, '') = '' then ${entry} else ${leads.notes} || E'\n' || ${entry} end, ${LEAD_NOTES_MAX})`,
    })
    .where(eq(leads.id, leadId));
}
