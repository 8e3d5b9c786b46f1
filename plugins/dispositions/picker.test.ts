// The rules the disposition panel checks a callback against (rules.ts) and the instant it saves (payload.ts):
// the core's, so the panel cannot drift from the picker the agent sees.
import { describe, expect, it } from "vitest";
import { callbackPicker } from "../../src/sdk";
import { isDay, isTime, onStep, outOfRange, toIso, utcDay } from "./picker";

const TODAY = "2026-01-05";

describe("callback rules", () => {
  it("are the core's", () => {
    expect(outOfRange).toBe(callbackPicker.outOfRange);
    expect(toIso).toBe(callbackPicker.toIso);
  });

  it("allow a quarter hour from 9:00 today to a year ahead", () => {
    expect(outOfRange(TODAY, "08:45", TODAY)).toBe(true);
    expect(outOfRange(TODAY, "09:00", TODAY)).toBe(false);
    expect(outOfRange("2026-01-04", "12:00", TODAY)).toBe(true);
    expect(outOfRange("2026-01-06", "00:00", TODAY)).toBe(false);
    expect(outOfRange("2027-01-05", "12:00", TODAY)).toBe(false);
    expect(outOfRange("2027-01-06", "12:00", TODAY)).toBe(true);
    expect(onStep("10:15")).toBe(true);
    expect(onStep("10:20")).toBe(false);
    expect(isTime("24:00")).toBe(false);
    expect(isDay("2026-02-30")).toBe(false);
  });

  it("read today in UTC and save the callback as a UTC instant", () => {
    expect(utcDay(Date.UTC(2026, 0, 5, 23, 59))).toBe("2026-01-05");
    expect(toIso("2026-01-06", "09:15")).toBe("2026-01-06T09:15:00.000Z");
    expect(toIso("", "09:15")).toBeNull();
  });
});
