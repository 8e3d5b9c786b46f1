// The ranges a manager picks a report by, counted from the call centre's today (YYYY-MM-DD, as the gateway says
// it): plain calendar arithmetic on days, no clock and no time zone here.
import type { ReportPeriod } from "./contract";

export const RANGE_PRESETS = [
  "today",
  "yesterday",
  "this_week",
  "last_7_days",
  "this_month",
  "last_month",
  "last_30_days",
  "this_year",
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface DayRange {
  from: string;
  to: string;
}

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const asDay = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => asDay(new Date(asDate(day).getTime() + n * 86_400_000));

/** The days a preset covers, up to today included. */
export function rangeOf(preset: RangePreset, today: string): DayRange {
  const d = asDate(today);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "yesterday":
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case "this_week": // from Monday, as the gateway's weeks
      return { from: addDays(today, -((d.getUTCDay() + 6) % 7)), to: today };
    case "last_7_days":
      return { from: addDays(today, -6), to: today };
    case "this_month":
      return { from: asDay(new Date(Date.UTC(y, m, 1))), to: today };
    case "last_month":
      return { from: asDay(new Date(Date.UTC(y, m - 1, 1))), to: asDay(new Date(Date.UTC(y, m, 0))) };
    case "last_30_days":
      return { from: addDays(today, -29), to: today };
    case "this_year":
      return { from: `${y}-01-01`, to: today };
  }
}

/** Days in a range, both ends included. */
export const daysIn = (r: DayRange) =>
  Math.round((asDate(r.to).getTime() - asDate(r.from).getTime()) / 86_400_000) + 1;

/** The grouping a range reads best by: days up to a month and a half, weeks up to about four months, then months. */
export const periodFor = (r: DayRange): ReportPeriod =>
  daysIn(r) <= 45 ? "day" : daysIn(r) <= 120 ? "week" : "month";
