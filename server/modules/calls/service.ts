// The gateway's calls (agent-workspace §4 Call status, Hangup flow; §7 calls): a dial places the agent's
// leg and then the lead through the PbxDriver; every PBX event of the call moves the call row, pushes the
// agent a snapshot and sets the agent's system status (on-a-call at dial or answer, after-call-work or
// follow-up at hangup, not-synced when the agent's own phone could not be reached).
//
// Events of one call are handled one at a time, in arrival order; a duplicate (same seq) is dropped, and a
// late event never takes a call back (an ended call stays ended).
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { CALL_REJOIN_DEFAULT_SECONDS, type CallStatus, type CallType, type OriginateFailure } from "../../../src/contract/calls";
import type { ComplianceReasonKey } from "../../../src/contract/compliance";
import { checkDial, type GateVerdict } from "../../compliance/gate";
import { callEventWrites } from "./eventWrites";
import { agentStatuses, calls, leads, users } from "../../db/schema";
import {
  availabilityOf,
  type CallEvent,
  type HangupCause,
  type PbxEvent,
  type SupervisionMode,
} from "../../pbx/driver";
import { KeyedMutex } from "../status/background";
import type { StatusReadAhead } from "../status/service";
import { conferenceLive, durationOf, isOver, snapshotOf, type ActiveCall } from "./active";
import {
  internalTransfer,
  type InternalTransferDone,
  type InternalTransferRequest,
} from "./internalTransfer";
import { CallPlayback } from "./playback";
import { returnToCallbackStack } from "./callbackStack";
import { CallRecording } from "./recording";
import { CallRelinks } from "./relink";
import { rebuildView } from "./resume";
import { AgentRejoin } from "./rejoin";
import type { CallDeps, Caller, ConferenceAction, TransferCalls } from "./port";
import { TransferControl } from "./transfers";
import { storedTransferOf } from "./transferRow";
import { LiveTransfers } from "../liveTransfers/service";
import { followedCall, type CallEventListener } from "./followed";

export type { CallDeps, Caller } from "./port";

/** A refusal the HTTP layer turns into its status code and message. */
export class CallRefused extends Error {
  constructor(
    readonly statusCode: 403 | 404 | 409 | 422,
    message: string,
    readonly field?: string,
    /** The compliance gate's reason key and values, for callers that word the refusal themselves. */
    readonly reason?: { reason: ComplianceReasonKey; values: Record<string, string | number> },
  ) {
    super(message);
  }
}

/** The gate's refusal: the message is the browser's key `calls.refused.<reason>`, the phone field says why. */
export function refusedBy(v: GateVerdict): CallRefused {
  return new CallRefused(v.status === 422 ? 422 : 409, `calls.refused.${v.reason}`, "phone", {
    reason: v.reason,
    values: v.values,
  });
}

/**
 * Refusals the specification does not word: the browser's translation keys (locales/*.json). The
 * specification's own texts ('Bria is closed or inactive', …) go out as they are.
 */
export const CALL_MESSAGES = {
  onACall: "calls.already_on_a_call",
  noExtension: "calls.refused.no_extension",
  notYourExtension: "extension.notYours",
  stillInProgress: "calls.refused.in_progress",
  noInbound: "calls.refused.no_inbound",
} as const;

/** How long a lead may ring before it counts as not answered. */
export const RING_TIMEOUT_MS = 30_000;

/** Why a placed call did not reach the lead, from how its legs ended (null: the agent hung up first). */
export function failureOf(
  c: Pick<ActiveCall, "cause" | "partyCause">,
  agentLegCause: HangupCause | null,
): OriginateFailure | null {
  if (agentLegCause === "unavailable") return "not_synced";
  if (agentLegCause === "rejected") return "declined";
  switch (c.partyCause) {
    case "busy":
      return "busy";
    case "no-answer":
      return "not_answered";
    case "failed":
    case "unavailable":
    case "rejected":
      return "failed";
    default:
      return agentLegCause === "failed" ? "failed" : null;
  }
}

/**
 * The agent's status once a call is over. A call that never reached the lead asks no disposition: when the
 * lead's side did not answer (no answer, busy, failed) an auto-dialled call leaves the agent dialling on
 * (Ready); after one the agent placed by hand, or declined on its own phone, it is in after-call work, free to
 * choose; an agent whose phone did not answer the gateway is not synced.
 */
export function nextStatusAfter(
  call: Pick<ActiveCall, "type" | "agentRole" | "byDialer">,
  failure: OriginateFailure | null,
): "not_synced" | "ready" | "follow_up" | "after_call_work" {
  if (failure === "not_synced") return "not_synced";
  if (failure && failure !== "declined" && (call.type === "auto" || call.byDialer)) return "ready";
  if (call.type === "follow-up" && call.agentRole === "advisor") return "follow_up";
  return "after_call_work";
}

export class CallService implements TransferCalls {
  /** Every agent's view of a PBX call: the agent who placed or took it, and an advisor rung in by a live transfer. */
  private readonly byPbxCall = new Map<string, ActiveCall[]>();
  /** Each agent's current or last call, until the next one. */
  private readonly byAgent = new Map<number, ActiveCall>();
  private readonly queue = new KeyedMutex<string>();
  private readonly listeners = new Set<CallEventListener>();
  private unsubscribe?: () => void;
  /** External, Sunlife, Matcha and third-party transfers on the call's conference. */
  readonly transfers: TransferControl;
  /** Live transfers of a lead on the call to an advisor (server/modules/liveTransfers). */
  readonly live: LiveTransfers;
  /** Clips played into calls (a disclosure's audio). */
  readonly playback: CallPlayback;
  /** Recordings of agents' calls (extra recordings). */
  readonly recording: CallRecording;
  /** Calls moved to another lead (the lead matcher), and the hooks that move what is kept with them. */
  readonly relinks: CallRelinks;
  /** A lead kept on hold while its agent's phone comes back (a page reload, a browser crash). */
  readonly rejoin: AgentRejoin;
  private stopLive?: () => void;

  constructor(private readonly d: CallDeps) {
    this.transfers = new TransferControl(this, d);
    this.playback = new CallPlayback(this, d);
    this.recording = new CallRecording(this, d.pbx);
    this.relinks = new CallRelinks(this, d);
    this.live = new LiveTransfers(this, d);
    this.rejoin = new AgentRejoin(this, d, d.rejoinLimitMs ?? CALL_REJOIN_DEFAULT_SECONDS * 1000);
  }

  start(): void {
    this.unsubscribe = this.d.pbx.onEvent((e) => this.onPbxEvent(e));
    this.stopLive = this.live.start();
  }

  stop(): void {
    this.unsubscribe?.();
    this.stopLive?.();
  }

  /** Other gateway parts (inbound routing) see every call event after the call service applied it. */
  onCallEvent(listener: CallEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A lone gateway that starts: the calls left open by the one before are followed again when the PBX still
   * has them with their agent on (resume.ts), and end now otherwise (closed as orphans, cause failed). Then
   * the live transfers do the same with their open attempts.
   */
  async resume(): Promise<void> {
    const { db, clock } = this.d;
    const present = new Map((await this.d.pbx.liveCalls()).map((c) => [c.callId, c]));
    const rows = await db
      .select({
        id: calls.id,
        tenantId: calls.tenantId,
        agentId: calls.agentId,
        agentExt: users.extension,
        agentRole: users.role,
        leadId: calls.leadId,
        leadStatus: leads.status,
        first: leads.firstName,
        last: leads.lastName,
        phone: calls.phone,
        type: calls.type,
        direction: calls.direction,
        status: calls.status,
        pbxCallId: calls.pbxCallId,
        startedAt: calls.startedAt,
        answeredAt: calls.answeredAt,
        agentAwaySince: calls.agentAwaySince,
        transfer: calls.transfer,
        playback: calls.playback,
      })
      .from(calls)
      .innerJoin(users, eq(users.id, calls.agentId))
      .leftJoin(leads, eq(leads.id, calls.leadId))
      .where(and(inArray(calls.status, ["dialing", "incoming", "answered"]), isNull(calls.endedAt)));
    const orphans: (typeof rows)[number][] = [];
    const answeredMeanwhile: ActiveCall[] = [];
    const waitingForAgent: [ActiveCall, number][] = [];
    for (const r of rows) {
      const transfer = storedTransferOf(r.transfer);
      const rebuilt = rebuildView(
        {
          ...r,
          name: `${r.first ?? ""} ${r.last ?? ""}`.trim() || r.phone,
          type: r.type as CallType,
          direction: r.direction === 1 ? 1 : 0,
          status: r.status as CallStatus,
          startedAt: new Date(r.startedAt).getTime(),
          answeredAt: r.answeredAt ? new Date(r.answeredAt).getTime() : null,
          agentAwaySince: r.agentAwaySince ? new Date(r.agentAwaySince).getTime() : null,
          transfer,
        },
        r.pbxCallId ? present.get(r.pbxCallId) : undefined,
      );
      if (!rebuilt) {
        orphans.push(r);
        continue;
      }
      this.track(rebuilt.call);
      this.transfers.resumed(rebuilt.call, transfer);
      await this.playback.resumed(rebuilt.call, r.playback);
      if (rebuilt.answeredMeanwhile) answeredMeanwhile.push(rebuilt.call);
      else if (rebuilt.awaySince !== null) waitingForAgent.push([rebuilt.call, rebuilt.awaySince]);
      // A driver that starts again knows nothing of what the gateway asked it: the lead is kept again.
      else if (rebuilt.call.bridged) await this.rejoin.guard(rebuilt.call);
    }
    if (orphans.length > 0)
      await db
        .update(calls)
        .set({
          status: sql`case when ${calls.answeredAt} is null then 'not_answered' else 'ended' end`,
          endedAt: new Date(clock.now()),
          cause: "failed",
        })
        .where(
          inArray(
            calls.id,
            orphans.map((o) => o.id),
          ),
        );
    await this.orphansEnded(orphans);
    for (const o of orphans)
      if (o.agentId !== null) this.playback.endedUnfollowed({ ...o, agentId: o.agentId }, o.playback);
    for (const call of answeredMeanwhile) await this.answered(call, clock.now());
    for (const [call, since] of waitingForAgent) await this.rejoin.resumed(call, since);
    await this.live.resume(present);
  }

  /**
   * The agents whose calls ended while no gateway followed the PBX (a restart, a takeover) move on as a call's
   * end moves them: after-call work, or Ready after an auto-dialled call that never reached the lead, whose lead
   * goes back to the callback stack. Otherwise they would stay On a Call, and Ready would be refused for ever.
   */
  private async orphansEnded(
    orphans: { agentId: number | null; agentRole: string; leadId: number | null; type: string; direction: number; answeredAt: Date | string | null }[],
  ): Promise<void> {
    const { db, statuses } = this.d;
    for (const o of orphans) {
      if (o.agentId === null || this.byAgent.has(o.agentId)) continue;
      const answered = o.answeredAt !== null;
      if (!answered && o.direction === 1) continue; // an inbound call the agent never took changes nothing for it
      if (!answered && o.direction === 0 && o.leadId !== null) await returnToCallbackStack(db, o.leadId);
      const [now] = await db.select({ status: agentStatuses.status }).from(agentStatuses).where(eq(agentStatuses.userId, o.agentId));
      if (now?.status !== "on_a_call") continue;
      const next = nextStatusAfter({ type: o.type as CallType, agentRole: o.agentRole, byDialer: false }, answered ? null : "failed");
      await statuses.change(o.agentId, next, "system", { reason: "call ended while no gateway followed it" });
    }
  }

  /** The view of the call with this calls.id (an agent's, or the advisor's of a live transfer). */
  viewById(callId: number): ActiveCall | undefined {
    for (const views of this.byPbxCall.values()) for (const v of views) if (v.id === callId) return v;
    return undefined;
  }

  /** The call as its first agent sees it (the one who placed it, or took it inbound). */
  byPbxCallId(pbxCallId: string): ActiveCall | undefined {
    return this.byPbxCall.get(pbxCallId)?.[0];
  }

  current(agentId: number): ActiveCall | undefined {
    return this.byAgent.get(agentId);
  }

  /** The agents this instance has a call of (live, or ended and kept for its disposition). */
  agentsWithCalls(): number[] {
    return [...this.byAgent.keys()];
  }

  activeCallOf(agentId: number): ActiveCall | undefined {
    const c = this.byAgent.get(agentId);
    return c && !isOver(c) ? c : undefined;
  }

  // ---------------------------------------------------------------- placing a call

  async dial(
    caller: Caller,
    r: {
      leadId: number;
      phone: string;
      name?: string;
      type: CallType;
      qualifierExtension?: string | null;
      /** Placed by the auto-dial loop (POST /dials/auto). */
      byDialer?: boolean;
      /** The agent as the dialer just read it (issue 39: not read twice per dial); read here otherwise. */
      agent?: { extension?: string | null; deactivated: boolean; role: string };
      /** The agent's status as the dialer read it ahead (StatusService.readAhead): "on a call" is decided on it. */
      statusSeen?: StatusReadAhead;
    },
  ): Promise<number> {
    const { db, clock, pbx } = this.d;
    const agent =
      r.agent?.extension !== undefined
        ? r.agent
        : (
            await db
              .select({ extension: users.extension, deactivated: users.deactivated, role: users.role })
              .from(users)
              .where(eq(users.id, caller.id))
              .limit(1)
          )[0];
    if (!agent?.extension) throw new CallRefused(409, CALL_MESSAGES.noExtension);
    if (agent.deactivated) throw new CallRefused(403, "A manager disabled calling for your extension");
    if (r.qualifierExtension && r.qualifierExtension !== agent.extension)
      throw new CallRefused(403, CALL_MESSAGES.notYourExtension, "qualifier_extension");
    if (this.activeCallOf(caller.id)) throw new CallRefused(409, CALL_MESSAGES.onACall);
    // Every dial, whoever chose the number (the agent, the engine, a follow-up), passes the compliance gate.
    const gate = await checkDial(db, {
      tenantId: caller.tenantId,
      phone: r.phone,
      leadId: r.leadId,
      at: clock.now(),
    });
    if (!gate.callable) throw refusedBy(gate);
    const reach = availabilityOf(await pbx.getExtensionStatus(agent.extension));
    if (!reach.available) {
      throw new CallRefused(
        409,
        reach.reason === "closed"
          ? "Bria is closed or inactive"
          : "Your phone is disconnected, please refresh the dialer and retry",
      );
    }
    const to = gate.phone;
    const now = clock.now();
    const pbxCallId = `c-${randomUUID()}`;
    const [row] = await callEventWrites(db).placed.execute({
      tenantId: caller.tenantId,
      leadId: r.leadId,
      agentId: caller.id,
      type: r.type,
      phone: to,
      pbxCallId,
      startedAt: new Date(now),
    });
    const lead = row!.lead;
    const call: ActiveCall = {
      id: row!.id,
      pbxCallId,
      tenantId: caller.tenantId,
      agentId: caller.id,
      agentExt: agent.extension,
      agentRole: agent.role,
      leadId: r.leadId,
      leadStatus: lead?.status ?? null,
      phone: to,
      name: r.name?.trim() || (lead ? `${lead.firstName} ${lead.lastName}`.trim() : to),
      type: r.type,
      ...(r.byDialer ? { byDialer: true } : {}),
      direction: 0,
      status: "dialing",
      bridged: false,
      onHold: false,
      startedAt: now,
      answeredAt: null,
      endedAt: null,
      cause: null,
      inboundAlert: false,
      agentLegId: null,
      partyLegId: null,
      partyCause: null,
      playback: null,
      conference: null,
      transfer: null,
      seen: new Set(),
    };
    this.track(call);
    await this.d.statuses.change(caller.id, "on_a_call", "system", { reason: "dial", seen: r.statusSeen });
    this.d.push.toAgent(caller.id, "call", snapshotOf(call));
    try {
      await pbx.originate({
        callId: pbxCallId,
        agentExt: agent.extension,
        to,
        mode: r.type === "auto" ? "auto" : "manual",
        ringTimeoutMs: RING_TIMEOUT_MS,
        amd: true,
        vars: { callId: String(call.id), leadId: String(r.leadId), callType: r.type },
      });
    } catch (err) {
      this.d.log.error({ err, callId: call.id }, "originate failed");
      await this.queue.run(pbxCallId, () => this.endForAgent(call, "failed", "failed"));
    }
    return call.id;
  }

  /** Starts following a call another part of the gateway set up (an inbound call offered to an agent). */
  track(call: ActiveCall): void {
    // The agent's previous call, over, is not followed any more (a whole shift of calls would stay in memory).
    const previous = this.byAgent.get(call.agentId);
    if (previous && previous !== call && isOver(previous)) this.forget(previous);
    const views = this.byPbxCall.get(call.pbxCallId) ?? [];
    if (!views.includes(call)) views.push(call);
    this.byPbxCall.set(call.pbxCallId, views);
    this.byAgent.set(call.agentId, call);
  }

  private forget(call: ActiveCall): void {
    const views = this.byPbxCall.get(call.pbxCallId)?.filter((v) => v !== call) ?? [];
    if (views.length > 0) this.byPbxCall.set(call.pbxCallId, views);
    else this.byPbxCall.delete(call.pbxCallId);
  }

  // ---------------------------------------------------------------- the hangup flow's update

  async settle(
    caller: Caller,
    leadId: number,
    callId: number,
    r: { extraRecordingIndex: number; liveTransfer?: 0 | 1 },
  ): Promise<number> {
    const { db, clock } = this.d;
    const theAgentsCall = and(eq(calls.id, callId), eq(calls.agentId, caller.id), eq(calls.leadId, leadId));
    // One statement for the usual settle, an ended call of the agent's (issue 39); why it did not apply is read
    // only when it did not.
    const [settled] = await callEventWrites(db).settled.execute({
      id: callId,
      agentId: caller.id,
      leadId,
      extraRecordingIndex: r.extraRecordingIndex,
      liveTransfer: r.liveTransfer ?? null,
      at: new Date(clock.now()).toISOString(),
    });
    if (settled) return settled.duration ?? 0;
    const [exists] = await db.select({ id: calls.id }).from(calls).where(theAgentsCall).limit(1);
    if (!exists) throw new CallRefused(404, "Not found.");
    throw new CallRefused(409, CALL_MESSAGES.stillInProgress);
  }

  // ---------------------------------------------------------------- agent controls

  /** The agent asks to end its call (socket hangup, page unload, or the voicemail flow). */
  async hangupFor(agentId: number): Promise<boolean> {
    const call = this.activeCallOf(agentId);
    if (!call) return false;
    // Mid-transfer the lead is never left alone: the transfer decides how the agent goes.
    if (await this.transfers.agentHangsUp(call)) return true;
    if (call.agentLegId) await this.d.pbx.hangup(call.agentLegId, "normal");
    else await this.d.pbx.hangupCall(call.pbxCallId, "canceled");
    return true;
  }

  /**
   * A manager ends an agent's call from the floor (a call stuck in the dialer, or one the agent cannot end). A
   * call this gateway follows is hung up at the PBX, whole, and ends as any call does (after-call work, the
   * hangup push). An open row no call is behind any more (its PBX call gone) is closed as an orphan, as a
   * restart closes it, and an agent left On a Call by it goes to after-call work. "none": no open call.
   */
  async endByManager(agentId: number, managerId: number): Promise<"ended" | "closed" | "none"> {
    const call = this.activeCallOf(agentId);
    if (call) {
      await this.d.pbx.hangupCall(call.pbxCallId, "normal");
      return "ended";
    }
    const { db, clock, statuses } = this.d;
    const closed = await db
      .update(calls)
      .set({
        status: sql`case when ${calls.answeredAt} is null then 'not_answered' else 'ended' end`,
        endedAt: new Date(clock.now()),
        cause: "failed",
      })
      .where(and(eq(calls.agentId, agentId), inArray(calls.status, ["dialing", "incoming", "answered"]), isNull(calls.endedAt)))
      .returning({ id: calls.id });
    if (closed.length === 0) return "none";
    const [status] = await db.select({ status: agentStatuses.status }).from(agentStatuses).where(eq(agentStatuses.userId, agentId));
    if (status?.status === "on_a_call")
      await statuses.change(agentId, "after_call_work", "manager", { actorId: managerId, reason: "stuck call ended" });
    return "closed";
  }

  /**
   * A manager's phone (extension `ext`) on an agent's answered call: it listens (monitor), coaches the agent
   * (whisper) or joins the conversation (barge), through PbxCalls.supervise on the agent's leg; called again it
   * changes the mode on the same leg. null when the agent has no answered call with a leg to listen to.
   */
  async supervise(
    agentId: number,
    ext: string,
    mode: SupervisionMode,
  ): Promise<{ callId: number; pbxCallId: string; legId: string; agentLegId: string } | null> {
    const call = this.activeCallOf(agentId);
    if (!call?.agentLegId || call.answeredAt === null || !call.bridged) return null;
    const legId = await this.d.pbx.supervise({
      agentLegId: call.agentLegId,
      ext,
      mode,
      vars: { callId: String(call.id), callType: "supervision" },
    });
    return { callId: call.id, pbxCallId: call.pbxCallId, legId, agentLegId: call.agentLegId };
  }

  /** Where a leg of a PBX call stands now (a supervisor's leg, read back once its row is written). */
  async legState(pbxCallId: string, legId: string): Promise<"ringing" | "answered" | "gone"> {
    const live = (await this.d.pbx.liveCalls()).find((c) => c.callId === pbxCallId);
    return live?.legs.find((l) => l.legId === legId)?.state ?? "gone";
  }

  /** The manager leaves: its supervising leg hangs up; the call goes on. */
  async endSupervision(legId: string): Promise<void> {
    await this.d.pbx.hangup(legId, "normal");
  }

  /**
   * A conference control. initializeConference dials a new party: the compliance gate judges its number (a
   * refusal is thrown as CallRefused), within the caller's tenant (its extensions, its Do Not Call list).
   */
  async conference(agentId: number, action: ConferenceAction, phone?: string): Promise<boolean> {
    const { pbx } = this.d;
    const call = this.activeCallOf(agentId);
    if (!call?.bridged) return false;
    const conf = call.conference;
    switch (action) {
      case "initializeConference": {
        if (!phone || (conf && conf.state !== "inactive" && conf.state !== "hangedup")) return false;
        // The party is not the lead: only the number's own rules apply (its window, the list, the country).
        const gate = await checkDial(this.d.db, { tenantId: call.tenantId, phone, at: this.d.clock.now() });
        if (!gate.callable) throw refusedBy(gate);
        // The call ended, or another conference started, while the gate read.
        const now = call.conference;
        if (
          call !== this.activeCallOf(agentId) ||
          (now && now.state !== "inactive" && now.state !== "hangedup")
        )
          return false;
        // The softphone's conference party is the third-party transfer (its panel kicks, leaves, destroys).
        await this.transfers.thirdPartyStarted(call, gate.phone);
        await this.openConference(call, gate.phone);
        return true;
      }
      case "mergeConference": {
        if (!conf?.id || conf.state !== "initialized") return false;
        if (call.partyLegId) await pbx.hold(call.partyLegId, false);
        if (conf.partyLegId) await pbx.hold(conf.partyLegId, false);
        conf.state = "merged";
        this.pushCall(call);
        return true;
      }
      case "swapConferenceMember": {
        if (!conf?.id || conf.state !== "initialized" || !conf.partyLegId || !call.partyLegId) return false;
        const toLead = conf.talkingTo === "party";
        await pbx.hold(toLead ? conf.partyLegId : call.partyLegId, true);
        await pbx.hold(toLead ? call.partyLegId : conf.partyLegId, false);
        conf.talkingTo = toLead ? "lead" : "party";
        this.pushCall(call);
        return true;
      }
      case "kickSecondParty": {
        if (!conf?.id || !conf.partyLegId) return false;
        await this.transfers.settle(call, "kicked");
        await pbx.conference.kick(conf.id, conf.partyLegId);
        if (call.partyLegId) await pbx.hold(call.partyLegId, false);
        return true;
      }
      case "hangupConference": {
        if (!conf?.id) return false;
        await this.transfers.settle(call, "destroyed");
        await pbx.conference.destroy(conf.id);
        return true;
      }
    }
  }

  /** Calls `target` into the call's conference while the lead waits on hold (level 2 of a transfer). */
  async openConference(call: ActiveCall, target: string): Promise<void> {
    const { pbx } = this.d;
    call.conference = {
      id: null,
      state: "initializing",
      party: target,
      partyLegId: null,
      talkingTo: "party",
    };
    this.pushCall(call);
    const id = await pbx.conference.start(call.pbxCallId);
    call.conference.id = id;
    // The lead waits on hold while the agent speaks to the new party; Merge brings everyone together.
    if (call.partyLegId) await pbx.hold(call.partyLegId, true);
    call.conference.partyLegId = await pbx.conference.join(id, target);
  }

  /** Hands the lead (and the agent's call with it) to a colleague: see internalTransfer.ts. */
  internalTransfer(caller: Caller, r: InternalTransferRequest): Promise<InternalTransferDone> {
    return internalTransfer(this, this.d, caller, r);
  }

  /** Runs `work` in the call's queue, after the PBX events already received (timers of the call's own). */
  serially(call: ActiveCall, work: () => Promise<void>): Promise<void> {
    return this.queue.run(call.pbxCallId, work);
  }

  /** Pushes the agent its call as it is now. */
  publish(call: ActiveCall): void {
    this.pushCall(call);
  }

  // ---------------------------------------------------------------- PBX events

  private onPbxEvent(e: PbxEvent): void {
    if (e.kind === "ExtensionState") return this.rejoin.extensionChanged(e);
    this.d.background.run("call event", () =>
      this.queue.run(e.callId, async () => {
        const views = this.byPbxCall.get(e.callId) ?? [];
        const known = followedCall(views, e);
        let fresh = views.length === 0;
        for (const call of [...views]) {
          if (call.seen.has(e.seq)) continue;
          call.seen.add(e.seq);
          fresh = true;
          await this.apply(call, e);
        }
        if (fresh) for (const l of this.listeners) l(e, known);
      }),
    );
  }

  private async apply(call: ActiveCall, e: CallEvent): Promise<void> {
    const { push } = this.d;
    switch (e.kind) {
      case "LegCreated":
        if (e.role === "agent" && e.ext === call.agentExt && !isOver(call)) call.agentLegId = e.legId;
        // An advisor rung into another agent's call (a live transfer): its leg is this view's agent leg.
        else if (
          e.role === "transfer-target" &&
          call.type === "transfer" &&
          e.ext === call.agentExt &&
          !call.agentLegId
        )
          call.agentLegId = e.legId;
        else if ((e.role === "lead" || e.role === "inbound") && !call.partyLegId) call.partyLegId = e.legId;
        return;
      case "LegRinging":
        if (e.legId === call.partyLegId && !isOver(call)) this.pushCall(call);
        return;
      case "LegAnswered":
        // The called party picked up: kept, since an abandoned call is measured from here to the bridge.
        if (e.legId === call.partyLegId && call.direction === 0)
          await callEventWrites(this.d.db).partyAnswered.execute({ id: call.id, at: new Date(e.ts) });
        // The advisor of a live transfer is on the call once its own leg answers (no Bridged of its own).
        if (call.type === "transfer" && e.legId === call.agentLegId) await this.answered(call, e.ts);
        return;
      case "Bridged":
        if (call.agentLegId && !e.legIds.includes(call.agentLegId)) return;
        await this.answered(call, e.ts);
        return;
      case "AmdResult":
        // Only for the call the agent placed (an advisor rung in later is not told about the lead's machine).
        if (call.direction !== 0) return;
        // Kept whatever it says: the reports count a machine's answer as no contact.
        await callEventWrites(this.d.db).amdVerdict.execute({ id: call.id, verdict: e.result });
        if (isOver(call) || (e.result !== "AMD-Human-voice" && e.result !== "AMD-Machine-Vm-WA")) return;
        push.toAgent(call.agentId, "voicemail-detection", {
          callId: call.id,
          leadId: call.leadId,
          event: e.result,
          channel: e.legId,
        });
        return;
      case "Hold":
        // Only the agent's own hold shows; the conference holds the lead and the party itself.
        if (e.legId !== call.agentLegId || isOver(call)) return;
        call.onHold = e.on;
        this.pushCall(call);
        return;
      case "Conference": {
        // The agent's phone rung back into its own call (a live transfer's ring-back): the lead hears it again.
        // (An advisor's own view of the call, type transfer, sees its leg join as the answer; nothing to resume,
        // until the lead is the advisor's: then its phone may be rung back after it dropped, as any agent's.)
        if (
          e.action === "joined" &&
          e.legId !== undefined &&
          e.legId === call.agentLegId &&
          (call.type !== "transfer" || call.leadHandedOver === true) &&
          !isOver(call)
        ) {
          // Or the agent's phone rung back after it dropped (a reload): the call goes on where it was (a live
          // transfer still without an advisor on keeps the lead for a hangup, as before the drop).
          await this.rejoin.rejoined(call, this.live.keepsLead(call) ? true : "if-dropped");
          if (call.partyLegId) await this.d.pbx.hold(call.partyLegId, false);
          this.pushCall(call);
          return;
        }
        const conf = call.conference;
        if (!conf || isOver(call)) return;
        // The agent leaving (a transfer's leave) changes nothing for the others; its leg's end follows.
        if (
          (e.action === "left" || e.action === "kicked") &&
          e.legId !== undefined &&
          e.legId === call.agentLegId
        )
          return;
        if (e.action === "joined") {
          conf.state = conf.state === "merged" ? "merged" : "initialized";
          await this.transfers.partyJoined(call);
        } else if (e.action === "kicked" || e.action === "left")
          Object.assign(conf, { state: "hangedup", partyLegId: null, talkingTo: "lead" });
        else if (e.action === "destroyed") conf.state = "inactive";
        this.pushCall(call);
        return;
      }
      case "LegHungUp":
        if (e.legId === call.partyLegId && !call.bridged) call.partyCause = e.cause;
        if (call.conference && e.legId === call.conference.partyLegId && !isOver(call)) {
          await this.transfers.partyGone(call, e.cause, call.conference.state !== "initializing");
          Object.assign(call.conference, { state: "hangedup", partyLegId: null, talkingTo: "lead" });
          if (call.partyLegId) await this.d.pbx.hold(call.partyLegId, false);
          this.pushCall(call);
        }
        // The lead left mid-transfer: with a party still on, the PBX would keep the call up without it.
        if (e.legId === call.partyLegId && call.bridged && !isOver(call) && conferenceLive(call)) {
          await this.transfers.leadGone(call);
          this.pushCall(call);
        }
        if (e.legId === call.agentLegId) {
          // The phone dropped (a reload) while a live transfer has no advisor on: the lead waits as after any
          // drop, and the reloaded page's phone is rung back by itself once it registers; the search goes on.
          if (e.cause === "failed" && this.live.keepsLead(call) && (await this.rejoin.agentLegEnded(call, e.cause)))
            return;
          // A live transfer still without an advisor keeps the lead: the agent's phone rings again instead.
          if (await this.live.ringBack(call)) {
            this.pushCall(call);
            return;
          }
          // The agent's phone dropped (a page reload, a crash): the lead waits on hold for it to come back.
          if (await this.rejoin.agentLegEnded(call, e.cause)) return;
          await this.endForAgent(call, e.cause, e.cause);
        }
        return;
      case "TransferResult":
        if (!e.ok) this.transfers.internalNotReached(call, e.cause);
        return;
      case "PlaybackStarted":
      case "PlaybackFinished":
        if (this.playback.applied(call, e)) this.pushCall(call);
        return;
      case "CallEnded":
        await this.endForAgent(call, e.cause, null);
        return;
      default:
        return;
    }
  }

  /** The agent and the lead (or caller) hear each other: the call is answered. */
  private async answered(call: ActiveCall, ts: number): Promise<void> {
    if (isOver(call) || call.bridged) return;
    const { push } = this.d;
    call.bridged = true;
    call.status = "answered";
    call.answeredAt = ts;
    await callEventWrites(this.d.db).answered.execute({ id: call.id, at: new Date(ts) });
    if (call.direction === 1)
      await this.d.statuses.change(call.agentId, "on_a_call", "system", { reason: "answer" });
    push.toAgent(call.agentId, "answer", snapshotOf(call));
    await this.rejoin.guard(call);
    if (call.direction === 0)
      push.toAgent(call.agentId, "voicemail-detection", {
        callId: call.id,
        leadId: call.leadId,
        event: "talk",
        channel: call.partyLegId ?? call.pbxCallId,
      });
  }

  private pushCall(call: ActiveCall) {
    this.d.push.toAgent(call.agentId, "call", snapshotOf(call));
  }

  /** The call is over for the agent: row, push, failure alert and the agent's next status. */
  async endForAgent(call: ActiveCall, cause: HangupCause, agentLegCause: HangupCause | null): Promise<void> {
    if (isOver(call) || call.ending) return;
    const { db, clock, push, statuses } = this.d;
    this.transfers.callEnded(call);
    this.rejoin.ended(call);
    const end = {
      status: call.bridged ? ("ended" as const) : ("not_answered" as const),
      endedAt: clock.now(),
      cause: call.bridged ? cause : (call.partyCause ?? cause),
    };
    // The row first, then the view: whoever sees the call over (GET /calls/current) may settle it at once, and the
    // settle reads the row. Meanwhile `ending` keeps a second end out.
    call.ending = true;
    try {
      await callEventWrites(db).ended.execute({
        id: call.id,
        ...end,
        endedAt: new Date(end.endedAt),
        duration: durationOf({ answeredAt: call.answeredAt, endedAt: end.endedAt }),
      });
    } finally {
      Object.assign(call, end, { onHold: false, ending: false });
    }
    push.toAgent(call.agentId, "hangup", snapshotOf(call));
    if (call.direction === 1 && !call.bridged) return; // an inbound call the agent never took changes nothing for it
    const failure = call.bridged || call.direction === 1 ? null : failureOf(call, agentLegCause);
    if (failure) {
      // The lead goes back to the callback stack here, not only when the page reports it: a page that is gone
      // must not leave the lead In Process for nobody.
      if (call.leadId !== null) await returnToCallbackStack(db, call.leadId);
      push.toAgent(call.agentId, "originate-failure", {
        callId: call.id,
        leadId: call.leadId,
        message: failure,
      });
    }
    const next = nextStatusAfter(call, failure);
    const outcome = await statuses.change(call.agentId, next, "system", { reason: failure ?? "hangup" });
    if (!outcome.ok)
      this.d.log.warn(
        { userId: call.agentId, to: next, message: outcome.message },
        "status after a call refused",
      );
  }

  /** The agent's latest call from the database (after a gateway restart the memory is empty). */
  async lastCallRow(agentId: number) {
    const [row] = await this.d.db
      .select()
      .from(calls)
      .where(eq(calls.agentId, agentId))
      .orderBy(desc(calls.id))
      .limit(1);
    return row;
  }
}

