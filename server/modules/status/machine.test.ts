// The status state machine, transition by transition: every status from every status for every source,
// role and variant, the advisors' allowance, deactivation, and the duration rules; then random shifts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { StatusSource } from "../../../src/contract/socket";
import {
  AGENT_STATUSES,
  SYSTEM_STATUSES,
  overstayLimit,
  selectableStatuses,
  wireStatus,
  workspaceSpelling,
  type AgentStatus,
} from "../../../src/contract/status";
import { decide, durationOf, type AgentProfile, type Allowance, type ChangeRequest, type Decision } from "./machine";

const T0 = Date.UTC(2026, 0, 5, 15, 0, 0);
const fresh: Allowance = { breaksTaken: 0, breakSeconds: 0, lunchesTaken: 0 };
const profile = (role: string, over: Partial<AgentProfile> = {}): AgentProfile => ({ role, variant: "slica", deactivated: false, cumulativeBreaks: false, ...over });

const req = (over: Partial<ChangeRequest> & { to: AgentStatus }): ChangeRequest => ({
  current: { status: "offline", since: T0, offsetSeconds: 0 },
  source: "agent",
  agent: profile("advisor"),
  today: fresh,
  now: T0 + 90_500,
  ...over,
});

const ROLES = ["qualifier", "advisor", "manager"] as const;
const VARIANTS = ["isius", "slica"] as const;

/** The rules, restated independently of machine.ts, for an agent choosing `to` from `from`. */
function expectedForAgent(role: string, variant: "isius" | "slica", from: AgentStatus, to: AgentStatus): Decision["kind"] | string {
  if (SYSTEM_STATUSES.includes(to)) return "status.systemOnly";
  if ((to === "idle" || to === "follow_up") && role !== "advisor") return "status.notAllowed";
  if (to === "admin" && variant !== "slica") return "status.notAllowed";
  if (to === from) return "unchanged";
  if (from === "on_a_call" && !["after_call_work", "follow_up", "offline"].includes(to)) return "status.onACall";
  return "changed";
}

const kindOf = (d: Decision) => (d.kind === "refused" ? d.message : d.kind);

describe("an agent's own changes: every status from every status, per role and variant", () => {
  for (const role of ROLES) {
    for (const variant of VARIANTS) {
      it(`${role} on ${variant}`, () => {
        for (const from of AGENT_STATUSES) {
          for (const to of AGENT_STATUSES) {
            const d = decide(req({ current: { status: from, since: T0, offsetSeconds: 0 }, to, agent: profile(role, { variant }) }));
            expect(kindOf(d), `${from} → ${to}`).toBe(expectedForAgent(role, variant, from, to));
          }
        }
      });
    }
  }
});

describe("the gateway's and managers' changes", () => {
  it("the gateway sets system statuses and the agent's own statuses, never one the role lacks", () => {
    for (const to of AGENT_STATUSES) {
      const q = decide(req({ to, source: "system", agent: profile("qualifier", { variant: "isius" }) }));
      const expected = to === "offline" ? "unchanged" : to === "idle" || to === "follow_up" || to === "admin" ? "status.notAllowed" : "changed";
      expect(kindOf(q), to).toBe(expected);
    }
  });

  it("the gateway may take an agent off a call to anything, and limits do not apply to it", () => {
    const d = decide(req({ current: { status: "on_a_call", since: T0, offsetSeconds: 0 }, to: "break", source: "system", today: { breaksTaken: 9, breakSeconds: 9999, lunchesTaken: 9 } }));
    expect(d.kind).toBe("changed");
  });

  it("a manager only forces offline", () => {
    for (const to of AGENT_STATUSES) {
      const d = decide(req({ current: { status: "ready", since: T0, offsetSeconds: 0 }, to, source: "manager" }));
      expect(kindOf(d), to).toBe(to === "offline" ? "changed" : "status.notAllowed");
    }
  });
});

describe("advisors' allowance: two 15-minute breaks and one 60-minute lunch a day", () => {
  it("refuses the third break with advisor.noBreak", () => {
    expect(decide(req({ to: "break", today: { ...fresh, breaksTaken: 1 } })).kind).toBe("changed");
    expect(decide(req({ to: "break", today: { ...fresh, breaksTaken: 2 } }))).toEqual({ kind: "refused", message: "advisor.noBreak" });
  });

  it("refuses the second lunch with advisor.noLunchBreak", () => {
    expect(decide(req({ to: "lunch_break" })).kind).toBe("changed");
    expect(decide(req({ to: "lunch_break", today: { ...fresh, lunchesTaken: 1 } }))).toEqual({ kind: "refused", message: "advisor.noLunchBreak" });
  });

  it("with cumulative breaks, refuses once 30 minutes of break are used, whatever their number", () => {
    const agent = profile("advisor", { cumulativeBreaks: true });
    expect(decide(req({ to: "break", agent, today: { ...fresh, breaksTaken: 5, breakSeconds: 1799 } })).kind).toBe("changed");
    expect(decide(req({ to: "break", agent, today: { ...fresh, breaksTaken: 1, breakSeconds: 1800 } }))).toEqual({ kind: "refused", message: "advisor.noBreak" });
  });

  it("re-posting the current break is never refused", () => {
    const d = decide(req({ current: { status: "break", since: T0, offsetSeconds: 0 }, to: "break", today: { ...fresh, breaksTaken: 2 } }));
    expect(d).toEqual({ kind: "unchanged", duration: 90 });
  });

  it("qualifiers have no break or lunch refusals", () => {
    const agent = profile("qualifier");
    expect(decide(req({ to: "break", agent, today: { breaksTaken: 10, breakSeconds: 99_999, lunchesTaken: 10 } })).kind).toBe("changed");
    expect(decide(req({ to: "lunch_break", agent, today: { breaksTaken: 10, breakSeconds: 99_999, lunchesTaken: 10 } })).kind).toBe("changed");
  });
});

describe("deactivated agents", () => {
  it("may not choose ready or idle, but anything else", () => {
    const agent = profile("advisor", { deactivated: true });
    for (const to of selectableStatuses("advisor", "slica")) {
      const d = decide(req({ to, agent }));
      expect(kindOf(d), to).toBe(to === "ready" || to === "idle" ? "status.deactivated" : to === "offline" ? "unchanged" : "changed");
    }
  });

  it("are refused re-posting an active status too", () => {
    const d = decide(req({ current: { status: "ready", since: T0, offsetSeconds: 0 }, to: "ready", agent: profile("advisor", { deactivated: true }) }));
    expect(d).toEqual({ kind: "refused", message: "status.deactivated" });
  });
});

describe("durations", () => {
  it("a new status starts at 0 and records the whole seconds of the previous one", () => {
    const d = decide(req({ current: { status: "ready", since: T0, offsetSeconds: 0 }, to: "meeting", now: T0 + 61_999 }));
    expect(d).toEqual({ kind: "changed", from: "ready", to: "meeting", previousDuration: 61, offsetSeconds: 0, duration: 0 });
  });

  it("the same status again keeps counting from when it began", () => {
    for (const s of ["ready", "idle", "offline", "meeting"] as const) {
      const d = decide(req({ current: { status: s, since: T0, offsetSeconds: 0 }, to: s, now: T0 + 125_000 }));
      expect(d, s).toEqual({ kind: "unchanged", duration: 125 });
    }
  });

  it("a cumulative break resumes from today's break time; a per-break advisor break starts at 0", () => {
    const q = decide(req({ to: "break", agent: profile("qualifier"), today: { ...fresh, breaksTaken: 1, breakSeconds: 700 } }));
    expect(q).toMatchObject({ kind: "changed", offsetSeconds: 700, duration: 700 });
    const a = decide(req({ to: "break", today: { ...fresh, breaksTaken: 1, breakSeconds: 700 } }));
    expect(a).toMatchObject({ kind: "changed", offsetSeconds: 0, duration: 0 });
    expect(durationOf({ status: "break", since: T0, offsetSeconds: 700 }, T0 + 10_000)).toBe(710);
  });
});

describe("the contract's helpers", () => {
  it("maps the workspace's hyphen spellings to the wire's underscores and back", () => {
    expect(wireStatus("lunch-break")).toBe("lunch_break");
    expect(wireStatus("after-call-work")).toBe("after_call_work");
    expect(wireStatus("On-A-Call")).toBe("on_a_call");
    expect(wireStatus("nap")).toBeUndefined();
    for (const s of AGENT_STATUSES) expect(wireStatus(workspaceSpelling(s))).toBe(s);
  });

  it("offers idle and follow-up to advisors only, admin on SLICA only, no system status", () => {
    expect(selectableStatuses("qualifier", "isius")).toEqual(["offline", "ready", "break", "lunch_break", "restroom", "after_call_work", "meeting", "coaching", "training"]);
    expect(selectableStatuses("advisor", "slica")).toEqual(["offline", "idle", "ready", "break", "lunch_break", "restroom", "after_call_work", "follow_up", "meeting", "admin", "coaching", "training"]);
  });

  it("has the specification's overstay limits, grace and cumulative rules", () => {
    expect(overstayLimit("qualifier", "break")).toEqual({ seconds: 1800, graceSeconds: 45, cumulative: true });
    expect(overstayLimit("qualifier", "after_call_work")).toEqual({ seconds: 60, graceSeconds: 0, cumulative: false });
    expect(overstayLimit("qualifier", "lunch_break")).toBeUndefined();
    expect(overstayLimit("advisor", "break")).toEqual({ seconds: 900, graceSeconds: 45, cumulative: false });
    expect(overstayLimit("advisor", "break", true)).toEqual({ seconds: 1800, graceSeconds: 45, cumulative: true });
    expect(overstayLimit("advisor", "lunch_break")?.seconds).toBe(3600);
    expect(overstayLimit("advisor", "after_call_work")).toEqual({ seconds: 120, graceSeconds: 0, cumulative: false });
    for (const s of ["meeting", "coaching"] as const) for (const r of ["qualifier", "advisor"]) expect(overstayLimit(r, s)?.seconds).toBe(1800);
    for (const r of ["qualifier", "advisor"]) expect(overstayLimit(r, "admin")?.seconds).toBe(900);
    expect(overstayLimit("manager", "break")).toBeUndefined();
    expect(overstayLimit("advisor", "ready")).toBeUndefined();
  });
});

describe("random shifts (fast-check)", () => {
  const step = fc.record({
    to: fc.constantFrom(...AGENT_STATUSES),
    source: fc.constantFrom<StatusSource>("agent", "agent", "agent", "system", "manager"),
    afterMs: fc.integer({ min: 0, max: 20 * 60_000 }),
  });

  it("keeps every invariant of the specification over any sequence of requests", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROLES), fc.constantFrom(...VARIANTS), fc.boolean(), fc.array(step, { maxLength: 60 }), (role, variant, cumulativeBreaks, steps) => {
        const agent = profile(role, { variant, cumulativeBreaks });
        let current = { status: "offline" as AgentStatus, since: T0, offsetSeconds: 0 };
        let now = T0;
        const today = { ...fresh };
        for (const s of steps) {
          now += s.afterMs;
          const d = decide({ current, to: s.to, source: s.source, agent, today, now });
          if (d.kind === "refused") continue;
          if (d.kind === "unchanged") {
            expect(d.duration).toBe(durationOf(current, now));
            expect(s.to).toBe(current.status);
            continue;
          }
          // Agents never choose a system status or one their role or variant lacks.
          if (s.source === "agent") expect(selectableStatuses(role, variant)).toContain(s.to);
          if (s.source === "manager") expect(s.to).toBe("offline");
          expect(d.previousDuration).toBeGreaterThanOrEqual(0);
          expect(d.duration).toBe(d.offsetSeconds);
          if (current.status === "break") today.breakSeconds += d.previousDuration;
          if (s.to === "break") today.breaksTaken += 1;
          if (s.to === "lunch_break") today.lunchesTaken += 1;
          current = { status: s.to, since: now, offsetSeconds: d.offsetSeconds };
          if (role === "advisor" && s.source === "agent") {
            if (!cumulativeBreaks && s.to === "break") expect(today.breaksTaken).toBeLessThanOrEqual(2);
            if (s.to === "lunch_break") expect(today.lunchesTaken).toBeLessThanOrEqual(1);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
