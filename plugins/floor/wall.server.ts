// The floor's rows and the day's figures, read from the tables the core writes (statuses, calls, dispositions,
// live transfers, overstays) in a fixed number of queries whatever the number of agents: the wall of a
// 500-agent floor is read in one go, and one agent's row is read the same way when it changes.
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, min, sql, sum } from "drizzle-orm";
import {
  agentStatuses,
  calls,
  campaignQualifiers,
  dispositions,
  leadCampaigns,
  leads,
  liveTransfers,
  overstays,
  startOfLocalDay,
  tenants,
  users,
  type PluginServerContext,
} from "../../server/sdk";
import { DEFAULT_QUOTAS, type QuotaTable } from "../../src/contract/dialer";
import { BOOKED_MEETING } from "../../src/contract/dispositions";
import { AgentStatus, overstayLimit, TIMED_ROLES } from "../../src/contract/status";
import type { FloorAgent, FloorCall, FloorTotals } from "./contract";

export type WallContext = Pick<PluginServerContext, "db" | "clock" | "settings">;

const LIVE_CALL_STATUSES = ["dialing", "incoming", "answered"];
const OPEN_TRANSFER_STATES = ["seeking", "accepted"];
const TAKEN_TRANSFER_STATES = ["accepted", "completed"];

const dailyQuota = (table: QuotaTable, role: string) => table[role]?.[1] ?? 0;
const iso = (d: Date) => d.toISOString();

/** Start of the call centre's day, in its own zone. */
async function dayOf(ctx: WallContext, tenantId: number): Promise<Date> {
  const [t] = await ctx.db.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId));
  return new Date(startOfLocalDay(ctx.clock.now(), t?.timezone ?? "UTC"));
}

/** Tally rows by agent id into a map (absent agents read as 0). */
const byAgent = <T extends { agentId: number | null }>(rows: T[]) =>
  new Map(rows.flatMap((r) => (r.agentId === null ? [] : [[r.agentId, r] as const])));

/**
 * The rows of the call centre's qualifiers and advisors, all of them or only `only` (one agent whose row
 * changed). Disabled accounts cannot sign in and are left out.
 */
export async function floorAgents(ctx: WallContext, tenantId: number, only?: readonly number[]): Promise<FloorAgent[]> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const people = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      extension: users.extension,
      managerId: users.managerId,
      deactivated: users.deactivated,
      features: tenants.features,
      current: agentStatuses,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(agentStatuses, eq(agentStatuses.userId, users.id))
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.role, [...TIMED_ROLES]),
        eq(users.disabled, false),
        only ? inArray(users.id, [...only]) : undefined,
      ),
    );
  if (people.length === 0) return [];
  const ids = people.map((p) => p.id);
  const day = await dayOf(ctx, tenantId);
  const periods = people.flatMap((p) => (p.current ? [p.current.periodId] : []));

  const [overstayed, campaigns, liveCalls, callsToday, disposedToday, transfersToday, lastDispositions, dialsQ, meetingsQ] =
    await Promise.all([
      periods.length
        ? db.select({ periodId: overstays.periodId }).from(overstays).where(inArray(overstays.periodId, periods))
        : Promise.resolve([]),
      db
        .select({ userId: campaignQualifiers.userId, name: leadCampaigns.name })
        .from(campaignQualifiers)
        .innerJoin(leadCampaigns, eq(leadCampaigns.id, campaignQualifiers.campaignId))
        .where(inArray(campaignQualifiers.userId, ids)),
      db
        .select({
          call: calls,
          firstName: leads.firstName,
          lastName: leads.lastName,
          state: leads.state,
          timezone: leads.timezone,
        })
        .from(calls)
        .leftJoin(leads, eq(leads.id, calls.leadId))
        .where(and(inArray(calls.agentId, ids), isNull(calls.endedAt), inArray(calls.status, LIVE_CALL_STATUSES)))
        .orderBy(desc(calls.startedAt)),
      db
        .select({ agentId: calls.agentId, n: count(), talk: sum(calls.duration) })
        .from(calls)
        .where(and(inArray(calls.agentId, ids), gte(calls.startedAt, day)))
        .groupBy(calls.agentId),
      db
        .select({
          agentId: dispositions.agentId,
          n: count(),
          booked: sql<number>`count(*) filter (where ${dispositions.disposition} = ${BOOKED_MEETING})`.mapWith(Number),
        })
        .from(dispositions)
        .where(and(inArray(dispositions.agentId, ids), gte(dispositions.createdAt, day)))
        .groupBy(dispositions.agentId),
      db
        .select({ agentId: liveTransfers.qualifierId, n: count() })
        .from(liveTransfers)
        .where(
          and(
            inArray(liveTransfers.qualifierId, ids),
            gte(liveTransfers.createdAt, day),
            inArray(liveTransfers.state, TAKEN_TRANSFER_STATES),
          ),
        )
        .groupBy(liveTransfers.qualifierId),
      db
        .selectDistinctOn([dispositions.agentId], {
          agentId: dispositions.agentId,
          disposition: dispositions.disposition,
          at: dispositions.createdAt,
        })
        .from(dispositions)
        .where(inArray(dispositions.agentId, ids))
        .orderBy(dispositions.agentId, desc(dispositions.createdAt), desc(dispositions.id)),
      ctx.settings.read(tenantId, "quotas:dials", DEFAULT_QUOTAS.dials),
      ctx.settings.read(tenantId, "quotas:meetings", DEFAULT_QUOTAS.meetings),
    ]);

  const overstayedPeriods = new Set(overstayed.map((o) => o.periodId));
  const callOf = new Map<number, (typeof liveCalls)[number]>();
  for (const c of liveCalls) if (c.call.agentId !== null && !callOf.has(c.call.agentId)) callOf.set(c.call.agentId, c);
  const callIds = [...callOf.values()].map((c) => c.call.id);
  const transferring = new Set(
    callIds.length
      ? (
          await db
            .select({ callId: liveTransfers.callId })
            .from(liveTransfers)
            .where(and(inArray(liveTransfers.callId, callIds), inArray(liveTransfers.state, OPEN_TRANSFER_STATES)))
        ).map((t) => t.callId)
      : [],
  );
  const callsBy = byAgent(callsToday);
  const disposedBy = byAgent(disposedToday);
  const transfersBy = byAgent(transfersToday);
  const lastBy = byAgent(lastDispositions);

  return people.map((p): FloorAgent => {
    const status = p.current ? AgentStatus.parse(p.current.status) : "offline";
    const limit = overstayLimit(p.role, status, p.features["cumulative-breaks"] === true);
    const live = callOf.get(p.id);
    const call: FloorCall | null = live
      ? {
          call_id: live.call.id,
          type: live.call.type,
          direction: live.call.direction,
          status: live.call.status,
          lead_id: live.call.leadId,
          lead_name: live.firstName !== null ? `${live.firstName} ${live.lastName ?? ""}`.trim() : null,
          lead_state: live.state,
          lead_timezone: live.timezone,
          started_at: iso(live.call.startedAt),
          answered_at: live.call.answeredAt ? iso(live.call.answeredAt) : null,
          in_transfer: transferring.has(live.call.id),
          phone_dropped_at: live.call.agentAwaySince ? iso(live.call.agentAwaySince) : null,
        }
      : null;
    const last = lastBy.get(p.id);
    return {
      agent_id: p.id,
      as_of: iso(new Date(now)),
      name: `${p.firstName} ${p.lastName}`,
      role: p.role,
      extension: p.extension,
      team_manager_id: p.managerId,
      campaigns: campaigns.filter((c) => c.userId === p.id).map((c) => c.name),
      status,
      since: iso(p.current?.since ?? new Date(now)),
      offset_seconds: p.current?.offsetSeconds ?? 0,
      overstay_limit: limit?.seconds ?? null,
      overstayed: p.current ? overstayedPeriods.has(p.current.periodId) : false,
      calling_disabled: p.deactivated,
      call,
      today: {
        calls: callsBy.get(p.id)?.n ?? 0,
        talk_seconds: Number(callsBy.get(p.id)?.talk ?? 0),
        dispositions: disposedBy.get(p.id)?.n ?? 0,
        bookings: disposedBy.get(p.id)?.booked ?? 0,
        live_transfers: transfersBy.get(p.id)?.n ?? 0,
        dials_quota: dailyQuota(dialsQ, p.role),
        meetings_quota: dailyQuota(meetingsQ, p.role),
      },
      last_disposition: last ? { disposition: last.disposition, at: iso(last.at) } : null,
    };
  });
}

/** The call centre's figures of its day: contacts, bookings, inbound callers offered, abandoned and waiting. */
export async function floorTotals(ctx: WallContext, tenantId: number): Promise<FloorTotals> {
  const { db } = ctx;
  const day = await dayOf(ctx, tenantId);
  const today = and(eq(calls.tenantId, tenantId), gte(calls.startedAt, day));
  const [[contacts], [bookings], [inbound], [waiting]] = await Promise.all([
    db.select({ n: count() }).from(calls).where(and(today, isNotNull(calls.answeredAt))),
    db
      .select({ n: count() })
      .from(dispositions)
      .where(
        and(
          eq(dispositions.tenantId, tenantId),
          gte(dispositions.createdAt, day),
          eq(dispositions.disposition, BOOKED_MEETING),
        ),
      ),
    db
      .select({
        offered: count(),
        abandoned: sql<number>`count(*) filter (where ${calls.answeredAt} is null and ${calls.endedAt} is not null)`.mapWith(Number),
      })
      .from(calls)
      .where(and(today, eq(calls.direction, 1))),
    db
      .select({ since: min(calls.startedAt) })
      .from(calls)
      .where(and(eq(calls.tenantId, tenantId), eq(calls.direction, 1), eq(calls.status, "incoming"), isNull(calls.endedAt))),
  ]);
  return {
    contacts: contacts?.n ?? 0,
    bookings: bookings?.n ?? 0,
    inbound_offered: inbound?.offered ?? 0,
    inbound_abandoned: inbound?.abandoned ?? 0,
    longest_wait_since: waiting?.since ? iso(new Date(waiting.since)) : null,
  };
}
