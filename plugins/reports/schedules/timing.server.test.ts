// When a schedule runs, for any moment, zone, hour and weekday: always after the moment, at the chosen local hour
// (or, on the night the clocks skip it, when they land), on the chosen weekday when weekly, and the first such moment
// (nothing between the two matches); and the examples across New York's spring and autumn changes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { offsetAt, wallClock } from "../../../server/sdk";
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
  // Skipped: the clocks jumped over the chosen time that day, and this is where they landed (a second before, the
  // clock read earlier than it; now later).
  const local = (c: typeof w) => Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  const chosen = Date.UTC(w.year, w.month - 1, w.day, timing.hour);
  return local(wallClock(ms - 1000, zone)) < chosen && local(w) > chosen;
}

const FROM = Date.parse("2025-01-01T00:00:00Z");
const TO = Date.parse("2028-12-31T00:00:00Z");
const MINUTE = 60_000;

/** The moments each zone's clocks change in the tested years, to the minute: a uniform moment rarely falls near one. */
const changes = ZONES.flatMap((zone) => {
  const found: { zone: string; at: number }[] = [];
  for (let t = FROM; t < TO; t += 6 * HOUR) {
    if (offsetAt(t, zone) === offsetAt(t + 6 * HOUR, zone)) continue;
    let [lo, hi] = [t / MINUTE, (t + 6 * HOUR) / MINUTE];
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetAt(mid * MINUTE, zone) === offsetAt(t, zone)) lo = mid;
      else hi = mid;
    }
    found.push({ zone, at: hi * MINUTE });
  }
  return found;
});

/** The hours the clocks leave, skip and reach at a change (2, 2 and 3 in Paris in the autumn; 1, 2 and 3 in spring). */
function hoursAround(at: number, zone: string): number[] {
  const before = wallClock(at - 1000, zone).hour;
  return [before, (before + 1) % 24, wallClock(at, zone).hour];
}

const timingAt = (hour: fc.Arbitrary<number>) =>
  fc.oneof(
    fc.record({ frequency: fc.constant("daily" as const), weekday: fc.constant(null), hour }),
    fc.record({ frequency: fc.constant("weekly" as const), weekday: fc.integer({ min: 0, max: 6 }), hour }),
  );

/**
 * A moment, a zone and a schedule: anything in the tested years, or a moment within two days of a change of the
 * zone's clocks with a schedule at the hour the clocks leave or reach (the one skipped or shown twice).
 */
const cases = fc.oneof(
  fc.tuple(
    fc.integer({ min: FROM, max: TO }),
    fc.constantFrom(...ZONES),
    timingAt(fc.integer({ min: 0, max: 23 })),
  ),
  fc.constantFrom(...changes).chain(({ zone, at }) =>
    fc.tuple(
      fc.integer({ min: -48 * 4, max: 48 * 4 }).map((quarters) => at + quarters * (HOUR / 4)),
      fc.constant(zone),
      timingAt(fc.constantFrom(...hoursAround(at, zone))),
    ),
  ),
);

describe("a schedule's next run", () => {
  it("is after the moment, at its local hour and weekday, and the first such", () => {
    fc.assert(
      fc.property(cases, ([after, zone, t]) => {
        const next = nextRunAfter(after, t, zone);
        expect(next).toBeGreaterThan(after);
        expect(next - after).toBeLessThanOrEqual(7 * 24 * HOUR + 2 * HOUR);
        expect(fits(next, t, zone)).toBe(true);
        // No earlier moment on the hour (or half hour, for the zones a half hour off) fits.
        for (let m = Math.floor(after / (HOUR / 4)) * (HOUR / 4) + HOUR / 4; m < next; m += HOUR / 4)
          expect(fits(m, t, zone) && m > after).toBe(false);
      }),
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
    // The property's counterexample (fast-check seed 558409207): Paris skips 2:00 on 30 March 2025, from 2:00 CET
    // (1:00 UTC) to 3:00 CEST. The run goes at the landing, 1:00 UTC, not an hour later: east of Greenwich the
    // zoned-time helper resolves a skipped time after the gap, west of it before.
    expect(
      new Date(
        nextRunAfter(1_743_210_000_000, { frequency: "daily", weekday: null, hour: 2 }, "Europe/Paris"),
      ).toISOString(),
    ).toBe("2025-03-30T01:00:00.000Z");
    // Lord Howe skips half an hour, 2:00 to 2:30 (15:00 UTC, 4 October 2025): a 2:00 run goes at 2:30.
    expect(
      new Date(
        nextRunAfter(
          Date.parse("2025-10-04T00:00:00Z"),
          { frequency: "daily", weekday: null, hour: 2 },
          "Australia/Lord_Howe",
        ),
      ).toISOString(),
    ).toBe("2025-10-04T15:30:00.000Z");
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
