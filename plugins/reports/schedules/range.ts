// The days a scheduled report covers, counted from the call centre's day it is sent: the page's presets (../range.ts)
// where they fit, and the full days before the send day that a morning e-mail wants (the last 7 days and the last
// week up to yesterday, not today's few hours). Plain calendar arithmetic, no clock and no time zone.
import { addDays, rangeOf, type DayRange } from "../range";
import type { ScheduleRange } from "./contract";

export function scheduleRange(range: ScheduleRange, today: string): DayRange {
  const yesterday = addDays(today, -1);
  switch (range) {
    case "today":
    case "yesterday":
    case "this_week":
    case "this_month":
    case "last_month":
      return rangeOf(range, today);
    // Full days ending yesterday.
    case "last_7_days":
    case "last_30_days":
      return rangeOf(range, yesterday);
    case "last_week": {
      const monday = rangeOf("this_week", today).from;
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    }
  }
}
