// The call model's state (telephony.md §2 "Calls and legs"): calls made of legs, each leg dialing → ringing →
// answered → ended, timers on the injected clock owned by a leg or a call (so ending it cancels them), and what
// each agent leg hears. How legs and calls end, and how a call goes on without a leg, is what both drivers
// share (server/pbx/callLifecycle.ts). The feature modules (outbound, inbound, controls, conference,
// recordings) drive legs only through this class.
import type { Clock, ClockTimer } from "../../../src/shared/clock";
import { CallLifecycle, type EndLegOptions, type NewEvent } from "../callLifecycle";
import { primarySoundOf, type AgentPhoneLine, type HangupCause, type LegRole, type PlaybackEnd } from "../driver";
import type { EventBus } from "./bus";
import type { DialOutcome, SimProfile } from "./profile";
import { streamFor, type Rng } from "./random";
import { agentHears, mixKey, partyHears, supervisorHears } from "./sound";
import { isPartyLeg, SimPbxError, type Call, type Leg, type Recording, type TimerOwner } from "./types";


/** Ended calls kept for legsOf / callOf; older ones are forgotten (their ids stay used). */
const KEEP_ENDED_CALLS = 1000;

export class CallModel extends CallLifecycle<Leg, Call, Recording> {
  line: AgentPhoneLine | null = null;
  private readonly calls = new Map<string, Call>();
  private readonly legs = new Map<string, Leg>();
  private readonly usedIds = new Set<string>();
  private readonly endedOrder: string[] = [];
  private readonly liveByExt = new Map<string, number>();
  /** What the next dials placed for an extension do, in order (a demonstration's or a test's script). */
  private readonly dialScripts = new Map<string, DialOutcome[]>();

  constructor(
    readonly clock: Clock,
    readonly bus: EventBus,
    readonly profile: SimProfile,
    private readonly seed: number,
  ) {
    super();
  }

  // ---------------------------------------------------------------- lookup

  isUsed(callId: string): boolean {
    return this.usedIds.has(callId);
  }

  call(callId: string): Call {
    const c = this.calls.get(callId);
    if (!c) throw new SimPbxError(`unknown call ${callId}`);
    return c;
  }

  leg(legId: string): Leg {
    const l = this.legs.get(legId);
    if (!l) throw new SimPbxError(`unknown leg ${legId}`);
    return l;
  }

  findCall(callId: string): Call | undefined {
    return this.calls.get(callId);
  }

  /** Calls not ended yet. */
  openCalls(): Call[] {
    return [...this.calls.values()].filter((c) => !c.ended);
  }

  findLeg(legId: string): Leg | undefined {
    return this.legs.get(legId);
  }

  inCall(ext: string): boolean {
    return (this.liveByExt.get(ext) ?? 0) > 0;
  }

  /** Scripts the next dials of `ext` (replacing any script before; empty: none). */
  scriptDials(ext: string, outcomes: readonly DialOutcome[]): void {
    if (outcomes.length === 0) this.dialScripts.delete(ext);
    else this.dialScripts.set(ext, [...outcomes]);
  }

  /** The scripted outcome of the dial being placed for `ext`, taken off its script; undefined: none. */
  takeScriptedDial(ext: string): DialOutcome | undefined {
    const script = this.dialScripts.get(ext);
    const next = script?.shift();
    if (script?.length === 0) this.dialScripts.delete(ext);
    return next;
  }

  /** One stream per leg, keyed by the call and leg ids: other calls never shift its draws. */
  rngFor(leg: Leg): Rng {
    return streamFor(this.seed, leg.id);
  }

  // ---------------------------------------------------------------- calls and legs

  createCall(id: string, direction: Call["direction"]): Call {
    if (this.usedIds.has(id)) throw new SimPbxError(`call ${id} exists`);
    const call: Call = {
      id,
      direction,
      legs: [],
      legCount: 0,
      waiting: false,
      lingerOnBusy: false,
      busyTone: false,
      keepLead: false,
      recordings: [],
      playback: null,
      ending: false,
      ended: false,
      timers: new Set(),
    };
    this.usedIds.add(id);
    this.calls.set(id, call);
    return call;
  }

  /** A leg not announced yet (an inbound call names its caller's leg before LegCreated). */
  newLeg(call: Call, role: LegRole, who: { ext?: string; number?: string }): Leg {
    const leg: Leg = {
      id: `${call.id}:L${++call.legCount}`,
      call,
      role,
      ...who,
      state: "dialing",
      held: false,
      viaLine: false,
      voice: "human",
      timers: new Set(),
    };
    call.legs.push(leg);
    this.legs.set(leg.id, leg);
    if (leg.ext) this.liveByExt.set(leg.ext, (this.liveByExt.get(leg.ext) ?? 0) + 1);
    return leg;
  }

  announce(leg: Leg): void {
    this.bus.emit({
      kind: "LegCreated",
      callId: leg.call.id,
      legId: leg.id,
      role: leg.role,
      ...(leg.ext ? { ext: leg.ext } : {}),
      ...(leg.number ? { number: leg.number } : {}),
    });
  }

  addLeg(call: Call, role: LegRole, who: { ext?: string; number?: string }): Leg {
    const leg = this.newLeg(call, role, who);
    this.announce(leg);
    return leg;
  }

  ringing(leg: Leg): void {
    if (leg.state !== "dialing") return;
    leg.state = "ringing";
    this.bus.emit({ kind: "LegRinging", callId: leg.call.id, legId: leg.id });
    this.refreshSound(leg.call);
  }

  /**
   * Answers a leg; its pending timers (ring timeouts) are cancelled. The agent hears an answered party only
   * once it is bridged or joins the conference, so the caller of answer() refreshes the sound then.
   */
  answer(leg: Leg): void {
    if (leg.state === "answered" || leg.state === "ended") return;
    this.cancelAll(leg);
    leg.state = "answered";
    leg.answeredAt = this.clock.now();
    if (!isPartyLeg(leg)) {
      leg.hears = [];
      leg.hearsKey = "";
    }
    this.bus.emit({ kind: "LegAnswered", callId: leg.call.id, legId: leg.id });
  }

  /** Emits Bridged when every leg named is still up. */
  bridge(call: Call, legIds: string[]): void {
    if (legIds.some((id) => this.legs.get(id)?.state !== "answered")) return;
    this.bus.emit({ kind: "Bridged", callId: call.id, legIds });
    this.refreshSound(call);
  }

  protected emit(e: NewEvent): void {
    this.bus.emit(e);
  }

  protected legEnded(leg: Leg, _cause: HangupCause, opts: EndLegOptions): void {
    this.cancelAll(leg);
    if (leg.ext) this.liveByExt.set(leg.ext, (this.liveByExt.get(leg.ext) ?? 1) - 1);
    const line = this.line;
    if (leg.viaLine && !opts.reported && line) this.bus.post(() => line.end(leg.id));
    // A party the line took voices in for is let go (its counts archived).
    else if (isPartyLeg(leg) && leg.hearsKey !== undefined && line?.partyHears) this.bus.post(() => line.end(leg.id));
  }

  protected cutRecording(r: Recording): void {
    this.finishRecording(r);
  }

  protected callEnded(call: Call, cause: HangupCause): void {
    this.cancelAll(call);
    call.cause = cause;
  }

  protected busyTone(call: Call): void {
    call.busyTone = true;
    this.schedule(call, this.profile.busyToneMs, () => this.endCall(call, "busy"));
  }

  protected wentOn(call: Call): void {
    if (!call.waiting) this.refreshSound(call);
  }

  finishRecording(r: Recording): void {
    if (!r.active) return;
    r.active = false;
    const file = r.onLine ? (this.line?.stopRecord?.(r.id) ?? null) : null;
    this.bus.emit({
      kind: "RecordingFinished",
      callId: r.callId,
      ...(r.legId ? { legId: r.legId } : {}),
      recId: r.id,
      uri: file?.key ?? null,
      ...(file ? { durationMs: file.durationMs, bytes: file.bytes } : {}),
    });
  }

  /** The call's playback ends (PlaybackFinished once); every agent stops hearing it. */
  finishPlayback(call: Call, reason: PlaybackEnd): void {
    const p = call.playback;
    if (!p?.active) return;
    p.active = false;
    call.playback = null;
    if (p.timer) this.cancel(call, p.timer);
    this.bus.emit({
      kind: "PlaybackFinished",
      callId: call.id,
      playbackId: p.id,
      media: p.media.name,
      reason,
    });
    if (!call.ending) this.refreshSound(call);
  }

  // ---------------------------------------------------------------- what the agents hear

  /**
   * Recomputes every answered leg's mix (agents, supervisors, and the parties the line takes voices in for);
   * the line hears of the ones that changed.
   */
  refreshSound(call: Call): void {
    const line = this.line;
    for (const leg of call.legs) {
      if (leg.state !== "answered") continue;
      const party = isPartyLeg(leg);
      // A party's mix matters only to a line that takes its voices in (partyHears).
      if (party && !line?.partyHears) continue;
      const mix = party
        ? partyHears(call, leg)
        : leg.supervises
          ? supervisorHears(call, leg, this.findLeg(leg.supervises))
          : agentHears(call, leg);
      const key = mixKey(mix);
      if (key === (leg.hearsKey ?? "")) continue;
      leg.hears = mix;
      leg.hearsKey = key;
      if (!line) continue;
      const legId = leg.id;
      if (party) this.bus.post(() => line.partyHears?.(legId, mix));
      else if (leg.viaLine)
        this.bus.post(() => (line.hear ? line.hear(legId, mix) : line.play(legId, primarySoundOf(mix))));
    }
  }

  // ---------------------------------------------------------------- timers

  /** A timer owned by a leg or call: it runs as one model step, and ending the owner cancels it. */
  schedule(owner: TimerOwner, ms: number, fn: () => void): ClockTimer {
    const t = this.clock.setTimeout(() => {
      owner.timers.delete(t);
      this.bus.step(fn);
    }, ms);
    owner.timers.add(t);
    return t;
  }

  cancel(owner: TimerOwner, t: ClockTimer): void {
    this.clock.clearTimeout(t);
    owner.timers.delete(t);
  }

  private cancelAll(owner: TimerOwner): void {
    for (const t of owner.timers) this.clock.clearTimeout(t);
    owner.timers.clear();
  }

  close(): void {
    for (const c of this.calls.values()) {
      this.cancelAll(c);
      for (const l of c.legs) this.cancelAll(l);
    }
  }

  protected forget(call: Call): void {
    this.endedOrder.push(call.id);
    while (this.endedOrder.length > KEEP_ENDED_CALLS) {
      const old = this.calls.get(this.endedOrder.shift()!);
      if (!old) continue;
      this.calls.delete(old.id);
      for (const l of old.legs) this.legs.delete(l.id);
    }
  }
}
