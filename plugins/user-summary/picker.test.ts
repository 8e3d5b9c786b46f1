import { describe, expect, it } from "vitest";
import { defaultTime, formatTime12, timeSlots, toIso } from "./picker";

describe("reschedule picker", () => {
  it("offers quarter hours on a 12-hour clock, from 9:00 today and from midnight later", () => {
    const today = timeSlots("2026-01-05", "2026-01-05");
    expect(today[0]).toEqual({ value: "09:00", label: "9:00 AM" });
    expect(today[1]!.label).toBe("9:15 AM");
    expect(today.at(-1)).toEqual({ value: "23:45", label: "11:45 PM" });
    const tomorrow = timeSlots("2026-01-06", "2026-01-05");
    expect(tomorrow[0]).toEqual({ value: "00:00", label: "12:00 AM" });
    expect(tomorrow).toHaveLength(96);
    expect(formatTime12("12:30")).toBe("12:30 PM");
  });

  it("keeps the follow-up's own time of day when the new day offers it, else the day's first slot", () => {
    expect(defaultTime("2026-01-06T15:07:00.000Z", "2026-01-09", "2026-01-05")).toBe("15:00");
    expect(defaultTime("2026-01-06T07:30:00.000Z", "2026-01-05", "2026-01-05")).toBe("09:00");
    expect(defaultTime("not a date", "2026-01-09", "2026-01-05")).toBe("00:00");
  });

  it("writes an ISO instant in UTC, or null while incomplete", () => {
    expect(toIso("2026-01-07", "15:30")).toBe("2026-01-07T15:30:00.000Z");
    expect(toIso("2026-01-07", "")).toBeNull();
    expect(toIso("", "15:30")).toBeNull();
  });
});
