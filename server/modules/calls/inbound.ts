// Inbound calls (issue: the gateway routes an inbound call from the PBX to an available agent). The call
// centre is found by the dialled number (tenants.inbound_did) or, failing that, by the caller's lead; the
// agent is the lead's owner when available, otherwise the available agent who has waited longest. An
// agent who does not take the call (rejected, unreachable) is not offered it again; while nobody is
// available the call waits and is offered again every RETRY_MS until the caller gives up.
// A call to a DID the call centre maps for its call-tracking provider (Retreaver; settings/callTracking) is
// that call centre's; a caller who is not yet a lead becomes one with the mapping's prefix and its campaign,
// and over the call centre's maximum calls amount such a call is hung up busy before ringing anyone.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CallEvent } from "../../pbx/driver";
import { agentStatuses, leadCampaigns, leads, tenants, users } from "../../db/schema";
import { mappingOfDialled, maxCallsAmountOf } from "../settings/callTracking/service";
import { availabilityOf } from "../../pbx/driver";
import type { ClockTimer } from "../../../src/shared/clock";
import type { ActiveCall } from "./active";
import { snapshotOf } from "./active";
import { calls } from "../../db/schema";
import type { CallDeps, CallTable } from "./port";
import { nationalDigits, toE164 } from "./phone";
import { campaignOf } from "./campaignOf";

export const RETRY_MS = 2_000;
const ROUTABLE_ROLES = ["qualifier", "advisor"];

interface Waiting {
  pbxCallId: string;
  from: string;
  tenantId: number;
  leadId: number | null;
  /** The call-tracking mapping's marketing-id prefix, for the lead a new caller becomes; null: not tracked. */
  prefix: string | null;
  tried: Set<number>;
  timer: ClockTimer | null;
}

export class InboundRouter {
  private readonly waiting = new Map<string, Waiting>();
  /** The call-tracking provider's calls in progress (PBX call id → call centre), until they end. */
  private readonly tracked = new Map<string, number>();

  constructor(
    private readonly d: CallDeps,
    private readonly calls: CallTable,
  ) {}

  start(): () => void {
    // Tracked background work: the gateway waits for it when closing (and tests when settling); a failure is logged.
    return this.calls.onCallEvent((e) => this.d.background.run("inbound routing", () => this.onEvent(e)));
  }

  stop(): void {
    for (const w of this.waiting.values()) if (w.timer) this.d.clock.clearTimeout(w.timer);
    this.waiting.clear();
    this.tracked.clear();
  }

  /**
   * A gateway that starts (a restart, or a standby that takes the PBX over): the callers the PBX still has waiting
   * for an agent were routed by the process before, in its memory. They are routed again from here; one whose
   * offer still rings an agent's phone waits for that offer's outcome first.
   */
  async resume(): Promise<void> {
    for (const c of await this.d.pbx.liveCalls()) {
      if (!c.waiting || this.waiting.has(c.callId)) continue;
      const ringing = c.legs.some((l) => l.ext !== undefined);
      await this.arrived(c.callId, c.waiting.from, c.waiting.did, !ringing);
    }
  }

  private async onEvent(e: CallEvent): Promise<void> {
    if (e.kind === "InboundCall") return this.arrived(e.callId, e.from, e.did);
    if (e.kind === "CallEnded") this.tracked.delete(e.callId);
    const w = this.waiting.get(e.callId);
    if (!w) return;
    if (e.kind === "CallEnded") {
      if (w.timer) this.d.clock.clearTimeout(w.timer);
      this.waiting.delete(e.callId);
      return;
    }
    if (e.kind === "Bridged") {
      this.waiting.delete(e.callId);
      return;
    }
    // The offered agent did not take it: offer it to someone else.
    const current = this.calls.byPbxCallId(e.callId);
    if (e.kind === "LegHungUp" && current && e.legId === current.agentLegId && !current.bridged)
      await this.offer(w);
  }

  private async arrived(pbxCallId: string, from: string, did: string, offerNow = true): Promise<void> {
    const { db } = this.d;
    const mapping = await mappingOfDialled(db, nationalDigits(did));
    const [byDid] = mapping
      ? [{ id: mapping.tenantId }]
      : await db
          .select({ id: tenants.id })
          .from(tenants)
          .where(eq(tenants.inboundDid, toE164(did)))
          .limit(1);
    const phone = nationalDigits(from);
    // The mapping's duplicate checker off: every call on its DID makes a new lead.
    const [lead] =
      mapping && !mapping.duplicate_checker
        ? []
        : await db
            .select({ id: leads.id, tenantId: leads.tenantId })
            .from(leads)
            .where(byDid ? and(eq(leads.phone, phone), eq(leads.tenantId, byDid.id)) : eq(leads.phone, phone))
            .limit(1);
    const tenantId = byDid?.id ?? lead?.tenantId;
    if (tenantId === undefined) {
      this.d.log.warn({ pbxCallId, did }, "inbound call to a number no call centre answers");
      await this.d.pbx.hangupCall(pbxCallId, "rejected");
      return;
    }
    if (mapping) {
      const max = await maxCallsAmountOf(db, tenantId);
      // Counted and reserved with no await between, so two calls arriving together cannot both take the last place.
      const inProgress = [...this.tracked.values()].filter((t) => t === tenantId).length;
      if (max > 0 && inProgress >= max) {
        this.d.log.info(
          { pbxCallId, did, max },
          "call-tracking call over the maximum calls amount: hung up busy",
        );
        await this.d.pbx.hangupCall(pbxCallId, "busy");
        return;
      }
      this.tracked.set(pbxCallId, tenantId);
    }
    const w: Waiting = {
      pbxCallId,
      from: toE164(from),
      tenantId,
      leadId: lead?.id ?? null,
      prefix: mapping?.prefix ?? null,
      tried: new Set(),
      timer: null,
    };
    this.waiting.set(pbxCallId, w);
    if (offerNow) await this.offer(w);
  }

  private async offer(w: Waiting): Promise<void> {
    if (!this.waiting.has(w.pbxCallId)) return;
    const agent = await this.pickAgent(w);
    if (!agent) {
      w.timer = this.d.clock.setTimeout(() => {
        w.timer = null;
        this.d.background.run("inbound retry", () => this.offer(w));
      }, RETRY_MS);
      return;
    }
    w.tried.add(agent.id);
    const leadId = w.leadId ?? (await this.newLead(w, agent.id));
    w.leadId = leadId;
    const [lead] = await this.d.db
      .select({ firstName: leads.firstName, lastName: leads.lastName, status: leads.status })
      .from(leads)
      .where(eq(leads.id, leadId))
      .limit(1);
    const [tenant] = await this.d.db
      .select({ alertExt: tenants.inboundAlertExtension })
      .from(tenants)
      .where(eq(tenants.id, w.tenantId))
      .limit(1);
    const now = this.d.clock.now();
    const [row] = await this.d.db
      .insert(calls)
      .values({
        tenantId: w.tenantId,
        leadId,
        agentId: agent.id,
        type: "inbound",
        direction: 1,
        phone: w.from,
        status: "incoming",
        pbxCallId: w.pbxCallId,
        startedAt: new Date(now),
        campaignId: campaignOf(leadId),
      })
      .returning({ id: calls.id });
    const call: ActiveCall = {
      id: row!.id,
      pbxCallId: w.pbxCallId,
      tenantId: w.tenantId,
      agentId: agent.id,
      agentExt: agent.extension,
      agentRole: agent.role,
      leadId,
      leadStatus: lead?.status ?? null,
      phone: w.from,
      name: lead ? `${lead.firstName} ${lead.lastName}`.trim() : w.from,
      type: "inbound",
      direction: 1,
      status: "incoming",
      bridged: false,
      onHold: false,
      startedAt: now,
      answeredAt: null,
      endedAt: null,
      cause: null,
      inboundAlert: tenant?.alertExt === agent.extension,
      agentLegId: null,
      partyLegId: null,
      partyCause: null,
      playback: null,
      conference: null,
      transfer: null,
      seen: new Set(),
    };
    this.calls.track(call);
    this.d.push.toAgent(agent.id, "incoming", snapshotOf(call));
    await this.d.pbx.answerInbound(w.pbxCallId, agent.extension, {
      callId: String(call.id),
      leadId: String(leadId),
      callType: "inbound",
    });
  }

  /** Available: ready or idle, calling not disabled, not on a call, phone reachable, not tried for this call. */
  private async pickAgent(w: Waiting): Promise<{ id: number; extension: string; role: string } | null> {
    const { db, pbx } = this.d;
    const rows = await db
      .select({ id: users.id, extension: users.extension, role: users.role, since: agentStatuses.since })
      .from(users)
      .innerJoin(agentStatuses, eq(agentStatuses.userId, users.id))
      .where(
        and(
          eq(users.tenantId, w.tenantId),
          eq(users.deactivated, false),
          eq(users.disabled, false),
          inArray(users.role, ROUTABLE_ROLES),
          inArray(agentStatuses.status, ["ready", "idle"]),
        ),
      )
      .orderBy(asc(agentStatuses.since));
    let owner: number | null = null;
    if (w.leadId !== null) {
      const [l] = await db
        .select({ ownerId: leads.ownerId })
        .from(leads)
        .where(eq(leads.id, w.leadId))
        .limit(1);
      owner = l?.ownerId ?? null;
    }
    const ordered = [...rows.filter((r) => r.id === owner), ...rows.filter((r) => r.id !== owner)];
    for (const r of ordered) {
      if (!r.extension || w.tried.has(r.id) || this.calls.activeCallOf(r.id)) continue;
      const s = await pbx.getExtensionStatus(r.extension);
      if (availabilityOf(s).available && !s.dnd) return { id: r.id, extension: r.extension, role: r.role };
    }
    return null;
  }

  /** A caller the call centre does not know becomes a lead of the agent who takes the call. */
  private async newLead(w: Waiting, agentId: number): Promise<number> {
    const [tenant] = await this.d.db
      .select({ country: tenants.country })
      .from(tenants)
      .where(eq(tenants.id, w.tenantId))
      .limit(1);
    const campaignId = w.prefix === null ? null : await this.campaignOf(w.tenantId, w.prefix);
    const [row] = await this.d.db
      .insert(leads)
      .values({
        tenantId: w.tenantId,
        marketingId:
          w.prefix === null ? `IN-${w.pbxCallId.slice(-12)}` : `${w.prefix}-IN-${w.pbxCallId.slice(-12)}`,
        prefix: w.prefix,
        campaignId,
        firstName: "Inbound",
        lastName: "caller",
        phone: nationalDigits(w.from),
        country: tenant?.country ?? "US",
        ownerId: agentId,
        status: "New",
      })
      .returning({ id: leads.id });
    return row!.id;
  }

  /** The campaign whose Marketing ID Prefix or Additional Prefixes hold the prefix, active ones first; or null. */
  private async campaignOf(tenantId: number, prefix: string): Promise<number | null> {
    const [c] = await this.d.db
      .select({ id: leadCampaigns.id })
      .from(leadCampaigns)
      .where(
        and(
          eq(leadCampaigns.tenantId, tenantId),
          sql`(${leadCampaigns.prefix} = ${prefix} or ${leadCampaigns.prefixes} @> ${JSON.stringify([prefix])}::jsonb)`,
        ),
      )
      .orderBy(sql`${leadCampaigns.active} desc`, asc(leadCampaigns.id))
      .limit(1);
    return c?.id ?? null;
  }
}
