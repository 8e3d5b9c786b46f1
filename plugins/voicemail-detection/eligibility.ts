// When an automatic Voicemail disposition is right for the agent's call (agent-workspace §4: "hidden for
// certain lead statuses"). Pure, so every case is tested.
import type { CallType } from "../../src/contract/calls";
import { PIPELINE_STATUSES, type DispositionValue } from "../../src/contract/dispositions";

/**
 * Lead statuses that keep voicemail detection out: a lead in a follow-up, booking, transfer or sale pipeline
 * (the contract's disposition traits say which), whose status a Voicemail disposition would overwrite.
 */
export const EXCLUDED_LEAD_STATUSES: readonly DispositionValue[] = PIPELINE_STATUSES;

/** Calls where a person reached the agent on purpose: an answering machine verdict there is a false alarm. */
export const EXCLUDED_CALL_TYPES: readonly CallType[] = ["inbound", "transfer"];

export interface CallFacts {
  status: string;
  type: CallType | null;
  direction: 0 | 1;
  leadStatus: string | null;
}

export function voicemailApplies(call: CallFacts, leadId: number | null): boolean {
  if (leadId === null) return false; // nothing to dispose
  if (call.status !== "answered") return false; // only a live call can be hung up and disposed
  if (call.direction !== 0 || (call.type !== null && EXCLUDED_CALL_TYPES.includes(call.type))) return false;
  return !(
    call.leadStatus !== null && (EXCLUDED_LEAD_STATUSES as readonly string[]).includes(call.leadStatus)
  );
}
