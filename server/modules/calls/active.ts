// A call the gateway is following for one agent: what the PBX said so far, in the call centre's words.
import {
  TRANSFER_OUTCOME_MESSAGES,
  type CallSnapshot,
  type CallStatus,
  type CallType,
  type Direction,
  type TransferDisposition,
  type TransferKind,
  type TransferLevel,
  type TransferOutcome,
  type TransferState,
} from "../../../src/contract/calls";
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
  /**
   * Placed by the auto-dial loop (POST /dials/auto): a due callback or follow-up it chose counts as auto-dialled,
   * so a lead that does not answer sends the agent on dialling, as a new lead's does.
   */
  byDialer?: boolean;
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
  /** The call's transfer (external, Sunlife, Matcha, third party, internal), null before one starts. */
  transfer: ActiveTransfer | null;
  /** A clip playing into the call (a disclosure): its name, and the PBX's playback id once it answered. */
  playback: { id: string | null; media: string } | null;
  /**
   * The agent's phone dropped mid-call and the lead waits on hold for it (rejoin.ts): since when, until when,
   * whether the agent's phone rings now; `missed` once the wait ran out. Absent or null otherwise.
   */
  rejoin?: { since: number; until: number; ringing: boolean; missed: boolean } | null;
  /**
   * An advisor's view of a live-transferred call (type transfer) once the qualifier left: the lead is this
   * advisor's now, so its phone dropping leaves the lead waiting for it as for the agent who placed a call.
   */
  leadHandedOver?: boolean;
  /** Its end is being written to its row (service.ts endForAgent): it shows as over once the row says so. */
  ending?: boolean;
  /** Sequence numbers already applied: a PBX may deliver an event twice. */
  seen: Set<number>;
}

export interface ActiveTransfer {
  kind: TransferKind;
  /** The number dialled (E.164) or the colleague's extension. */
  party: string | null;
  name: string | null;
  outcome: TransferOutcome | null;
  disposition: TransferDisposition | null;
  /** A live transfer's own state (server/modules/liveTransfers). */
  live?: TransferState["live"];
}

export const isOver = (c: Pick<ActiveCall, "status">) => c.status === "ended" || c.status === "not_answered";

/** A conference is under way: its party is being called, talks with the agent, or everyone is together. */
export const conferenceLive = (c: Pick<ActiveCall, "conference">) =>
  c.conference !== null && ["initializing", "initialized", "merged"].includes(c.conference.state);

/** 1 start, 2 join (the party is called, the lead on hold), 3 leave (everyone together); 1 again once over. */
export function transferLevelOf(c: Pick<ActiveCall, "conference" | "transfer" | "status">): TransferLevel {
  if (isOver(c) || c.transfer?.kind === "internal" || !conferenceLive(c)) return 1;
  return c.conference!.state === "merged" ? 3 : 2;
}

function transferStateOf(c: ActiveCall): TransferState | null {
  const t = c.transfer;
  if (!t) return null;
  return {
    kind: t.kind,
    level: transferLevelOf(c),
    party: t.party,
    name: t.name,
    outcome: t.outcome,
    message: t.outcome ? TRANSFER_OUTCOME_MESSAGES[t.outcome] : null,
    disposition: t.disposition,
    ...(t.live ? { live: t.live } : {}),
  };
}

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
    transfer: transferStateOf(c),
    playback: c.playback?.media ?? null,
    rejoin: c.rejoin
      ? { since: iso(c.rejoin.since)!, until: iso(c.rejoin.until)!, ringing: c.rejoin.ringing, missed: c.rejoin.missed }
      : null,
  };
}

/** Whole seconds from answer to end (0 for a call never answered). */
export function durationOf(c: Pick<ActiveCall, "answeredAt" | "endedAt">): number {
  if (c.answeredAt === null || c.endedAt === null) return 0;
  return Math.max(0, Math.round((c.endedAt - c.answeredAt) / 1000));
}
