// Claiming a lead for an agent, in one transaction: lock the lead row (SKIP LOCKED: a lead another dial is
// taking is simply passed over), lock its number against a concurrent Do Not Call, reload its facts and judge
// it again with the same rules (Do Not Call at dial time, not when the candidates were read), then record
// the claim in in_process_leads, whose primary key is the lead: two agents never hold the same lead.
// PostgreSQL runs claims side by side under these locks; PGlite runs transactions one at a time.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { RuleVerdict } from "../../src/contract/dialer";
import { rowsOf, type Db } from "../db/client";
import { preparedSql } from "../db/prepared";
import { inProcessLeads, leads } from "../db/schema";
import { leadFailure } from "./evaluate";
import { reasonText } from "./reasons";
import { lapsedBefore, type AgentFacts, type LeadFacts, type RuleContext } from "./facts";
import { leadFactsById } from "./load";

export type Claim =
  | { ok: true; lead: LeadFacts; ownerSet: boolean }
  | { ok: false; verdict: RuleVerdict };

const busy: RuleVerdict = { rule: "in-process", ok: false, reason: reasonText("in_process_busy"), key: "in_process_busy" };

/** Serialises work on one phone number of a tenant (a claim against a Do Not Call being recorded). */
export const lockNumber = (db: Db, tenantId: number, phone: string) =>
  db.execute(sql`select pg_advisory_xact_lock(${tenantId}::int, hashtext(${phone}))`);

type AgentContext = RuleContext & { agent: AgentFacts };

/** One lead, named (a follow-up dial, a redial, a test): its row and number locked, then judged and taken. */
export async function claimLead(db: Db, ctx: AgentContext, leadId: number, via: "auto" | "follow-up" | "redial"): Promise<Claim> {
  const tenantId = ctx.tenant.id;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // The row lock, then the number's lock, in one statement (the lock's argument is the locked row's own
    // number). A row another dial holds is skipped, so no number lock is taken for it.
    const [row] = rowsOf<{ id: number }>(
      await t.execute(sql`
        with lead as materialized (
          select id, phone from ${leads} where ${leads.id} = ${leadId} and ${leads.tenantId} = ${tenantId}
          for update skip locked)
        select id, pg_advisory_xact_lock(${tenantId}::int, hashtext(phone))::text as locked from lead`),
    );
    if (!row) return { ok: false, verdict: busy };
    return judgeAndTake(t, ctx, leadId, via);
  });
}

/**
 * Auto-dial: the first of `leadIds` (the callable leads of a page, in the engine's order) that is still free,
 * in one transaction. One statement locks the first lead nobody holds, skipping the rows other dials have
 * locked and the leads claimed or owned since the page was read (many agents read the same page at once);
 * the lead is then judged again and taken, or the next one is tried. The rules stay the judge: the statement
 * only passes over leads they would refuse (in process, another agent's).
 */
const firstFree = preparedSql<{ id: number }>(
  "dialer_claim_first_free",
  sql`
    with lead as materialized (
      select l.id, l.phone from ${leads} l
      where l.id = any(${sql.placeholder("ids")}::int[]) and l.tenant_id = ${sql.placeholder("tenantId")}
        and (l.owner_id is null or l.owner_id = ${sql.placeholder("agentId")} or exists (
          select 1 from ${inProcessLeads} c where c.lead_id = l.id and c.owner_set and c.agent_id = l.owner_id
            and c.since <= ${sql.placeholder("lapsedBefore")}::timestamptz))
        and not exists (
          select 1 from ${inProcessLeads} c where c.lead_id = l.id and c.since > ${sql.placeholder("lapsedBefore")}::timestamptz)
      order by array_position(${sql.placeholder("ids")}::int[], l.id)
      limit 1
      for update of l skip locked)
    select id, pg_advisory_xact_lock(${sql.placeholder("tenantId")}::int, hashtext(phone))::text as locked from lead`,
);

export async function claimFirst(
  db: Db,
  ctx: AgentContext,
  leadIds: number[],
): Promise<{ claim: Extract<Claim, { ok: true }> | null; refused: { leadId: number; verdict: RuleVerdict }[] }> {
  const tenantId = ctx.tenant.id;
  const agentId = ctx.agent.id;
  const lapsed = lapsedBefore(ctx.now);
  const refused: { leadId: number; verdict: RuleVerdict }[] = [];
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    let rest = leadIds;
    while (rest.length) {
      const ids = `{${rest.map((id) => Math.trunc(id)).join(",")}}`;
      const [row] = await firstFree(t, { ids, tenantId, agentId, lapsedBefore: lapsed });
      const at = row ? rest.indexOf(Number(row.id)) : rest.length;
      for (const leadId of rest.slice(0, at)) refused.push({ leadId, verdict: busy });
      if (!row) break;
      const c = await judgeAndTake(t, ctx, Number(row.id), "auto");
      if (c.ok) return { claim: c, refused };
      refused.push({ leadId: Number(row.id), verdict: c.verdict });
      rest = rest.slice(at + 1);
    }
    return { claim: null, refused };
  });
}

// The claim and, for a lead from the pool, its ownership, in one statement. The agent works the lead: it
// becomes the agent's, so it may dispose it (access is by owner); a lapsed claim's ownership (row owner set,
// facts owner null) passes to the new agent. Re-claiming its own lead (a redial) keeps what the first claim did
// to the owner.
const take = preparedSql<{ n: number }>(
  "dialer_claim_take",
  sql`
    with claim as (
      insert into ${inProcessLeads} (lead_id, tenant_id, agent_id, since, via, owner_set)
      values (${sql.placeholder("leadId")}::int, ${sql.placeholder("tenantId")}::int, ${sql.placeholder("agentId")}::int,
        ${sql.placeholder("since")}::timestamptz, ${sql.placeholder("via")}::text, ${sql.placeholder("ownerSet")}::boolean)
      on conflict (lead_id) do update set
        agent_id = excluded.agent_id, since = excluded.since, via = excluded.via,
        owner_set = case when in_process_leads.agent_id = excluded.agent_id
          then in_process_leads.owner_set else excluded.owner_set end
      where in_process_leads.agent_id = excluded.agent_id
        or in_process_leads.since < ${sql.placeholder("lapsedBefore")}::timestamptz
      returning lead_id),
    owner as (
      update ${leads} set owner_id = ${sql.placeholder("agentId")}::int
      where ${sql.placeholder("ownerSet")}::boolean and id in (select lead_id from claim)
      returning id)
    select (select count(*)::int from claim) as n, (select count(*)::int from owner) as owned`,
);

/** Inside the claim's transaction, the lead's row and number locked: reload, judge again, take. */
async function judgeAndTake(t: Db, ctx: AgentContext, leadId: number, via: "auto" | "follow-up" | "redial"): Promise<Claim> {
  const tenantId = ctx.tenant.id;
  const agentId = ctx.agent.id;
  // A statement of its own, after the number's lock: it sees a Do Not Call committed while the lock waited.
  const lead = await leadFactsById(t, tenantId, leadId, ctx.now);
  if (!lead) return { ok: false, verdict: busy };
  const refused = leadFailure(ctx, lead);
  if (refused) return { ok: false, verdict: refused };
  const since = new Date(ctx.now).toISOString();
  const ownerSet = lead.ownerId === null;
  const [taken] = await take(t, { leadId, tenantId, agentId, since, via, ownerSet, lapsedBefore: lapsedBefore(ctx.now) });
  if (!taken || Number(taken.n) === 0) return { ok: false, verdict: busy };
  return { ok: true, lead: { ...lead, ownerId: agentId }, ownerSet };
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
