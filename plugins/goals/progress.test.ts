// The goal arithmetic of agent-workspace §2 and §9.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { GoalStatistics } from "./contract";
import { goalRows, intentOf, newLeadsProgress, newLeadsRow, overallProgress, progressOf } from "./progress";

const measure = (current: number, target: number) => ({ current, target });
function stats(dials: [number, number, number, number], transfers: [number, number, number, number]): GoalStatistics {
  // [hourly current, hourly target, daily current, daily target]
  return {
    dials: { hourly: measure(dials[0], dials[1]), daily: measure(dials[2], dials[3]) },
    transfers: { hourly: measure(transfers[0], transfers[1]), daily: measure(transfers[2], transfers[3]) },
    sales: { hourly: measure(0, 1), daily: measure(1, 2) },
    new_leads: 0,
    "new-leads-threshold": 1,
    hours: 0,
    followUps: 0,
    pickups: 0,
  };
}

describe("progressOf", () => {
  it("is the integer percent of current over target, rounded down", () => {
    expect(progressOf(1, 3)).toBe(33);
    expect(progressOf(2, 3)).toBe(66);
    expect(progressOf(199, 200)).toBe(99);
    expect(progressOf(400, 400)).toBe(100);
    // Exact percents that floating-point division would land just under.
    expect(progressOf(29, 100)).toBe(29);
    expect(progressOf(57, 100)).toBe(57);
    expect(progressOf(58, 100)).toBe(58);
    expect(progressOf(29, 50)).toBe(58);
    expect(progressOf(5, 2)).toBe(250);
    expect(progressOf(0, 60)).toBe(0);
  });

  it("is 0 when the target is 0", () => {
    expect(progressOf(0, 0)).toBe(0);
    expect(progressOf(7, 0)).toBe(0);
  });

  it("is exact for every count up to twice every target up to 200", () => {
    const wrong: string[] = [];
    for (let target = 1; target <= 200; target++) {
      for (let current = 0; current <= 2 * target; current++) {
        const p = progressOf(current, target);
        if (p * target > current * 100 || (p + 1) * target <= current * 100) wrong.push(`${current}/${target} → ${p}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("is always floor(100 × current / target), an integer", () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 100_000 }), (current, target) => {
        const p = progressOf(current, target);
        expect(Number.isInteger(p)).toBe(true);
        // p% of the target is reached, (p + 1)% is not.
        expect(p * target).toBeLessThanOrEqual(current * 100);
        expect((p + 1) * target).toBeGreaterThan(current * 100);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("intentOf", () => {
  it.each([
    [0, "danger"],
    [1, "warning"],
    [49, "warning"],
    [50, "primary"],
    [99, "primary"],
    [100, "success"],
    [250, "success"],
  ])("colours %i%% %s", (progress, intent) => {
    expect(intentOf(progress)).toBe(intent);
  });

  it("follows the cut-offs 0, 50 and 100 for every integer", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (p) => {
        const expected = p === 0 ? "danger" : p < 50 ? "warning" : p < 100 ? "primary" : "success";
        expect(intentOf(p)).toBe(expected);
      }),
    );
  });
});

describe("overallProgress", () => {
  it("averages daily and hourly dials and transfers", () => {
    // 75, 25, 100, 0
    expect(overallProgress(stats([45, 60, 100, 400], [0, 1, 6, 6]))).toBe(50);
  });

  it("keeps two decimals", () => {
    // 33, 33, 33, 34 → 33.25; 66, 67, 67, 67 → 66.75
    expect(overallProgress(stats([1, 3, 1, 3], [1, 3, 34, 100]))).toBe(33.25);
    expect(overallProgress(stats([2, 3, 67, 100], [67, 100, 67, 100]))).toBe(66.75);
    // 1, 0, 0, 0 → 0.25
    expect(overallProgress(stats([1, 100, 0, 400], [0, 1, 0, 6]))).toBe(0.25);
  });

  it("leaves sales out, even for an advisor", () => {
    const s = stats([60, 60, 400, 400], [1, 1, 6, 6]);
    expect(overallProgress({ ...s, sales: { hourly: measure(0, 1), daily: measure(0, 2) } })).toBe(100);
  });

  it("is 0 when every target is 0", () => {
    expect(overallProgress(stats([5, 0, 5, 0], [5, 0, 5, 0]))).toBe(0);
  });

  it("is the mean of the four integer progresses, with at most two decimals", () => {
    const m = fc.tuple(fc.nat(1000), fc.nat(1000));
    fc.assert(
      fc.property(m, m, m, m, ([a, b], [c, d], [e, f], [g, h]) => {
        const s = stats([a, b, c, d], [e, f, g, h]);
        const four = [progressOf(c, d), progressOf(g, h), progressOf(a, b), progressOf(e, f)];
        const overall = overallProgress(s);
        expect(overall).toBeCloseTo(four.reduce((x, y) => x + y, 0) / 4, 10);
        expect(Number.isInteger(Math.round(overall * 100 * 1e6) / 1e6)).toBe(true);
      }),
    );
  });
});

describe("goalRows", () => {
  it("lists dials and transfers, daily then hourly, and sales only when asked", () => {
    const s = stats([45, 60, 100, 400], [0, 1, 6, 6]);
    expect(goalRows(s, false).map((r) => [r.key, r.progress])).toEqual([
      ["dailyDials", 25],
      ["dailyTransfers", 100],
      ["hourlyDials", 75],
      ["hourlyTransfers", 0],
    ]);
    expect(goalRows(s, true).map((r) => r.key).slice(4)).toEqual(["dailySales", "hourlySales"]);
  });
});

describe("newLeadsProgress", () => {
  const withLeads = (newLeads: number, threshold: number) => ({ ...stats([0, 1, 0, 1], [0, 1, 0, 1]), new_leads: newLeads, "new-leads-threshold": threshold });

  it("is new leads over the threshold", () => {
    expect(newLeadsProgress(withLeads(3, 4))).toBe(75);
    expect(newLeadsProgress(withLeads(0, 4))).toBe(0);
    expect(newLeadsProgress(withLeads(10, 4))).toBe(250);
  });

  it("uses a threshold of 1 when the gateway sends 0", () => {
    expect(newLeadsProgress(withLeads(0, 0))).toBe(0);
    expect(newLeadsProgress(withLeads(1, 0))).toBe(100);
    expect(newLeadsProgress(withLeads(2, 0))).toBe(200);
  });
});

describe("newLeadsRow", () => {
  const withLeads = (newLeads: number, threshold: number) => ({ ...stats([0, 1, 0, 1], [0, 1, 0, 1]), new_leads: newLeads, "new-leads-threshold": threshold });

  it("is the count over the threshold, its progress stopping at 100 % once the threshold is reached", () => {
    expect(newLeadsRow(withLeads(6, 1))).toEqual({ key: "newLeads", current: 6, target: 1, progress: 100 });
    expect(newLeadsRow(withLeads(3, 4))).toEqual({ key: "newLeads", current: 3, target: 4, progress: 75 });
    expect(newLeadsRow(withLeads(0, 4))).toEqual({ key: "newLeads", current: 0, target: 4, progress: 0 });
  });

  it("counts against a threshold of 1 when the gateway sends 0", () => {
    expect(newLeadsRow(withLeads(2, 0))).toEqual({ key: "newLeads", current: 2, target: 1, progress: 100 });
  });

  it("never passes 100 %, and is the integer progress below it", () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.integer({ min: 0, max: 500 }), (n, threshold) => {
        const r = newLeadsRow(withLeads(n, threshold));
        expect(r.progress).toBe(Math.min(100, progressOf(n, threshold || 1)));
        expect(r.progress).toBeLessThanOrEqual(100);
      }),
    );
  });
});
