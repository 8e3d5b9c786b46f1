// How legs and calls end, the same on both drivers: the order of the events (Conference "left" for a
// hand-over, LegHungUp, the leg's recordings and supervisors, then the call's reaction; for a call, every leg,
// its recordings and playback, Conference "destroyed", CallEnded) and the rules they follow (callRules.ts).
// SimPbx's CallModel and AriDriver's AriModel extend it and say only what is theirs: what else ending a leg
// or a call does (timers, the phone line, Asterisk's channels and bridges), how a recording is cut, and how
// the busy tone is played.
import * as rules from "./callRules";
import type { HangupCause, PbxEvent, PlaybackEnd } from "./driver";
import { SIP_CODE_OF_CAUSE } from "./driver";

type Unstamped<E> = E extends PbxEvent ? Omit<E, "seq" | "ts"> : never;
/** An event before the driver stamps it with its sequence number and time. */
export type NewEvent = Unstamped<PbxEvent>;

export interface LifecycleLeg<C> extends rules.RuleLeg {
  readonly call: C;
  held: boolean;
  cause?: HangupCause;
  /** Runs after this leg's LegHungUp, before the call reacts (a transfer reports its result). */
  onEnded?(leg: LifecycleLeg<C>): void;
}

export interface LifecycleCall<L extends rules.RuleLeg, R> extends rules.RuleCall<L> {
  readonly id: string;
  recordings: R[];
  playback: { active: boolean } | null;
}

export interface EndLegOptions {
  /** The leg leaves (conference leave, kick, transfer): only the "fewer than two members" rule applies. */
  leaving?: boolean;
  /** The phone line or the PBX reported the end: it is not told again. */
  reported?: boolean;
  /** The caller decides how the call goes on (no reaction). */
  quiet?: boolean;
}

export abstract class CallLifecycle<
  L extends LifecycleLeg<C>,
  C extends LifecycleCall<L, R>,
  R extends { active: boolean; legId?: string },
> {
  protected abstract emit(e: NewEvent): void;
  /** What else ending a leg does, once it is marked ended and before its LegHungUp. */
  protected abstract legEnded(leg: L, cause: HangupCause, opts: EndLegOptions): void;
  /** A recording cut by its leg's or call's end finishes (RecordingFinished). */
  protected abstract cutRecording(r: R): void;
  abstract finishPlayback(call: C, reason: PlaybackEnd): void;
  /** What else ending a call does, once it is marked ended and before its CallEnded. */
  protected abstract callEnded(call: C, cause: HangupCause): void;
  /** A busy lead leaves the agent hearing the busy tone for a moment; then the call ends 'busy'. */
  protected abstract busyTone(call: C): void;
  /** The call went on without a leg (the agents' mix may have changed). */
  protected wentOn(_call: C): void {}
  /** After CallEnded. */
  protected forget(_call: C): void {}

  liveLegs(call: C): L[] {
    return rules.liveLegs(call);
  }

  /** Every live agent leg of the call (the agent's, advisors'), in the order they were created. */
  agentLegs(call: C): L[] {
    return rules.agentLegs(call);
  }

  /** The call's agent (callRules.agentOf). */
  agentOf(call: C): L | undefined {
    return rules.agentOf(call);
  }

  /** The lead (or inbound caller) is on the call and answered. */
  leadAnswered(call: C): boolean {
    return rules.leadAnswered(call);
  }

  /** Ends one leg, and the call goes on as the rules say (unless `quiet`). */
  endLeg(leg: L, cause: HangupCause, opts: EndLegOptions = {}): void {
    if (leg.state === "ended") return;
    const call = leg.call;
    const wasAgent = this.agentOf(call) === leg;
    const handOver = rules.handsOver(call, leg, opts);
    if (handOver) this.emit({ kind: "Conference", callId: call.id, confId: call.confId!, action: "left", legId: leg.id });
    leg.state = "ended";
    leg.cause = cause;
    leg.held = false;
    this.legEnded(leg, cause, opts);
    const sipCode = SIP_CODE_OF_CAUSE[cause];
    this.emit({ kind: "LegHungUp", callId: call.id, legId: leg.id, cause, ...(sipCode ? { sipCode } : {}) });
    for (const r of call.recordings) if (r.active && r.legId === leg.id) this.cutRecording(r);
    for (const s of rules.supervisorsOf(call, leg)) this.endLeg(s, s.state === "answered" ? "normal" : "canceled", { quiet: true });
    leg.onEnded?.(leg);
    if (!call.ending && !opts.quiet) this.react(call, leg, cause, { leaving: (opts.leaving ?? false) || handOver, wasAgent });
  }

  /** Ends every live leg (answered ones 'normal', the others 'canceled'), then the call. */
  endCall(call: C, cause: HangupCause): void {
    if (call.ended || call.ending) return;
    call.ending = true;
    for (const leg of this.liveLegs(call)) this.endLeg(leg, leg.state === "answered" ? "normal" : "canceled");
    for (const r of call.recordings) if (r.active) this.cutRecording(r);
    if (call.playback) this.finishPlayback(call, "ended");
    if (call.confId) this.emit({ kind: "Conference", callId: call.id, confId: call.confId, action: "destroyed" });
    call.ended = true;
    this.callEnded(call, cause);
    this.emit({ kind: "CallEnded", callId: call.id, cause });
    this.forget(call);
  }

  /** How the call goes on without a leg that just ended (callRules.reactionTo). */
  private react(call: C, leg: L, cause: HangupCause, how: { leaving: boolean; wasAgent: boolean }): void {
    const r = rules.reactionTo(call, leg, cause, how);
    for (const l of r.cancel) this.endLeg(l, "canceled", { quiet: true });
    if (r.kind === "ends") return this.endCall(call, r.cause);
    if (r.kind === "busy-tone") this.busyTone(call);
    this.wentOn(call);
  }
}
