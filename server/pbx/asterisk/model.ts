// The driver's view of its calls (what SimPbx's CallModel is to the simulation, with Asterisk doing the
// media): calls made of legs, a leg per ARI channel (its id is the channel's id), ending as both drivers'
// calls end (server/pbx/callLifecycle.ts), so the call service sees the same events whichever driver runs
// (the shared driver suite checks it). Every event is stamped here with the driver's sequence number and clock
// time.
import type { Clock, ClockTimer } from "../../../src/shared/clock";
import { CallLifecycle, type EndLegOptions, type NewEvent } from "../callLifecycle";
import * as rules from "../callRules";
import type { HangupCause, KeepLead, LegRole, PbxEvent, PbxEventListener, PlaybackEnd, SupervisionMode } from "../driver";

export type LegState = "dialing" | "ringing" | "answered" | "ended";

export interface AriLeg {
  /** The ARI channel id. */
  readonly id: string;
  readonly call: AriCall;
  readonly role: LegRole;
  readonly ext?: string;
  readonly number?: string;
  state: LegState;
  held: boolean;
  answeredAt?: number;
  cause?: HangupCause;
  /** Runs after this leg's LegHungUp, before the call reacts (a transfer reports its result). */
  onEnded?: (leg: AriLeg) => void;
  /** Runs when the far end answers (the flow that placed the leg goes on). */
  onAnswered?: (leg: AriLeg) => void;
  /** A supervisor's leg: the agent leg it listens to, and how (PbxCalls.supervise). */
  supervises?: string;
  supervision?: SupervisionMode;
}

export interface AriRecording {
  readonly id: string;
  readonly callId: string;
  readonly legId?: string;
  readonly name: string;
  /** ARI's live recording name (`calls/{name}`), and the snoop channel a leg's recording is made from. */
  readonly ariName: string;
  snoopId?: string;
  active: boolean;
  /** When RecordingStarted was emitted (a recording cut by a hangup is reported this long). */
  startedAt: number;
}

/** What a finished recording holds, as RecordingFinished reports it. */
export interface FinishedFile {
  uri: string;
  durationMs: number;
  bytes?: number;
}

export interface AriPlayback {
  readonly id: string;
  readonly callId: string;
  readonly media: string;
  active: boolean;
}

export interface AriCall {
  readonly id: string;
  readonly direction: "outbound" | "inbound";
  readonly legs: AriLeg[];
  legCount: number;
  /** The mixing bridge every connected leg is in (ids never reused: production-telephony.md pitfall 6). */
  bridgeId?: string;
  /** The holding bridge held legs wait in, with music on hold. */
  holdingId?: string;
  /** Inbound: the caller waits for an agent; agent legs may come and go until one answers. */
  waiting: boolean;
  /** Inbound: the number the caller dialled (the dialplan's ${EXTEN}, given to Stasis). */
  did?: string;
  lingerOnBusy: boolean;
  confId?: string;
  keepLead: KeepLead;
  recordings: AriRecording[];
  playback: AriPlayback | null;
  timers: Set<ClockTimer>;
  ending: boolean;
  ended: boolean;
}

/** Side effects the rules ask of Asterisk; the driver carries them out (and logs what fails). */
export interface AriActions {
  hangupChannel(leg: AriLeg, cause: HangupCause): void;
  destroyCall(call: AriCall): void;
  stopRecording(rec: AriRecording): void;
  /**
   * A recording cut by its leg's or call's end: Asterisk finishes the file on its own (the driver copies it
   * when Asterisk says so); what RecordingFinished reports now, or null when no file will be kept.
   */
  recordingCut(rec: AriRecording): FinishedFile | null;
  stopPlayback(p: AriPlayback): void;
  busyTone(leg: AriLeg): void;
}

export class AriModel extends CallLifecycle<AriLeg, AriCall, AriRecording> {
  readonly calls = new Map<string, AriCall>();
  readonly legs = new Map<string, AriLeg>();
  private readonly usedIds = new Set<string>();
  private readonly listeners = new Set<PbxEventListener>();
  private seq = 0;
  /** The ARI event being handled: its time is when the thing happened at the PBX. */
  private eventAt: number | null = null;
  private lastTs = 0;

  constructor(
    readonly clock: Clock,
    private readonly busyToneMs: number,
    private readonly actions: AriActions,
  ) {
    super();
  }

  // ---------------------------------------------------------------- events

  on(listener: PbxEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Handles an ARI event as of its own timestamp (Asterisk's clock, milliseconds): the events it causes carry
   * the time the PBX saw the thing happen, not the time the socket delivered it. Never later than our clock
   * (a PBX clock ahead of ours) and never before an event already emitted, so times stay in order.
   */
  at<T>(ts: number | undefined, fn: () => T): T {
    const prev = this.eventAt;
    this.eventAt = ts !== undefined && Number.isFinite(ts) ? Math.min(ts, this.clock.now()) : null;
    try {
      return fn();
    } finally {
      this.eventAt = prev;
    }
  }

  now(): number {
    this.lastTs = Math.max(this.lastTs, this.eventAt ?? this.clock.now());
    return this.lastTs;
  }

  emit(e: NewEvent): void {
    const event = { ...e, seq: ++this.seq, ts: this.now() } as PbxEvent;
    for (const l of [...this.listeners]) l(event);
  }

  clearListeners(): void {
    this.listeners.clear();
  }

  // ---------------------------------------------------------------- calls and legs

  isUsed(callId: string): boolean {
    return this.usedIds.has(callId);
  }

  createCall(id: string, direction: AriCall["direction"]): AriCall {
    const call: AriCall = {
      id,
      direction,
      legs: [],
      legCount: 0,
      waiting: false,
      lingerOnBusy: false,
      keepLead: false,
      recordings: [],
      playback: null,
      timers: new Set(),
      ending: false,
      ended: false,
    };
    this.usedIds.add(id);
    this.calls.set(id, call);
    return call;
  }

  /** A leg with the next id of its call (`{callId}:L{n}`, as SimPbx names them), or the channel's own id. */
  newLeg(call: AriCall, role: LegRole, who: { ext?: string; number?: string }, id?: string): AriLeg {
    const leg: AriLeg = {
      id: id ?? `${call.id}:L${++call.legCount}`,
      call,
      role,
      ...who,
      state: "dialing",
      held: false,
    };
    if (id) call.legCount++;
    call.legs.push(leg);
    this.legs.set(leg.id, leg);
    return leg;
  }

  announce(leg: AriLeg): void {
    this.emit({
      kind: "LegCreated",
      callId: leg.call.id,
      legId: leg.id,
      role: leg.role,
      ...(leg.ext ? { ext: leg.ext } : {}),
      ...(leg.number ? { number: leg.number } : {}),
    });
  }

  inCall(ext: string): boolean {
    for (const l of this.legs.values()) if (l.ext === ext && l.state !== "ended") return true;
    return false;
  }

  ringing(leg: AriLeg): void {
    if (leg.state !== "dialing") return;
    leg.state = "ringing";
    this.emit({ kind: "LegRinging", callId: leg.call.id, legId: leg.id });
  }

  answer(leg: AriLeg): void {
    if (leg.state === "answered" || leg.state === "ended") return;
    leg.state = "answered";
    leg.answeredAt = this.now();
    this.emit({ kind: "LegAnswered", callId: leg.call.id, legId: leg.id });
    leg.onAnswered?.(leg);
  }

  /** Bridged, once every leg named is answered (they share the call's bridge already). */
  bridged(call: AriCall, legIds: string[]): void {
    if (legIds.some((id) => this.legs.get(id)?.state !== "answered")) return;
    this.emit({ kind: "Bridged", callId: call.id, legIds });
  }

  protected legEnded(leg: AriLeg, cause: HangupCause, opts: EndLegOptions): void {
    if (!opts.reported) this.actions.hangupChannel(leg, cause);
  }

  protected cutRecording(r: AriRecording): void {
    this.finishRecording(r, this.actions.recordingCut(r));
  }

  protected callEnded(call: AriCall): void {
    for (const t of call.timers) this.clock.clearTimeout(t);
    call.timers.clear();
    this.actions.destroyCall(call);
  }

  protected busyTone(call: AriCall): void {
    this.actions.busyTone(rules.members(call)[0]!);
    this.schedule(call, this.busyToneMs, () => this.endCall(call, "busy"));
  }

  finishRecording(r: AriRecording, file: FinishedFile | null): void {
    if (!r.active) return;
    r.active = false;
    this.actions.stopRecording(r);
    this.emit({
      kind: "RecordingFinished",
      callId: r.callId,
      ...(r.legId ? { legId: r.legId } : {}),
      recId: r.id,
      uri: file?.uri ?? null,
      ...(file ? { durationMs: file.durationMs } : {}),
      ...(file?.bytes !== undefined ? { bytes: file.bytes } : {}),
    });
  }

  finishPlayback(call: AriCall, reason: PlaybackEnd): void {
    const p = call.playback;
    if (!p?.active) return;
    p.active = false;
    call.playback = null;
    if (reason !== "done") this.actions.stopPlayback(p);
    this.emit({ kind: "PlaybackFinished", callId: call.id, playbackId: p.id, media: p.media, reason });
  }

  /** `ms` after now() (the event's time): the delivery delay is not added to the wait. */
  schedule(call: AriCall, ms: number, fn: () => void): void {
    const due = this.now() + ms;
    const t = this.clock.setTimeout(() => {
      call.timers.delete(t);
      this.at(due, fn);
    }, Math.max(0, due - this.clock.now()));
    call.timers.add(t);
  }
}
