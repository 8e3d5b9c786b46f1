// What the reports bench's two processes agree on (run.ts and gateway.ts): the pinned clock, the call centre's
// zone, the report ranges, the places whose calling windows are open then, the dialling agents' pool leads, the
// campaign prefix and the fast simulated PBX. PLACES is the load world's (server/test/loadWorld.ts); seededPhone is a
// copy of bench/lead-import/world.ts's; FAST_PROFILE is bench/dialer-load/world.ts's.
import { wallClock } from "../../src/shared/zoned-time";
import { PLACES } from "../../server/test/loadWorld";

/** Tuesday 10 March 2026, 18:00Z: 14:00 in New York, 11:00–14:00 local in every US zone of PLACES. */
export const CLOCK_START = "2026-03-10T18:00:00Z";
/** The call centre's zone: the history's days, the rollups' hours and the reports' days, weeks and months. */
export const TIME_ZONE = "America/New_York";
export const BENCH_PASSWORD = "bench-reports-password-7";
export const PREFIX = "BNR";
export const MANAGER_EMAIL = "reports.manager@bench.test";
/** The call centres: the bench's own, and the sample loaded through the triggers (deleted after the check). */
export const TENANT = 1;
export const SAMPLE_TENANT = 2;

/** US places whose calling windows are open at CLOCK_START (server/test/loadWorld.ts, shared with the load world). */
export { PLACES };

/** The n-th pool lead's number: exchanges 200–2xx (the history's leads use 300–3xx of 212). */
export const seededPhone = (n: number) => `${PLACES[n % PLACES.length]![2]}${2_000_000 + n}`;
export const seededPlace = (n: number) => PLACES[n % PLACES.length]!;

/** The fast simulated world of bench/dialer-load/world.ts. */
export { FAST_PROFILE } from "../dialer-load/world";

/**
 * The phases of a run, in order; the gateway attributes its samples (CPU, statements) to the current one.
 * "check" is the pause between the reports and the trigger phases: no one dials, the answers are checked.
 */
export const PHASES = [
  "idle",
  "setup",
  "reports-idle",
  "warmup",
  "alone",
  "with-reports",
  "check",
  "rewarm",
  "no-triggers",
  "alone-2",
  "drain",
] as const;
export type Phase = (typeof PHASES)[number];

/** YYYY-MM-DD of a calendar day, n days after `day`. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
export const localToday = (epochMs: number, timeZone = TIME_ZONE) => {
  const w = wallClock(epochMs, timeZone);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
};

export type ReportName = "month" | "quarter" | "year" | "today";
export interface ReportRange {
  name: ReportName;
  from: string;
  to: string;
  by: "day" | "week" | "month";
}
/**
 * The reports asked: the last full month by day, the last 91 days up to today by week, the history's whole span
 * up to today by month (366 days for a year's history: the route takes up to 367), and today by day.
 */
export function reportRanges(today: string, historyDays: number): Record<ReportName, ReportRange> {
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  const lastMonthEnd = addDays(firstOfMonth, -1);
  return {
    month: { name: "month", from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd, by: "day" },
    quarter: { name: "quarter", from: addDays(today, -90), to: today, by: "week" },
    year: { name: "year", from: addDays(today, -Math.min(historyDays, 366)), to: today, by: "month" },
    today: { name: "today", from: today, to: today, by: "day" },
  };
}
