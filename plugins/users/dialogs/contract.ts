// What the row dialogs read that no core contract describes: the goals plugin's statistics (GET
// /agents/{id}/statistics, plugins/goals/contract.ts, which another plugin may not import), parsed for the
// fields the User statistics dialog shows (admin-and-sign-in §3 User statistics).
import { z } from "zod";

const Measure = z.object({ current: z.number(), target: z.number() });
const Periods = z.object({ hourly: Measure, daily: Measure });

export const UserStatistics = z.object({
  dials: Periods,
  transfers: Periods,
  sales: Periods,
  hours: z.number(),
  followUps: z.number(),
  pickups: z.number(),
});
export type UserStatistics = z.infer<typeof UserStatistics>;
