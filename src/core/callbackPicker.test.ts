// The call-time rules every picker shares (agent-workspace §2, §9): quarter hours, a 12-hour clock in the
// agent's words, 9:00 at the earliest today, a year ahead at the latest, and UTC days the calendar cannot shift.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  dayOfLocalDate,
  formatTime12,
  localDateOf,
  offers,
  outOfRange,
  pickable,
  STEP_MINUTES,
  timeSlots,
  toIso,
  WEEK_STARTS_ON,
} from "./callbackPicker";

const TODAY = "2026-01-05";
const SPANISH = { am: "a. m.", pm: "p. m." };
const day = fc
  .date({ min: new Date("2025-06-01T00:00:00Z"), max: new Date("2027-06-01T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe("call-time rules", () => {
  it("steps by 15 minutes and starts weeks on Monday", () => {
    expect(STEP_MINUTES).toBe(15);
    expect(WEEK_STARTS_ON).toBe(1);
  });

  it("offers only quarter hours, and today nothing before 9:00 AM", () => {
    fc.assert(
      fc.property(day, (d) => {
        const slots = timeSlots(d, TODAY);
        for (const s of slots) expect(Number(s.value.slice(3)) % 15).toBe(0);
        expect(slots[0]!.value).toBe(d === TODAY ? "09:00" : "00:00");
        expect(slots.at(-1)!.value).toBe("23:45");
        expect(slots).toHaveLength(d === TODAY ? 60 : 96);
      }),
    );
  });

  it("labels times on a 12-hour clock, in the agent's words", () => {
    expect(formatTime12("00:15")).toBe("12:15 AM");
    expect(formatTime12("12:00")).toBe("12:00 PM");
    expect(formatTime12("15:30", SPANISH)).toBe("3:30 p. m.");
    expect(timeSlots(TODAY, TODAY, SPANISH)[0]).toEqual({ value: "09:00", label: "9:00 a. m." });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
        const hhmm = `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
        expect(formatTime12(hhmm)).toMatch(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);
      }),
    );
  });

  it("keeps a time on a newly picked day only when that day offers it", () => {
    expect(offers("2026-01-06", "08:00", TODAY)).toBe(true);
    expect(offers(TODAY, "08:00", TODAY)).toBe(false);
    expect(offers(TODAY, "09:00", TODAY)).toBe(true);
    expect(offers("2026-01-06", "08:10", TODAY)).toBe(false);
    expect(offers("2026-01-06", "", TODAY)).toBe(false);
  });

  it("lets the agent pick from today to a year ahead", () => {
    expect(pickable(TODAY, TODAY)).toBe(true);
    expect(pickable("2026-01-04", TODAY)).toBe(false);
    expect(pickable(addDays(TODAY, 365), TODAY)).toBe(true);
    expect(pickable(addDays(TODAY, 366), TODAY)).toBe(false);
    expect(pickable("2026-02-30", TODAY)).toBe(false); // not a day, though Date.parse reads it as March 2
    expect(pickable("", TODAY)).toBe(false);
    expect(outOfRange(TODAY, "08:45", TODAY)).toBe(true);
    expect(outOfRange(TODAY, "09:00", TODAY)).toBe(false);
  });

  it.each(["UTC", "America/Los_Angeles", "Pacific/Kiritimati"])(
    "hands the calendar a local date of the same calendar day, and reads it back unchanged (browser in %s)",
    (zone) => {
      const saved = process.env.TZ;
      process.env.TZ = zone; // Node applies a new TZ at once
      try {
        fc.assert(
          fc.property(day, (d) => {
            const local = localDateOf(d);
            expect(local.getDate()).toBe(Number(d.slice(8)));
            expect(dayOfLocalDate(local)).toBe(d);
          }),
        );
      } finally {
        if (saved === undefined) delete process.env.TZ;
        else process.env.TZ = saved;
      }
    },
  );

  it("writes the wire's UTC instant once both parts are there", () => {
    expect(toIso("2026-01-06", "09:15")).toBe("2026-01-06T09:15:00.000Z");
    expect(toIso("2026-01-06", "")).toBeNull();
  });
});
