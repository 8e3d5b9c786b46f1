// Gateway side of the goals plugin: the agent's statistics, counted from its real call and disposition rows
// in the call centre's own day and hour.
import { and, count, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import {
  definePluginServer,
  calls,
  defineRoute,
  dispositions,
  type PluginServerContext,
  type RouteDef,
  rowsOf,
  sessions,
  startOfLocalDay,
  startOfLocalHour,
  tenants,
  users,
} from "../../server/sdk";
import {
  FOLLOW_UP_DISPOSITIONS,
  SALE_DISPOSITIONS,
  TRANSFER_DISPOSITIONS,
} from "../../src/contract/dispositions";
import { DEFAULT_GLOBAL_SETTINGS } from "../../src/contract/settings";
import { DEFAULT_QUOTAS, readGoalStatistics, type GoalStatistics, type QuotaTable } from "./contract";

const quotaOf = (table: QuotaTable, role: string) => table[role] ?? [0, 0, 0, 0];

/** Needs only the database, the clock and the settings reader of its context. */
export async function goalStatistics(
  ctx: Pick<PluginServerContext, "db" | "clock" | "settings">,
  agentId: number,
): Promise<GoalStatistics> {
  const { db } = ctx;
  const [agent] = await db
    .select({ id: users.id, role: users.role, tenantId: users.tenantId, timezone: tenants.timezone })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, agentId));
  const now = ctx.clock.now();
  const day = new Date(startOfLocalDay(now, agent!.timezone));
  const hour = new Date(startOfLocalHour(now, agent!.timezone));

  const dialsSince = async (since: Date) =>
    (
      await db
        .select({ n: count() })
        .from(calls)
        .where(and(eq(calls.agentId, agentId), eq(calls.direction, 0), gte(calls.startedAt, since)))
    )[0]!.n;
  const disposedSince = async (since: Date, kinds: readonly string[]) =>
    (
      await db
        .select({ n: count() })
        .from(dispositions)
        .where(
          and(
            eq(dispositions.agentId, agentId),
            inArray(dispositions.disposition, [...kinds]),
            gte(dispositions.createdAt, since),
          ),
        )
    )[0]!.n;

  const [dialsHour, dialsDay, transfersHour, transfersDay, salesHour, salesDay] = await Promise.all([
    dialsSince(hour),
    dialsSince(day),
    disposedSince(hour, TRANSFER_DISPOSITIONS),
    disposedSince(day, TRANSFER_DISPOSITIONS),
    disposedSince(hour, SALE_DISPOSITIONS),
    disposedSince(day, SALE_DISPOSITIONS),
  ]);

  // A new lead is one the agent dialed today for the first time anyone dialed it.
  const newLeads = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(distinct c.lead_id)::int as n from calls c
      where c.agent_id = ${agentId} and c.direction = 0 and c.started_at >= ${day.toISOString()}
        and not exists (select 1 from calls p where p.lead_id = c.lead_id and p.started_at < c.started_at)`),
  )[0]!.n;

  const pickups = (
    await db
      .select({ n: count() })
      .from(calls)
      .where(and(eq(calls.agentId, agentId), isNotNull(calls.answeredAt), gte(calls.startedAt, day)))
  )[0]!.n;
  const followUps = (
    await db
      .select({ n: count() })
      .from(dispositions)
      .where(
        and(
          eq(dispositions.agentId, agentId),
          inArray(dispositions.disposition, [...FOLLOW_UP_DISPOSITIONS]),
          gte(dispositions.dateTime, new Date(now)),
        ),
      )
  )[0]!.n;
  const firstSession = (
    await db
      .select({ at: sql<Date | null>`min(${sessions.createdAt})` })
      .from(sessions)
      .where(and(eq(sessions.userId, agentId), gte(sessions.createdAt, day)))
  )[0]?.at;
  const hours = firstSession
    ? Math.round(((now - new Date(firstSession).getTime()) / 3600_000) * 100) / 100
    : 0;

  const [dialsQ, meetingsQ, salesQ, globals] = await Promise.all([
    ctx.settings.read(agent!.tenantId, "quotas:dials", DEFAULT_QUOTAS.dials),
    ctx.settings.read(agent!.tenantId, "quotas:meetings", DEFAULT_QUOTAS.meetings),
    ctx.settings.read(agent!.tenantId, "quotas:sales", DEFAULT_QUOTAS.sales),
    ctx.settings.read(agent!.tenantId, "globals", DEFAULT_GLOBAL_SETTINGS),
  ]);
  const [dH, dD] = quotaOf(dialsQ, agent!.role);
  const [tH, tD] = quotaOf(meetingsQ, agent!.role);
  const [sH, sD] = quotaOf(salesQ, agent!.role);
  return {
    dials: { hourly: { current: dialsHour, target: dH }, daily: { current: dialsDay, target: dD } },
    transfers: {
      hourly: { current: transfersHour, target: tH },
      daily: { current: transfersDay, target: tD },
    },
    sales: { hourly: { current: salesHour, target: sH }, daily: { current: salesDay, target: sD } },
    new_leads: newLeads,
    "new-leads-threshold": globals["new-leads-threshold"],
    hours,
    followUps,
    pickups,
  };
}

export function goalsRoutes(ctx: PluginServerContext): RouteDef[] {
  return [
    defineRoute(readGoalStatistics, {
      access: { agentParam: "id" },
      handler: ({ params }) => goalStatistics(ctx, params.id),
    }),
  ];
}

export default definePluginServer(goalsRoutes);
