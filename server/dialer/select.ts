// The engine's order of candidates and its walk through them. First the agent's due follow-ups (earliest
// first); then the pool: the tenant's leads nobody else owns whose status does not close them, fewest dials
// first, newest first (highest id: speed to lead), in pages. Every candidate is judged by the rules in order; the first
// failing rule is recorded as the reason it was skipped.
import { and, asc, eq, gt, isNull, lt, lte, notInArray, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { DialerRule, RuleVerdict } from "../../src/contract/dialer";
import { FINAL_STATUSES } from "../../src/contract/dispositions";
import type { Db } from "../db/client";
import { rowsOf } from "../db/client";
import { followUps, inProcessLeads, leads } from "../db/schema";
import { preparedOn } from "../db/prepared";
import { leadFailure } from "./evaluate";
import { lapsedBefore, type AgentFacts, type LeadFacts, type RuleContext } from "./facts";
import { factsQuery, factsValues, toFacts } from "./load";

const PAGE = 200;

export interface Skip {
  leadId: number;
  rule: DialerRule;
  reason: string;
}

/** What the walk saw: counts and one readable reason per rule, and every skip when `skipped` is kept. */
export interface Trace {
  counts: Partial<Record<DialerRule, number>>;
  samples: Partial<Record<DialerRule, string>>;
  /** The same samples as verdicts, with their reason key and values. */
  verdicts: Partial<Record<DialerRule, RuleVerdict>>;
  examined: number;
  skipped?: Skip[];
}

export const newTrace = (keepSkips = false): Trace => ({
  counts: {},
  samples: {},
  verdicts: {},
  examined: 0,
  ...(keepSkips ? { skipped: [] } : {}),
});

export function record(trace: Trace, leadId: number, v: RuleVerdict, n = 1): void {
  trace.counts[v.rule] = (trace.counts[v.rule] ?? 0) + n;
  trace.samples[v.rule] ??= v.reason;
  trace.verdicts[v.rule] ??= v;
  trace.skipped?.push({ leadId, rule: v.rule, reason: v.reason });
}

type AgentContext = RuleContext & { agent: AgentFacts };

type Value<T> = T | Placeholder;

const myPendingFollowUp = (agentId: Value<number>) =>
  sql`exists (select 1 from ${followUps} f where f.lead_id = ${leads.id} and f.state = 'pending' and f.agent_id = ${agentId})`;

/** The owner got the lead from a claim that has lapsed (see load.ts): one at or before `before`. */
const lapsedOwnership = (before: Value<string>) =>
  sql`exists (select 1 from ${inProcessLeads} c where c.lead_id = ${leads.id} and c.owner_set and c.agent_id = ${leads.ownerId} and c.since <= ${before})`;

const held = sql`exists (select 1 from lead_holds h where h.lead_id = ${leads.id})`;

interface PoolOf {
  tenantId: Value<number>;
  agentId: Value<number>;
  lapsedBefore: Value<string>;
}

/** The pool in SQL: exactly the leads the status, held and owner rules would not skip outright. */
function poolWhere(p: PoolOf, exclude: number[]): SQL {
  return and(
    eq(leads.tenantId, p.tenantId),
    or(isNull(leads.ownerId), eq(leads.ownerId, p.agentId), lapsedOwnership(p.lapsedBefore)),
    or(notInArray(leads.status, [...FINAL_STATUSES]), myPendingFollowUp(p.agentId)),
    or(sql`not ${held}`, myPendingFollowUp(p.agentId)),
    exclude.length ? notInArray(leads.id, exclude) : undefined,
  )!;
}

const poolOf = (ctx: AgentContext): PoolOf => ({
  tenantId: ctx.tenant.id,
  agentId: ctx.agent.id,
  lapsedBefore: lapsedBefore(ctx.now),
});

/** The first page is small: the first lead usually goes through, and its facts are all that is needed. */
const FIRST_PAGE = 25;

// NULLS LAST as leads_pool_idx is declared (id is never null): with the default NULLS FIRST the planner cannot
// read the index in this order and sorts the whole pool, computing every lead's facts first.
const poolOrder = [asc(leads.dials), sql`${leads.id} desc nulls last`];

/** The pool's first page, which nearly every auto-dial reads: prepared once (server/db/prepared.ts). */
const firstPageQuery = preparedOn((db: Db) =>
  factsQuery(db, "placeholders")
    .where(
      poolWhere(
        {
          tenantId: sql.placeholder("tenantId"),
          agentId: sql.placeholder("agentId"),
          lapsedBefore: sql.placeholder("lapsedBefore"),
        },
        [],
      ),
    )
    .orderBy(...poolOrder)
    .limit(FIRST_PAGE)
    .prepare("dialer_first_page"),
);

/** The pool's first page for an agent at `now`, as the walk would read it when the agent has no due follow-up. */
export async function firstPoolPage(db: Db, at: { tenantId: number; agentId: number; now: number }): Promise<LeadFacts[]> {
  const page = await firstPageQuery(db).execute({
    tenantId: at.tenantId,
    agentId: at.agentId,
    lapsedBefore: lapsedBefore(at.now),
    ...factsValues(at.now),
  });
  return page.map((r) => toFacts(r, at.now));
}

/**
 * The candidates in pages: the due follow-ups, then the pool's keyset pages. `firstPage`, the pool's first page
 * already being read for this agent at `ctx.now` (DialerEngine.readAhead), stands for that read.
 */
export async function* candidatePages(db: Db, ctx: AgentContext, firstPage?: Promise<LeadFacts[]>): AsyncGenerator<LeadFacts[]> {
  // loadAgent counted them: most dials find none and need not ask.
  const due = ctx.agent.dueFollowUps === 0 ? [] : await factsQuery(db, ctx.now)
    .where(
      and(
        eq(leads.tenantId, ctx.tenant.id),
        eq(followUps.agentId, ctx.agent.id),
        lte(followUps.startsAt, new Date(ctx.now + ctx.settings.followUpWindowMs)),
      ),
    )
    .orderBy(asc(followUps.startsAt))
    .limit(PAGE);
  if (due.length) yield due.map((r) => toFacts(r, ctx.now));
  const seen = due.map((r) => r.id);
  // Keyset pages over (dials asc, id desc): a lead dialled meanwhile cannot shift a page.
  let after: { dials: number; id: number } | null = null;
  // Pages double up to PAGE: under load the first page is often taken by other agents' dials before this one
  // claims, and a page costs its leads' facts (200 at once made the fall-through dearer than the overload).
  for (let size = FIRST_PAGE; ; size = Math.min(PAGE, size * 2)) {
    const first = after === null && seen.length === 0;
    const page: LeadFacts[] = first
      ? await (firstPage ?? firstPoolPage(db, { tenantId: ctx.tenant.id, agentId: ctx.agent.id, now: ctx.now }))
      : (
          await factsQuery(db, ctx.now)
            .where(
              and(
                poolWhere(poolOf(ctx), seen),
                after
                  ? or(gt(leads.dials, after.dials), and(eq(leads.dials, after.dials), lt(leads.id, after.id)))
                  : undefined,
              ),
            )
            .orderBy(...poolOrder)
            .limit(size)
        ).map((r) => toFacts(r, ctx.now));
    if (page.length) yield page;
    if (page.length < size) return;
    const last = page[page.length - 1]!;
    after = { dials: last.dials, id: last.id };
  }
}

export async function* candidates(db: Db, ctx: AgentContext): AsyncGenerator<LeadFacts> {
  for await (const page of candidatePages(db, ctx)) yield* page;
}

/** What a claim over a page's callable leads answers: the lead it took, and why each one before it was not. */
export interface PageClaim {
  claimed: LeadFacts | null;
  refused: { leadId: number; verdict: RuleVerdict }[];
}

/**
 * Walks the candidates and answers the first lead every rule lets through. With `claim`, the leads of a page
 * that the rules let through go to it together, in order (claimFirst takes the first one still free, instead of
 * one transaction per lead when many agents read the same page at once).
 */
export async function walk(
  db: Db,
  ctx: AgentContext,
  trace: Trace,
  claim?: (leads: LeadFacts[]) => Promise<PageClaim>,
  firstPage?: Promise<LeadFacts[]>,
): Promise<LeadFacts | null> {
  for await (const page of candidatePages(db, ctx, firstPage)) {
    const callable: LeadFacts[] = [];
    for (const lead of page) {
      trace.examined++;
      const v = leadFailure(ctx, lead);
      if (v) {
        record(trace, lead.id, v);
        continue;
      }
      if (!claim) return lead;
      callable.push(lead);
    }
    if (!claim || callable.length === 0) continue;
    const c = await claim(callable);
    for (const r of c.refused) record(trace, r.leadId, r.verdict);
    if (c.claimed) return c.claimed;
  }
  return null;
}

/** Counts of the leads the pool query left out, under the rule that skips each (dnc, status, held, owner). */
export async function outsidePool(db: Db, ctx: AgentContext): Promise<Partial<Record<DialerRule, number>>> {
  const final = sql.join(
    FINAL_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = rowsOf<{ rule: DialerRule; n: number }>(
    await db.execute(sql`
      select rule, count(*)::int as n from (
        select case
          when ${leads.status} in (${final}) and not ${myPendingFollowUp(ctx.agent.id)}
            then case when ${leads.status} = 'Do Not Call' then 'dnc' else 'status' end
          when ${held} and not ${myPendingFollowUp(ctx.agent.id)} then 'held'
          when ${leads.ownerId} is not null and ${leads.ownerId} <> ${ctx.agent.id} and not ${lapsedOwnership(lapsedBefore(ctx.now))}
            then 'owner'
        end as rule
        from ${leads} where ${leads.tenantId} = ${ctx.tenant.id}
      ) x where rule is not null group by rule`),
  );
  return Object.fromEntries(rows.map((r) => [r.rule, Number(r.n)]));
}

export async function leadCount(db: Db, tenantId: number): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${leads} where ${leads.tenantId} = ${tenantId}`),
  );
  return Number(rows[0]?.n ?? 0);
}
