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

/**
 * Who a leg connects: the agent's phone, the dialled lead, an inbound caller, a conference party dialled by
 * number, or a transfer target: the number of a blind transfer, or another agent's extension brought into a
 * conference (`ConferenceControl.joinAgent`; its LegCreated carries `ext`, a number's carries `number`), or
 * a supervisor's extension listening to an agent leg (`PbxCalls.supervise`): never a member of the call.
 */
export type LegRole = "agent" | "lead" | "inbound" | "third-party" | "transfer-target" | "supervisor";
export type HangupCause =
  "normal" | "busy" | "no-answer" | "rejected" | "unavailable" | "failed" | "canceled";
/** The AMD verdicts the specification names (agent-workspace §4 Voicemail detection), plus the two a PBX also gives. */
/** The SIP final response a PBX reports with a leg that ended this way (LegHungUp.sipCode). */
export const SIP_CODE_OF_CAUSE: Partial<Record<HangupCause, number>> = {
  busy: 486,
  "no-answer": 480,
  rejected: 603,
  unavailable: 480,
  failed: 503,
  canceled: 487,
};
export type AmdVerdict = "AMD-Human-voice" | "AMD-Machine-Vm-WA" | "AMD-NotSure" | "AMD-Hangup";
export type OriginateMode = "auto" | "manual";

export interface CallEventBase extends PbxEventBase {
  callId: string;
  legId?: string;
}

export type CallEvent =
  /** A PBX-named inbound call arrived for a DID; the gateway picks an agent and calls answerInbound. */
  | (CallEventBase & {
      kind: "InboundCall";
      legId: string;
      from: string;
      did: string;
      targetExt: string | null;
    })
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
  | (CallEventBase & {
      kind: "TransferResult";
      legId: string;
      target: string;
      ok: boolean;
      cause?: HangupCause;
    })
  | (CallEventBase & {
      kind: "Conference";
      confId: string;
      action: "created" | "joined" | "left" | "kicked" | "destroyed";
    })
  /**
   * A supervisor's leg (`legId`, role "supervisor") is connected to the agent leg `agentLegId` in `mode`: sent
   * when its phone answers, and again when the mode changes.
   */
  | (CallEventBase & { kind: "Supervision"; legId: string; agentLegId: string; mode: SupervisionMode })
  | (CallEventBase & { kind: "RecordingStarted"; recId: string; name: string })
  /**
   * `uri`: where the file is (the recording store's key), null when nothing could be recorded (no media);
   * `durationMs` and `bytes` what it holds.
   */
  | (CallEventBase & {
      kind: "RecordingFinished";
      recId: string;
      uri: string | null;
      durationMs?: number;
      bytes?: number;
    })
  /** A clip started playing into the call (`PbxCalls.playback`): every leg on the call hears it. */
  | (CallEventBase & { kind: "PlaybackStarted"; playbackId: string; media: string })
  /** The clip ended: played to its end (done), stopped (`stopPlayback`), or the call ended under it. */
  | (CallEventBase & { kind: "PlaybackFinished"; playbackId: string; media: string; reason: PlaybackEnd })
  /** Every leg of the call is gone: the last event of a call. */
  | (CallEventBase & { kind: "CallEnded"; cause: HangupCause });

export type PlaybackEnd = "done" | "stopped" | "ended";

/**
 * How a supervisor is on an agent's call (VICIdial MONITOR / WHISPER / BARGE): `monitor` hears the agent and
 * the lead, nobody hears the supervisor; `whisper` (coaching) the agent hears the supervisor, the lead does
 * not; `barge` both do.
 */
export type SupervisionMode = "monitor" | "whisper" | "barge";

export interface SuperviseRequest {
  /** The agent leg to listen to: the call's agent, or an advisor brought into a conference. */
  agentLegId: string;
  /** The supervisor's extension: its phone rings (and answers by itself, as a dial the person asked for). */
  ext: string;
  mode: SupervisionMode;
  /** Passed to the supervisor's phone with the offer, as `OriginateRequest.vars` are. */
  vars?: Record<string, string>;
}

/**
 * A recorded clip the PBX plays into a call (a carrier disclosure). `name` is portable: a PBX with its own
 * sounds plays `sound:<name>` from its sounds directory (Asterisk: /var/lib/asterisk/sounds/<name>.ulaw, put
 * there at deployment); `file` is the gateway's own copy (raw 8 kHz μ-law, no header) for a PBX that plays
 * from the gateway's disk (SimPbx's media edge), and `durationMs` its length, for a PBX that has no media
 * of its own to measure (SimPbx ends the playback then).
 */
export interface PlaybackMedia {
  name: string;
  file: string;
  durationMs: number;
}

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

/** How `ConferenceControl.joinAgent` rings the extension it brings in. */
export interface JoinAgentOptions {
  /**
   * Passed to the extension's phone with the offer, as `OriginateRequest.vars` are (X- headers on SIP): the
   * gateway's call id, the lead id, the call type ("transfer"), so the advisor's workspace opens the lead.
   */
  vars?: Record<string, string>;
  /**
   * Whether the phone answers by itself (default false: an advisor accepts a live transfer, the softphone
   * rings). A desk phone (external) ignores it: the person picks up.
   */
  autoAnswer?: boolean;
  /** Shown to the agent as the caller. Default: the number of the call's lead (or inbound caller). */
  from?: string;
  /** How long it may ring before its leg ends 'no-answer'. Default: the PBX's agent ring timeout. */
  ringTimeoutMs?: number;
}

/**
 * A call turned conference (telephony.md §1; production-telephony.md §5 transfers). The conference is the call
 * itself: every leg of the call is a member, the lead and the agent included, and its events keep the call's
 * id. A PBX implements it as one mixing bridge (Asterisk: the call's bridge, `addChannel` / `removeChannel`;
 * FreeSWITCH: `conference`). Members that are answered and not held hear each other (each agent leg hears
 * the mix of the others). A member ends without ending the call while two members remain, with two
 * exceptions: the agent's own hangup (see `PbxCalls.hangup`) and a lead that hangs up, which cancels the
 * members still ringing (nobody is left to transfer; production-telephony.md §5 "Best UI" 4).
 */
export interface ConferenceControl {
  /**
   * Turns the call into a conference; returns its id (idempotent: the same id while the call lives). Emits
   * Conference "created" (legId: the agent's leg). Refused (rejects) for an unknown or ended call.
   */
  start(callId: string): Promise<string>;
  /**
   * Dials a party's number into the conference (external, Sunlife, Matcha, third-party transfers); returns
   * its leg id at once. LegCreated (role "third-party", number), LegRinging, then LegAnswered and Conference
   * "joined", or LegHungUp (busy, failed, or no-answer after the PBX's ring timeout); the conference goes on
   * without it. The gateway holds and resumes the lead around it (hold) — the PBX never does on its own.
   */
  join(confId: string, target: string): Promise<string>;
  /**
   * Rings another agent's extension into the conference (live transfer to an advisor, a supervisor joining):
   * the extension's phone rings exactly as an agent leg does (a WebRTC softphone through the AgentPhoneLine,
   * a desk phone by itself), and the new leg is a member like any other. Returns the leg id as soon as the
   * leg exists.
   *
   * Events: LegCreated (role "transfer-target", `ext`, no `number`), LegRinging, then LegAnswered and
   * Conference "joined" (legId), or LegHungUp: 'unavailable' at once when the extension is unknown or
   * unreachable (WebRTC not registered, desk phone closed), 'rejected' / 'busy' when the agent declines,
   * 'no-answer' after `ringTimeoutMs`. The conference goes on without it in every case.
   *
   * Once answered, the leg is an agent leg of the call: it hears the mix of the other members (the lead, any
   * party), it may hold, send DTMF, `leave`, be kicked; after the original agent leaves it is the call's
   * agent (its hangup ends the call, a blind transfer from it moves the lead).
   *
   * Idempotent per extension: while a leg of `ext` is live in the call (ringing or answered, the agent's own
   * leg included) the same leg id is returned and nothing else rings. Two calls for different extensions,
   * even concurrent ones, both ring and may both answer (a four-member conference): the PBX does not arbitrate
   * a race between advisors, the gateway kicks the leg it does not want.
   *
   * Rejects for an unknown or ended conference (also one that ended while the extension was looked up).
   * Asterisk: `channels/create` PJSIP/{ext} + `addChannel` into the call's bridge + `dial`; FreeSWITCH:
   * `conference {name} bgdial user/{ext}`.
   */
  joinAgent(confId: string, ext: string, opts?: JoinAgentOptions): Promise<string>;
  /**
   * The agent of extension `agentExt` leaves (VICIdial LEAVE_3WAY_CALL, a completed warm transfer): its leg
   * ends 'normal' (Conference "left", then LegHungUp), and the others stay connected while at least two
   * remain. Any agent leg of the call may leave (the original agent or one brought in by joinAgent; a
   * ringing one is cancelled). Nothing happens when no live leg of that extension is in the call.
   *
   * "The call's agent" (whose hangup ends the call, who a blind transfer of the call is from): the original
   * agent leg while it is live, else the earliest agent leg still live (the advisor, once the qualifier left).
   */
  leave(confId: string, agentExt: string): Promise<void>;
  /** Ends a member's leg (Conference "kicked", LegHungUp); the rest go on while two remain. */
  kick(confId: string, legId: string): Promise<void>;
  /** Ends every leg, then Conference "destroyed", then CallEnded. */
  destroy(confId: string): Promise<void>;
}

/** PbxCalls.keepLead: off, on, or only when the agent's phone drops. */
export type KeepLead = boolean | "if-dropped";

export interface PbxCalls {
  originate(r: OriginateRequest): Promise<void>;
  /** Connects a ringing inbound call to an agent's extension (its phone rings). */
  answerInbound(callId: string, agentExt: string, vars?: Record<string, string>): Promise<void>;
  /**
   * Ends one leg. The call's agent leg (see `leave` for who that is) ending this way ends the whole call,
   * unless another agent leg is in the conference (an advisor ringing or answered): then it counts as the
   * agent leaving, and the lead stays with the advisor. A lead or inbound caller ending cancels the
   * conference members still ringing. Otherwise the call ends once fewer than two legs remain.
   */
  hangup(legId: string, cause?: HangupCause): Promise<void>;
  /** Ends every leg of a call. */
  hangupCall(callId: string, cause?: HangupCause): Promise<void>;
  /**
   * While on, the call's agent hanging up (or its phone dropping) does not end the call when the lead (or
   * inbound caller) is answered: the lead stays alone in the call, and the gateway holds it (music on hold)
   * and rings an agent back into it (`conference.joinAgent`). A live transfer still looking for an advisor
   * turns it on (production-telephony.md §5: the lead is never left alone, and never hung up on by a
   * mis-click). Turned off, a call whose lead is alone with no agent leg live (ringing or answered) ends at
   * once. Nothing happens on an ended call.
   *
   * "if-dropped" keeps the lead only when the agent's leg ends 'failed', its phone's connection lost without a
   * BYE (a page reload, a browser crash, the network): the gateway then holds the lead and rings the agent
   * back when its phone registers again (issue 38, server/modules/calls/rejoin.ts); the agent's own hangup
   * still ends the call. Like off, it ends at once a call whose lead is alone. Asterisk: the application simply does not hang up the lead's
   * channel when the agent's leaves the bridge; FreeSWITCH: the conference member without `endconf`.
   */
  keepLead(callId: string, on: KeepLead): Promise<void>;
  hold(legId: string, on: boolean): Promise<void>;
  /** The leg's party is sent to `target`; the agent leg ends. */
  blindTransfer(legId: string, target: string): Promise<void>;
  conference: ConferenceControl;
  startRecording(target: { legId?: string; callId?: string }, name: string): Promise<string>;
  stopRecording(recId: string): Promise<void>;
  sendDtmf(legId: string, digits: string): Promise<void>;
  /**
   * Plays `media` into the call from its start: the lead hears it, and so does every agent on the call (a
   * disclosure the agent may have to stop). Returns the playback's id. A call plays one clip at a time: a
   * new playback stops the one under way. Refused (rejects) for an unknown or ended call, or one whose lead
   * has not answered. Emits PlaybackStarted, then PlaybackFinished once (done, stopped or ended).
   * Asterisk: `POST /bridges/{id}/play?media=sound:<name>` (the call's bridge), FreeSWITCH: `uuid_broadcast
   * <lead uuid> <file> both`.
   */
  playback(callId: string, media: PlaybackMedia): Promise<string>;
  /** Stops a playback (idempotent: nothing happens when it has finished). Asterisk: `DELETE /playbacks/{id}`. */
  stopPlayback(playbackId: string): Promise<void>;
  /**
   * A gateway that follows a call again (a restart, the standby that took the lease over) and knows from the call's
   * row that a clip was started into it: true when the clip still plays, and from then on this driver reports its
   * end (PlaybackFinished) and stops it as one it started; false when it has finished. Asterisk:
   * `GET /playbacks/{id}`.
   */
  followPlayback(callId: string, playbackId: string, media: string): Promise<boolean>;
  /**
   * Rings a supervisor's extension to listen to an answered agent leg (monitor), coach its agent (whisper) or
   * join the conversation (barge); returns the supervisor's leg id. LegCreated (role "supervisor", `ext`),
   * LegRinging, then LegAnswered and Supervision, or LegHungUp ('unavailable' at once when the extension is
   * unreachable, as with joinAgent). Called again for the same extension while its leg lives, it changes the
   * mode (a new Supervision event once answered) and returns the same leg.
   *
   * The supervisor's leg is never a member of the call: it is not "the call's agent", does not keep a call
   * up, is not a party a transfer moves, and its own hangup changes nothing else. It ends ('normal', or
   * 'canceled' while ringing) with the agent leg it listens to, before anything that leg's end causes.
   * Refused (rejects) when the leg is unknown, not an agent leg, or not answered.
   *
   * Asterisk: the supervisor's channel in a bridge of its own with a snoop of the agent's channel
   * (`POST /channels/{agentLeg}/snoop`, spy=both, whisper none | out | both); a mode change replaces the
   * snoop. SimPbx: the supervisor hears what the agent hears and the agent's voice; the agent hears the
   * supervisor in whisper and barge, the parties in barge (the media edge relays the voices).
   */
  supervise(r: SuperviseRequest): Promise<string>;
}

/** What an agent hears on its leg, chosen by the PBX model and played by the media edge. */
export type LegSound =
  | "silence"
  | "ringback"
  | "busy"
  | "human"
  | "machine"
  | "voicemail-box"
  | "third-party"
  /** A clip played into the call (`PbxCalls.playback`): its HeardSource names the media. */
  | "playback"
  /**
   * The live voice of an agent or supervisor leg (`legId`): what its softphone sends, relayed by the media
   * edge as it arrives (SimPbx: a supervisor and the agent it listens to, the parties hearing the agents).
   */
  | "voice";

/**
 * One source of what a leg hears: the voice of another leg of the call (`legId` set: a lead, a party, or an
 * agent's or supervisor's live voice, sound "voice"), or a tone the PBX itself makes (`legId` null: ringback,
 * busy). The leg id keeps two parties that sound alike apart and lets the media edge carry a voice on,
 * uninterrupted, when the mix around it changes.
 */
export interface HeardSource {
  sound: Exclude<LegSound, "silence">;
  legId: string | null;
  /** sound "playback": the clip. */
  media?: PlaybackMedia;
}

/**
 * Everything a leg hears at once, in the order the legs joined: the media edge plays the sum of the sources
 * (a conference bridge's mix). Empty is silence (held, or nobody to hear). A leg never hears its own voice.
 * Agents' and supervisors' live voices are sources for supervision only (SimPbx, sim/sound.ts): the
 * supervisor hears the agent, the agent hears a whispering or barging supervisor, the parties hear the
 * agents and a barging supervisor. Agents in a conference do not hear each other on SimPbx.
 */
export type LegMix = readonly HeardSource[];

/** The one sound of a mix for a line that plays a single source: tones, else a party over the lead. */
export function primarySoundOf(mix: LegMix): LegSound {
  if (mix.length === 0) return "silence";
  return (mix.find((s) => s.sound === "third-party") ?? mix[0]!).sound;
}

/** A mix of one PBX-made sound (or silence): what a plain `play(legId, sound)` means. */
export function mixOfSound(sound: LegSound): LegMix {
  return sound === "silence" ? [] : [{ sound, legId: null }];
}

/**
 * An offer of an agent leg to the agent's WebRTC softphone: the call's own agent leg, or an advisor's leg
 * rung into a conference by `ConferenceControl.joinAgent` (the same offer; its vars say it is a transfer).
 */
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
  /**
   * The PBX ends the agent leg (CANCEL before answer, BYE after); a party leg `partyHears` told of has ended
   * (the line lets it go).
   */
  end(legId: string): void;
  /** The leg hears one sound from now on (the single-source form of `hear`). */
  play(legId: string, sound: LegSound): void;
  /**
   * The leg hears the mix of `mix` from now on (what changed: a party answered, joined, was held or left).
   * Sources still in the mix keep playing where they were. Called only when the mix changes. Optional: a
   * line without it is told `play(legId, primarySoundOf(mix))` instead.
   */
  hear?(legId: string, mix: LegMix): void;
  /**
   * Starts writing the leg's audio, both directions, as the recording store's file `key`; false when the leg
   * has no media to record. Optional: a line without it records nothing (RecordingFinished's uri is null).
   */
  record?(legId: string, recId: string, key: string): boolean;
  /** Finishes a recording `record` started: what the file holds; null when there was none. */
  stopRecord?(recId: string): { key: string; durationMs: number; bytes: number } | null;
  /**
   * A party's leg (a lead, an inbound caller, a conference party: simulated, no softphone) hears the live
   * voices of `mix` from now on, as `hear` tells an agent leg; called only when its mix changes, and `end`
   * follows once the leg has ended. The party has no ears: the line only takes the voices in (the media edge
   * counts the frames, LegMediaStats.heard), so a test can tell who reached whom. Optional.
   */
  partyHears?(legId: string, mix: LegMix): void;
}

export interface PbxExtensions {
  getExtensionStatus(ext: string): Promise<ExtensionStatus>;
  /** Do-not-disturb: the gateway's state, mirrored to the PBX. Idempotent. */
  setDnd(ext: string, on: boolean): Promise<void>;
  /**
   * The SIP credentials the gateway just issued to an extension's softphone (GET /webrtc/credentials), for a
   * PBX whose registrar checks the softphone's digest itself. Asterisk: the extension's PJSIP auth object is
   * written through ARI push configuration (docs/deploy.md §5). Absent on SimPbx, whose SIP endpoint
   * recomputes the password from the gateway's key. Rejects when the PBX refuses them.
   */
  provisionSoftphone?(ext: string, credentials: { username: string; password: string }): Promise<void>;
}

/** A live leg of a call as the PBX has it now (liveCalls). */
export interface PbxLegState {
  legId: string;
  role: LegRole;
  ext?: string;
  number?: string;
  state: "ringing" | "answered";
  held: boolean;
}

/** A call the PBX has now, with its live legs: what a restarted gateway rebuilds its view from. */
export interface PbxCallState {
  callId: string;
  direction: "outbound" | "inbound";
  confId?: string;
  legs: PbxLegState[];
  /**
   * An inbound caller no agent has answered yet: who calls and the number they dialled. The gateway that starts
   * (a restart, or a standby that takes the PBX over) routes it again, as it routed it at its InboundCall.
   */
  waiting?: { from: string; did: string };
}

export interface PbxDriver extends PbxExtensions, PbxCalls {
  readonly name: string;
  /**
   * Connects (again) to the PBX. Events the PBX sent while the gateway was not connected are not replayed: a
   * gateway that starts reads the PBX's present calls (`liveCalls`) and follows them from there.
   */
  connect(): Promise<void>;
  /**
   * The gateway stops: listeners are let go. A PBX that runs apart from the gateway (Asterisk) keeps its calls
   * up; the embedded SimPbx ends with the process unless it was made to outlive it (tests of a restart).
   */
  close(): Promise<void>;
  /** Subscribes to events; returns the unsubscribe function. */
  onEvent(listener: PbxEventListener): () => void;
  /**
   * Every call the PBX has now with its live legs (ended legs left out). A restarted gateway follows again the
   * calls its database says were under way and the PBX still has, and ends the others (server/modules/calls
   * `resume`). Asterisk: `GET /channels` and `GET /bridges`, grouped by the call id channel variable.
   */
  liveCalls(): Promise<PbxCallState[]>;
}

/** Availability as the status change flow needs it (booking-and-reference §4 step 1). */
export function availabilityOf(s: ExtensionStatus): {
  available: boolean;
  reason: "not_registered" | "closed" | "unknown" | null;
} {
  if (!s.known) return { available: false, reason: "unknown" };
  if (s.reachable) return { available: true, reason: null };
  return { available: false, reason: s.via === "external" ? "closed" : "not_registered" };
}
