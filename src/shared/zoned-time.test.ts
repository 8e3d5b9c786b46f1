import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { instantOf, isValidTimeZone, offsetAt, startOfLocalDay, startOfLocalHour, wallClock } from "./zoned-time";

describe("zoned time", () => {
  it("reads the wall clock of a zone", () => {
    const t = Date.parse("2026-01-05T15:30:00Z");
    expect(wallClock(t, "America/New_York")).toMatchObject({ hour: 10, minute: 30, weekday: 1 });
    expect(wallClock(t, "America/St_Johns")).toMatchObject({ hour: 12, minute: 0 });
    expect(offsetAt(t, "America/Los_Angeles")).toBe(-8 * 3600_000);
  });

  it("finds local midnight on DST change days (23 and 25 hour days)", () => {
    const spring = Date.parse("2026-03-08T18:00:00Z"); // New York switched at 02:00 local
    expect(new Date(startOfLocalDay(spring, "America/New_York")).toISOString()).toBe("2026-03-08T05:00:00.000Z");
    const fall = Date.parse("2026-11-01T18:00:00Z");
    expect(new Date(startOfLocalDay(fall, "America/New_York")).toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(new Date(startOfLocalHour(Date.parse("2026-01-05T15:47:12.345Z"), "America/St_Johns")).toISOString()).toBe(
      "2026-01-05T15:30:00.000Z",
    );
  });

  it("instantOf inverts wallClock away from DST gaps", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse("2025-01-01T00:00:00Z"), max: Date.parse("2027-12-31T00:00:00Z") }),
        fc.constantFrom("America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles", "America/Anchorage", "Pacific/Honolulu", "America/Halifax", "America/St_Johns", "America/Regina"),
        (t, tz) => {
          const minute = Math.floor(t / 60_000) * 60_000;
          const w = wallClock(minute, tz);
          const back = instantOf(w.year, w.month, w.day, w.hour, w.minute, tz);
          // Equal, or the other occurrence of an hour repeated at a fall-back.
          expect([0, 3600_000]).toContain(Math.abs(back - minute));
          expect(startOfLocalDay(minute, tz)).toBeLessThanOrEqual(minute);
          expect(minute - startOfLocalDay(minute, tz)).toBeLessThan(25 * 3600_000);
        },
      ),
    );
  });

  it("knows a usable zone from a broken one", () => {
    expect(isValidTimeZone("America/Toronto")).toBe(true);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
  });
});

describe("the wall clock from a zone's offset through the quarter hour", () => {
  /** What Intl says, read independently of the module (the oracle). */
  const intl = (epochMs: number, timeZone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", weekday: "short" })
        .formatToParts(new Date(epochMs))
        .map((p) => [p.type, p.value]),
    );
    return {
      year: Number(parts.year),
      month: Number(parts.month),
      day: Number(parts.day),
      hour: Number(parts.hour),
      minute: Number(parts.minute),
      second: Number(parts.second),
      weekday: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday!),
    };
  };
  // North America's zones, and zones whose offsets or changes are not whole hours.
  const ZONES = [
    "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles", "America/Anchorage",
    "Pacific/Honolulu", "America/Halifax", "America/St_Johns", "America/Puerto_Rico", "America/Regina", "America/Indiana/Knox",
    "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Chatham", "Africa/Monrovia", "Europe/Dublin", "UTC",
  ];
  const YEAR = 365.25 * 86_400_000;

  it("is what Intl says at any instant from 1950 to 2060, on the changes' edges too (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Math.round(-20 * YEAR), max: Math.round(90 * YEAR) }),
        fc.integer({ min: -2, max: 2 }),
        (zone, at, nudge) => {
          // Also the seconds around a change of offset when one falls within a day of `at`.
          const instants = [at];
          const before = intl(at - 86_400_000, zone);
          const after = intl(at + 86_400_000, zone);
          const offset = (ms: number, w: ReturnType<typeof intl>) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
          if (offset(at - 86_400_000, before) !== offset(at + 86_400_000, after)) {
            let lo = at - 86_400_000;
            let hi = at + 86_400_000;
            const o = offset(lo, before);
            while (hi - lo > 1000) {
              const mid = Math.floor((lo + hi) / 2000) * 1000;
              if (offset(mid, intl(mid, zone)) === o) lo = mid;
              else hi = mid;
            }
            instants.push(hi + nudge * 1000, hi - 1 + nudge * 500);
          }
          for (const t of instants) expect(wallClock(t, zone), `${zone} ${new Date(t).toISOString()}`).toEqual(intl(t, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("asks Intl within a quarter hour that holds a change: Monrovia's, at 00:44:30 UTC on 7 January 1972", () => {
    const change = Date.UTC(1972, 0, 7, 0, 44, 30);
    for (const t of [change - 60_000, change - 1000, change - 1, change, change + 1000, change + 60_000])
      expect(wallClock(t, "Africa/Monrovia"), new Date(t).toISOString()).toEqual(intl(t, "Africa/Monrovia"));
    expect(wallClock(change - 1000, "Africa/Monrovia")).toMatchObject({ hour: 23, minute: 59, second: 59, day: 6 });
    expect(wallClock(change, "Africa/Monrovia")).toMatchObject({ hour: 0, minute: 44, second: 30, day: 7 });
  });
});
