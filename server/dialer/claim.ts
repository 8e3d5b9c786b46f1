// Claiming a lead for an agent: the lead row locked (SKIP LOCKED: a lead another dial is taking is simply
// passed over), its facts judged again with the same rules, and the claim recorded in in_process_leads, whose
// primary key is the lead: two agents never hold the same lead. A named lead (a follow-up dial, a redial) is
// claimed in one transaction that also locks its number against a concurrent Do Not Call and reads its facts
// after that lock; the auto-dial's claim is one statement, its refusals let go at once (claimFirst).
// PostgreSQL runs claims side by side under these locks; PGlite runs statements one at a time.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { RuleVerdict } from "../../src/contract/dialer";
import { rowsOf, type Db } from "../db/client";
import { preparedOn, preparedSql } from "../db/prepared";
import { inProcessLeads, leads } from "../db/schema";
import { leadFailure } from "./evaluate";
import { reasonText } from "./reasons";
import { lapsedBefore, type AgentFacts, type LeadFacts, type RuleContext } from "./facts";
import { factsQueryWith, factsValues, leadFactsById, toFacts } from "./load";

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
 * locked, taken and read in one statement (issue 39: the dial's round trips). It locks the first lead nobody
 * holds, skipping the rows other dials have locked and the leads claimed or owned since the page was read
 * (many agents read the same page at once); records the claim, and the lead's ownership when it came from the
 * pool; and answers the lead's facts as they were when the statement began. The rules then judge those facts:
 * a lead they refuse is let go at once (release) and the next one is tried. The statement only passes over
 * leads the rules would refuse (in process, another agent's); Do Not Call is judged here on the statement's
 * snapshot and again by the compliance gate under the number's lock just before the call is placed
 * (server/compliance/gate.ts), which sees an entry committed after this statement began.
 */
const claimFirstFree = preparedOn((db: Db) => {
  const p = sql.placeholder;
  // The ownership a lapsed claim gave passes on: the row's owner set by a claim that has lapsed (load.ts).
  const lapsedOwner = sql`exists (
    select 1 from ${inProcessLeads} c where c.lead_id = l.id and c.owner_set and c.agent_id = l.owner_id
      and c.since <= ${p("lapsedBefore")}::timestamptz)`;
  const lead = db.$with("lead", { id: sql<number>`id`, ownerSet: sql<boolean>`owner_set` }).as(sql`
    select l.id, (l.owner_id is null or ${lapsedOwner}) as owner_set from ${leads} l
    where l.id = any(${p("ids")}::int[]) and l.tenant_id = ${p("tenantId")}::int
      and (l.owner_id is null or l.owner_id = ${p("agentId")}::int or ${lapsedOwner})
      and not exists (
        select 1 from ${inProcessLeads} c where c.lead_id = l.id and c.since > ${p("lapsedBefore")}::timestamptz)
    order by array_position(${p("ids")}::int[], l.id)
    limit 1
    for update of l skip locked`);
  const claim = db.$with("claim", { leadId: sql<number>`lead_id` }).as(sql`
    insert into ${inProcessLeads} (lead_id, tenant_id, agent_id, since, via, owner_set)
    select id, ${p("tenantId")}::int, ${p("agentId")}::int, ${p("since")}::timestamptz, 'auto', owner_set from lead
    ${onConflictTake}
    returning lead_id`);
  const owner = db.$with("owner", { id: sql<number>`id` }).as(sql`
    update ${leads} set owner_id = ${p("agentId")}::int
    where id in (select id from lead where owner_set) and exists (select 1 from claim)
    returning id`);
  return factsQueryWith(db, [lead, claim, owner], {
    taken: sql<boolean>`exists (select 1 from claim)`,
    ownerSet: sql<boolean>`(select owner_set from lead)`,
  })
    .where(eq(leads.id, sql`(select id from lead)`))
    .prepare("dialer_claim_first_free");
});

export async function claimFirst(
  db: Db,
  ctx: AgentContext,
  leadIds: number[],
): Promise<{ claim: Extract<Claim, { ok: true }> | null; refused: { leadId: number; verdict: RuleVerdict }[] }> {
  const tenantId = ctx.tenant.id;
  const agentId = ctx.agent.id;
  const since = new Date(ctx.now).toISOString();
  const values = { tenantId, agentId, since, lapsedBefore: lapsedBefore(ctx.now), ...factsValues(ctx.now) };
  const refused: { leadId: number; verdict: RuleVerdict }[] = [];
  let rest = leadIds;
  while (rest.length) {
    const ids = `{${rest.map((id) => Math.trunc(id)).join(",")}}`;
    const [row] = await claimFirstFree(db).execute({ ...values, ids });
    const at = row ? rest.indexOf(row.id) : rest.length;
    for (const leadId of rest.slice(0, at)) refused.push({ leadId, verdict: busy });
    if (!row) break;
    rest = rest.slice(at + 1);
    if (!row.taken) {
      refused.push({ leadId: row.id, verdict: busy });
      continue;
    }
    const lead = toFacts(row, ctx.now);
    const no = leadFailure(ctx, lead);
    if (no) {
      await release(db, { agentId, leadId: lead.id });
      refused.push({ leadId: lead.id, verdict: no });
      continue;
    }
    return { claim: { ok: true, lead: { ...lead, ownerId: agentId }, ownerSet: row.ownerSet }, refused };
  }
  return { claim: null, refused };
}

// A claim's conflict: the agent's own claim is taken again (keeping what the first did to the owner), a lapsed
// one passes to the new agent, a live one of another agent stays (no row).
const onConflictTake = sql`
  on conflict (lead_id) do update set
    agent_id = excluded.agent_id, since = excluded.since, via = excluded.via,
    owner_set = case when in_process_leads.agent_id = excluded.agent_id
      then in_process_leads.owner_set else excluded.owner_set end
  where in_process_leads.agent_id = excluded.agent_id
    or in_process_leads.since < ${sql.placeholder("lapsedBefore")}::timestamptz`;

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
      ${onConflictTake}
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
