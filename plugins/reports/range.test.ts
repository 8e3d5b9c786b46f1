import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysIn, periodFor, RANGE_PRESETS, rangeOf } from "./range";

describe("report ranges", () => {
  it("count from the call centre's today", () => {
    const today = "2026-03-11"; // a Wednesday
    expect(rangeOf("today", today)).toEqual({ from: today, to: today });
    expect(rangeOf("yesterday", today)).toEqual({ from: "2026-03-10", to: "2026-03-10" });
    expect(rangeOf("this_week", today)).toEqual({ from: "2026-03-09", to: today });
    expect(rangeOf("last_7_days", today)).toEqual({ from: "2026-03-05", to: today });
    expect(rangeOf("this_month", today)).toEqual({ from: "2026-03-01", to: today });
    expect(rangeOf("last_month", today)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(rangeOf("last_30_days", today)).toEqual({ from: "2026-02-10", to: today });
    expect(rangeOf("this_year", today)).toEqual({ from: "2026-01-01", to: today });
    expect(rangeOf("last_month", "2026-01-15")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(rangeOf("this_week", "2026-03-09")).toEqual({ from: "2026-03-09", to: "2026-03-09" }); // a Monday
  });

  it("always end on or before today, start on or before their end, and stay within a year", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        fc.constantFrom(...RANGE_PRESETS),
        (d, preset) => {
          const today = d.toISOString().slice(0, 10);
          const r = rangeOf(preset, today);
          expect(r.from <= r.to && r.to <= today).toBe(true);
          expect(daysIn(r)).toBeGreaterThanOrEqual(1);
          expect(daysIn(r)).toBeLessThanOrEqual(366);
        },
      ),
    );
  });

  it("read by day up to a month and a half, by week to four months, by month beyond", () => {
    expect(periodFor({ from: "2026-03-01", to: "2026-03-31" })).toBe("day");
    expect(periodFor({ from: "2026-01-01", to: addDays("2026-01-01", 89) })).toBe("week");
    expect(periodFor({ from: "2026-01-01", to: "2026-12-31" })).toBe("month");
  });
});
