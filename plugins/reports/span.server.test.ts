// The months a report by month reads whole from the month rollups; the rest of the range comes from the days.
import { describe, expect, it } from "vitest";
import { wholeMonths } from "./span.server";

describe("wholeMonths", () => {
  it("takes the months a range covers from their first to their last day", () => {
    expect(wholeMonths({ from: "2026-03-01", to: "2026-03-31" })).toEqual({
      start: "2026-03-01",
      end: "2026-04-01",
    });
    expect(wholeMonths({ from: "2025-03-10", to: "2026-03-10" })).toEqual({
      start: "2025-04-01",
      end: "2026-03-01",
    });
    expect(wholeMonths({ from: "2025-12-01", to: "2026-02-28" })).toEqual({
      start: "2025-12-01",
      end: "2026-03-01",
    });
    expect(wholeMonths({ from: "2024-02-01", to: "2024-02-29" })).toEqual({
      start: "2024-02-01",
      end: "2024-03-01",
    });
  });

  it("is empty when no month lies wholly inside", () => {
    for (const [from, to] of [
      ["2026-03-10", "2026-03-20"],
      ["2026-03-02", "2026-03-31"],
      ["2026-02-15", "2026-03-15"],
      ["2026-12-02", "2026-12-31"],
      ["2024-02-01", "2024-02-28"],
    ] as [string, string][]) {
      const { start, end } = wholeMonths({ from, to });
      expect(start, `${from}..${to}`).toBe(end);
    }
  });
});
