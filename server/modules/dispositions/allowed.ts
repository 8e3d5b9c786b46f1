// What an agent may save (booking-and-reference §6, agent-workspace §5), judged by the gateway with the same
// lists the disposition panel offers: a browser that skips its own checks, an old tab or a script cannot
// store a disposition or reason the agent was never offered, nor leave out a required reason or note.
// Refusals name the field and the panel's error key, which the panel translates.
import {
  isAvailable,
  notesRequired,
  OTHER_REASON,
  reasonsFor,
  traitsOf,
  type DispositionFacts,
  type DispositionPayload,
} from "../../../src/contract/dispositions";

export type DispositionRefusal = {
  field: "disposition.disposition" | "disposition.reason" | "disposition.reason_other" | "disposition.notes";
  key: "disposition_unavailable" | "reason_unavailable" | "reason_required" | "reason_other_required" | "notes_required";
};

const blank = (s: string | null | undefined) => !s || s.trim() === "";

type Saved = Pick<DispositionPayload, "disposition" | "reason" | "reason_other" | "notes" | "reschedule_followup">;

/** The first rule the disposition breaks for this agent, or null when it may be saved. */
export function refusalOf(d: Saved, facts: DispositionFacts): DispositionRefusal | null {
  const traits = traitsOf(d.disposition);
  // Moving a follow-up (the follow-ups table's picker sends Pocket) is no outcome: any agent may move its own.
  if (d.reschedule_followup) {
    return traits?.needsDateTime ? null : { field: "disposition.disposition", key: "disposition_unavailable" };
  }
  // Hidden values (Live_Transfer, Transferred to 3rd Party) are set by flows, yet only for agents they suit.
  if (!traits || !isAvailable(traits.availability, facts))
    return { field: "disposition.disposition", key: "disposition_unavailable" };

  const reasons = reasonsFor(d.disposition, facts).map((r) => r.value);
  if (!blank(d.reason) && !reasons.includes(d.reason!)) return { field: "disposition.reason", key: "reason_unavailable" };
  const required = traits.reasons?.required === true && reasons.length > 0;
  if (required && blank(d.reason)) return { field: "disposition.reason", key: "reason_required" };
  if (d.reason === OTHER_REASON && blank(d.reason_other))
    return { field: "disposition.reason_other", key: "reason_other_required" };
  if (notesRequired(d.disposition, facts.roles) && blank(d.notes))
    return { field: "disposition.notes", key: "notes_required" };
  return null;
}
