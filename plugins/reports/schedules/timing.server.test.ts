// When a schedule runs, for any moment, zone, hour and weekday: always after the moment, at the chosen local hour
// (or, on the night the clocks skip it, when they land), on the chosen weekday when weekly, and the first such moment
// (nothing between the two matches); and the examples across New York's spring and autumn changes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wallClock } from "../../../server/sdk";
import { latestDue, nextRunAfter, type Timing } from "./timing.server";

const NY = "America/New_York";
const HOUR = 3_600_000;
const ZONES = [
  NY,
  "America/Toronto",
  "America/St_Johns",
  "Europe/Paris",
  "Australia/Lord_Howe",
  "America/Phoenix",
  "UTC",
];

/** Monday 0 … Sunday 6 of a moment's local day. */
const weekdayAt = (ms: number, zone: string) => (wallClock(ms, zone).weekday + 6) % 7;
/**
 * Whether a run of `timing` may fall at `ms` in `zone`: its hour on the hour, the first time the clocks show it (they
 * show it twice the night they go back), or the hour the clocks landed on after skipping it.
 */
function fits(ms: number, timing: Timing, zone: string): boolean {
  const w = wallClock(ms, zone);
  if (timing.frequency === "weekly" && weekdayAt(ms, zone) !== timing.weekday) return false;
  const shownBefore = [HOUR, HOUR / 2].some((back) => {
    const b = wallClock(ms - back, zone);
    return (
      b.year === w.year &&
      b.month === w.month &&
      b.day === w.day &&
      b.hour === w.hour &&
      b.minute === w.minute
    );
  });
  if (w.hour === timing.hour && w.minute === 0) return !shownBefore;
  // Skipped: an hour before, the clock read another hour (the jump went over the chosen one).
  const before = wallClock(ms - 1, zone);
  return w.minute === 0 && before.hour < timing.hour && w.hour > timing.hour;
}

const timing = fc.oneof(
  fc.record({
    frequency: fc.constant("daily" as const),
    weekday: fc.constant(null),
    hour: fc.integer({ min: 0, max: 23 }),
  }),
  fc.record({
    frequency: fc.constant("weekly" as const),
    weekday: fc.integer({ min: 0, max: 6 }),
    hour: fc.integer({ min: 0, max: 23 }),
  }),
);

describe("a schedule's next run", () => {
  it("is after the moment, at its local hour and weekday, and the first such", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse("2025-01-01T00:00:00Z"), max: Date.parse("2028-12-31T00:00:00Z") }),
        fc.constantFrom(...ZONES),
        timing,
        (after, zone, t) => {
          const next = nextRunAfter(after, t, zone);
          expect(next).toBeGreaterThan(after);
          expect(next - after).toBeLessThanOrEqual(7 * 24 * HOUR + 2 * HOUR);
          expect(fits(next, t, zone)).toBe(true);
          // No earlier moment on the hour (or half hour, for the zones a half hour off) fits.
          for (let m = Math.floor(after / (HOUR / 4)) * (HOUR / 4) + HOUR / 4; m < next; m += HOUR / 4)
            expect(fits(m, t, zone) && m > after).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("stays at the local hour across New York's daylight-saving changes", () => {
    const seven = { frequency: "daily", weekday: null, hour: 7 } as const;
    // Saturday 7 March 2026 after 7:00 EST: Sunday's 7:00 is daylight time, 11:00 UTC.
    expect(new Date(nextRunAfter(Date.parse("2026-03-07T12:00:00Z"), seven, NY)).toISOString()).toBe(
      "2026-03-08T11:00:00.000Z",
    );
    // Autumn: 31 October 7:00 EDT, then 1 November 7:00 EST.
    expect(new Date(nextRunAfter(Date.parse("2026-10-31T11:00:00Z"), seven, NY)).toISOString()).toBe(
      "2026-11-01T12:00:00.000Z",
    );
    // 2:00 does not exist on 8 March: the run goes when the clocks land, 3:00 EDT.
    const two = { frequency: "daily", weekday: null, hour: 2 } as const;
    expect(new Date(nextRunAfter(Date.parse("2026-03-07T08:00:00Z"), two, NY)).toISOString()).toBe(
      "2026-03-08T07:00:00.000Z",
    );
    // 1:00 happens twice on 1 November: one run, at the first (1:00 EDT, 5:00 UTC), and none at the second.
    const one = { frequency: "daily", weekday: null, hour: 1 } as const;
    const first = nextRunAfter(Date.parse("2026-10-31T12:00:00Z"), one, NY);
    expect(new Date(first).toISOString()).toBe("2026-11-01T05:00:00.000Z");
    expect(nextRunAfter(first, one, NY) - first).toBeGreaterThan(23 * HOUR);
    expect(new Date(nextRunAfter(first + HOUR / 2, one, NY)).toISOString()).toBe("2026-11-02T06:00:00.000Z");
    // The property's counterexample (Paris, 25 October 2026: 2:00 CEST, then 2:00 CET): the first 2:00.
    expect(
      new Date(
        nextRunAfter(1_792_800_000_000, { frequency: "daily", weekday: null, hour: 2 }, "Europe/Paris"),
      ).toISOString(),
    ).toBe("2026-10-25T00:00:00.000Z");
    // Weekly on Mondays at 9:00.
    const monday = { frequency: "weekly", weekday: 0, hour: 9 } as const;
    expect(new Date(nextRunAfter(Date.parse("2026-03-04T12:00:00Z"), monday, NY)).toISOString()).toBe(
      "2026-03-09T13:00:00.000Z",
    );
  });

  it("after days without a poll, is the latest missed run and then the next one", () => {
    const seven = { frequency: "daily", weekday: null, hour: 7 } as const;
    const { run, next } = latestDue(
      Date.parse("2026-03-01T12:00:00Z"),
      Date.parse("2026-03-09T12:30:00Z"),
      seven,
      NY,
    );
    expect(new Date(run).toISOString()).toBe("2026-03-09T11:00:00.000Z");
    expect(new Date(next).toISOString()).toBe("2026-03-10T11:00:00.000Z");
  });
});
