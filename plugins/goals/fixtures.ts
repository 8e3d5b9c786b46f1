// Goal statistics for the goals plugin's tests: every field present, the daily dials chosen by the test.
import type { GoalStatistics } from "./contract";

const m = (current: number, target: number) => ({ current, target });

export const statisticsWithDailyDials = (dailyDials: number): GoalStatistics => ({
  dials: { hourly: m(1, 60), daily: m(dailyDials, 400) },
  transfers: { hourly: m(0, 1), daily: m(0, 6) },
  sales: { hourly: m(0, 0), daily: m(0, 0) },
  new_leads: 0,
  "new-leads-threshold": 1,
  hours: 1,
  followUps: 0,
  pickups: 0,
});
