// Live transfer (agent-workspace §4 Live transfer; src/contract/liveTransfers.ts says the whole flow). The
// qualifier's call stays the one PBX call: the accepting advisor is rung into it (ConferenceControl.joinAgent)
// and followed as a second view of the same call (the advisor's own calls row, type transfer, direction 1),
// so the lead never waits in a queue and the qualifier hears the advisor join. The qualifier introduces the
// lead and leaves; once the advisor is on and the qualifier gone, one transaction stores the qualifier's
// Live_Transfer disposition and hands the lead to the advisor.
//
// Offering follows the tenant's auto-forward settings: on, one advisor at a time, passed on after the delay;
// off, every advisor who may take the lead at once, the first accept wins (a conditional update). While no
// advisor is free, the offer is tried again every 5 s (the qualifier's poll interval). State lives in memory
// for the call's life and in `live_transfers` for the record: a gateway that restarts rebuilds the open
// attempts whose calls the PBX still has (`resume`) and closes the others as failed.
import { and, eq, inArray, isNotNull, max, sql } from "drizzle-orm";
import type { TransferDisposition, TransferOutcome } from "../../../src/contract/calls";
import {
  LIVE_TRANSFER_MESSAGES as M,
  LIVE_TRANSFER_POLL_MS,
  LIVE_TRANSFER_RING_BACK_MS,
  type LiveTransfer,
  type LiveTransferOffer,
  type LiveTransferWithdrawn,
} from "../../../src/contract/liveTransfers";
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from "../../../src/contract/settings";
import type { AgentStatus } from "../../../src/contract/status";
import type { ClockTimer } from "../../../src/shared/clock";
import type { Db } from "../../db/client";
import { agentStatuses, calls, leads, liveTransfers, users } from "../../db/schema";
import { recordDisposition } from "../dispositions/record";
import { addLeadNote } from "../leads/notes";
import type { CallEvent, PbxCallState } from "../../pbx/driver";
import { conferenceLive, isOver, snapshotOf, type ActiveCall } from "../calls/active";
import type { CallDeps, Caller, CallTable } from "../calls/port";
import { readSetting } from "../settings/store";
import { KeyedMutex } from "../status/background";
import { rankAdvisors, READY_STATUSES, type AdvisorFacts } from "./routing";
import { campaignOf } from "../calls/campaignOf";

export const LIVE_TRANSFER_DISPOSITION = "Live_Transfer";

/** A refusal the routes turn into their status code. */
export class LiveTransferRefused extends Error {
  constructor(
    readonly statusCode: 403 | 404 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

interface Advisor {
  id: number;
  name: string;
  extension: string;
}

/** An advisor as the routing rule and the availability poll read it. */
export type Candidate = AdvisorFacts & Advisor & { firstName: string; lastName: string; mga: string | null };

interface OpenTransfer {
  id: number;
  tenantId: number;
  leadId: number;
  qualifier: Advisor;
  /** The qualifier's call with the lead. */
  call: ActiveCall;
  notes: string;
  team: "advisors";
  state: "seeking" | "accepted";
  startedAt: number;
  lead: LeadSummary;
  /** Advisors holding the offer now. */
  holding: Set<number>;
  /** Advisors offered it before (auto-forward passed it on): never again for this attempt. */
  passed: Set<number>;
  advisor: Advisor | null;
  advisorCall: ActiveCall | null;
  joined: boolean;
  qualifierLeft: boolean;
  /** The qualifier's phone was rung back once (its hangup before an advisor was on); ringing now or not. */
  rangBack: boolean;
  ringingBack: boolean;
  /** The lead's leg ended (the call is ending). */
  leadGone: boolean;
  timer: ClockTimer | null;
}

interface LeadSummary {
  name: string;
  state: string | null;
  city: string | null;
  timezone: string | null;
  insurance: string[];
  health: boolean;
  language: string;
}

const SAVED: TransferDisposition = { disposition: LIVE_TRANSFER_DISPOSITION, reason: null, saved: true };
const UNSAVED: TransferDisposition = { ...SAVED, saved: false };

export class LiveTransfers {
  /** Open attempts by the qualifier's call. */
  private readonly byCall = new Map<ActiveCall, OpenTransfer>();
  /** Accepts, starts and stops of one lead, one at a time. */
  private readonly perLead = new KeyedMutex<number>();

  constructor(
    private readonly calls: CallTable,
    private readonly d: CallDeps,
  ) {}

  start(): () => void {
    const offCall = this.calls.onCallEvent((e) => this.onCallEvent(e));
    const offStatus = this.d.statuses.onChanged((e) => {
      // An advisor who became free may take a waiting transfer now rather than at the next retry.
      if (e.agent.role !== "advisor" || (!READY_STATUSES.includes(e.to) && e.to !== "after_call_work"))
        return;
      for (const t of this.byCall.values())
        if (t.state === "seeking" && t.tenantId === e.agent.tenantId && t.holding.size === 0)
          this.offerSoon(t, 0);
    });
    return () => {
      offCall();
      offStatus();
      for (const t of this.byCall.values()) this.clearTimer(t);
    };
  }

  /**
   * A gateway that starts (after the call service rebuilt the calls the PBX still has): an attempt whose
   * qualifier is still on its call goes on where the PBX says it is (still seeking: offered again at once;
   * an advisor rung in: ringing or on the call, the handover still to come). Others end as failed, and a lead
   * the PBX kept for a qualifier who is gone is let go (the call ends rather than wait on hold for nobody).
   */
  async resume(present: Map<string, PbxCallState>): Promise<void> {
    const open = await this.d.db
      .select({ row: liveTransfers, pbxCallId: calls.pbxCallId })
      .from(liveTransfers)
      .leftJoin(calls, eq(calls.id, liveTransfers.callId))
      .where(inArray(liveTransfers.state, ["seeking", "accepted"]));
    for (const { row, pbxCallId } of open) {
      const q = row.callId === null ? undefined : this.calls.viewById(row.callId);
      const t =
        q && !isOver(q) ? await this.rebuild(row, q, pbxCallId ? present.get(pbxCallId) : undefined) : null;
      if (t) continue;
      await this.d.db
        .update(liveTransfers)
        .set({ state: "failed", outcome: "failed", endedAt: new Date(this.d.clock.now()) })
        .where(eq(liveTransfers.id, row.id));
      if (pbxCallId && present.has(pbxCallId)) await this.d.pbx.keepLead(pbxCallId, false).catch(() => {});
    }
  }

  /** The open attempt again, on the qualifier's call the call service rebuilt; null when it cannot go on. */
  private async rebuild(
    row: typeof liveTransfers.$inferSelect,
    q: ActiveCall,
    pbx: PbxCallState | undefined,
  ): Promise<OpenTransfer | null> {
    const lead = await this.leadSummary(row.leadId);
    const people = await this.d.db
      .select({ id: users.id, first: users.firstName, last: users.lastName, ext: users.extension })
      .from(users)
      .where(inArray(users.id, [row.qualifierId, ...(row.advisorId ? [row.advisorId] : [])]));
    const person = (id: number | null): Advisor | null => {
      const p = people.find((x) => x.id === id);
      return p ? { id: p.id, name: `${p.first} ${p.last}`.trim(), extension: p.ext ?? "" } : null;
    };
    const qualifier = person(row.qualifierId);
    if (!lead || !qualifier || !pbx) return null;
    const ownLeg = pbx.legs.find((l) => l.legId === q.agentLegId);
    const advisorCall = row.advisorCallId ? (this.calls.viewById(row.advisorCallId) ?? null) : null;
    const advisor = row.state === "accepted" ? person(row.advisorId) : null;
    const t: OpenTransfer = {
      id: row.id,
      tenantId: row.tenantId,
      leadId: row.leadId,
      qualifier: { ...qualifier, extension: q.agentExt },
      call: q,
      notes: row.notes,
      team: "advisors",
      state: row.state === "accepted" ? "accepted" : "seeking",
      startedAt: new Date(row.createdAt).getTime(),
      lead,
      // Offers in flight were the old gateway's: a seeking attempt is offered again at once.
      holding: new Set(),
      passed: new Set(),
      advisor,
      advisorCall,
      joined: advisorCall?.bridged ?? false,
      qualifierLeft: false,
      rangBack: ownLeg?.role === "transfer-target",
      ringingBack: ownLeg?.role === "transfer-target" && ownLeg.state === "ringing",
      leadGone: false,
      timer: null,
    };
    this.byCall.set(q, t);
    q.transfer = {
      kind: "live",
      party: advisor?.extension ?? null,
      name: advisor?.name ?? null,
      outcome: null,
      disposition: advisor ? UNSAVED : null,
      live: this.liveOf(t),
    };
    if (t.state === "accepted") {
      if (!advisor || !advisorCall?.agentLegId) {
        // The advisor's phone is no longer in the call: the lead stays with the qualifier.
        await this.end(t, "failed", "failed");
        return t;
      }
      q.conference = {
        id: pbx.confId ?? null,
        state: t.joined ? "merged" : "initializing",
        party: advisor.extension,
        partyLegId: advisorCall.agentLegId,
        talkingTo: "party",
      };
    }
    // Offered again once the agents' pages had time to reconnect to this gateway (a push before is lost).
    else this.offerSoon(t, LIVE_TRANSFER_POLL_MS);
    if (!t.joined) await this.d.pbx.keepLead(q.pbxCallId, true).catch(() => {});
    this.calls.publish(q);
    return t;
  }

  // ---------------------------------------------------------------- the qualifier

  /** POST /live-transfers/{leadId}. */
  startTransfer(
    caller: Caller,
    leadId: number,
    r: { notes: string; team: "advisors" },
  ): Promise<LiveTransfer> {
    return this.perLead.run(leadId, async () => {
      const call = this.calls.activeCallOf(caller.id);
      if (!call?.bridged || call.leadId !== leadId || isOver(call))
        throw new LiveTransferRefused(409, M.noCall);
      if (this.byCall.has(call)) throw new LiveTransferRefused(409, M.inProgress);
      if (conferenceLive(call)) throw new LiveTransferRefused(409, M.otherTransfer);
      const lead = await this.leadSummary(leadId);
      if (!lead?.state) throw new LiveTransferRefused(422, M.zipStateRequirements);
      const now = this.d.clock.now();
      const inserted = await this.d.db
        .insert(liveTransfers)
        .values({
          tenantId: caller.tenantId,
          leadId,
          qualifierId: caller.id,
          callId: call.id,
          notes: r.notes,
          team: r.team,
          state: "seeking",
          createdAt: new Date(now),
        })
        .onConflictDoNothing()
        .returning({ id: liveTransfers.id });
      if (!inserted[0]) throw new LiveTransferRefused(409, M.inProgress);
      const [me] = await this.d.db
        .select({ first: users.firstName, last: users.lastName })
        .from(users)
        .where(eq(users.id, caller.id));
      const t: OpenTransfer = {
        id: inserted[0].id,
        tenantId: caller.tenantId,
        leadId,
        qualifier: {
          id: caller.id,
          name: `${me?.first ?? ""} ${me?.last ?? ""}`.trim(),
          extension: call.agentExt,
        },
        call,
        notes: r.notes,
        team: r.team,
        state: "seeking",
        startedAt: now,
        lead,
        holding: new Set(),
        passed: new Set(),
        advisor: null,
        advisorCall: null,
        joined: false,
        qualifierLeft: false,
        rangBack: false,
        ringingBack: false,
        leadGone: false,
        timer: null,
      };
      this.byCall.set(call, t);
      // From now until an advisor is on, the qualifier's hangup (a mis-click, a dropped softphone) must not
      // drop the lead: the PBX keeps it and the qualifier is rung back (ringBack).
      await this.d.pbx.keepLead(call.pbxCallId, true);
      call.transfer = {
        kind: "live",
        party: null,
        name: null,
        outcome: null,
        disposition: null,
        live: this.liveOf(t),
      };
      this.calls.publish(call);
      this.offerSoon(t, 0);
      return this.view(t);
    });
  }

  /** DELETE /live-transfers/{leadId}: the qualifier stops looking (before an advisor accepted). */
  stopTransfer(caller: Caller, leadId: number): Promise<void> {
    return this.perLead.run(leadId, async () => {
      const t = this.openOf(caller.id, leadId);
      if (!t) throw new LiveTransferRefused(409, M.notInProgress);
      if (t.state !== "seeking") throw new LiveTransferRefused(409, M.taken);
      await this.end(t, "canceled", "canceled");
    });
  }

  /**
   * POST /transfer-answers/{leadId}: the advisor answered and the qualifier introduced the lead; the qualifier
   * leaves (asked by either of them). The handover itself happens once the qualifier's leg is gone.
   */
  answer(
    caller: Caller,
    leadId: number,
    r: { qualifierExtension: string; phone: string },
  ): Promise<{ lead_id: number; advisor_id: number; disposition_id: number }> {
    return this.perLead.run(leadId, async () => {
      const t = [...this.byCall.values()].find((x) => x.leadId === leadId && x.tenantId === caller.tenantId);
      if (!t || t.state !== "accepted" || !t.advisor) throw new LiveTransferRefused(409, M.notInProgress);
      if (caller.id !== t.qualifier.id && caller.id !== t.advisor.id)
        throw new LiveTransferRefused(403, M.notYours);
      const digits = (s: string) => s.replace(/\D/g, "").slice(-10);
      if (r.qualifierExtension !== t.qualifier.extension || digits(r.phone) !== digits(t.call.phone))
        throw new LiveTransferRefused(422, M.wrongParty);
      if (!t.joined) throw new LiveTransferRefused(409, M.notJoined);
      const confId = t.call.conference?.id;
      if (!confId) throw new LiveTransferRefused(409, M.notInProgress);
      // The advisor is on: this is the handover, whatever the qualifier's leg ending says.
      if (t.call.transfer) t.call.transfer.outcome = "completed";
      await this.d.pbx.conference.leave(confId, t.qualifier.extension);
      const dispositionId = await this.qualifierLeft(t);
      if (dispositionId === null) throw new LiveTransferRefused(409, M.notInProgress);
      return { lead_id: leadId, advisor_id: t.advisor.id, disposition_id: dispositionId };
    });
  }

  /** The qualifier hangs up with an advisor rung in: it leaves, the lead stays with the advisor. */
  async qualifierHangsUp(call: ActiveCall): Promise<boolean> {
    const t = this.byCall.get(call);
    if (!t || t.state !== "accepted" || !call.conference?.id) return false;
    if (t.joined && call.transfer) call.transfer.outcome = "completed";
    await this.d.pbx.conference.leave(call.conference.id, call.agentExt);
    return true;
  }

  /** Whether the call has an attempt no advisor joined yet: the PBX keeps its lead if the qualifier's leg ends. */
  keepsLead(call: ActiveCall): boolean {
    const t = this.byCall.get(call);
    return t !== undefined && !t.joined;
  }

  /**
   * The qualifier's leg ended while no advisor is on the call (its softphone hung up, its browser closed): the
   * PBX kept the lead (keepLead). The lead is held and the qualifier's phone rings again, once; the search (or
   * the advisor's ringing) goes on meanwhile. Called in the call's queue by the call service, which ends the
   * qualifier's call as usual when this returns false. An advisor who joins first takes the lead from hold.
   */
  async ringBack(call: ActiveCall): Promise<boolean> {
    const t = this.byCall.get(call);
    if (!t || t.joined || t.rangBack || isOver(call)) return false;
    t.rangBack = true;
    try {
      if (call.partyLegId) await this.d.pbx.hold(call.partyLegId, true);
      const confId = await this.d.pbx.conference.start(call.pbxCallId);
      const leg = await this.d.pbx.conference.joinAgent(confId, t.qualifier.extension, {
        from: call.phone,
        ringTimeoutMs: LIVE_TRANSFER_RING_BACK_MS,
        vars: { callId: String(call.id), leadId: String(t.leadId), callType: "ring-back" },
      });
      call.agentLegId = leg;
      t.ringingBack = true;
      if (call.transfer?.kind === "live") call.transfer.live = this.liveOf(t);
      return true;
    } catch (err) {
      // The lead hung up meanwhile (the call is over): nothing to take back.
      this.d.log.warn({ err, transferId: t.id }, "live transfer: the qualifier could not be rung back");
      return false;
    }
  }

  // ---------------------------------------------------------------- the advisor

  /** POST /confirm-live-transfers/{leadId}: the first advisor to accept is rung into the call. */
  confirm(caller: Caller, leadId: number): Promise<{ lead_id: number; call_id: number }> {
    return this.perLead.run(leadId, async () => {
      const t = [...this.byCall.values()].find((x) => x.leadId === leadId && x.tenantId === caller.tenantId);
      if (!t) {
        const [row] = await this.d.db
          .select({
            state: liveTransfers.state,
            advisorId: liveTransfers.advisorId,
            offeredTo: liveTransfers.offeredTo,
          })
          .from(liveTransfers)
          .where(and(eq(liveTransfers.leadId, leadId), eq(liveTransfers.tenantId, caller.tenantId)))
          .orderBy(sql`${liveTransfers.id} desc`)
          .limit(1);
        if (row?.offeredTo.includes(caller.id) && row.advisorId && row.advisorId !== caller.id)
          throw new LiveTransferRefused(409, M.taken);
        if (row?.offeredTo.includes(caller.id)) throw new LiveTransferRefused(409, M.canceled);
        throw new LiveTransferRefused(404, M.notInProgress);
      }
      if (t.state === "accepted")
        throw new LiveTransferRefused(409, t.advisor?.id === caller.id ? M.inProgress : M.taken);
      if (!t.holding.has(caller.id)) throw new LiveTransferRefused(403, M.notOffered);
      if (this.calls.activeCallOf(caller.id)) throw new LiveTransferRefused(409, M.onACall);
      const [me] = await this.d.db
        .select({ first: users.firstName, last: users.lastName, ext: users.extension, role: users.role })
        .from(users)
        .where(eq(users.id, caller.id));
      if (!me?.ext) throw new LiveTransferRefused(409, M.noExtension);
      const now = this.d.clock.now();
      // The database arbitrates: only one conditional update finds the attempt still seeking.
      const won = await this.d.db
        .update(liveTransfers)
        .set({ state: "accepted", advisorId: caller.id, acceptedAt: new Date(now) })
        .where(and(eq(liveTransfers.id, t.id), eq(liveTransfers.state, "seeking")))
        .returning({ id: liveTransfers.id });
      if (!won[0]) throw new LiveTransferRefused(409, M.taken);
      const advisor: Advisor = { id: caller.id, name: `${me.first} ${me.last}`.trim(), extension: me.ext };
      // What the qualifier wrote for the advisor stays on the lead, where the advisor's lead card shows it.
      if (t.notes.trim())
        await addLeadNote(this.d.db, t.leadId, new Date(now), `Live transfer from ${t.qualifier.name}: ${t.notes.trim()}`);
      this.clearTimer(t);
      t.state = "accepted";
      t.advisor = advisor;
      for (const other of t.holding) if (other !== caller.id) this.withdraw(t, other, "taken");
      t.holding.clear();
      const callId = await this.ringAdvisor(t, advisor, me.role, now);
      return { lead_id: leadId, call_id: callId };
    });
  }

  /** The advisor holds an offer of a live transfer still looking for an advisor. */
  holdsOffer(advisorId: number): boolean {
    for (const t of this.byCall.values()) if (t.state === "seeking" && t.holding.has(advisorId)) return true;
    return false;
  }

  /**
   * An advisor about to be auto-dialled: a lead already on the line comes first. Attempts of the advisor's
   * call centre that nobody holds are offered now (to this advisor if the routing rule picks them), rather than
   * at the next poll after the dial; true when the advisor then holds an offer, and so is not dialled.
   */
  async offerBeforeDial(advisorId: number, tenantId: number): Promise<boolean> {
    for (const t of [...this.byCall.values()])
      if (t.state === "seeking" && t.tenantId === tenantId && t.holding.size === 0)
        await this.calls.serially(t.call, () => this.offer(t));
    // The page asking to dial is listening: what it holds is offered again, in case its first push was lost.
    return this.offerHeldAgain(advisorId) > 0;
  }

  /**
   * Pushes again the offers the advisor holds, and says how many. An offer made while the advisor's page was not
   * listening (signing in, reconnecting) is lost, and the advisor, held for it, would wait for ever; the page
   * keeps one offer per transfer, so a second push of one it has changes nothing. Called when the page says
   * hello (every connection) and when it asks to dial.
   */
  offerHeldAgain(advisorId: number): number {
    let held = 0;
    for (const t of this.byCall.values()) {
      if (t.state !== "seeking" || !t.holding.has(advisorId)) continue;
      held++;
      this.d.push.toAgent(advisorId, "confirm-live-transfer", this.offerOf(t, false, null));
    }
    return held;
  }

  /** GET /agents/available-advisors?lead_id: who could take the lead's live transfer now, best first. */
  async available(
    tenantId: number,
    leadId: number,
  ): Promise<{ advisor: Candidate; mode: "ready" | "notified" }[]> {
    const lead = await this.leadSummary(leadId);
    if (!lead) return [];
    const t = [...this.byCall.values()].find((x) => x.leadId === leadId);
    const advisors = await this.advisorsOf(tenantId);
    const ranked = rankAdvisors(advisors, {
      source: "internal",
      state: lead.state,
      health: lead.health,
      passed: t?.passed ?? new Set(),
    });
    return ranked.map((a) => ({
      advisor: a,
      mode: READY_STATUSES.includes(a.status) ? "ready" : "notified",
    }));
  }

  // ---------------------------------------------------------------- offering

  private offerSoon(t: OpenTransfer, ms: number) {
    this.clearTimer(t);
    t.timer = this.d.clock.setTimeout(() => {
      t.timer = null;
      this.d.background.run("live transfer offer", () => this.calls.serially(t.call, () => this.offer(t)));
    }, ms);
  }

  private async offer(t: OpenTransfer): Promise<void> {
    if (t.state !== "seeking" || this.byCall.get(t.call) !== t) return;
    // The qualifier may still correct the lead (its state, its insurance) while it waits.
    t.lead = (await this.leadSummary(t.leadId)) ?? t.lead;
    const globals = await readSetting<GlobalSettings>(
      this.d.db,
      t.tenantId,
      "globals",
      DEFAULT_GLOBAL_SETTINGS,
    );
    const forward = globals["auto-forward-transfers:internal-enabled"] > 0;
    const delayMs = Math.max(1, globals["auto-forward-transfers:internal-delay"]) * 1000;
    if (forward) {
      // The delay is over: whoever held the offer let it pass; the next advisor gets it.
      for (const id of t.holding) {
        this.withdraw(t, id, "passed");
        t.passed.add(id);
      }
      t.holding.clear();
    }
    const busyElsewhere = new Set<number>();
    for (const other of this.byCall.values())
      if (other !== t) for (const id of other.holding) busyElsewhere.add(id);
    const advisors = (await this.advisorsOf(t.tenantId)).map((a) =>
      busyElsewhere.has(a.id) ? { ...a, busy: true } : a,
    );
    if (t.state !== "seeking") return;
    const rank = () =>
      rankAdvisors(advisors, {
        source: "internal",
        state: t.lead.state,
        health: t.lead.health,
        passed: new Set([...t.passed, ...t.holding]),
      });
    let ranked = rank();
    // Every advisor let it pass once: a new round, rather than a lead waiting for nobody.
    if (forward && ranked.length === 0 && t.passed.size > 0) {
      t.passed.clear();
      ranked = rank();
    }
    const chosen = forward ? ranked.slice(0, t.holding.size === 0 ? 1 : 0) : ranked;
    const expiresAt = forward ? new Date(this.d.clock.now() + delayMs).toISOString() : null;
    for (const a of chosen) {
      t.holding.add(a.id);
      this.d.push.toAgent(
        a.id,
        "confirm-live-transfer",
        this.offerOf(t, !READY_STATUSES.includes(a.status), expiresAt),
      );
    }
    if (chosen.length > 0)
      await this.d.db
        .update(liveTransfers)
        .set({
          offeredTo: sql`(select coalesce(jsonb_agg(distinct v), '[]'::jsonb) from jsonb_array_elements(${liveTransfers.offeredTo} || ${JSON.stringify(chosen.map((a) => a.id))}::jsonb) as v)`,
        })
        .where(eq(liveTransfers.id, t.id));
    // With auto-forward the offer passes on after the delay; otherwise newly free advisors join every 5 s.
    this.offerSoon(t, forward && t.holding.size > 0 ? delayMs : LIVE_TRANSFER_POLL_MS);
    this.calls.publish(t.call);
  }

  private offerOf(t: OpenTransfer, notify: boolean, expiresAt: string | null): LiveTransferOffer {
    return {
      transfer_id: t.id,
      lead_id: t.leadId,
      name: t.lead.name,
      state: t.lead.state,
      city: t.lead.city,
      timezone: t.lead.timezone,
      insurance: t.lead.insurance,
      health: t.lead.health,
      language: t.lead.language,
      qualifier: { name: t.qualifier.name, extension: t.qualifier.extension },
      notes: t.notes,
      notify,
      expires_at: expiresAt,
    };
  }

  private withdraw(t: OpenTransfer, advisorId: number, reason: LiveTransferWithdrawn["reason"]) {
    this.d.push.toAgent(advisorId, "live-transfer-withdrawn", {
      transfer_id: t.id,
      lead_id: t.leadId,
      reason,
    });
  }

  /** The tenant's advisors who could be offered a live transfer, with what the routing rule reads. */
  private async advisorsOf(tenantId: number): Promise<Candidate[]> {
    const rows = await this.d.db
      .select({
        id: users.id,
        first: users.firstName,
        last: users.lastName,
        ext: users.extension,
        mga: users.mga,
        internal: users.internalLiveTransfers,
        external: users.externalLiveTransfers,
        licences: users.healthLicenses,
        status: agentStatuses.status,
      })
      .from(users)
      .leftJoin(agentStatuses, eq(agentStatuses.userId, users.id))
      .where(
        and(
          eq(users.tenantId, tenantId),
          eq(users.role, "advisor"),
          eq(users.disabled, false),
          eq(users.deactivated, false),
          isNotNull(users.extension),
        ),
      );
    const last = await this.d.db
      .select({ id: liveTransfers.advisorId, at: max(liveTransfers.acceptedAt) })
      .from(liveTransfers)
      .where(and(eq(liveTransfers.tenantId, tenantId), isNotNull(liveTransfers.advisorId)))
      .groupBy(liveTransfers.advisorId);
    const lastAt = new Map(last.map((r) => [r.id, r.at ? new Date(r.at).getTime() : null]));
    return rows.map((r) => ({
      id: r.id,
      name: `${r.first} ${r.last}`.trim(),
      firstName: r.first,
      lastName: r.last,
      mga: r.mga,
      extension: r.ext!,
      status: (r.status ?? "offline") as AgentStatus,
      busy: this.calls.activeCallOf(r.id) !== undefined,
      internalLiveTransfers: r.internal,
      externalLiveTransfers: r.external,
      healthLicenses: r.licences.map((s) => s.toLowerCase()),
      // Attribute groups (admin-and-sign-in §3) carry the transfer score; until an admin sets them, all tie.
      transferScore: 0,
      lastTransferAt: lastAt.get(r.id) ?? null,
    }));
  }

  private async leadSummary(leadId: number): Promise<LeadSummary | null> {
    const [l] = await this.d.db
      .select({
        first: leads.firstName,
        last: leads.lastName,
        phone: leads.phone,
        state: leads.state,
        city: leads.city,
        timezone: leads.timezone,
        insurance: leads.insurance,
        language: leads.language,
      })
      .from(leads)
      .where(eq(leads.id, leadId));
    if (!l) return null;
    const types = Array.isArray(l.insurance.type)
      ? (l.insurance.type as unknown[]).filter((x): x is string => typeof x === "string")
      : [];
    return {
      // A lead created from a number the qualifier dialled has no name yet: the advisor sees the number.
      name: `${l.first} ${l.last}`.trim() || l.phone,
      state: l.state?.toLowerCase() || null,
      city: l.city,
      timezone: l.timezone,
      insurance: types,
      health: types.includes("health"),
      language: l.language,
    };
  }

  // ---------------------------------------------------------------- the call

  /** Rings the advisor into the qualifier's call and starts following the advisor's side of it. */
  private async ringAdvisor(t: OpenTransfer, advisor: Advisor, role: string, now: number): Promise<number> {
    const q = t.call;
    const [row] = await this.d.db
      .insert(calls)
      .values({
        tenantId: t.tenantId,
        leadId: t.leadId,
        agentId: advisor.id,
        type: "transfer",
        direction: 1,
        phone: q.phone,
        status: "incoming",
        pbxCallId: q.pbxCallId,
        startedAt: new Date(now),
        liveTransfer: 1,
        campaignId: campaignOf(t.leadId),
      })
      .returning({ id: calls.id });
    await this.d.db.update(liveTransfers).set({ advisorCallId: row!.id }).where(eq(liveTransfers.id, t.id));
    const advisorCall: ActiveCall = {
      ...q,
      id: row!.id,
      agentId: advisor.id,
      agentExt: advisor.extension,
      agentRole: role,
      type: "transfer",
      direction: 1,
      status: "incoming",
      bridged: false,
      onHold: false,
      startedAt: now,
      answeredAt: null,
      endedAt: null,
      cause: null,
      inboundAlert: false,
      agentLegId: null,
      partyCause: null,
      playback: null,
      conference: null,
      transfer: null,
      seen: new Set(),
    };
    t.advisorCall = advisorCall;
    await this.calls.serially(q, async () => {
      // Followed from now on: the advisor counts as on a call (no dial, no other offer) while its phone rings;
      // its status turns on-a-call when it answers, and stays as it was if the phone is not reached.
      this.calls.track(advisorCall);
      this.d.push.toAgent(advisor.id, "incoming", snapshotOf(advisorCall));
      q.conference = {
        id: null,
        state: "initializing",
        party: advisor.extension,
        partyLegId: null,
        talkingTo: "party",
      };
      q.transfer = {
        kind: "live",
        party: advisor.extension,
        name: advisor.name,
        outcome: null,
        disposition: UNSAVED,
        live: this.liveOf(t),
      };
      this.calls.publish(q);
      try {
        const confId = await this.d.pbx.conference.start(q.pbxCallId);
        q.conference.id = confId;
        const legId = await this.d.pbx.conference.joinAgent(confId, advisor.extension, {
          autoAnswer: true,
          vars: { callId: String(advisorCall.id), leadId: String(t.leadId), callType: "transfer" },
        });
        q.conference.partyLegId = legId;
        advisorCall.agentLegId = legId;
      } catch (err) {
        this.d.log.error({ err, transferId: t.id }, "live transfer: the advisor could not be rung");
        await this.end(t, "failed", "failed");
      }
    });
    return advisorCall.id;
  }

  /** Everything the PBX says of a call with a live transfer, after the call service applied it. */
  private onCallEvent(e: CallEvent): void {
    for (const t of this.byCall.values()) {
      if (t.call.pbxCallId !== e.callId) continue;
      // After the call service applied the event, in the call's own queue (ordered with the next events).
      this.d.background.run("live transfer event", () =>
        this.calls.serially(t.call, () => this.follow(t, e)),
      );
    }
  }

  private async follow(t: OpenTransfer, e: CallEvent): Promise<void> {
    if (this.byCall.get(t.call) !== t) return;
    const q = t.call;
    const advisorLeg = t.advisorCall?.agentLegId ?? null;
    if (e.kind === "Conference" && e.action === "joined" && t.ringingBack && e.legId === q.agentLegId) {
      // The qualifier took the call back (the call service resumed the lead).
      t.ringingBack = false;
      this.refresh(t);
      return;
    }
    if (e.kind === "Conference" && e.action === "joined" && advisorLeg && e.legId === advisorLeg) {
      t.joined = true;
      if (t.ringingBack) {
        // The advisor came first: the lead leaves hold for the advisor, the qualifier's phone stops ringing.
        t.ringingBack = false;
        if (q.partyLegId) await this.d.pbx.hold(q.partyLegId, false).catch(() => {});
        if (q.agentLegId && q.conference?.id)
          await this.d.pbx.conference.kick(q.conference.id, q.agentLegId).catch(() => {});
      }
      // Warm transfer: nobody is held; the qualifier, the lead and the advisor hear each other.
      if (q.conference && q.conference.state !== "hangedup" && q.conference.state !== "inactive")
        q.conference.state = "merged";
      this.refresh(t);
      // The qualifier's page reloaded while it sought (its phone dropped, the lead waiting for it): the advisor
      // takes the lead from hold and has it, as when a qualifier hangs up after the advisor joined.
      if (await this.calls.rejoin.leftWhileAway(q)) {
        if (q.partyLegId) await this.d.pbx.hold(q.partyLegId, false).catch(() => {});
        await this.calls.endForAgent(q, "normal", null);
        t.qualifierLeft = true;
      }
      if (t.qualifierLeft) await this.complete(t);
      return;
    }
    if (e.kind === "LegHungUp" && advisorLeg && e.legId === advisorLeg && !t.qualifierLeft) {
      // The advisor's phone was not reached, or the advisor left before the qualifier: the lead stays.
      const outcome = t.joined
        ? "party_hung_up"
        : e.cause === "busy"
          ? "busy"
          : e.cause === "no-answer"
            ? "no_answer"
            : "failed";
      await this.end(t, "failed", outcome);
      return;
    }
    if (e.kind === "LegHungUp" && advisorLeg && e.legId === advisorLeg && t.qualifierLeft && !t.joined) {
      await this.end(t, "failed", "failed");
      return;
    }
    if (e.kind === "LegHungUp" && q.partyLegId && e.legId === q.partyLegId) t.leadGone = true;
    const qualifierGone =
      (e.kind === "LegHungUp" && e.legId === q.agentLegId) || e.kind === "CallEnded" || isOver(q);
    if (!qualifierGone) return;
    if (t.state === "seeking") await this.end(t, "canceled", t.leadGone ? "lead_hung_up" : "agent_hung_up");
    else if (e.kind === "CallEnded" && !t.joined) await this.end(t, "failed", "lead_hung_up");
    else if (t.joined) await this.qualifierLeft(t);
    else t.qualifierLeft = true;
  }

  /** The qualifier is gone: with the advisor on the call, the lead is the advisor's. Returns the disposition id. */
  private async qualifierLeft(t: OpenTransfer): Promise<number | null> {
    t.qualifierLeft = true;
    if (!t.joined) return null;
    return this.complete(t);
  }

  private completing = new Map<number, Promise<number>>();

  /** One transaction: the attempt completed, the qualifier's Live_Transfer disposition, the lead to the advisor. */
  private complete(t: OpenTransfer): Promise<number> {
    const running = this.completing.get(t.id);
    if (running) return running;
    const work = (async () => {
      const advisor = t.advisor!;
      const at = new Date(this.d.clock.now());
      const id = await this.d.db.transaction(async (tx) => {
        const row = await recordDisposition(tx as unknown as Db, {
          tenantId: t.tenantId,
          leadId: t.leadId,
          agentId: t.qualifier.id,
          callId: t.call.id,
          disposition: LIVE_TRANSFER_DISPOSITION,
          notes: t.notes ? `Live transfer to ${advisor.name}: ${t.notes}` : `Live transfer to ${advisor.name}`,
          owner: advisor.id,
          at,
        });
        await tx.update(calls).set({ liveTransfer: 1 }).where(eq(calls.id, t.call.id));
        await tx
          .update(liveTransfers)
          .set({ state: "completed", endedAt: at })
          .where(eq(liveTransfers.id, t.id));
        return row!.id;
      });
      this.byCall.delete(t.call);
      this.clearTimer(t);
      const q = t.call;
      await this.releaseLead(t);
      // The lead is the advisor's now: the advisor's phone dropping (a reload) leaves it waiting, rung back.
      const mine = t.advisorCall;
      if (mine && !isOver(mine)) {
        mine.leadHandedOver = true;
        mine.partyLegId ??= q.partyLegId;
        await this.calls.rejoin.guard(mine);
      }
      if (q.transfer)
        Object.assign(q.transfer, { outcome: "completed", disposition: SAVED, live: this.liveOf(t, "done") });
      this.calls.publish(q);
      return id;
    })();
    this.completing.set(t.id, work);
    return work.finally(() => this.completing.delete(t.id));
  }

  /** The attempt ends without a handover: offers withdrawn, the lead stays with the qualifier. */
  private async end(t: OpenTransfer, state: "canceled" | "failed", outcome: TransferOutcome): Promise<void> {
    if (this.byCall.get(t.call) !== t) return;
    this.byCall.delete(t.call);
    this.clearTimer(t);
    const reason: LiveTransferWithdrawn["reason"] = outcome === "lead_hung_up" ? "lead_hung_up" : "canceled";
    for (const id of t.holding) this.withdraw(t, id, reason);
    t.holding.clear();
    await this.d.db
      .update(liveTransfers)
      .set({ state, outcome, endedAt: new Date(this.d.clock.now()) })
      .where(eq(liveTransfers.id, t.id));
    const q = t.call;
    // An advisor still ringing or on the call leaves it (the lead stays with the qualifier).
    const advisorLeg = t.advisorCall?.agentLegId;
    if (advisorLeg && q.conference?.id && !isOver(q) && q.conference.partyLegId === advisorLeg)
      await this.d.pbx.conference.kick(q.conference.id, advisorLeg).catch(() => {});
    // A lead kept for a qualifier who is not back (not answered the ring-back) is not left on hold: it ends.
    await this.releaseLead(t);
    if (q.transfer?.kind === "live") {
      q.transfer.outcome ??= outcome;
      q.transfer.disposition = null;
      q.transfer.live = this.liveOf(t, "canceled");
    }
    this.calls.publish(q);
  }

  /**
   * keepLead off: an advisor (or the qualifier) is on, or the attempt is over and nobody is: the lead's call ends.
   * A qualifier back on its call keeps what any answered call has: its phone dropping leaves the lead waiting.
   */
  private async releaseLead(t: OpenTransfer): Promise<void> {
    const onCall = !t.joined && !t.ringingBack && !isOver(t.call) && t.call.agentLegId !== null && this.calls.rejoin.limitMs > 0;
    await this.d.pbx.keepLead(t.call.pbxCallId, onCall ? "if-dropped" : false).catch(() => {});
  }

  private refresh(t: OpenTransfer) {
    if (t.call.transfer?.kind === "live") t.call.transfer.live = this.liveOf(t);
    this.calls.publish(t.call);
  }

  private liveOf(t: OpenTransfer, state?: "looking_for_advisor" | "done" | "canceled") {
    return {
      transfer_id: t.id,
      state: state ?? (t.state === "seeking" ? ("looking_for_advisor" as const) : ("done" as const)),
      advisor: t.advisor,
      joined: t.joined,
      ringing_back: t.ringingBack,
      started_at: new Date(t.startedAt).toISOString(),
    };
  }

  private view(t: OpenTransfer): LiveTransfer {
    return {
      id: t.id,
      lead_id: t.leadId,
      state: t.state === "seeking" ? "looking_for_advisor" : "done",
      team: t.team,
      notes: t.notes,
      advisor: t.advisor,
      offered: t.holding.size + t.passed.size,
      started_at: new Date(t.startedAt).toISOString(),
    };
  }

  private openOf(qualifierId: number, leadId: number): OpenTransfer | undefined {
    for (const t of this.byCall.values()) if (t.qualifier.id === qualifierId && t.leadId === leadId) return t;
    return undefined;
  }

  private clearTimer(t: OpenTransfer) {
    if (t.timer) this.d.clock.clearTimeout(t.timer);
    t.timer = null;
  }
}
