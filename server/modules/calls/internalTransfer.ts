// Internal transfer (agent-workspace §4 "Internal transfer", §2 manual transfer): the lead goes to a colleague
// of the same call centre. In one transaction the lead takes the Internal Transfer disposition (stored here,
// as the handover's consequence: the agent's disposition lists offer it only to SLICA's advisors, yet every
// agent with the manual-transfer panel hands leads over) and its new owner; then the agent's call with the
// lead, if any, is blind-transferred to the colleague's extension, and the agent's own leg ends (after-call
// work follows, with nothing left to dispose). An agent's next internal transfer is refused for 30 s, a pause
// kept by the database (a row lock), so it holds across gateway instances.
import { and, desc, eq } from "drizzle-orm";
import {
  INTERNAL_TRANSFER_PAUSE_MS,
  TRANSFER_MESSAGES as M,
  type TransferDisposition,
} from "../../../src/contract/calls";
import type { Db } from "../../db/client";
import { dispositions, leads, users } from "../../db/schema";
import { recordDisposition } from "../dispositions/record";
import type { IdempotencyClaim } from "../../http/idempotency";
import { conferenceLive, isOver } from "./active";
import type { CallDeps, Caller, CallTable } from "./port";
import { TransferRefused } from "./transferTargets";

export const INTERNAL_TRANSFER = "Internal Transfer";

export interface InternalTransferDone {
  lead_id: number;
  to: number;
  disposition_id: number;
  call_transferred: boolean;
}

export interface InternalTransferRequest {
  leadId: number;
  to: number;
  /**
   * The same lead to the same colleague again within the pause counts as done, not refused (the socket
   * event after the HTTP request for one transfer).
   */
  repeatIsDone?: boolean;
  claim?: IdempotencyClaim;
  /** The caller's right to the lead, checked once the colleague is known (throws the refusal). */
  checkLead?: () => Promise<void>;
}

const SAVED: TransferDisposition = { disposition: INTERNAL_TRANSFER, reason: null, saved: true };

/** A refusal decided inside the transaction (it rolls back), or a repeat of the transfer just done. */
type PauseOutcome = { repeat: InternalTransferDone } | { done: InternalTransferDone };

export async function internalTransfer(calls: CallTable, d: CallDeps, caller: Caller, r: InternalTransferRequest): Promise<InternalTransferDone> {
  const { db, clock, pbx, log } = d;
  if (r.to === caller.id) throw new TransferRefused("forbidden", M.internalSelf, 422, { field: "to" });
  const [target] = await db
    .select({ id: users.id, ext: users.extension, role: users.role, first: users.firstName, last: users.lastName, disabled: users.disabled, deactivated: users.deactivated })
    .from(users)
    .where(and(eq(users.id, r.to), eq(users.tenantId, caller.tenantId)))
    .limit(1);
  if (!target?.ext || target.disabled || target.deactivated || (target.role !== "qualifier" && target.role !== "advisor"))
    throw new TransferRefused("forbidden", M.internalTarget, 422, { field: "to" });

  await r.checkLead?.();

  const call = calls.activeCallOf(caller.id);
  const onTheCall = call && call.leadId === r.leadId && call.bridged && !isOver(call) ? call : undefined;
  if (onTheCall && conferenceLive(onTheCall)) throw new TransferRefused("unsupported", M.internalInConference);

  const now = clock.now();
  const name = `${target.first} ${target.last}`.trim();
  const outcome = await db.transaction(async (tx): Promise<PauseOutcome> => {
    // The pause is a database lock: the agent's own row, held to the commit, so two requests (on two gateway
    // instances too) cannot both find the last transfer older than 30 s and both hand a lead over.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.id)).for("no key update");
    const [last] = await tx
      .select({ id: dispositions.id, leadId: dispositions.leadId, at: dispositions.createdAt, owner: leads.ownerId })
      .from(dispositions)
      .innerJoin(leads, eq(leads.id, dispositions.leadId))
      .where(and(eq(dispositions.agentId, caller.id), eq(dispositions.disposition, INTERNAL_TRANSFER)))
      .orderBy(desc(dispositions.createdAt))
      .limit(1);
    const since = last ? now - last.at.getTime() : Infinity;
    if (last && since < INTERNAL_TRANSFER_PAUSE_MS) {
      if (r.repeatIsDone && last.leadId === r.leadId && last.owner === target.id)
        return { repeat: { lead_id: r.leadId, to: target.id, disposition_id: last.id, call_transferred: false } };
      throw new TransferRefused("rate_limited", M.internalTooSoon, 429, {
        retryAfterSeconds: Math.ceil((INTERNAL_TRANSFER_PAUSE_MS - since) / 1000),
      });
    }
    const at = new Date(now);
    const row = await recordDisposition(tx as unknown as Db, {
      tenantId: caller.tenantId,
      leadId: r.leadId,
      agentId: caller.id,
      callId: onTheCall?.id ?? null,
      disposition: INTERNAL_TRANSFER,
      notes: `Transferred to ${name}`,
      owner: target.id,
      at,
    });
    const answer: InternalTransferDone = {
      lead_id: r.leadId,
      to: target.id,
      disposition_id: row!.id,
      call_transferred: onTheCall !== undefined && onTheCall.partyLegId !== null,
    };
    await r.claim?.keepIn(tx as unknown as Db, { status: 201, body: { data: answer } });
    return { done: answer };
  });
  if ("repeat" in outcome) return outcome.repeat;
  const done = outcome.done;

  if (onTheCall?.partyLegId) {
    onTheCall.transfer = { kind: "internal", party: target.ext, name, outcome: "completed", disposition: SAVED };
    calls.publish(onTheCall);
    try {
      await calls.rejoin.handOver(onTheCall);
      await pbx.blindTransfer(onTheCall.partyLegId, target.ext);
    } catch (err) {
      // The lead is the colleague's already; the agent is told the call itself did not move.
      log.error({ err, callId: onTheCall.id }, "internal transfer of the call failed");
      onTheCall.transfer.outcome = "failed";
      calls.publish(onTheCall);
    }
  }
  return done;
}
