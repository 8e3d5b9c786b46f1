import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AGENT_STATUSES } from "../../src/contract/status";
import { agentRow, at, T0, TOTALS } from "./fixtures";
import { clockText, countersOf, DEFAULT_VIEW, isOverstaying, secondsInStatus, visibleRows } from "./wall";

describe("time in status", () => {
  it("counts from the gateway's `since` plus the seconds already counted (a resumed cumulative break)", () => {
    expect(secondsInStatus(agentRow({ since: at(90), offset_seconds: 0 }), T0)).toBe(90);
    expect(secondsInStatus(agentRow({ since: at(90), offset_seconds: 600 }), T0)).toBe(690);
  });

  it("is an overstay past the status's limit, or once the gateway said so", () => {
    expect(isOverstaying(agentRow({ status: "break", since: at(1801), overstay_limit: 1800 }), T0)).toBe(true);
    expect(isOverstaying(agentRow({ status: "break", since: at(1799), overstay_limit: 1800 }), T0)).toBe(false);
    expect(isOverstaying(agentRow({ status: "ready", overstay_limit: null, overstayed: true }), T0)).toBe(true);
  });

  it("reads as a wall clock", () => {
    expect(clockText(5)).toBe("0:05");
    expect(clockText(245)).toBe("4:05");
    expect(clockText(3729)).toBe("1:02:09");
  });
});

describe("the rows the wall lists", () => {
  const rows = [
    agentRow({ agent_id: 1, name: "Ana Ávila", status: "ready", since: at(30) }),
    agentRow({ agent_id: 2, name: "Ben Ortiz", role: "advisor", status: "break", since: at(900), team_manager_id: 9 }),
    agentRow({ agent_id: 3, name: "Cara Li", status: "offline", since: at(5000) }),
    agentRow({ agent_id: 4, name: "Dev Shah", status: "on_a_call", since: at(120), campaigns: ["Final expense"] }),
  ];
  const names = (view = {}) => visibleRows(rows, { ...DEFAULT_VIEW, ...view }, 9, T0).map((a) => a.name);

  it("lists signed-in agents longest in status first, signed-out ones only when asked", () => {
    expect(names()).toEqual(["Ben Ortiz", "Dev Shah", "Ana Ávila"]);
    expect(names({ showOffline: true })[0]).toBe("Cara Li");
  });

  it("filters by role, status, campaign, team and a search that ignores accents and case", () => {
    expect(names({ role: "advisor" })).toEqual(["Ben Ortiz"]);
    expect(names({ status: "on_a_call" })).toEqual(["Dev Shah"]);
    expect(names({ campaign: "Final expense" })).toEqual(["Dev Shah"]);
    expect(names({ myTeam: true })).toEqual(["Ben Ortiz"]);
    expect(names({ search: "avila" })).toEqual(["Ana Ávila"]);
    expect(names({ sort: "name" })).toEqual(["Ana Ávila", "Ben Ortiz", "Dev Shah"]);
  });

  it("never loses or repeats a row whatever the sort, and a filter only removes rows", () => {
    const row = fc.record({
      agent_id: fc.integer({ min: 1, max: 10_000 }),
      status: fc.constantFrom(...AGENT_STATUSES),
      seconds: fc.integer({ min: 0, max: 36_000 }),
      role: fc.constantFrom("qualifier", "advisor"),
    });
    fc.assert(
      fc.property(fc.uniqueArray(row, { selector: (r) => r.agent_id, maxLength: 60 }), fc.constantFrom("longest", "name", "status" as const), (specs, sort) => {
        const all = specs.map((s) => agentRow({ agent_id: s.agent_id, name: `Agent ${s.agent_id}`, status: s.status, role: s.role, since: at(s.seconds) }));
        const listed = visibleRows(all, { ...DEFAULT_VIEW, showOffline: true, sort }, 0, T0);
        expect(listed.map((a) => a.agent_id).sort()).toEqual(all.map((a) => a.agent_id).sort());
        if (sort === "longest")
          for (let i = 1; i < listed.length; i++)
            expect(secondsInStatus(listed[i - 1]!, T0)).toBeGreaterThanOrEqual(secondsInStatus(listed[i]!, T0));
        const advisors = visibleRows(all, { ...DEFAULT_VIEW, showOffline: true, sort, role: "advisor" }, 0, T0);
        expect(advisors.every((a) => a.role === "advisor")).toBe(true);
        expect(advisors.length).toBe(all.filter((a) => a.role === "advisor").length);
      }),
    );
  });
});

describe("the counters", () => {
  it("counts signed-in agents by status, calls, overstays, the longest wait and the abandon rate", () => {
    const c = countersOf(
      [
        agentRow({ agent_id: 1, status: "ready" }),
        agentRow({ agent_id: 2, status: "ready" }),
        agentRow({ agent_id: 3, status: "break", since: at(2000), overstay_limit: 1800 }),
        agentRow({ agent_id: 4, status: "offline" }),
        agentRow({
          agent_id: 5,
          status: "on_a_call",
          call: {
            call_id: 1, type: "auto", direction: 0, status: "answered", lead_id: 3, lead_name: "Lee Park",
            lead_state: "ny", lead_timezone: "America/New_York", started_at: at(60), answered_at: at(50), in_transfer: false,
          },
        }),
      ],
      { ...TOTALS, contacts: 12, bookings: 2, inbound_offered: 8, inbound_abandoned: 2, longest_wait_since: at(75) },
      T0,
    );
    expect(c).toEqual({
      byStatus: { ready: 2, break: 1, on_a_call: 1 },
      signedIn: 4,
      callsInProgress: 1,
      overstaying: 1,
      longestWait: 75,
      contacts: 12,
      bookings: 2,
      abandonRate: 0.25,
    });
  });
});
