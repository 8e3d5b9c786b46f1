// What the workspace re-reads after a reconnect or a reload (GET /agents/me/status), and the managers'
// list of their agents (GET /agent-statuses).
import { eq, inArray } from "drizzle-orm";
import { startOfLocalDay } from "../../../src/shared/zoned-time";
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from "../../../src/contract/settings";
import {
  ADVISOR_ALLOWANCE,
  AgentStatus,
  isActiveStatus,
  overstayLimit,
  selectableStatuses,
  type AgentStatusRow,
  type AgentStatusSnapshot,
} from "../../../src/contract/status";
import { permissionsOf } from "../../auth/access";
import { agentStatuses, overstays, users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { readSetting } from "../settings/store";
import { durationOf, secondsBetween } from "./machine";
import { agentOf, allowanceSince, currentCallOf, currentPeriodOf } from "./store";

export async function statusSnapshot(gw: Gateway, userId: number): Promise<AgentStatusSnapshot> {
  const now = gw.clock.now();
  const agent = (await agentOf(gw.db, userId))!;
  const current = await currentPeriodOf(gw.db, userId, now);
  const today = await allowanceSince(gw.db, userId, startOfLocalDay(now, agent.timezone));
  const limit = overstayLimit(agent.role, current.status, agent.cumulativeBreaks);
  const overstay = limit && current.periodId !== null ? await gw.overstays.ofPeriod(current.periodId) : undefined;
  const autoReady = (await permissionsOf(gw.db, userId, agent.role)).includes("has_auto_ready")
    ? await readSetting<GlobalSettings>(gw.db, agent.tenantId, "globals", DEFAULT_GLOBAL_SETTINGS)
    : undefined;
  const advisor = agent.role === "advisor";
  return {
    status: current.status,
    since: new Date(current.since).toISOString(),
    duration: durationOf(current, now),
    active: isActiveStatus(current.status),
    deactivated: agent.deactivated,
    selectable: selectableStatuses(agent.role, agent.variant),
    overstay: limit
      ? {
          limit: limit.seconds,
          grace: limit.graceSeconds,
          cumulative: limit.cumulative,
          agent_notified_at: overstay?.agent_notified_at ?? null,
          rtv_notified_at: overstay?.rtv_notified_at ?? null,
        }
      : null,
    allowance: {
      breaks_taken: today.breaksTaken,
      breaks_max: advisor && !agent.cumulativeBreaks ? ADVISOR_ALLOWANCE.breaks : null,
      break_seconds_today: today.breakSeconds + (current.status === "break" ? secondsBetween(current.since, now) : 0),
      lunches_taken: today.lunchesTaken,
      lunches_max: advisor ? ADVISOR_ALLOWANCE.lunches : null,
      cumulative_breaks: limit?.cumulative ?? (agent.role === "qualifier" || (advisor && agent.cumulativeBreaks)),
    },
    call: await currentCallOf(gw.db, userId),
    auto_ready: autoReady
      ? {
          follow_up: autoReady["auto-ready:follow-up-threshold"],
          after_call_work: autoReady["auto-ready:after-call-work-threshold"],
          meeting: autoReady["auto-ready:meeting-threshold"],
          coaching: autoReady["auto-ready:coaching-threshold"],
        }
      : null,
    server_time: new Date(now).toISOString(),
  };
}

/** The tenant's agents (qualifiers and advisors) with their current status, for the real-time viewer. */
export async function tenantStatuses(gw: Gateway, tenantId: number): Promise<AgentStatusRow[]> {
  const now = gw.clock.now();
  const people = await gw.db
    .select({ user: users, current: agentStatuses })
    .from(users)
    .leftJoin(agentStatuses, eq(agentStatuses.userId, users.id))
    .where(eq(users.tenantId, tenantId));
  const agents = people.filter((p) => p.user.role === "qualifier" || p.user.role === "advisor");
  const periods = agents.flatMap((p) => (p.current ? [p.current.periodId] : []));
  const overstayed = new Set(
    periods.length
      ? (await gw.db.select({ periodId: overstays.periodId }).from(overstays).where(inArray(overstays.periodId, periods))).map((r) => r.periodId)
      : [],
  );
  return agents
    .map(({ user, current }) => {
      const period = current
        ? { status: AgentStatus.parse(current.status), since: current.since.getTime(), offsetSeconds: current.offsetSeconds }
        : { status: "offline" as const, since: now, offsetSeconds: 0 };
      return {
        agent_id: user.id,
        name: `${user.firstName} ${user.lastName}`,
        role: user.role,
        extension: user.extension,
        status: period.status,
        since: new Date(period.since).toISOString(),
        duration: durationOf(period, now),
        deactivated: user.deactivated,
        overstayed: current ? overstayed.has(current.periodId) : false,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
