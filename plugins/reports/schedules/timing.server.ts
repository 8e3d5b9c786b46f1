// When a schedule runs: the next moment after a given one that is its hour of the call centre's time zone (on its
// weekday when weekly), by the zoned-time helpers of the SDK, so a run stays at 7:00 local across a daylight-saving
// change. An hour the clocks skip that night (2:00 on the spring change in New York) runs when they land (3:00; 2:30
// on Lord Howe, whose clocks skip half an hour), as cron does; an hour that happens twice (1:00 in the autumn) runs
// once, the first time.
import { instantOf, wallClock } from "../../../server/sdk";
import type { Frequency } from "./contract";

export interface Timing {
  frequency: Frequency;
  /** 0 Monday … 6 Sunday (weekly). */
  weekday: number | null;
  /** 0–23, local. */
  hour: number;
}

const DAY = 86_400_000;

/** The first run strictly after `afterMs`. */
export function nextRunAfter(afterMs: number, timing: Timing, timeZone: string): number {
  const w = wallClock(afterMs, timeZone);
  // The local calendar days from the local day of `afterMs` on: a week and a day always hold the next one.
  for (let i = 0, day = Date.UTC(w.year, w.month - 1, w.day); i <= 8; i++, day += DAY) {
    const d = new Date(day);
    if (timing.frequency === "weekly" && (d.getUTCDay() + 6) % 7 !== timing.weekday) continue;
    // `instantOf` resolves the two awkward nights as a schedule should: a skipped hour at the landing, a repeated one
    // at its first occurrence.
    const at = instantOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), timing.hour, 0, timeZone);
    // A day whose run is past (its hour's second occurrence included) runs next on a later day.
    if (at > afterMs) return at;
  }
  throw new Error(`no run within 8 days after ${new Date(afterMs).toISOString()}`);
}

/**
 * The latest run due at `nowMs`, from the one that was next (`dueMs` ≤ now), and the next after it: a gateway that
 * was down for days sends the latest missed run once, not each of them.
 */
export function latestDue(
  dueMs: number,
  nowMs: number,
  timing: Timing,
  timeZone: string,
): { run: number; next: number } {
  let run = dueMs;
  for (let next = nextRunAfter(run, timing, timeZone); ; next = nextRunAfter(run, timing, timeZone)) {
    if (next > nowMs) return { run, next };
    run = next;
  }
}

/** The call centre's day of a moment, YYYY-MM-DD. */
export function localDay(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}
