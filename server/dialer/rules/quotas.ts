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
    const parts: string[] = [];
    for (const [i, period] of PERIODS.entries()) {
      const max = quota[i] ?? 0;
      if (max <= 0) continue;
      const done = agent.dials[period];
      if (done >= max) return fail(`Dials quota reached: ${done} dials this ${period} (quota ${max} for ${agent.role}s).`);
      parts.push(`${done}/${max} this ${period}`);
    }
    return pass(parts.length ? `Under the dials quota (${parts.join(", ")}).` : "No dials quota is set.");
  },
};
