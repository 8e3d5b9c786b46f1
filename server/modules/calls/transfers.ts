// Transfers to a party outside the call centre and the third-party transfer on the call's conference
// (agent-workspace §4 "External, Sunlife and Matcha transfers", §2 transfers widget and third-party panel), in
// three levels: 1 start (the party is dialled through the compliance gate, the lead waits on hold) → 2 join
// (everyone together) → 3 leave (the agent leaves; the lead and the party stay connected; the agent's call ends
// and its disposition follows). Kick (the party leaves) and destroy (everyone's legs end) take it back to 1. The
// party is an external target (the core's external-transfer-* events), or a partner a plugin resolved and hands in
// through its context (the transfers plugin's Sunlife and Matcha: `ctx.calls.transfers`). The third party is the
// softphone's conference (initializeConference); its panel kicks, leaves and destroys it.
//
// Failures: a party that does not answer within TRANSFER_RING_TIMEOUT_MS (or that the PBX reports busy, failed
// or unanswered) takes the transfer back to 1 with the lead still with the agent; the lead hanging up cancels
// the transfer and ends the call (the disposition flow starts); the agent hanging up once everyone is together
// leaves the lead with the party, before that it ends the conference and the lead's leg cleanly.
import { TRANSFER_MESSAGES as M, type TransferDisposition, type TransferOutcome } from "../../../src/contract/calls";
import type { ClockTimer } from "../../../src/shared/clock";
import { checkDial } from "../../compliance/gate";
import type { HangupCause } from "../../pbx/driver";
import { conferenceLive, isOver, transferLevelOf, type ActiveCall } from "./active";
import type { CallDeps, TransferCalls } from "./port";
import { samePhone, TransferRefused, type OutsideParty, type OutsideTransferKind } from "./transferTargets";
import { keptInRow, saveTransfer, type StoredTransfer } from "./transferRow";

/** How long a transfer party may ring before the transfer goes back to level 1 (the lead's own ring timeout). */
export const TRANSFER_RING_TIMEOUT_MS = 30_000;

export type TransferControlKind = OutsideTransferKind | "third-party";
export type TransferAction = "join" | "leave" | "kick" | "destroy";

/** What a started outside transfer sets: Sent External, with the party's destination as the reason. */
const sentExternal = (reason: string): TransferDisposition => ({ disposition: "Sent External", reason, saved: false });
const THIRD_PARTY: TransferDisposition = { disposition: "Transferred to 3rd Party", reason: null, saved: false };

const unsupported = (message: string) => new TransferRefused("unsupported", message);

export class TransferControl {
  /** The parties ringing now: the timer that gives up on each, and since when it rings (kept in the row too). */
  private readonly ringTimers = new Map<ActiveCall, { timer: ClockTimer; since: number }>();

  constructor(
    private readonly calls: TransferCalls,
    private readonly d: CallDeps,
  ) {}

  // ---------------------------------------------------------------- the agent's controls

  /**
   * Level 1 → 2: dials the party (an external target, a plugin's partner) while the lead waits on hold. Who may
   * transfer to it was settled by the caller (externalTransferTarget, the plugin); its number still passes the
   * compliance gate here.
   */
  async start(agent: { id: number; tenantId: number }, party: OutsideParty): Promise<void> {
    const call = this.answeredCallOf(agent.id);
    if (conferenceLive(call)) throw unsupported(M.busy);
    const gate = await checkDial(this.d.db, { tenantId: call.tenantId, phone: party.phone, at: this.d.clock.now() });
    if (!gate.callable) throw new TransferRefused("forbidden", `calls.refused.${gate.reason}`);
    // The call ended, or another transfer started, while the gate was read.
    if (call !== this.calls.activeCallOf(agent.id) || conferenceLive(call)) throw unsupported(M.busy);
    call.transfer = {
      kind: party.kind,
      party: gate.phone,
      name: party.name,
      outcome: null,
      disposition: sentExternal(party.reason),
    };
    await this.calls.openConference(call, gate.phone);
    this.watchRinging(call, this.d.clock.now());
    await this.persist(call);
  }

  /** The softphone's conference (initializeConference) is the third-party transfer. */
  async thirdPartyStarted(call: ActiveCall, phone: string): Promise<void> {
    call.transfer = { kind: "third-party", party: phone, name: null, outcome: null, disposition: null };
    this.watchRinging(call, this.d.clock.now());
    await this.persist(call);
  }

  /**
   * The call is followed again (a restart, a takeover) with the transfer its row kept: a party that was ringing is
   * given up on when its ring time runs out, counted from when it started ringing.
   */
  resumed(call: ActiveCall, stored: StoredTransfer | null): void {
    if (stored?.ringingSince == null || call.conference?.state !== "initializing" || call.transfer?.outcome !== null) return;
    this.watchRinging(call, stored.ringingSince);
  }

  async control(agentId: number, kind: TransferControlKind, action: TransferAction, phone?: string): Promise<void> {
    const call = this.answeredCallOf(agentId);
    const t = call.transfer;
    if (!t || t.kind !== kind || !conferenceLive(call) || (phone !== undefined && (!t.party || !samePhone(t.party, phone))))
      throw unsupported(M.notThisTransfer);
    const level = transferLevelOf(call);
    switch (action) {
      case "join":
        if (level !== 2) throw unsupported(M.notAtLevel);
        if (call.conference!.state !== "initialized") throw unsupported(M.notAnswered);
        if (!(await this.calls.conference(agentId, "mergeConference"))) throw unsupported(M.notAtLevel);
        return;
      case "leave":
        if (level !== 3) throw unsupported(M.notAtLevel);
        await this.leave(call);
        return;
      case "kick":
        if (!(await this.calls.conference(agentId, "kickSecondParty"))) throw unsupported(M.notAtLevel);
        return;
      case "destroy":
        if (!(await this.calls.conference(agentId, "hangupConference"))) throw unsupported(M.notAtLevel);
        return;
    }
  }

  /** DTMF to the transfer party (an external target's menu), once it answered. */
  async dtmf(agentId: number, digit: string): Promise<void> {
    const call = this.answeredCallOf(agentId);
    const conf = call.conference;
    if (!conf?.partyLegId || (conf.state !== "initialized" && conf.state !== "merged")) throw unsupported(M.notAnswered);
    await this.d.pbx.sendDtmf(conf.partyLegId, digit);
  }

  /** POST /transfer-hangups/{phone}: the transfer leg to `phone` ends; the transfer goes back to level 1. */
  async hangUpLeg(agentId: number, phone: string): Promise<void> {
    const call = this.calls.activeCallOf(agentId);
    const conf = call?.conference;
    if (!call || !conf?.id || !conf.partyLegId || !conf.party || !conferenceLive(call) || !samePhone(conf.party, phone))
      throw unsupported(M.noTransferLeg);
    await this.settle(call, "kicked");
    await this.d.pbx.conference.kick(conf.id, conf.partyLegId);
    if (call.partyLegId) await this.d.pbx.hold(call.partyLegId, false);
  }

  /**
   * The agent hangs up during a transfer: once everyone is together it leaves (the lead and the party stay
   * connected); before, the conference ends with the lead's leg, so the lead never waits alone on hold.
   * false when no transfer is under way (an ordinary hangup).
   */
  async agentHangsUp(call: ActiveCall): Promise<boolean> {
    if (call.transfer?.kind === "live") return this.calls.live.qualifierHangsUp(call);
    if (!conferenceLive(call) || !call.conference?.id) return false;
    if (call.conference.state === "merged") {
      await this.leave(call);
      return true;
    }
    await this.settle(call, "agent_hung_up");
    await this.d.pbx.conference.destroy(call.conference.id);
    return true;
  }

  // ---------------------------------------------------------------- what the PBX says (in the call's queue)

  /** The party answered: it no longer rings out. */
  async partyJoined(call: ActiveCall): Promise<void> {
    if (!this.ringTimers.has(call)) return;
    this.stopWatching(call);
    await this.persist(call);
  }

  /** The party's leg ended before the agent left: back to level 1, the lead still with the agent. */
  async partyGone(call: ActiveCall, cause: HangupCause, answered: boolean): Promise<void> {
    if (!answered && cause === "busy") await this.settle(call, "busy");
    else if (!answered && (cause === "no-answer" || cause === "canceled")) await this.settle(call, "no_answer");
    else if (!answered) await this.settle(call, "failed");
    else await this.settle(call, "party_hung_up");
  }

  /** The lead hung up mid-transfer: the transfer is cancelled and the call ends; the disposition flow follows. */
  async leadGone(call: ActiveCall): Promise<void> {
    if (!conferenceLive(call) || !call.conference?.id) return;
    await this.settle(call, "lead_hung_up");
    await this.d.pbx.conference.destroy(call.conference.id);
  }

  /** The call is over for the agent: a transfer still under way ended with it (the agent's phone hung up). */
  callEnded(call: ActiveCall): void {
    // Not written to the row: no gateway follows an ended call again.
    if (conferenceLive(call)) this.decide(call, "agent_hung_up");
    this.stopWatching(call);
  }

  /** An internal transfer's target was not reached (the PBX's TransferResult). */
  internalNotReached(call: ActiveCall, cause: HangupCause | undefined): void {
    if (call.transfer?.kind !== "internal") return;
    call.transfer.outcome = cause === "busy" ? "busy" : cause === "no-answer" ? "no_answer" : "failed";
    this.calls.publish(call);
  }

  // ---------------------------------------------------------------- inside

  private answeredCallOf(agentId: number): ActiveCall {
    const call = this.calls.activeCallOf(agentId);
    if (!call?.bridged) throw unsupported(M.noCall);
    return call;
  }

  private async leave(call: ActiveCall): Promise<void> {
    const t = call.transfer;
    this.stopWatching(call);
    if (t) {
      t.outcome = "completed";
      if (t.kind === "third-party") t.disposition = THIRD_PARTY;
      await this.persist(call);
    }
    await this.calls.rejoin.handOver(call);
    await this.d.pbx.conference.leave(call.conference!.id!, call.agentExt);
  }

  /**
   * The transfer goes back to level 1 (or ends) for `outcome`; the first outcome stands (a kick's own hangup
   * event does not turn it into party_hung_up). Only a completed transfer keeps its disposition.
   */
  async settle(call: ActiveCall, outcome: TransferOutcome): Promise<void> {
    if (this.decide(call, outcome)) await this.persist(call);
  }

  /** settle() in memory; whether the outcome changed. */
  private decide(call: ActiveCall, outcome: TransferOutcome): boolean {
    this.stopWatching(call);
    const t = call.transfer;
    if (!t || t.outcome !== null) return false;
    t.outcome = outcome;
    if (outcome !== "completed") t.disposition = null;
    return true;
  }

  /** The call's row keeps its outside transfer as it stands (transferRow.ts). */
  private async persist(call: ActiveCall): Promise<void> {
    if (keptInRow(call.transfer))
      await saveTransfer(this.d.db, call.id, call.transfer, this.ringTimers.get(call)?.since ?? null);
  }

  /** Gives up on the party `TRANSFER_RING_TIMEOUT_MS` after it started ringing (`since`). */
  private watchRinging(call: ActiveCall, since: number): void {
    this.stopWatching(call);
    const { clock, background } = this.d;
    const timer = clock.setTimeout(() => {
      this.ringTimers.delete(call);
      background.run("transfer ring timeout", () =>
        this.calls.serially(call, async () => {
          const conf = call.conference;
          if (isOver(call) || conf?.state !== "initializing" || !conf.id || !conf.partyLegId) return;
          await this.settle(call, "no_answer");
          await this.d.pbx.conference.kick(conf.id, conf.partyLegId);
          // The kick clears the party from the conference before its hangup arrives, so nothing else takes the
          // lead off hold (the PBX's own ring timeout, when it fires first, ends the leg the other way).
          if (call.partyLegId) await this.d.pbx.hold(call.partyLegId, false);
        }),
      );
    }, Math.max(0, since + TRANSFER_RING_TIMEOUT_MS - clock.now()));
    this.ringTimers.set(call, { timer, since });
  }

  private stopWatching(call: ActiveCall): void {
    const ringing = this.ringTimers.get(call);
    if (ringing) this.d.clock.clearTimeout(ringing.timer);
    this.ringTimers.delete(call);
  }
}
