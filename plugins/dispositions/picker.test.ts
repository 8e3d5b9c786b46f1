import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, formatTime12, localDateOf, outOfRange, timeSlots, toIso, utcDay } from "./picker";

const TODAY = "2026-01-05";

describe("callback picker", () => {
  it("offers today every quarter hour from 9:00 AM to 11:45 PM", () => {
    const slots = timeSlots(TODAY, TODAY);
    expect(slots[0]).toEqual({ value: "09:00", label: "9:00 AM" });
    expect(slots.at(-1)).toEqual({ value: "23:45", label: "11:45 PM" });
    expect(slots).toHaveLength(60);
  });

  it("offers a later day the whole day in 15-minute steps", () => {
    const slots = timeSlots("2026-01-06", TODAY);
    expect(slots).toHaveLength(96);
    expect(slots.slice(0, 2).map((s) => s.label)).toEqual(["12:00 AM", "12:15 AM"]);
    expect(slots.find((s) => s.value === "12:00")?.label).toBe("12:00 PM");
    for (const s of slots) expect(Number(s.value.slice(3)) % 15).toBe(0);
  });

  it("labels every time on a 12-hour clock", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
        const hhmm = `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
        expect(formatTime12(hhmm)).toMatch(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);
      }),
    );
  });

  it("allows from 9:00 today to a year ahead", () => {
    expect(outOfRange(TODAY, "08:45", TODAY)).toBe(true);
    expect(outOfRange(TODAY, "09:00", TODAY)).toBe(false);
    expect(outOfRange("2026-01-04", "12:00", TODAY)).toBe(true);
    expect(outOfRange("2026-01-06", "00:00", TODAY)).toBe(false);
    expect(outOfRange(addDays(TODAY, 365), "12:00", TODAY)).toBe(false);
    expect(outOfRange(addDays(TODAY, 366), "12:00", TODAY)).toBe(true);
  });

  it("reads days in UTC and hands the calendar the same calendar day", () => {
    expect(utcDay(Date.UTC(2026, 0, 5, 23, 59))).toBe("2026-01-05");
    expect(toIso("2026-01-06", "09:15")).toBe("2026-01-06T09:15:00.000Z");
    expect(toIso("", "09:15")).toBeNull();
    const d = localDateOf("2026-02-28");
    expect([d.getFullYear(), d.getMonth(), d.getDate()]).toEqual([2026, 1, 28]);
  });
});
