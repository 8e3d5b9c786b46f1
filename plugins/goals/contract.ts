// GET /agents/{id}/statistics: the goal statistics of agent-workspace §3 (plus the hours, follow-ups and
// pickups that the admin's user-statistics dialog shows, admin-and-sign-in §3). Shared by panel and gateway, and
// by the users list's statistics dialog through api.ts.
import { z } from "zod";
import { defineEndpoint } from "../../src/contract/endpoint";
import { idParam } from "../../src/contract/ids";

const Measure = z.object({ current: z.number().int().nonnegative(), target: z.number().int().nonnegative() });
const Periods = z.object({ hourly: Measure, daily: Measure });

export const GoalStatistics = z.object({
  dials: Periods,
  transfers: Periods,
  sales: Periods,
  new_leads: z.number().int().nonnegative(),
  "new-leads-threshold": z.number().nonnegative(),
  /** Hours since the agent's first sign-in today. */
  hours: z.number().nonnegative(),
  /** Follow-ups the agent has scheduled and not yet called. */
  followUps: z.number().int().nonnegative(),
  /** Calls the agent answered today. */
  pickups: z.number().int().nonnegative(),
});
export type GoalStatistics = z.infer<typeof GoalStatistics>;

/** An agent's goal statistics: its own (the goals panel), or any agent's for a manager (the users list's dialog). */
export const readGoalStatistics = defineEndpoint({
  method: "GET",
  path: "/agents/:id/statistics",
  summary: "Goal statistics of an agent: its own, or any agent of the tenant for managers and above.",
  tags: ["goals"],
  params: idParam,
  responses: { 200: GoalStatistics },
});

// Quotas (per role [hour, day, week, month]) are the dialer's settings: one table, one set of defaults.
export { DEFAULT_QUOTAS, QuotaTable } from "../../src/contract/dialer";

// What counts as a transfer, a sale and a follow-up are disposition traits (src/contract/dispositions.ts
// `goal`, `followUp`), read by the gateway side (server.ts): the goals count the follow-ups the dialer makes.
