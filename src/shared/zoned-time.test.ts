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
