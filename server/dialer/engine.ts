// The dialer engine: picks the next lead for the calling agent, claims it and places the call through the
// call service; dials the agent's follow-up or redials its lead on request; explains any lead with the very
// same rules and facts.
import { and, desc, eq } from "drizzle-orm";
import type { CallType } from "../../src/contract/calls";
import { holdsRoleAtLeast } from "../../src/contract/common";
import {
  NO_LEADS_MESSAGE,
  type DialResponse,
  type DialResult,
  type ExplainResponse,
  type NoLeadResponse,
  type RuleVerdict,
} from "../../src/contract/dialer";
import type { Caller } from "../auth/access";
import { complianceText } from "../compliance/reasons";
import { calls, followUps, leads } from "../db/schema";
import type { Gateway } from "../gateway";
import { HttpError, MESSAGES } from "../http/errors";
import { CALL_MESSAGES, CallRefused } from "../modules/calls/service";
import type { StatusReadAhead } from "../modules/status/service";
import { claimFirst, claimLead, release, type Claim } from "./claim";
import { agentBlock, explainAll } from "./evaluate";
import { followUpDue, type AgentFacts, type DialMode, type LeadFacts, type RuleContext } from "./facts";
import { tenantFeatures } from "./features";
import { leadFactsById, loadAgent, loadTenant } from "./load";
import { firstPoolPage, leadCount, newTrace, outsidePool, walk, type Trace } from "./select";

export type AgentContext = RuleContext & { agent: AgentFacts };

/** Reads an auto-dial starts before it knows the agent (DialerEngine.readAhead). */
export interface DialReads {
  now: number;
  centre: ReturnType<typeof loadTenant>;
  firstPage: Promise<LeadFacts[]>;
  /** The agent's status period, for the move to "on a call" once the call is placed. */
  status: StatusReadAhead;
}
export type DialOutcome = { status: 201; body: DialResponse } | { status: 404; body: NoLeadResponse };

export const DIALER_MESSAGES = {
  noFollowUp: "There is no pending follow-up of yours for this lead.",
  redialOff: "Qualifier redial is off for this call centre.",
} as const;

/** Readable reasons for the leads the pool query leaves out (they are never loaded one by one). */
const OUTSIDE_POOL_SAMPLES: Record<string, { reason: string; key?: string }> = {
  dnc: { reason: "The lead's status is Do Not Call.", key: "dnc_status" },
  status: { reason: "The lead's status closes it." },
  owner: { reason: "The lead belongs to another agent.", key: "owned_by_other" },
};

// A compliance refusal keeps its reason key and values, and says it in English rather than by the key the
// softphone translates (the dialer's other refusals are English sentences too).
const asHttp = (e: unknown) => {
  if (!(e instanceof CallRefused)) return e;
  const message = e.reason ? complianceText(e.reason.reason, e.reason.values) : e.message;
  return new HttpError(e.statusCode, message, e.field ? { [e.field]: [message] } : undefined, undefined, e.reason);
};

const refusal = (v: RuleVerdict) => new HttpError(409, v.reason, { [v.rule]: [v.reason] });

export class DialerEngine {
  constructor(private readonly gw: Gateway) {}

  /** The facts the rules judge for a tenant, an agent (or none) and an instant. */
  async context(
    tenantId: number,
    agentId: number | null,
    now: number,
    mode: DialMode,
    centreRead?: ReturnType<typeof loadTenant>,
  ): Promise<RuleContext> {
    const { db } = this.gw;
    const centre = await (centreRead ?? loadTenant(db, tenantId));
    if (!centre) throw new HttpError(404, MESSAGES.resourceNotFound);
    const { tenant, settings } = centre;
    const agent = agentId === null ? null : await loadAgent(db, agentId, tenant, settings, now);
    if (agentId !== null && !agent) throw new HttpError(404, MESSAGES.resourceNotFound);
    return { now, mode, tenant, settings, agent };
  }

  private async agentContext(caller: Pick<Caller, "id" | "tenantId">, now: number, mode: DialMode, ahead?: DialReads) {
    return (await this.context(caller.tenantId, caller.id, now, mode, ahead?.centre)) as AgentContext;
  }

  /**
   * An auto-dial's first reads, started before its Idempotency-Key is claimed and side by side with that claim
   * (they write nothing; issue 39: a dial's round trips one after another were its latency): the call centre
   * with its settings, the pool's first page and the agent's status period. A replayed or refused dial drops
   * them unread.
   */
  readAhead(caller: Pick<Caller, "id" | "tenantId">): DialReads {
    const { db } = this.gw;
    const now = this.gw.clock.now();
    const reads: DialReads = {
      now,
      centre: loadTenant(db, caller.tenantId),
      firstPage: firstPoolPage(db, { tenantId: caller.tenantId, agentId: caller.id, now }),
      status: this.gw.statuses.readAhead(caller.id),
    };
    // Read or not, a failure surfaces only where a read is awaited.
    reads.centre.catch(() => {});
    reads.firstPage.catch(() => {});
    return reads;
  }

  /** A dry run of the pick at `now`: the lead it would dial and every lead it skipped first, with why. */
  async plan(caller: Pick<Caller, "id" | "tenantId">, now: number) {
    const ctx = await this.agentContext(caller, now, "auto");
    const trace = newTrace(true);
    const blocked = agentBlock(ctx);
    const picked = blocked ? null : await walk(this.gw.db, ctx, trace);
    return { picked, blocked, trace };
  }

  /**
   * POST /dials/auto. `admit` sees the agent as its facts were just read and may refuse the dial before anything
   * is claimed: the route's "Ready only" check, on the status read ahead (`ahead.status`).
   */
  async dialNext(
    caller: Caller,
    admit?: (agent: AgentFacts) => Promise<void> | void,
    ahead?: DialReads,
  ): Promise<DialOutcome> {
    const { db } = this.gw;
    const ctx = await this.agentContext(caller, ahead?.now ?? this.gw.clock.now(), "auto", ahead);
    await admit?.(ctx.agent);
    if (this.gw.calls.activeCallOf(caller.id)) throw new HttpError(409, CALL_MESSAGES.onACall);
    const trace = newTrace();
    const blocked = agentBlock(ctx);
    // Calling disabled answers as a dial does (403 'A manager disabled calling for your extension').
    if (blocked?.rule === "calling-disabled") throw new HttpError(403, blocked.reason);
    if (blocked) {
      trace.counts[blocked.rule] = await leadCount(db, ctx.tenant.id);
      trace.samples[blocked.rule] = blocked.reason;
      trace.verdicts[blocked.rule] = blocked;
      return { status: 404, body: noLead(trace, blocked) };
    }
    let claimed: Extract<Claim, { ok: true }> | null = null;
    await walk(
      db,
      ctx,
      trace,
      async (callable) => {
        const c = await claimFirst(db, ctx, callable.map((l) => l.id));
        claimed = c.claim;
        return { claimed: c.claim?.lead ?? null, refused: c.refused };
      },
      ahead?.firstPage,
    );
    if (!claimed) {
      for (const [rule, n] of Object.entries(await outsidePool(db, ctx))) {
        trace.counts[rule as keyof typeof trace.counts] = (trace.counts[rule as keyof typeof trace.counts] ?? 0) + n;
        const sample = OUTSIDE_POOL_SAMPLES[rule]!;
        trace.samples[rule as keyof typeof trace.samples] ??= sample.reason;
        trace.verdicts[rule as keyof typeof trace.verdicts] ??= { rule: rule as RuleVerdict["rule"], ok: false, ...sample } as RuleVerdict;
      }
      return { status: 404, body: noLead(trace, null) };
    }
    const c: Extract<Claim, { ok: true }> = claimed;
    const f = followUpDue(ctx, c.lead) ? c.lead.followUp : null;
    return this.place(caller, ctx, c, f ? followUpCallType(f.type) : "auto", f?.id ?? null, false, true, ahead?.status);
  }

  /** POST /dials/follow-ups: the agent dials its follow-up of this lead now. */
  async dialFollowUp(caller: Caller, leadId: number): Promise<DialOutcome> {
    const { db } = this.gw;
    const [f] = await db
      .select({ id: followUps.id, type: followUps.type })
      .from(followUps)
      .where(
        and(
          eq(followUps.leadId, leadId),
          eq(followUps.agentId, caller.id),
          eq(followUps.tenantId, caller.tenantId),
          eq(followUps.state, "pending"),
        ),
      );
    if (!f) throw new HttpError(404, DIALER_MESSAGES.noFollowUp);
    return this.dialNamed(caller, leadId, "follow-up", followUpCallType(f.type), f.id);
  }

  /** POST /dials/redials: a qualifier dials its lead again (the qualifier-redial feature). */
  async redial(caller: Caller, leadId: number): Promise<DialOutcome> {
    const { db } = this.gw;
    if (!(await tenantFeatures(db, caller.tenantId))["qualifier-redial"])
      throw new HttpError(403, DIALER_MESSAGES.redialOff);
    const [lead] = await db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.tenantId, caller.tenantId), eq(leads.ownerId, caller.id)));
    if (!lead) throw new HttpError(404, MESSAGES.resourceNotFound);
    // A redial continues the previous call: same call type.
    const [previous] = await db
      .select({ type: calls.type })
      .from(calls)
      .where(and(eq(calls.leadId, leadId), eq(calls.agentId, caller.id), eq(calls.direction, 0)))
      .orderBy(desc(calls.id))
      .limit(1);
    return this.dialNamed(caller, leadId, "redial", (previous?.type as CallType | undefined) ?? "manual", null);
  }

  private async dialNamed(
    caller: Caller,
    leadId: number,
    mode: "follow-up" | "redial",
    type: CallType,
    followUpId: number | null,
  ): Promise<DialOutcome> {
    if (this.gw.calls.activeCallOf(caller.id)) throw new HttpError(409, CALL_MESSAGES.onACall);
    const ctx = await this.agentContext(caller, this.gw.clock.now(), mode);
    const blocked = agentBlock(ctx);
    if (blocked) throw refusal(blocked);
    const before = await this.leadFacts(caller.tenantId, leadId, ctx.now);
    const heldAlready = before.claim?.agentId === caller.id;
    const c = await claimLead(this.gw.db, ctx, leadId, mode);
    if (!c.ok) throw refusal(c.verdict);
    return this.place(caller, ctx, c, type, followUpId, heldAlready);
  }

  private async place(
    caller: Caller,
    ctx: AgentContext,
    claim: Extract<Claim, { ok: true }>,
    type: CallType,
    followUpId: number | null,
    heldAlready: boolean,
    byDialer = false,
    statusSeen?: StatusReadAhead,
  ): Promise<{ status: 201; body: DialResponse }> {
    const { db } = this.gw;
    const lead = claim.lead;
    let callId: number;
    try {
      callId = await this.gw.calls.dial(caller, {
        leadId: lead.id,
        phone: lead.phone,
        name: `${lead.firstName} ${lead.lastName}`.trim() || undefined,
        type,
        byDialer,
        agent: ctx.agent,
        statusSeen,
      });
    } catch (e) {
      // The call did not go out: the lead goes back where it was.
      if (!heldAlready) await release(db, { agentId: caller.id, leadId: lead.id });
      throw asHttp(e);
    }
    if (followUpId !== null)
      await db.update(followUps).set({ startedAt: new Date(ctx.now) }).where(eq(followUps.id, followUpId));
    const dialNumber = lead.dials + 1;
    const result: DialResult = {
      type,
      suffix: `${lead.prefix ?? ""} #${dialNumber}`.trim(),
      leadId: lead.id,
      callId,
      dialNumber,
      followUpId,
      lead: summaryOf(lead),
    };
    return { status: 201, body: { ...result, data: result } };
  }

  /** GET /leads/{id}/explain: every rule's verdict for the lead and the agent (or none) at `now`. */
  async explain(caller: Caller, leadId: number, agentParam: number | undefined): Promise<ExplainResponse> {
    const manager = holdsRoleAtLeast(caller.roles, "manager");
    if (!manager && agentParam !== undefined && agentParam !== caller.id) throw new HttpError(403, MESSAGES.forbidden);
    const agentId = manager ? (agentParam ?? null) : caller.id;
    return this.explainAt(caller.tenantId, leadId, agentId, this.gw.clock.now());
  }

  async explainAt(tenantId: number, leadId: number, agentId: number | null, now: number): Promise<ExplainResponse> {
    const ctx = await this.context(tenantId, agentId, now, "auto");
    const lead = await this.leadFacts(tenantId, leadId, now);
    const rules = explainAll(ctx, lead);
    return {
      callable: rules.every((r) => r.ok),
      checkedAt: new Date(now).toISOString(),
      leadId,
      agentId,
      rules,
    };
  }

  async leadFacts(tenantId: number, leadId: number, now: number): Promise<LeadFacts> {
    const lead = await leadFactsById(this.gw.db, tenantId, leadId, now);
    if (!lead) throw new HttpError(404, MESSAGES.resourceNotFound);
    return lead;
  }
}

const followUpCallType = (type: number): CallType => (type === 1 ? "callback" : "follow-up");

function summaryOf(l: LeadFacts) {
  return {
    id: l.id,
    marketing_id: l.marketingId,
    first_name: l.firstName,
    last_name: l.lastName,
    phone: l.phone,
    status: l.status,
    language: l.language,
    state: l.state,
    timezone: l.timezone,
  };
}

function noLead(trace: Trace, blocked: RuleVerdict | null): NoLeadResponse {
  return {
    message: NO_LEADS_MESSAGE,
    reasons: trace.counts as Record<string, number>,
    samples: trace.samples as Record<string, string>,
    sampleVerdicts: trace.verdicts as Record<string, RuleVerdict>,
    examined: trace.examined,
    blocked,
  };
}
