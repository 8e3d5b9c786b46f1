// Goals against quotas, as the agents' report weighs them: each period worked asks the role's quota of that period.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ReportQuotas } from "./contract";
import { blankSums, goalsOf, perAgentOf, teamGoalsOf } from "./metrics";

const blankRow = (agentId: number, period: string) => ({ ...blankSums(), agent_id: agentId, period });
/** An agent's days added up as the report's per_agent has them. */
const overRange = (...days: ReturnType<typeof blankRow>[]) => perAgentOf(days)[0]!;

const quotas: ReportQuotas = {
  dials: { qualifier: [60, 400, 2000, 8000] },
  meetings: { qualifier: [1, 6, 30, 120] },
  sales: { qualifier: [0, 0, 0, 0], advisor: [1, 2, 10, 40] },
};

describe("goals against quotas", () => {
  it("ask a quota for each period worked, of the period read, and none for days off", () => {
    const worked = { ...blankRow(1, "2026-03-09"), dials: 200, status_seconds: { ready: 3600 } };
    const dayOff = { ...blankRow(1, "2026-03-10"), status_seconds: { offline: 86_400 } };
    const inbound = { ...blankRow(1, "2026-03-11"), inbound: 1, dispositions: { "Appointment Setup": 6 } };
    const g = goalsOf(overRange(worked, dayOff, inbound), "qualifier", quotas, "day");
    expect(g.dials).toEqual({ current: 200, target: 800 });
    expect(g.bookings).toEqual({ current: 6, target: 12 });
    expect(g.sales).toEqual({ current: 0, target: 0 });
    // 25 % of the dials and 50 % of the bookings; sales have no target and are left out.
    expect(g.overall).toBeCloseTo(0.375);
    expect(goalsOf(overRange(worked), "qualifier", quotas, "month").dials.target).toBe(8000);
    expect(goalsOf(overRange(worked), "qualifier", quotas, "week").dials.target).toBe(2000);
  });

  it("have no figure for a role without quotas", () => {
    const worked = { ...blankRow(1, "2026-03-09"), dials: 5 };
    expect(goalsOf(overRange(worked), "outbound-eligible", quotas, "day").overall).toBeNull();
  });

  it("add up to the team's: its targets and figures are the agents' summed", () => {
    const line = fc.record({
      days: fc.integer({ min: 0, max: 5 }),
      dials: fc.integer({ min: 0, max: 500 }),
      role: fc.constantFrom("qualifier", "advisor"),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const goals = lines.map((l) =>
          goalsOf(
            {
              ...blankSums(),
              agent_id: 1,
              dials: l.dials * l.days,
              periods_worked: l.dials > 0 ? l.days : 0,
            },
            l.role,
            quotas,
            "day",
          ),
        );
        const team = teamGoalsOf(goals);
        expect(team.dials.target).toBe(goals.reduce((n, g) => n + g.dials.target, 0));
        expect(team.dials.current).toBe(goals.reduce((n, g) => n + g.dials.current, 0));
        // The goals met: the agents' own, averaged over those with a target.
        const met = goals.flatMap((g) => (g.overall === null ? [] : [g.overall]));
        if (met.length === 0) expect(team.overall).toBeNull();
        else expect(team.overall).toBeCloseTo(met.reduce((a, b) => a + b, 0) / met.length);
        // A day worked is a day with a dial; an advisor has no dials quota here.
        lines.forEach((l, i) =>
          expect(goals[i]!.dials.target).toBe(l.role === "qualifier" && l.dials > 0 ? 400 * l.days : 0),
        );
      }),
    );
  });
});
