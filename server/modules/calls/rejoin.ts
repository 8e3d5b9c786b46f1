// A call survives the agent's phone dropping (issue 38): a page reload, a browser crash, the network. From the
// answer on, the PBX keeps the lead when the agent's leg ends 'failed' (keepLead "if-dropped": the phone's
// connection was lost, no BYE; the agent's own hangup still ends the call). The lead then waits on hold while
// the gateway rings the agent's phone back as soon as it is reachable again (the reloaded page's softphone
// registers; it answers by itself, the offer says so); the call, its timer, its disposition and its transfers
// go on where they were. If the agent is not back within the limit (CALL_REJOIN_SECONDS, default 60), the
// lead hears a goodbye in its language and the call ends; its lead awaits the agent's disposition at the next
// sign-in, as any ended call does.
//
// Where the state lives: the wait's start is the call's row (calls.agent_away_since: every instance reads it,
// a restarted gateway re-arms the wait from it); the timers are the memory of the instance that drives the PBX.
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock, ClockTimer } from "../../../src/shared/clock";
import type { Db } from "../../db/client";
import { calls, leads } from "../../db/schema";
import type { ExtensionStateEvent, HangupCause, KeepLead, PbxDriver, PlaybackMedia } from "../../pbx/driver";
import type { BackgroundWork } from "../status/background";
import { isOver, type ActiveCall } from "./active";

/** How long the agent's phone may ring back before it counts as not answered (it answers by itself when it can). */
export const REJOIN_RING_MS = 15_000;
/** After the goodbye's own length, the call ends even if the PBX did not say it finished. */
const GOODBYE_MARGIN_MS = 1_000;
const ULAW_BYTES_PER_MS = 8;
const GOODBYE_LANGUAGES = ["en", "fr", "es"] as const;

/** The goodbye a lead hears in `language` (audio/rejoin-goodbye-<language>.ulaw, scripts/gen-voice-clips.mjs). */
export function goodbyeClip(language: string): PlaybackMedia {
  const lang = (GOODBYE_LANGUAGES as readonly string[]).includes(language) ? language : "en";
  // Asterisk plays `sound:calls/rejoin-goodbye-<language>` from its sounds directory (docs/deploy.md section 3).
  const name = `calls/rejoin-goodbye-${lang}`;
  const file = fileURLToPath(new URL(`./audio/rejoin-goodbye-${lang}.ulaw`, import.meta.url));
  return { name, file, durationMs: Math.round(statSync(file).size / ULAW_BYTES_PER_MS) };
}

interface CallsForRejoin {
  serially(call: ActiveCall, work: () => Promise<void>): Promise<void>;
  publish(call: ActiveCall): void;
}

export interface RejoinDeps {
  db: Db;
  clock: Clock;
  pbx: PbxDriver;
  log: FastifyBaseLogger;
  background: BackgroundWork;
}

export class AgentRejoin {
  /** Calls whose lead waits for its agent (or hears the goodbye): the timer that ends the wait. */
  private readonly timers = new Map<ActiveCall, ClockTimer>();

  constructor(
    private readonly calls: CallsForRejoin,
    private readonly d: RejoinDeps,
    /** How long the lead waits; 0 turns the whole thing off (the agent's phone dropping ends the call). */
    readonly limitMs: number,
  ) {}

  /**
   * The agent's own call, or an advisor's view of a live transfer once the lead was handed over to it (not
   * while the qualifier is still on: the lead is the qualifier's then), with the wait turned on.
   */
  private applies(call: ActiveCall): boolean {
    return (
      this.limitMs > 0 && (call.type !== "transfer" || call.leadHandedOver === true) && call.partyLegId !== null
    );
  }

  /** The lead and the agent hear each other: from now on the PBX keeps the lead if the agent's phone drops. */
  async guard(call: ActiveCall): Promise<void> {
    if (!this.applies(call) || isOver(call)) return;
    await this.d.pbx.keepLead(call.pbxCallId, "if-dropped").catch((err: unknown) => {
      this.d.log.warn({ err, callId: call.id }, "rejoin: the PBX was not asked to keep the lead");
    });
  }

  /**
   * The agent hands the lead over (a transfer it leaves, an internal transfer): whoever has the lead next, the
   * PBX no longer keeps it for this agent's phone.
   */
  async handOver(call: ActiveCall): Promise<void> {
    if (!this.applies(call) || isOver(call)) return;
    await this.d.pbx.keepLead(call.pbxCallId, false).catch(() => {});
  }

  /** Whether the call's lead waits for its agent now (not yet rung back, or ringing). */
  waiting(call: ActiveCall): boolean {
    return !!call.rejoin && !call.rejoin.missed && !isOver(call);
  }

  /**
   * The agent's leg ended (in the call's queue): true when the call goes on without it, the lead waiting for
   * the agent (its phone dropped, or a ring-back that did not reach it), or hearing the goodbye.
   */
  async agentLegEnded(call: ActiveCall, cause: HangupCause): Promise<boolean> {
    if (!this.applies(call) || isOver(call) || !call.bridged) return false;
    const r = call.rejoin;
    if (r) {
      // A ring-back the phone did not answer: the next registration rings it again, until the limit.
      if (!r.missed) {
        r.ringing = false;
        call.agentLegId = null;
        this.calls.publish(call);
      }
      return true;
    }
    if (cause !== "failed") return false;
    const { clock, db, pbx } = this.d;
    const now = clock.now();
    call.rejoin = { since: now, until: now + this.limitMs, ringing: false, missed: false };
    call.agentLegId = null;
    call.onHold = false;
    // Kept whatever happens to the phones rung back meanwhile; the lead waits on hold (music on hold).
    await pbx.keepLead(call.pbxCallId, true).catch(() => {});
    if (call.partyLegId) await pbx.hold(call.partyLegId, true).catch(() => {});
    await db
      .update(calls)
      .set({ agentAwaySince: new Date(now) })
      .where(eq(calls.id, call.id));
    this.arm(call, this.limitMs);
    this.calls.publish(call);
    this.d.log.info(
      { callId: call.id, agentId: call.agentId },
      "rejoin: the agent's phone dropped mid-call; the lead waits",
    );
    // A phone already back (a blip the softphone lived through, a desk phone) is rung at once.
    const now2 = await pbx.getExtensionStatus(call.agentExt).catch(() => null);
    if (now2?.reachable) await this.ringBack(call);
    return true;
  }

  /**
   * A gateway that restarted follows again a call whose lead was waiting for its agent (its row says since when):
   * the rest of the wait is armed, and the phone rung if it is reachable.
   */
  async resumed(call: ActiveCall, awaySince: number): Promise<void> {
    const until = awaySince + this.limitMs;
    call.rejoin = { since: awaySince, until, ringing: false, missed: false };
    call.agentLegId = null;
    await this.d.pbx.keepLead(call.pbxCallId, true).catch(() => {});
    this.arm(call, Math.max(0, until - this.d.clock.now()));
    const s = await this.d.pbx.getExtensionStatus(call.agentExt).catch(() => null);
    if (s?.reachable) await this.calls.serially(call, () => this.ringBack(call));
  }

  /** An extension's phone changed: a call waiting for that agent rings it back once it is reachable. */
  extensionChanged(e: ExtensionStateEvent): void {
    if (!e.reachable) return;
    for (const call of this.timers.keys())
      if (call.agentExt === e.ext && this.waiting(call) && !call.rejoin!.ringing)
        this.d.background.run("rejoin ring-back", () => this.calls.serially(call, () => this.ringBack(call)));
  }

  /**
   * The agent's phone rung back into the call answered (in the call's queue): the call goes on as it was. `keep`:
   * what the PBX does with the lead from now on; an answered call's "if-dropped" (the agent hanging up ends it,
   * its phone dropping again keeps the lead), or on while a live transfer still looks for an advisor.
   */
  async rejoined(call: ActiveCall, keep: KeepLead = "if-dropped"): Promise<void> {
    if (!this.waiting(call)) return;
    this.clear(call);
    call.rejoin = null;
    await this.d.pbx.keepLead(call.pbxCallId, keep).catch(() => {});
    await this.d.db.update(calls).set({ agentAwaySince: null }).where(eq(calls.id, call.id));
    this.d.log.info({ callId: call.id, agentId: call.agentId }, "rejoin: the agent is back on the call");
  }

  /**
   * Someone else took the lead while the agent was away (a live transfer's advisor joined): the wait ends without
   * the agent, whose phone is no longer rung back. False when the call's lead was not waiting for its agent.
   */
  async leftWhileAway(call: ActiveCall): Promise<boolean> {
    if (!this.waiting(call)) return false;
    this.clear(call);
    const ringing = call.rejoin!.ringing ? call.agentLegId : null;
    call.rejoin = null;
    call.agentLegId = null;
    if (ringing) await this.d.pbx.hangup(ringing, "canceled").catch(() => {});
    await this.d.db.update(calls).set({ agentAwaySince: null }).where(eq(calls.id, call.id));
    return true;
  }

  /** The call is over for the agent: nothing more to wait for. */
  ended(call: ActiveCall): void {
    this.clear(call);
    if (call.rejoin) call.rejoin.ringing = false;
  }

  private async ringBack(call: ActiveCall): Promise<void> {
    const r = call.rejoin;
    if (!r || r.missed || r.ringing || isOver(call)) return;
    const { pbx } = this.d;
    try {
      const confId = await pbx.conference.start(call.pbxCallId);
      r.ringing = true;
      call.agentLegId = await pbx.conference.joinAgent(confId, call.agentExt, {
        autoAnswer: true,
        from: call.phone,
        ringTimeoutMs: REJOIN_RING_MS,
        vars: {
          callId: String(call.id),
          ...(call.leadId ? { leadId: String(call.leadId) } : {}),
          callType: call.type,
          // The softphone's timer goes on from the call's answer, not from this ring.
          talkedMs: String(Math.max(0, this.d.clock.now() - (call.answeredAt ?? this.d.clock.now()))),
        },
      });
      this.calls.publish(call);
    } catch (err) {
      // The lead hung up meanwhile (the call is over), or the PBX refused: the next registration tries again.
      r.ringing = false;
      this.d.log.warn({ err, callId: call.id }, "rejoin: the agent's phone could not be rung back");
    }
  }

  private arm(call: ActiveCall, ms: number): void {
    this.clear(call);
    const timer = this.d.clock.setTimeout(() => {
      this.timers.delete(call);
      this.d.background.run("rejoin limit", () => this.calls.serially(call, () => this.giveUp(call)));
    }, ms);
    this.timers.set(call, timer);
  }

  private clear(call: ActiveCall): void {
    const t = this.timers.get(call);
    if (t) this.d.clock.clearTimeout(t);
    this.timers.delete(call);
  }

  /** The agent did not come back in time: a phone still ringing is let go, the lead hears the goodbye, the call ends. */
  private async giveUp(call: ActiveCall): Promise<void> {
    const r = call.rejoin;
    if (!r || r.missed || isOver(call)) return;
    const { pbx, db, clock } = this.d;
    r.missed = true;
    const ringing = r.ringing ? call.agentLegId : null;
    r.ringing = false;
    this.calls.publish(call);
    this.d.log.info(
      { callId: call.id, agentId: call.agentId },
      "rejoin: the agent did not come back; the lead hears the goodbye",
    );
    if (ringing) await pbx.hangup(ringing, "canceled").catch(() => {});
    if (call.partyLegId) await pbx.hold(call.partyLegId, false).catch(() => {});
    const end = () => pbx.hangupCall(call.pbxCallId, "normal").catch(() => {});
    let language = "en";
    if (call.leadId !== null) {
      const [lead] = await db
        .select({ language: leads.language })
        .from(leads)
        .where(eq(leads.id, call.leadId));
      language = lead?.language ?? "en";
    }
    let clip: PlaybackMedia;
    try {
      clip = goodbyeClip(language);
      await pbx.playback(call.pbxCallId, clip);
    } catch (err) {
      this.d.log.warn({ err, callId: call.id }, "rejoin: the goodbye could not be played");
      await end();
      return;
    }
    const timer = clock.setTimeout(() => {
      this.timers.delete(call);
      this.d.background.run("rejoin goodbye", () =>
        this.calls.serially(call, async () => void (await end())),
      );
    }, clip.durationMs + GOODBYE_MARGIN_MS);
    this.timers.set(call, timer);
  }
}
