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

  const ZONES = ["America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles", "America/Anchorage", "Pacific/Honolulu", "America/Halifax", "America/St_Johns", "America/Regina", "Europe/Paris", "Europe/Madrid", "Australia/Lord_Howe", "America/Santiago", "America/Havana", "America/Asuncion"];

  it("instantOf inverts wallClock, at the first of a time shown twice", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse("2025-01-01T00:00:00Z"), max: Date.parse("2027-12-31T00:00:00Z") }),
        fc.constantFrom(...ZONES),
        (t, tz) => {
          const minute = Math.floor(t / 60_000) * 60_000;
          const w = wallClock(minute, tz);
          const back = instantOf(w.year, w.month, w.day, w.hour, w.minute, tz);
          // Equal, or the first occurrence of a time repeated when the clocks went back (an hour, or half an hour).
          expect([0, 1800_000, 3600_000]).toContain(minute - back);
          if (back !== minute) expect(wallClock(back, tz)).toEqual(w);
          expect(startOfLocalDay(minute, tz)).toBeLessThanOrEqual(minute);
          expect(minute - startOfLocalDay(minute, tz)).toBeLessThan(25 * 3600_000);
        },
      ),
    );
  });

  it("instantOf puts a time the clocks skip where they land, on both sides of Greenwich", () => {
    const at = (tz: string, ...[y, mo, d, h, mi]: number[]) => new Date(instantOf(y!, mo!, d!, h!, mi!, tz)).toISOString();
    // Paris, 29 March 2026: 2:00 CET does not exist; the clocks land at 3:00 CEST, 1:00 UTC.
    expect(at("Europe/Paris", 2026, 3, 29, 2, 0)).toBe("2026-03-29T01:00:00.000Z");
    expect(at("Europe/Paris", 2026, 3, 29, 2, 30)).toBe("2026-03-29T01:30:00.000Z");
    // New York, 8 March 2026: 2:00 EST does not exist; 3:00 EDT is 7:00 UTC.
    expect(at("America/New_York", 2026, 3, 8, 2, 0)).toBe("2026-03-08T07:00:00.000Z");
    // Santiago skips midnight on 6 September 2026: the day starts at 1:00 (-03), 4:00 UTC, not on the day before.
    expect(at("America/Santiago", 2026, 9, 6, 0, 0)).toBe("2026-09-06T04:00:00.000Z");
    expect(wallClock(startOfLocalDay(Date.parse("2026-09-06T15:00:00Z"), "America/Santiago"), "America/Santiago")).toMatchObject({ day: 6, hour: 1 });
    // Lord Howe skips half an hour, 2:00 to 2:30, on 4 October 2026 (UTC): 2:00 is 2:30 (+11).
    expect(at("Australia/Lord_Howe", 2026, 10, 4, 2, 0)).toBe("2026-10-03T15:30:00.000Z");
    // Shown twice: the first. Paris 25 October 2026, 2:00 CEST (0:00 UTC); New York 1 November, 1:00 EDT (5:00 UTC).
    expect(at("Europe/Paris", 2026, 10, 25, 2, 0)).toBe("2026-10-25T00:00:00.000Z");
    expect(at("America/New_York", 2026, 11, 1, 1, 0)).toBe("2026-11-01T05:00:00.000Z");
  });

  it("instantOf of any wall time is that time, or where the clocks landed after skipping it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse("2025-01-01T00:00:00Z"), max: Date.parse("2027-12-31T00:00:00Z") }),
        fc.constantFrom(...ZONES),
        (t, tz) => {
          const wall = Math.floor(t / 60_000) * 60_000;
          const d = new Date(wall);
          const back = instantOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), tz);
          const local = (ms: number) => {
            const w = wallClock(ms, tz);
            return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
          };
          if (local(back) === wall) return;
          // Skipped: a minute before the landing the clock read earlier than the wall time, at the landing later.
          expect(local(back - 60_000)).toBeLessThan(wall);
          expect(local(back)).toBeGreaterThan(wall);
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
