// The status module's queries: who the agent is (role, variant, tenant features), its current period,
// what it already took today, and its current call.
import { and, desc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Variant } from "../../../src/contract/common";
import { StatusSource } from "../../../src/contract/socket";
import { AgentStatus, type CurrentCall } from "../../../src/contract/status";
import type { Db } from "../../db/client";
import { preparedOn, preparedSql } from "../../db/prepared";
import { agentStatusChanges, agentStatuses, calls, overstays, tenants, users } from "../../db/schema";
import type { AgentProfile, Allowance, Period } from "./machine";

export interface Agent extends AgentProfile {
  id: number;
  tenantId: number;
  timezone: string;
  extension: string | null;
  hasWebrtc: boolean;
  name: string;
}

export interface CurrentPeriod extends Period {
  periodId: number | null;
  source: StatusSource;
}

/** Any transaction or the database itself. */
export type Queryable = Pick<Db, "select" | "insert" | "update">;

const agentColumns = {
  id: users.id,
  tenantId: users.tenantId,
  role: users.role,
  deactivated: users.deactivated,
  extension: users.extension,
  hasWebrtc: users.hasWebrtc,
  firstName: users.firstName,
  lastName: users.lastName,
  variant: tenants.variant,
  features: tenants.features,
  timezone: tenants.timezone,
};

interface AgentRow {
  id: number;
  tenantId: number;
  role: string;
  deactivated: boolean;
  extension: string | null;
  hasWebrtc: boolean;
  firstName: string;
  lastName: string;
  variant: string;
  features: Record<string, boolean>;
  timezone: string;
}

function toAgent(r: AgentRow): Agent {
  return {
    id: r.id,
    tenantId: r.tenantId,
    role: r.role,
    variant: r.variant as Variant,
    deactivated: r.deactivated,
    cumulativeBreaks: r.features["cumulative-breaks"] === true,
    timezone: r.timezone,
    extension: r.extension,
    hasWebrtc: r.hasWebrtc,
    name: `${r.firstName} ${r.lastName}`,
  };
}

export async function agentOf(db: Queryable, userId: number): Promise<Agent | undefined> {
  // Only the columns needed: this runs on every status change and socket connection.
  const [r] = await db.select(agentColumns).from(users).innerJoin(tenants, eq(tenants.id, users.tenantId)).where(eq(users.id, userId)).limit(1);
  return r ? toAgent(r) : undefined;
}

/** Prepared once per database: it runs on every status change and socket connection. */
const agentAndPeriodQuery = preparedOn((db: Queryable) =>
  db
    .select({ ...agentColumns, current: agentStatuses })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(agentStatuses, eq(agentStatuses.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare("status_agent_and_period"),
);

/** The agent and its stored period as read, for a change decided later (StatusService.readAhead). */
export interface AgentAndPeriodRow {
  agent: Agent;
  current: typeof agentStatuses.$inferSelect | null;
}

export async function readAgentAndPeriod(db: Queryable, userId: number): Promise<AgentAndPeriodRow | undefined> {
  const [r] = await agentAndPeriodQuery(db).execute({ userId });
  return r ? { agent: toAgent(r), current: r.current } : undefined;
}

/** The agent and its current period at `now`, from a read. */
export const periodAt = (read: AgentAndPeriodRow, now: number) => ({ agent: read.agent, period: periodOf(read.current, now) });

/** The agent and its current period in one query (every status change, every socket connection). */
export async function agentAndPeriodOf(db: Queryable, userId: number, now: number): Promise<{ agent: Agent; period: CurrentPeriod & { stored: boolean } } | undefined> {
  const read = await readAgentAndPeriod(db, userId);
  return read && periodAt(read, now);
}

/** A new period, as written by a status change. */
export interface NewPeriod {
  tenantId: number;
  userId: number;
  from: AgentStatus;
  to: AgentStatus;
  at: Date;
  previousDuration: number;
  offsetSeconds: number;
  source: StatusSource;
  actorId: number | null;
  reason: string | undefined;
}

/**
 * Moves the agent from the period `fromPeriodId` to a new one in one statement: the audit row, the current
 * period and the end of the old period's overstay, all or nothing, and only while `fromPeriodId` is still
 * current (the row lock orders it against any other change). Returns the new period's id, or undefined
 * when another change got there first: the caller then decides again on what it finds.
 */
const moveStatement = preparedSql<{ id: number | string }>(
  "status_move",
  sql`
    with cur as (
      select ${agentStatuses.userId} from ${agentStatuses}
      where ${agentStatuses.userId} = ${sql.placeholder("userId")} and ${agentStatuses.periodId} = ${sql.placeholder("fromPeriodId")}
      for update
    ), change as (
      insert into ${agentStatusChanges} (tenant_id, user_id, from_status, to_status, at, previous_duration, source, actor_id, reason)
      select ${sql.placeholder("tenantId")}::int, ${sql.placeholder("userId")}::int, ${sql.placeholder("from")}::text,
        ${sql.placeholder("to")}::text, ${sql.placeholder("at")}::timestamptz, ${sql.placeholder("previousDuration")}::int,
        ${sql.placeholder("source")}::text, ${sql.placeholder("actorId")}::int, ${sql.placeholder("reason")}::text
      from cur
      returning id
    ), moved as (
      update ${agentStatuses}
      set status = ${sql.placeholder("to")}::text, since = ${sql.placeholder("at")}::timestamptz,
        offset_seconds = ${sql.placeholder("offsetSeconds")}::int, period_id = change.id, source = ${sql.placeholder("source")}::text
      from change
      where ${agentStatuses.userId} = ${sql.placeholder("userId")}
    ), ended as (
      update ${overstays} set ended_at = ${sql.placeholder("at")}::timestamptz
      where ${overstays.periodId} = ${sql.placeholder("fromPeriodId")} and exists (select 1 from change)
    )
    select id from change`,
);

/**
 * Moves the agent from the period `fromPeriodId` to a new one in one statement: the audit row, the current
 * period and the end of the old period's overstay, all or nothing, and only while `fromPeriodId` is still
 * current (the row lock orders it against any other change). Returns the new period's id, or undefined
 * when another change got there first: the caller then decides again on what it finds. Prepared once: every
 * status change of the floor runs it (three a dial cycle).
 */
export async function moveIfCurrent(db: object, fromPeriodId: number, p: NewPeriod): Promise<number | undefined> {
  const [row] = await moveStatement(db, {
    userId: p.userId,
    fromPeriodId,
    tenantId: p.tenantId,
    from: p.from,
    to: p.to,
    at: p.at.toISOString(),
    previousDuration: p.previousDuration,
    source: p.source,
    actorId: p.actorId,
    reason: p.reason ?? null,
    offsetSeconds: p.offsetSeconds,
  });
  return row ? Number(row.id) : undefined;
}

function periodOf(row: typeof agentStatuses.$inferSelect | null, now: number): CurrentPeriod & { stored: boolean } {
  if (!row) return { status: "offline", since: now, offsetSeconds: 0, periodId: null, source: "system", stored: false };
  return {
    status: AgentStatus.parse(row.status),
    since: row.since.getTime(),
    offsetSeconds: row.offsetSeconds,
    periodId: row.periodId,
    source: StatusSource.parse(row.source),
    stored: true,
  };
}

/** The agent's current period; an agent never seen is offline since now. */
export async function currentPeriodOf(db: Queryable, userId: number, now: number, lock = false): Promise<CurrentPeriod & { stored: boolean }> {
  const q = db.select().from(agentStatuses).where(eq(agentStatuses.userId, userId)).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return periodOf(row ?? null, now);
}

/** Breaks and lunches begun since the start of the agent's local day, and seconds of break already ended. */
export async function allowanceSince(db: Queryable, userId: number, dayStart: number): Promise<Allowance> {
  const since = new Date(dayStart);
  const [started] = await db
    .select({
      breaks: sql<number>`count(*) filter (where ${agentStatusChanges.toStatus} = 'break')`.mapWith(Number),
      lunches: sql<number>`count(*) filter (where ${agentStatusChanges.toStatus} = 'lunch_break')`.mapWith(Number),
      breakSeconds: sql<number>`coalesce(sum(${agentStatusChanges.previousDuration}) filter (where ${agentStatusChanges.fromStatus} = 'break'), 0)`.mapWith(Number),
    })
    .from(agentStatusChanges)
    .where(and(eq(agentStatusChanges.userId, userId), gte(agentStatusChanges.at, since)));
  return { breaksTaken: started?.breaks ?? 0, lunchesTaken: started?.lunches ?? 0, breakSeconds: started?.breakSeconds ?? 0 };
}

/** The call the agent is on or placing now, from its call rows. */
export async function currentCallOf(db: Queryable, userId: number): Promise<CurrentCall | null> {
  const [c] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.agentId, userId), isNull(calls.endedAt), inArray(calls.status, ["dialing", "incoming", "answered"])))
    .orderBy(desc(calls.startedAt))
    .limit(1);
  if (!c) return null;
  return {
    call_id: c.id,
    lead_id: c.leadId,
    phone: c.phone,
    type: c.type,
    direction: c.direction,
    status: c.status,
    started_at: c.startedAt.toISOString(),
  };
}
