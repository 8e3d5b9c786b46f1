// The dials quota of the agent's role (hour, day, week, month; 0 = none) is also the auto-dial ceiling: an
// agent who reached it gets no more leads in that period. The goals panel shows the same numbers as targets.
import { AUTO_ONLY, fail, pass, type AgentRule } from "../facts";

const PERIODS = ["hour", "day", "week", "month"] as const;

export const quotas: AgentRule = {
  name: "quotas",
  scope: "agent",
  modes: AUTO_ONLY,
  check(ctx, agent) {
    const quota = ctx.settings.dialsQuota[agent.role] ?? [0, 0, 0, 0];
    // Under every quota: the one closest to its limit is the one worth showing.
    let closest: { done: number; max: number; period: string } | null = null;
    for (const [i, period] of PERIODS.entries()) {
      const max = quota[i] ?? 0;
      if (max <= 0) continue;
      const done = agent.dials[period];
      if (done >= max) return fail("quota_reached", { done, max, period });
      if (!closest || done / max > closest.done / closest.max) closest = { done, max, period };
    }
    return closest ? pass("quota_under", closest) : pass("quota_none");
  },
};
