// A call the gateway is following for one agent: what the PBX said so far, in the call centre's words.
import type { CallSnapshot, CallStatus, CallType, Direction } from "../../../src/contract/calls";
import type { HangupCause } from "../../pbx/driver";

export type ConferenceState = "initializing" | "initialized" | "merged" | "hangedup" | "inactive";

export interface ActiveCall {
  /** calls.id: the browser's callId. */
  id: number;
  /** The PBX's name of the call (ours for placed calls, the PBX's for inbound ones). */
  pbxCallId: string;
  tenantId: number;
  agentId: number;
  agentExt: string;
  agentRole: string;
  leadId: number | null;
  leadStatus: string | null;
  phone: string;
  name: string;
  type: CallType;
  direction: Direction;
  status: CallStatus;
  bridged: boolean;
  onHold: boolean;
  startedAt: number;
  answeredAt: number | null;
  endedAt: number | null;
  cause: HangupCause | null;
  inboundAlert: boolean;
  agentLegId: string | null;
  /** The lead's (or inbound caller's) leg, and how it ended before being bridged. */
  partyLegId: string | null;
  partyCause: HangupCause | null;
  conference: {
    id: string | null;
    state: ConferenceState;
    party: string | null;
    partyLegId: string | null;
    talkingTo: "lead" | "party";
  } | null;
  /** Sequence numbers already applied: a PBX may deliver an event twice. */
  seen: Set<number>;
}

export const isOver = (c: ActiveCall) => c.status === "ended" || c.status === "not_answered";

export function snapshotOf(c: ActiveCall): CallSnapshot {
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  return {
    callId: c.id,
    leadId: c.leadId,
    phone: c.phone,
    name: c.name,
    type: c.type,
    direction: c.direction,
    status: c.status,
    bridged: c.bridged,
    onHold: c.onHold,
    startedAt: new Date(c.startedAt).toISOString(),
    answeredAt: iso(c.answeredAt),
    endedAt: iso(c.endedAt),
    cause: c.cause,
    leadStatus: c.leadStatus,
    inboundAlert: c.inboundAlert,
    conference: c.conference ? { state: c.conference.state, party: c.conference.party } : null,
  };
}

/** Whole seconds from answer to end (0 for a call never answered). */
export function durationOf(c: Pick<ActiveCall, "answeredAt" | "endedAt">): number {
  if (c.answeredAt === null || c.endedAt === null) return 0;
  return Math.max(0, Math.round((c.endedAt - c.answeredAt) / 1000));
}
