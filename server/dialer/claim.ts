// Claiming a lead for an agent, in one transaction: lock the lead row (SKIP LOCKED: a lead another dial is
// taking is simply passed over), lock its number against a concurrent Do Not Call, reload its facts and judge
// it again with the same rules (Do Not Call at dial time, not when the candidates were read), then record
// the claim in in_process_leads, whose primary key is the lead: two agents never hold the same lead.
// PostgreSQL runs claims side by side under these locks; PGlite runs transactions one at a time.
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { RuleVerdict } from "../../src/contract/dialer";
import type { Db } from "../db/client";
import { inProcessLeads, leads } from "../db/schema";
import { leadFailure } from "./evaluate";
import { CLAIM_TTL_MS, type AgentFacts, type LeadFacts, type RuleContext } from "./facts";
import { leadFactsById } from "./load";

export type Claim =
  | { ok: true; lead: LeadFacts; ownerSet: boolean }
  | { ok: false; verdict: RuleVerdict };

const busy: RuleVerdict = { rule: "in-process", ok: false, reason: "Another dial is taking this lead right now." };

/** Serialises work on one phone number of a tenant (a claim against a Do Not Call being recorded). */
export const lockNumber = (db: Db, tenantId: number, phone: string) =>
  db.execute(sql`select pg_advisory_xact_lock(${tenantId}::int, hashtext(${phone}))`);

export async function claimLead(
  db: Db,
  ctx: RuleContext & { agent: AgentFacts },
  leadId: number,
  via: "auto" | "follow-up" | "redial",
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .select({ phone: leads.phone })
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.tenantId, ctx.tenant.id)))
      .for("update", { skipLocked: true });
    if (!row) return { ok: false, verdict: busy };
    await lockNumber(t, ctx.tenant.id, row.phone);
    const lead = await leadFactsById(t, ctx.tenant.id, leadId, ctx.now);
    const refused = leadFailure(ctx, lead!);
    if (refused) return { ok: false, verdict: refused };
    const since = new Date(ctx.now);
    const taken = await t
      .insert(inProcessLeads)
      .values({ leadId, tenantId: ctx.tenant.id, agentId: ctx.agent.id, since, via, ownerSet: lead!.ownerId === null })
      .onConflictDoUpdate({
        target: inProcessLeads.leadId,
        set: {
          agentId: ctx.agent.id,
          since,
          via,
          // Re-claiming its own lead (a redial) keeps what the first claim did to the owner.
          ownerSet: sql`case when ${inProcessLeads.agentId} = ${ctx.agent.id} then ${inProcessLeads.ownerSet} else excluded.owner_set end`,
        },
        setWhere: or(
          eq(inProcessLeads.agentId, ctx.agent.id),
          lt(inProcessLeads.since, new Date(ctx.now - CLAIM_TTL_MS)),
        ),
      })
      .returning({ leadId: inProcessLeads.leadId });
    if (taken.length === 0) return { ok: false, verdict: busy };
    // The agent works the lead: it becomes the agent's, so it may dispose it (access is by owner). A lapsed
    // claim's ownership (row owner set, facts owner null) passes to the new agent.
    if (lead!.ownerId === null)
      await t.update(leads).set({ ownerId: ctx.agent.id }).where(eq(leads.id, leadId));
    return { ok: true, lead: { ...lead!, ownerId: ctx.agent.id }, ownerSet: lead!.ownerId === null };
  });
}

/**
 * Lets go of claims: the lead leaves the agent's hands, and a lead the claim took from the pool goes back to
 * it (owner null) unless `keepOwner` (a disposition that left the agent a follow-up).
 */
export async function release(
  db: Db,
  where: { agentId: number; leadId?: number; keepOwner?: boolean },
): Promise<number> {
  const gone = await db
    .delete(inProcessLeads)
    .where(
      and(
        eq(inProcessLeads.agentId, where.agentId),
        where.leadId === undefined ? undefined : eq(inProcessLeads.leadId, where.leadId),
      ),
    )
    .returning({ leadId: inProcessLeads.leadId, ownerSet: inProcessLeads.ownerSet });
  const back = where.keepOwner ? [] : gone.filter((g) => g.ownerSet).map((g) => g.leadId);
  if (back.length)
    await db
      .update(leads)
      .set({ ownerId: null })
      .where(and(inArray(leads.id, back), eq(leads.ownerId, where.agentId)));
  return gone.length;
}
