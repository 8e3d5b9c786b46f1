// The call model's state and its rules (telephony.md §2 "Calls and legs"): calls made of legs, each leg
// dialing → ringing → answered → ended, timers on the injected clock owned by a leg or a call (so ending it
// cancels them), what each agent leg hears, and how a call reacts when one of its legs ends (the rules both
// drivers share, server/pbx/callRules.ts). The feature
// modules (outbound, inbound, controls, conference, recordings) drive legs only through this class.
import type { Clock, ClockTimer } from "../../../src/core/clock";
import {
  primarySoundOf,
  SIP_CODE_OF_CAUSE,
  type AgentPhoneLine,
  type HangupCause,
  type LegRole,
  type PlaybackEnd,
} from "../driver";
import type { EventBus } from "./bus";
import type { SimProfile } from "./profile";
import { streamFor, type Rng } from "./random";
import { agentHears, mixKey } from "./sound";
import * as rules from "../callRules";
import { isPartyLeg, SimPbxError, type Call, type Leg, type Recording, type TimerOwner } from "./types";


/** Ended calls kept for legsOf / callOf; older ones are forgotten (their ids stay used). */
const KEEP_ENDED_CALLS = 1000;

export class CallModel {
  line: AgentPhoneLine | null = null;
  private readonly calls = new Map<string, Call>();
  private readonly legs = new Map<string, Leg>();
  private readonly usedIds = new Set<string>();
  private readonly endedOrder: string[] = [];
  private readonly liveByExt = new Map<string, number>();

  constructor(
    readonly clock: Clock,
    readonly bus: EventBus,
    readonly profile: SimProfile,
    private readonly seed: number,
  ) {}

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

  liveLegs(call: Call): Leg[] {
    return rules.liveLegs(call);
  }

  /** The call's agent (callRules.agentOf). */
  agentOf(call: Call): Leg | undefined {
    return rules.agentOf(call);
  }

  /** Every live agent leg of the call (the agent's, advisors'), in the order they were created. */
  agentLegs(call: Call): Leg[] {
    return rules.agentLegs(call);
  }

  /** The lead (or inbound caller) is on the call and answered. */
  leadAnswered(call: Call): boolean {
    return rules.leadAnswered(call);
  }

  inCall(ext: string): boolean {
    return (this.liveByExt.get(ext) ?? 0) > 0;
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

  /**
   * Ends one leg. `leaving`: the leg leaves (conference leave, transfer) and only the "fewer than two legs"
   * rule applies; `byLine`: the phone line reported it, so it is not told again; `quiet`: the caller decides
   * how the call goes on (no reaction).
   */
  endLeg(
    leg: Leg,
    cause: HangupCause,
    opts: { leaving?: boolean; byLine?: boolean; quiet?: boolean } = {},
  ): void {
    if (leg.state === "ended") return;
    const call = leg.call;
    const wasAgent = this.agentOf(call) === leg;
    const handOver = rules.handsOver(call, leg, opts);
    if (handOver)
      this.bus.emit({
        kind: "Conference",
        callId: call.id,
        confId: call.confId!,
        action: "left",
        legId: leg.id,
      });
    this.cancelAll(leg);
    leg.state = "ended";
    leg.cause = cause;
    leg.held = false;
    if (leg.ext) this.liveByExt.set(leg.ext, (this.liveByExt.get(leg.ext) ?? 1) - 1);
    const line = this.line;
    if (leg.viaLine && !opts.byLine && line) this.bus.post(() => line.end(leg.id));
    const sipCode = SIP_CODE_OF_CAUSE[cause];
    this.bus.emit({
      kind: "LegHungUp",
      callId: call.id,
      legId: leg.id,
      cause,
      ...(sipCode ? { sipCode } : {}),
    });
    for (const r of call.recordings) if (r.active && r.legId === leg.id) this.finishRecording(r);
    for (const s of rules.supervisorsOf(call, leg)) this.endLeg(s, s.state === "answered" ? "normal" : "canceled", { quiet: true });
    leg.onEnded?.(leg);
    if (!call.ending && !opts.quiet)
      this.react(call, leg, cause, { leaving: (opts.leaving ?? false) || handOver, wasAgent });
  }


  /** Ends every live leg (answered ones 'normal', the others 'canceled'), then the call. */
  endCall(call: Call, cause: HangupCause): void {
    if (call.ended || call.ending) return;
    call.ending = true;
    for (const leg of this.liveLegs(call)) this.endLeg(leg, leg.state === "answered" ? "normal" : "canceled");
    for (const r of call.recordings) if (r.active) this.finishRecording(r);
    if (call.playback) this.finishPlayback(call, "ended");
    if (call.confId)
      this.bus.emit({ kind: "Conference", callId: call.id, confId: call.confId, action: "destroyed" });
    this.cancelAll(call);
    call.ended = true;
    call.cause = cause;
    this.bus.emit({ kind: "CallEnded", callId: call.id, cause });
    this.forgetOld(call);
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

  /** How the call goes on without a leg that just ended (callRules.reactionTo), in the simulation. */
  private react(
    call: Call,
    leg: Leg,
    cause: HangupCause,
    how: { leaving: boolean; wasAgent: boolean },
  ): void {
    const r = rules.reactionTo(call, leg, cause, how);
    for (const l of r.cancel) this.endLeg(l, "canceled", { quiet: true });
    if (r.kind === "ends") return this.endCall(call, r.cause);
    if (r.kind === "busy-tone") {
      call.busyTone = true;
      this.schedule(call, this.profile.busyToneMs, () => this.endCall(call, "busy"));
    }
    if (!call.waiting) this.refreshSound(call);
  }

  // ---------------------------------------------------------------- what the agents hear

  /** Recomputes every answered agent (and supervisor) leg's mix; the line hears of the ones that changed. */
  refreshSound(call: Call): void {
    for (const phone of call.legs) {
      if (isPartyLeg(phone) || phone.state !== "answered") continue;
      // A supervisor hears what the agent it listens to hears (the agent's own voice is the real PBX's).
      const listener = phone.supervises ? this.findLeg(phone.supervises) : phone;
      const mix = listener ? agentHears(call, listener) : [];
      const key = mixKey(mix);
      if (key === phone.hearsKey) continue;
      phone.hears = mix;
      phone.hearsKey = key;
      const line = this.line;
      if (!phone.viaLine || !line) continue;
      const legId = phone.id;
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

  private forgetOld(call: Call): void {
    this.endedOrder.push(call.id);
    while (this.endedOrder.length > KEEP_ENDED_CALLS) {
      const old = this.calls.get(this.endedOrder.shift()!);
      if (!old) continue;
      this.calls.delete(old.id);
      for (const l of old.legs) this.legs.delete(l.id);
    }
  }
}
