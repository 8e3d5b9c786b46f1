// Asterisk's words for how a leg ended, in the driver's (HangupCause): Q.850 causes of ChannelDestroyed /
// ChannelHangupRequest, the `dialstatus` of Dial events, and back to the `reason` of DELETE /channels/{id}.
import type { HangupCause } from "../driver";

/**
 * A Q.850 cause. `answered`/`ringing`: what the leg had reached. Cause 0 after Ringing is an originate or dial
 * timeout (asterisk#963, production-telephony.md pitfall 4): no answer, not a failure. A caller who hangs up
 * before anyone answered (16 on a ringing inbound leg) cancelled the call.
 */
export function causeOfQ850(q850: number, leg: { answered: boolean; ringing: boolean; inbound: boolean }): HangupCause {
  switch (q850) {
    case 16:
    case 31:
      return leg.answered ? "normal" : leg.inbound ? "canceled" : leg.ringing ? "no-answer" : "failed";
    case 17:
      return "busy";
    case 18:
    case 19:
      return "no-answer";
    case 20:
      return "unavailable";
    case 21:
      return "rejected";
    case 26:
      return "canceled";
    case 0:
      return leg.answered ? "normal" : leg.ringing ? "no-answer" : "failed";
    default:
      return "failed";
  }
}

/** Dial's final `dialstatus` for a dial that did not answer; null while it is still going (RINGING, PROGRESS). */
export function causeOfDialStatus(status: string): HangupCause | null {
  switch (status) {
    case "BUSY":
      return "busy";
    case "NOANSWER":
      return "no-answer";
    case "CHANUNAVAIL":
      return "unavailable";
    case "CONGESTION":
      return "failed";
    case "CANCEL":
      return "canceled";
    default:
      return null;
  }
}

/** The `reason` ARI's DELETE /channels/{id} takes for a cause the gateway chose. */
export function hangupReason(cause: HangupCause): string {
  switch (cause) {
    case "busy":
      return "busy";
    case "no-answer":
      return "no_answer";
    case "rejected":
      return "rejected";
    case "unavailable":
      return "unallocated";
    case "failed":
      return "failure";
    default:
      return "normal";
  }
}

/** AMDSTATUS → the verdicts the specification names (agent-workspace §4). */
export function amdVerdictOf(status: string): "AMD-Human-voice" | "AMD-Machine-Vm-WA" | "AMD-NotSure" | "AMD-Hangup" {
  switch (status) {
    case "HUMAN":
      return "AMD-Human-voice";
    case "MACHINE":
      return "AMD-Machine-Vm-WA";
    case "HANGUP":
      return "AMD-Hangup";
    default:
      return "AMD-NotSure";
  }
}
