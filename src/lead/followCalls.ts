// Every call's lead is in the stack: when the core's call turns to a new call with a lead (a dial, an
// inbound call, a reload during a call), that lead is opened and waits for its disposition. A call whose
// lead changes (the agent linked the number to another lead) hands the wait over to the new lead, and a call
// that never reached its lead leaves it waiting for nothing.
import { compareStructural, reaction } from "mobx";
import { failureForLog } from "../api/failureForLog";
import type { CallModel } from "../call/CallModel";

export interface CallLeads {
  open(leadId: number): Promise<unknown>;
  release(leadId: number): void;
  log(message: string, detail?: unknown): void;
}

/** Starts following the call; returns the function that stops it. */
export function followCalls(call: CallModel, leads: CallLeads): () => void {
  let last: { callId: number; leadId: number } | null = null;
  /**
   * Calls seen ending without reaching their lead (no answer, busy, failed, or an inbound call never taken),
   * remembered past the call: the next dial can start before the failed call's lead has loaded, and that lead
   * must still wait for nothing. The newest few are enough.
   */
  const unreached: number[] = [];
  const neverReached = (callId: number) =>
    unreached.includes(callId) || (call.callId === callId && call.status === "not_answered");
  const stopRemembering = reaction(
    () => (call.callId !== null && call.status === "not_answered" ? call.callId : null),
    (callId) => {
      if (callId === null || unreached.includes(callId)) return;
      unreached.push(callId);
      if (unreached.length > 20) unreached.shift();
    },
    { fireImmediately: true },
  );
  const stopOpening = reaction(
    () => ({ callId: call.callId, leadId: call.currentLeadId }),
    ({ callId, leadId }) => {
      if (callId === null || leadId === null) return;
      if (last?.callId === callId && last.leadId === leadId) return;
      if (last?.callId === callId) leads.release(last.leadId);
      last = { callId, leadId };
      leads
        .open(leadId)
        // A call that failed before its lead had loaded: the lead shows, but waits for nothing.
        .then(() => neverReached(callId) && leads.release(leadId))
        .catch((e) => leads.log("Could not open the call's lead.", failureForLog(e)));
    },
    { fireImmediately: true, equals: compareStructural },
  );
  // A call that never reached its lead asks no disposition (agent-workspace §8: the alert says why and the lead
  // goes back to the callback stack): the agent is not held on it, and the auto-dial loop goes on.
  const stopReleasing = reaction(
    () => (call.callId !== null && call.currentLeadId !== null && neverReached(call.callId) ? call.currentLeadId : null),
    (leadId) => leadId !== null && leads.release(leadId),
    { fireImmediately: true },
  );
  return () => {
    stopRemembering();
    stopOpening();
    stopReleasing();
  };
}
