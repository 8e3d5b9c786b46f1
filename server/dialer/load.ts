// Loads the facts the rules judge, for the engine, the claims (claim.ts) and explain alike. Each
// loader is one query: the engine runs on every auto-dial tick (performance.md X5).
import { and, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { WithSubquery } from "drizzle-orm/subquery";
import { instantOf, startOfLocalDay, startOfLocalHour, wallClock } from "../../src/shared/zoned-time";
import { dncInForce } from "../compliance/dncLists";
import type { Db } from "../db/client";
import { preparedOn } from "../db/prepared";
import { followUps, inProcessLeads, leads, tenants, users } from "../db/schema";
import { CLAIM_TTL_MS, type AgentFacts, type LeadFacts, type TenantFacts } from "./facts";
import { ENGINE_SETTING_KEYS, engineSettingsOf, type EngineSettings } from "./settings";

const isoOf = (ms: number) => new Date(ms).toISOString();
/** Qualified columns for correlated subqueries (drizzle leaves a single table's columns unqualified). */
const U = (column: string) => sql.raw(`"users"."${column}"`);
const L = (column: string) => sql.raw(`"leads"."${column}"`);

/**
 * The call centre, its campaigns and the engine's settings documents in one read: every auto-dial reads them,
 * prepared once (server/db/prepared.ts).
 */
const tenantQuery = preparedOn((db: Db) =>
  db
    .select({
      id: tenants.id,
      timezone: tenants.timezone,
      campaigns: sql<{ id: number; name: string; active: boolean }[]>`(
        select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'active', c.active)), '[]'::json)
        from lead_campaigns c where c.tenant_id = ${sql.raw('"tenants"."id"')})`,
      settings: sql<{ key: string; value: unknown }[]>`(
        select coalesce(json_agg(json_build_object('key', s.key, 'value', s.value)), '[]'::json)
        from settings s where s.tenant_id = ${sql.raw('"tenants"."id"')} and s.key = any(${sql.placeholder("keys")}::text[]))`,
    })
    .from(tenants)
    .where(eq(tenants.id, sql.placeholder("tenantId")))
    .prepare("dialer_tenant"),
);

const settingKeys = `{${ENGINE_SETTING_KEYS.map((k) => `"${k}"`).join(",")}}`;

/** The call centre the auto-dial judges by, with its engine settings; null for none. */
export async function loadTenant(db: Db, tenantId: number): Promise<{ tenant: TenantFacts; settings: EngineSettings } | null> {
  const [t] = await tenantQuery(db).execute({ tenantId, keys: settingKeys });
  if (!t) return null;
  return {
    tenant: { id: t.id, timezone: t.timezone, campaigns: new Map(t.campaigns.map((c) => [c.id, c])) },
    settings: engineSettingsOf(t.settings),
  };
}

/** Starts of the call centre's current hour, day, week (Monday) and month. */
export function periodStarts(now: number, timeZone: string) {
  const w = wallClock(now, timeZone);
  return {
    hour: startOfLocalHour(now, timeZone),
    day: startOfLocalDay(now, timeZone),
    week: instantOf(w.year, w.month, w.day - ((w.weekday + 6) % 7), 0, 0, timeZone),
    month: instantOf(w.year, w.month, 1, 0, 0, timeZone),
  };
}

/** Statuses in which an agent counts as available (agent-workspace §4: Ready or ACW). */
const AVAILABLE = sql`('ready', 'after_call_work')`;

/** Some publisher-suppression minimum (of a role or a state) is above 0. */
const suppressionSet = (settings: EngineSettings) =>
  Object.values(settings.publisherSuppression.params ?? {}).some((n) => Number(n) > 0);

/** The agent's facts, prepared once per database, with and without the count only publisher suppression reads. */
const agentQueries = preparedOn((db: Db) => {
  const at = sql.placeholder("at");
  const since = (from: string) => sql`count(*) filter (where c.started_at >= ${sql.placeholder(from)})`;
  const query = (availableOthers: SQL<number>, name: string) =>
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        level: users.level,
        language: users.language,
        isBilingual: users.isBilingual,
        inboundOnly: users.inboundOnly,
        outboundEligibility: users.outboundEligibility,
        deactivated: users.deactivated,
        extension: users.extension,
        callableStates: users.callableStates,
        campaignIds: sql<number[]>`(
          select coalesce(json_agg(q.campaign_id), '[]'::json) from campaign_qualifiers q where q.user_id = ${U("id")})`,
        groupPrefixes: sql<string[]>`(
          select coalesce(json_agg(p.name), '[]'::json) from lead_group_advisors ga
          join lead_group_prefixes gp on gp.group_id = ga.group_id
          join lead_prefixes p on p.id = gp.prefix_id
          where ga.user_id = ${U("id")})`,
        dials: sql<AgentFacts["dials"]>`(
          select json_build_object('hour', ${since("hour")}, 'day', ${since("day")}, 'week', ${since("week")}, 'month', ${since("month")})
          from calls c where c.agent_id = ${U("id")} and c.direction = 0
            and c.started_at >= ${sql.placeholder("weekOrMonth")} and c.started_at <= ${at})`,
        overdue: sql<number>`(
          select count(*)::int from follow_ups f where f.agent_id = ${U("id")} and f.state = 'pending'
            and f.starts_at < ${sql.placeholder("overdueBefore")})`,
        // Due follow-ups are counted here so the engine skips its follow-up query when there are none (the
        // usual case): one statement fewer per auto-dial.
        dueFollowUps: sql<number>`(
          select count(*)::int from follow_ups f where f.agent_id = ${U("id")} and f.state = 'pending'
            and f.starts_at <= ${sql.placeholder("dueBy")})`,
        availableOthers,
      })
      .from(users)
      .where(and(eq(users.id, sql.placeholder("agentId")), eq(users.tenantId, sql.placeholder("tenantId"))))
      .prepare(name);
  return {
    plain: query(sql<number>`0`, "dialer_agent"),
    // Counting the tenant's available agents reads every agent's status (2,000 rows a dial in a large call
    // centre): only when a publisher-suppression minimum is set, the only rule that reads it.
    withAvailable: query(
      sql<number>`(
        select count(*)::int from agent_statuses s join users o on o.id = s.user_id
        where s.tenant_id = ${U("tenant_id")} and s.status in ${AVAILABLE} and o.role = ${U("role")}
          and not o.deactivated and o.id <> ${U("id")})`,
      "dialer_agent_with_available",
    ),
  };
});

export async function loadAgent(
  db: Db,
  agentId: number,
  tenant: TenantFacts,
  settings: EngineSettings,
  now: number,
): Promise<AgentFacts | null> {
  const p = periodStarts(now, tenant.timezone);
  const queries = agentQueries(db);
  const [u] = await (suppressionSet(settings) ? queries.withAvailable : queries.plain).execute({
    agentId,
    tenantId: tenant.id,
    at: isoOf(now),
    hour: isoOf(p.hour),
    day: isoOf(p.day),
    week: isoOf(p.week),
    month: isoOf(p.month),
    weekOrMonth: isoOf(Math.min(p.week, p.month)),
    overdueBefore: isoOf(now - settings.followUpWindowMs),
    dueBy: isoOf(now + settings.followUpWindowMs),
  });
  if (!u) return null;
  return {
    id: u.id,
    name: `${u.firstName} ${u.lastName}`.trim(),
    role: u.role,
    level: u.level,
    language: u.language,
    isBilingual: u.isBilingual,
    inboundOnly: u.inboundOnly,
    outboundEligibility: u.outboundEligibility,
    deactivated: u.deactivated,
    extension: u.extension,
    callableStates: u.callableStates ?? null,
    campaignIds: new Set(u.campaignIds),
    groupPrefixes: new Set(u.groupPrefixes),
    dials: u.dials,
    overdueFollowUps: Number(u.overdue),
    dueFollowUps: Number(u.dueFollowUps),
    availableOthers: Number(u.availableOthers),
  };
}

/**
 * A lead with what happened to it, in one row: its latest outbound call and those of the last 24 hours,
 * its Do Not Call entry, who holds it in process, its pending follow-up (at most one per lead).
 */
function factsColumns(at: string | Placeholder, dayAgo: string | Placeholder) {
  return {
    id: leads.id,
    marketingId: leads.marketingId,
    prefix: leads.prefix,
    campaignId: leads.campaignId,
    firstName: leads.firstName,
    lastName: leads.lastName,
    phone: leads.phone,
    status: leads.status,
    language: leads.language,
    state: leads.state,
    country: leads.country,
    timezone: leads.timezone,
    dials: leads.dials,
    ownerId: leads.ownerId,
    lastDialAt: sql<string | Date | null>`(
      select max(c.started_at) from calls c
      where c.lead_id = ${L("id")} and c.direction = 0 and c.started_at <= ${at})`,
    callsLast24h: sql<number>`(
      select count(*)::int from calls c
      where c.lead_id = ${L("id")} and c.direction = 0 and c.started_at <= ${at}
        and c.started_at > ${dayAgo})`,
    // Every Do Not Call list, the internal one and the imported ones: the earliest entry in force.
    dncSince: sql<string | Date | null>`(
      select min(d.added_at) from dnc_numbers d
      where d.tenant_id = ${L("tenant_id")} and d.phone = ${L("phone")} and ${dncInForce(at, "d")})`,
    dncList: sql<string | null>`(
      select l.name from dnc_numbers d join dnc_lists l on l.id = d.list_id
      where d.tenant_id = ${L("tenant_id")} and d.phone = ${L("phone")} and ${dncInForce(at, "d")}
      order by d.added_at limit 1)`,
    heldBy: sql<string | null>`(select h.label from lead_holds h where h.lead_id = ${L("id")} order by h.holder limit 1)`,
    claimAgentId: inProcessLeads.agentId,
    claimSince: inProcessLeads.since,
    claimOwnerSet: inProcessLeads.ownerSet,
    followUpId: followUps.id,
    followUpAgentId: followUps.agentId,
    followUpStartsAt: followUps.startsAt,
    followUpType: followUps.type,
    followUpKind: followUps.kind,
  };
}

const DAY_MS = 24 * 3600_000;

/**
 * The facts query, for callers to narrow, order and page; as of `now`, or of the placeholders `at` and `dayAgo`
 * (24 hours before it) for a statement prepared once (`factsValues`).
 */
export function factsQuery(db: Db, now: number | "placeholders") {
  const [at, dayAgo] =
    now === "placeholders" ? [sql.placeholder("at"), sql.placeholder("dayAgo")] : [isoOf(now), isoOf(now - DAY_MS)];
  return db
    .select(factsColumns(at, dayAgo))
    .from(leads)
    .leftJoin(inProcessLeads, claimOf)
    .leftJoin(followUps, pendingFollowUpOf)
    .$dynamic();
}

const claimOf = eq(inProcessLeads.leadId, leads.id);
const pendingFollowUpOf = and(eq(followUps.leadId, leads.id), eq(followUps.state, "pending"));

/**
 * The facts query with `extra` columns and the statement's common table expressions before it (the claim's,
 * which locks and takes the lead in the same statement: claim.ts), as of the placeholders `at` and `dayAgo`.
 */
export function factsQueryWith<Extra extends Record<string, SQL>>(db: Db, ctes: WithSubquery[], extra: Extra) {
  return db
    .with(...ctes)
    .select({ ...factsColumns(sql.placeholder("at"), sql.placeholder("dayAgo")), ...extra })
    .from(leads)
    .leftJoin(inProcessLeads, claimOf)
    .leftJoin(followUps, pendingFollowUpOf)
    .$dynamic();
}

/** The values of a prepared facts query's `at` and `dayAgo`. */
export const factsValues = (now: number) => ({ at: isoOf(now), dayAgo: isoOf(now - DAY_MS) });

export type FactsRow = Awaited<ReturnType<ReturnType<typeof factsQuery>["execute"]>>[number];

const ms = (v: string | Date | null) => (v === null ? null : new Date(v).getTime());

export function toFacts(r: FactsRow, now: number): LeadFacts {
  const claimSince = r.claimSince?.getTime() ?? null;
  // A lapsed claim no longer holds the lead, nor the ownership it gave (the agent left without disposing).
  const lapsed = claimSince !== null && claimSince <= now - CLAIM_TTL_MS;
  return {
    id: r.id,
    marketingId: r.marketingId,
    prefix: r.prefix,
    campaignId: r.campaignId,
    firstName: r.firstName,
    lastName: r.lastName,
    phone: r.phone,
    status: r.status,
    language: r.language,
    state: r.state,
    country: r.country === "CA" ? "CA" : "US",
    timezone: r.timezone?.trim() || null,
    dials: r.dials,
    ownerId: lapsed && r.claimOwnerSet && r.ownerId === r.claimAgentId ? null : r.ownerId,
    lastDialAt: ms(r.lastDialAt),
    callsLast24h: Number(r.callsLast24h),
    dncSince: ms(r.dncSince),
    dncList: r.dncList,
    heldBy: r.heldBy,
    claim: r.claimAgentId !== null && claimSince !== null && !lapsed ? { agentId: r.claimAgentId, since: claimSince } : null,
    followUp:
      r.followUpId !== null
        ? {
            id: r.followUpId,
            agentId: r.followUpAgentId!,
            startsAt: r.followUpStartsAt!.getTime(),
            type: r.followUpType!,
            kind: r.followUpKind!,
          }
        : null,
  };
}

/** Facts of leads chosen by `where` (one tenant's). */
export async function loadFacts(db: Db, now: number, where: SQL | undefined): Promise<LeadFacts[]> {
  return (await factsQuery(db, now).where(where)).map((r) => toFacts(r, now));
}

/** One lead's facts: prepared once, since every named dial's claim reads them inside its transaction. */
const leadFactsQuery = preparedOn((db: Db) =>
  factsQuery(db, "placeholders")
    .where(and(eq(leads.id, sql.placeholder("leadId")), eq(leads.tenantId, sql.placeholder("tenantId"))))
    .prepare("dialer_lead_facts"),
);

export async function leadFactsById(db: Db, tenantId: number, leadId: number, now: number): Promise<LeadFacts | null> {
  const [r] = await leadFactsQuery(db).execute({ leadId, tenantId, ...factsValues(now) });
  return r ? toFacts(r, now) : null;
}
