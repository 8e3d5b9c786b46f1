// The gateway's one view of telephony (ARCHITECTURE.md decision 13, reference/telephony.md §1): extensions
// (registered or open, do-not-disturb, which lives in the gateway and is mirrored to the PBX) and call
// control (originate with AMD, inbound, hang up, hold, DTMF, transfers, conferences, recordings). The
// gateway's call logic talks only to this interface; SimPbx is the embedded default, a real PBX (Asterisk
// ARI, FreeSWITCH ESL) implements the same members.
//
// Ids. The gateway names every call it originates (`callId`, so a retried originate is idempotent); the PBX
// names inbound calls and every leg (`legId`). Every event carries a per-driver sequence number, the driver
// clock's time and, for call events, the call id and leg id, so a consumer can order, de-duplicate and
// route them (a real PBX may deliver late, twice or out of order; SimPbx can inject exactly that).

/** How an agent's extension reaches the PBX: the browser softphone, or an external desk phone (Bria). */
export type ExtensionVia = "webrtc" | "external";

export interface ExtensionStatus {
  ext: string;
  /** Known to the PBX at all. */
  known: boolean;
  via: ExtensionVia | null;
  /** A SIP registration is live (WebRTC) or the desk phone is open (external). */
  registered: boolean;
  /** Calls can reach it now: registered, and not (for external phones) closed. */
  reachable: boolean;
  dnd: boolean;
  /** Contacts registered (0 or 1 for the simulated PBX). */
  contacts: number;
  inCall: boolean;
}

/** Every event carries a per-driver sequence number and the driver clock's time, so consumers order them. */
export interface PbxEventBase {
  seq: number;
  ts: number;
}

export interface ExtensionStateEvent extends PbxEventBase {
  kind: "ExtensionState";
  ext: string;
  via: ExtensionVia | null;
  registered: boolean;
  reachable: boolean;
  dnd: boolean;
}

// ---------------------------------------------------------------- calls

/** Who a leg connects: the agent's phone, the dialled lead, an inbound caller, a transfer or conference party. */
export type LegRole = "agent" | "lead" | "inbound" | "third-party" | "transfer-target";
export type HangupCause = "normal" | "busy" | "no-answer" | "rejected" | "unavailable" | "failed" | "canceled";
/** The AMD verdicts the specification names (agent-workspace §4 Voicemail detection), plus the two a PBX also gives. */
export type AmdVerdict = "AMD-Human-voice" | "AMD-Machine-Vm-WA" | "AMD-NotSure" | "AMD-Hangup";
export type OriginateMode = "auto" | "manual";

export interface CallEventBase extends PbxEventBase {
  callId: string;
  legId?: string;
}

export type CallEvent =
  /** A PBX-named inbound call arrived for a DID; the gateway picks an agent and calls answerInbound. */
  | (CallEventBase & { kind: "InboundCall"; legId: string; from: string; did: string; targetExt: string | null })
  | (CallEventBase & { kind: "LegCreated"; legId: string; role: LegRole; ext?: string; number?: string })
  | (CallEventBase & { kind: "LegRinging"; legId: string })
  | (CallEventBase & { kind: "LegAnswered"; legId: string })
  | (CallEventBase & { kind: "LegHungUp"; legId: string; cause: HangupCause; sipCode?: number })
  | (CallEventBase & { kind: "AmdResult"; legId: string; result: AmdVerdict; cause: string })
  /** The agent leg and the lead (or inbound) leg hear each other. */
  | (CallEventBase & { kind: "Bridged"; legIds: string[] })
  | (CallEventBase & { kind: "Unbridged"; legIds: string[] })
  | (CallEventBase & { kind: "Hold"; legId: string; on: boolean })
  | (CallEventBase & { kind: "Dtmf"; legId: string; digits: string })
  | (CallEventBase & { kind: "TransferResult"; legId: string; target: string; ok: boolean; cause?: HangupCause })
  | (CallEventBase & { kind: "Conference"; confId: string; action: "created" | "joined" | "left" | "kicked" | "destroyed" })
  | (CallEventBase & { kind: "RecordingStarted"; recId: string; name: string })
  | (CallEventBase & { kind: "RecordingFinished"; recId: string; uri: string | null })
  /** Every leg of the call is gone: the last event of a call. */
  | (CallEventBase & { kind: "CallEnded"; cause: HangupCause });

export type PbxEvent = ExtensionStateEvent | CallEvent;
export type PbxEventKind = PbxEvent["kind"];
export type PbxEventListener = (e: PbxEvent) => void;

export interface OriginateRequest {
  /** The gateway's id for the call (unique, idempotent: a second originate with the same id is ignored). */
  callId: string;
  /** The agent's extension: its leg is placed first, then the lead is dialled. */
  agentExt: string;
  /** The number to dial, E.164 (the gateway normalises), or a feature code such as *97. */
  to: string;
  mode: OriginateMode;
  callerId?: string;
  /** How long the lead may ring before no-answer. */
  ringTimeoutMs?: number;
  /** Answering-machine detection on the lead leg after it answers. */
  amd?: boolean;
  /** Passed to the agent's phone with the offer (X- headers on SIP): call type, lead id. */
  vars?: Record<string, string>;
}

export interface ConferenceControl {
  /** Turns the call into a conference; returns its id. */
  start(callId: string): Promise<string>;
  /** Dials a party into the conference; returns its leg id. */
  join(confId: string, target: string): Promise<string>;
  /** The agent leaves; the others stay connected. */
  leave(confId: string, agentExt: string): Promise<void>;
  kick(confId: string, legId: string): Promise<void>;
  destroy(confId: string): Promise<void>;
}

export interface PbxCalls {
  originate(r: OriginateRequest): Promise<void>;
  /** Connects a ringing inbound call to an agent's extension (its phone rings). */
  answerInbound(callId: string, agentExt: string, vars?: Record<string, string>): Promise<void>;
  hangup(legId: string, cause?: HangupCause): Promise<void>;
  /** Ends every leg of a call. */
  hangupCall(callId: string, cause?: HangupCause): Promise<void>;
  hold(legId: string, on: boolean): Promise<void>;
  /** The leg's party is sent to `target`; the agent leg ends. */
  blindTransfer(legId: string, target: string): Promise<void>;
  conference: ConferenceControl;
  startRecording(target: { legId?: string; callId?: string }, name: string): Promise<string>;
  stopRecording(recId: string): Promise<void>;
  sendDtmf(legId: string, digits: string): Promise<void>;
}

/** What an agent hears on its leg, chosen by the PBX model and played by the media edge. */
export type LegSound = "silence" | "ringback" | "busy" | "human" | "machine" | "voicemail-box" | "third-party";

/** An offer of an agent leg to the agent's WebRTC softphone. */
export interface AgentLegOffer {
  callId: string;
  legId: string;
  ext: string;
  /** Shown to the agent: the lead's or caller's number. */
  from: string;
  /** true for calls the agent asked for (manual, auto dial): the softphone answers at once. */
  autoAnswer: boolean;
  vars: Record<string, string>;
}

/**
 * The agent-facing side of the embedded PBX: the SIP-over-WebSocket edge rings registered softphones and
 * plays each agent leg's sound. Without one, SimPbx answers WebRTC agent legs itself (tests, headless).
 */
export interface AgentPhoneLine {
  /** Rings `offer.ext`'s softphone; exactly one of the callbacks follows. */
  ring(offer: AgentLegOffer, result: { answered(): void; ended(cause: HangupCause): void }): void;
  /** The PBX ends the agent leg (CANCEL before answer, BYE after). */
  end(legId: string): void;
  play(legId: string, sound: LegSound): void;
}

export interface PbxExtensions {
  getExtensionStatus(ext: string): Promise<ExtensionStatus>;
  /** Do-not-disturb: the gateway's state, mirrored to the PBX. Idempotent. */
  setDnd(ext: string, on: boolean): Promise<void>;
}

export interface PbxDriver extends PbxExtensions, PbxCalls {
  readonly name: string;
  connect(): Promise<void>;
  close(): Promise<void>;
  /** Subscribes to events; returns the unsubscribe function. */
  onEvent(listener: PbxEventListener): () => void;
}

/** Availability as the status change flow needs it (booking-and-reference §4 step 1). */
export function availabilityOf(s: ExtensionStatus): { available: boolean; reason: "not_registered" | "closed" | "unknown" | null } {
  if (!s.known) return { available: false, reason: "unknown" };
  if (s.reachable) return { available: true, reason: null };
  return { available: false, reason: s.via === "external" ? "closed" : "not_registered" };
}
