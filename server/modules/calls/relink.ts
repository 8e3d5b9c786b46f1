// Linking a call to a lead the call centre already has (the lead matcher: PUT /calls/{callId}/lead). An inbound
// caller the call centre did not recognise (a new number) became a lead of its own; the agent finds the lead
// the caller really is and moves the call there, with what was stored with it: in one transaction the call's
// lead, its failed live-transfer attempts, every plugin row kept with the call (the plugins' relink hooks), the
// new lead's owner when it had none, and the lead the call leaves, deleted when it was made for this call only
// (modules/leads/remove.ts decides), else let go by the dialer's claim. The agent's view follows (a push), so
// the desk's disposition lands on the new lead.
import { and, desc, eq, gte, inArray, notInArray, or } from "drizzle-orm";
import { CALL_LINK_MESSAGES as M, type CallLinkResponse } from "../../../src/contract/callLink";
import { leadAccess, type Caller } from "../../auth/access";
import type { Db } from "../../db/client";
import { calls, dispositions, leads, liveTransfers } from "../../db/schema";
import { release } from "../../dialer/claim";
import { HttpError, MESSAGES } from "../../http/errors";
import type { IdempotencyClaim } from "../../http/idempotency";
import { removeLeadMadeForCall } from "../leads/remove";
import type { CallDeps, CallTable } from "./port";

/** What moved: the hooks move their own rows of `callId` from one lead to the other. */
export interface CallRelinked {
  tenantId: number;
  callId: number;
  /** The lead the call leaves (null for a call that had none). */
  fromLeadId: number | null;
  toLeadId: number;
}

/**
 * A plugin's part of a relink: runs inside the relink's transaction (`tx`), so its rows move with the call or
 * not at all. It must only write its own tables, and throw to refuse (the whole relink rolls back).
 */
export type CallRelinkHook = (tx: Db, moved: CallRelinked) => Promise<void>;

/** Live-transfer attempts that are over without a handover: they stay with the call, wherever it goes. */
const FAILED_ATTEMPTS = ["canceled", "failed"];

export class CallRelinks {
  private readonly hooks = new Set<CallRelinkHook>();

  constructor(
    private readonly calls: CallTable,
    private readonly d: CallDeps,
  ) {}

  /** Adds a hook every relink runs in its transaction; returns its removal. */
  on(hook: CallRelinkHook): () => void {
    this.hooks.add(hook);
    return () => this.hooks.delete(hook);
  }

  /**
   * Moves the caller's call to `toLeadId`. Throws HttpError: 404 for a call that is not the caller's or a lead
   * that is not of its call centre, 403 for a colleague's lead, 409 for a call that is not the agent's latest,
   * is disposed or was handed to an advisor.
   */
  async link(
    caller: Caller,
    callId: number,
    toLeadId: number,
    claim: IdempotencyClaim,
  ): Promise<CallLinkResponse> {
    // Read before the transaction (the embedded database runs one at a time): whether the agent may already
    // work the lead though a colleague owns it (a follow-up it owes, a live transfer it took).
    const access = await leadAccess(this.d.db, {}, caller, toLeadId);
    // After the PBX's events already received for the call: a hang-up never goes out with the lead it left.
    const view = this.calls.viewById(callId);
    const run = () => this.move(caller, callId, toLeadId, access === "ok", claim);
    let answer: CallLinkResponse | undefined;
    if (view && view.agentId === caller.id)
      await this.calls.serially(view, async () => {
        answer = await run();
      });
    else answer = await run();
    return answer!;
  }

  private async move(
    caller: Caller,
    callId: number,
    toLeadId: number,
    mayWork: boolean,
    claim: IdempotencyClaim,
  ): Promise<CallLinkResponse> {
    const { db } = this.d;
    const done = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [call] = await tx
        .select()
        .from(calls)
        .where(and(eq(calls.id, callId), eq(calls.tenantId, caller.tenantId)))
        .for("update");
      // Another agent's call does not exist for this one (as the hangup flow's update and the disclosures say).
      if (!call || call.agentId !== caller.id) throw new HttpError(404, MESSAGES.resourceNotFound);
      const [latest] = await tx
        .select({ id: calls.id })
        .from(calls)
        .where(eq(calls.agentId, caller.id))
        .orderBy(desc(calls.id))
        .limit(1);
      if (latest?.id !== call.id) throw new HttpError(409, M.notTheCurrentCall);

      const [lead] = await tx
        .select()
        .from(leads)
        .where(and(eq(leads.id, toLeadId), eq(leads.tenantId, caller.tenantId)))
        .limit(1);
      if (!lead) throw new HttpError(404, MESSAGES.resourceNotFound);
      const fromLeadId = call.leadId;
      const summary = {
        id: lead.id,
        marketing_id: lead.marketingId,
        first_name: lead.firstName,
        last_name: lead.lastName,
        phone: lead.phone,
        status: lead.status,
        language: lead.language,
        state: lead.state,
        timezone: lead.timezone,
      };
      // Already there (a retry after a lost answer): nothing moves again.
      if (fromLeadId === toLeadId)
        return { lead, moved: false, answer: { data: summary, from: { lead_id: toLeadId, removed: false } } };

      if (await this.disposed(tx, call)) throw new HttpError(409, M.disposed);
      const [handedOver] = await tx
        .select({ id: liveTransfers.id })
        .from(liveTransfers)
        .where(and(eq(liveTransfers.callId, call.id), notInArray(liveTransfers.state, FAILED_ATTEMPTS)))
        .limit(1);
      if (handedOver) throw new HttpError(409, M.transferred);

      // The agent's own lead, or one nobody owns (it becomes the agent's, as the dial pad's look-up makes it);
      // a colleague's lead only when the agent may already work it (a follow-up it owes, a live transfer).
      if (lead.ownerId !== null && lead.ownerId !== caller.id && !mayWork)
        throw new HttpError(403, M.notYourLead);

      await tx.update(calls).set({ leadId: lead.id }).where(eq(calls.id, call.id));
      await tx
        .update(liveTransfers)
        .set({ leadId: lead.id })
        .where(and(eq(liveTransfers.callId, call.id), inArray(liveTransfers.state, FAILED_ATTEMPTS)));
      const moved: CallRelinked = {
        tenantId: caller.tenantId,
        callId: call.id,
        fromLeadId,
        toLeadId: lead.id,
      };
      for (const hook of this.hooks) await hook(tx, moved);
      if (lead.ownerId === null)
        await tx.update(leads).set({ ownerId: caller.id }).where(eq(leads.id, lead.id));

      let removed = false;
      if (fromLeadId !== null) {
        removed = await removeLeadMadeForCall(tx, fromLeadId);
        // A lead the dialer claimed for this call is no longer worked by the agent: it goes back to the pool.
        if (!removed) await release(tx, { agentId: caller.id, leadId: fromLeadId });
      }
      const answer: CallLinkResponse = { data: summary, from: { lead_id: fromLeadId ?? lead.id, removed } };
      await claim.keepIn(tx, { status: 200, body: answer });
      return { lead, moved: true, answer };
    });

    // The agent's view of the call now names the new lead: the desk opens it, the hang-up carries it.
    const view = this.calls.viewById(callId);
    if (view && view.agentId === caller.id && view.leadId !== done.lead.id) {
      view.leadId = done.lead.id;
      view.leadStatus = done.lead.status;
      view.name = `${done.lead.firstName} ${done.lead.lastName}`.trim() || view.phone;
      this.calls.publish(view);
    }
    if (!done.moved) return done.answer;
    // Ids only: a log never holds a lead's phone or name.
    this.d.log.info(
      {
        callId,
        fromLeadId: done.answer.from.lead_id,
        toLeadId: done.lead.id,
        removed: done.answer.from.removed,
      },
      "call linked to another lead",
    );
    return done.answer;
  }

  /** The call's lead was disposed since the call began (the same test as GET /calls/current), or the call named. */
  private async disposed(tx: Db, call: typeof calls.$inferSelect): Promise<boolean> {
    const [row] = await tx
      .select({ id: dispositions.id })
      .from(dispositions)
      .where(
        or(
          eq(dispositions.callId, call.id),
          call.leadId === null
            ? undefined
            : and(
                eq(dispositions.leadId, call.leadId),
                eq(dispositions.agentId, call.agentId),
                gte(dispositions.createdAt, call.startedAt),
              ),
        ),
      )
      .limit(1);
    return row !== undefined;
  }
}
