// The call model's records: calls made of legs, and recordings. CallModel (model.ts) owns them; the feature
// modules set only the flags of their own feature (waiting, confId, held, voice…).
import type { ClockTimer } from "../../../src/shared/clock";
import type { HangupCause, KeepLead, LegMix, LegRole, LegSound, PlaybackMedia, SupervisionMode } from "../driver";

/** A request the simulated PBX cannot carry out (unknown id, a leg in the wrong state); a real PBX answers 4xx. */
export class SimPbxError extends Error {
  override name = "SimPbxError";
}

export type LegState = "dialing" | "ringing" | "answered" | "ended";

export interface TimerOwner {
  readonly timers: Set<ClockTimer>;
}

export interface Leg extends TimerOwner {
  readonly id: string;
  readonly call: Call;
  readonly role: LegRole;
  readonly ext?: string;
  readonly number?: string;
  state: LegState;
  held: boolean;
  cause?: HangupCause;
  answeredAt?: number;
  /** Agent legs: offered through the AgentPhoneLine, which then hears end() and play() / hear(). */
  viaLine: boolean;
  /**
   * What the leg hears now, and its key (to tell the line only of changes): agent and supervisor legs once
   * answered; a party's once the line was told of its voices (AgentPhoneLine.partyHears).
   */
  hears?: LegMix;
  hearsKey?: string;
  /** Other legs: what the party sounds like once answered. */
  voice: LegSound;
  /** Runs after this leg's LegHungUp and before the call reacts (a transfer reports its result). */
  onEnded?: (leg: Leg) => void;
  /** A supervisor's leg: the agent leg it listens to, and how (PbxCalls.supervise). */
  supervises?: string;
  supervision?: SupervisionMode;
}

/**
 * An agent leg rings an extension's phone (the agent's own, or an advisor's brought in by
 * conference.joinAgent) and is a member of the call; a party leg is dialled by number. Only phone legs hear
 * the call's mix, only parties are voices in it. One definition for both drivers: server/pbx/callRules.ts.
 */
export { isAgentLeg, isPartyLeg } from "../callRules";

export interface Recording {
  readonly id: string;
  readonly callId: string;
  readonly legId?: string;
  readonly name: string;
  active: boolean;
  /** The phone line writes its audio (the agent leg's media, both directions). */
  onLine?: boolean;
}

/** A clip playing into a call (PbxCalls.playback) until its end, a stop, or the call's end. */
export interface Playback {
  readonly id: string;
  readonly callId: string;
  readonly media: PlaybackMedia;
  active: boolean;
  timer?: ClockTimer;
}

export interface Call extends TimerOwner {
  readonly id: string;
  readonly direction: "outbound" | "inbound";
  readonly legs: Leg[];
  legCount: number;
  /** Inbound: the caller waits for an agent; agent legs may come and go until one answers. */
  waiting: boolean;
  /** Outbound, until the lead answers: a busy lead leaves the agent hearing the busy tone for a moment. */
  lingerOnBusy: boolean;
  busyTone: boolean;
  confId?: string;
  /** PbxCalls.keepLead: the agent's hangup leaves the lead alone in the call rather than ending it. */
  keepLead: KeepLead;
  recordings: Recording[];
  /** The clip playing into the call, if any (one at a time). */
  playback: Playback | null;
  ending: boolean;
  ended: boolean;
  cause?: HangupCause;
}
