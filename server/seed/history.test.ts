import { describe, expect, it } from "vitest";
import { wallClock } from "../../src/shared/zoned-time";
import { generateHistory } from "./history";

const leads = [
  { id: 1, phone: "2125550111", timezone: "America/New_York", status: "New" },
  { id: 2, phone: "3105550112", timezone: "America/Los_Angeles", status: "New" },
  { id: 3, phone: "3055550113", timezone: "America/New_York", status: "Do Not Call" },
  { id: 4, phone: "6025550114", timezone: "", status: "New" },
];
const agents = [
  { id: 10, role: "qualifier" as const },
  { id: 11, role: "advisor" as const },
];
const now = Date.parse("2026-03-10T18:00:00Z"); // Tuesday 14:00 in New York

describe("seeded call history", () => {
  it("is the same for the same seed", () => {
    const a = generateHistory({ seed: 7, now, timezone: "America/New_York", agents, leads });
    const b = generateHistory({ seed: 7, now, timezone: "America/New_York", agents, leads });
    expect(a).toEqual(b);
    expect(a.calls.length).toBeGreaterThan(10);
  });

  it("calls only during the call centre's day so far, at a decent hour for each lead, never Do Not Call or zone-less leads", () => {
    const { calls, dispositions } = generateHistory({ seed: 3, now, timezone: "America/New_York", agents, leads });
    for (const c of calls) {
      expect(c.startedAt.getTime()).toBeLessThan(now);
      expect(wallClock(c.startedAt.getTime(), "America/New_York").hour).toBeGreaterThanOrEqual(9);
      const lead = leads.find((l) => l.id === c.leadId)!;
      expect(lead.status).not.toBe("Do Not Call");
      const local = wallClock(c.startedAt.getTime(), lead.timezone);
      expect(local.hour).toBeGreaterThanOrEqual(9);
      expect(local.hour).toBeLessThan(20);
    }
    for (const d of dispositions) {
      const call = calls[d.callIndex]!;
      expect(d.leadId).toBe(call.leadId);
      expect(d.agentId).toBe(call.agentId);
      if (d.disposition === "Sold") expect(agents.find((a) => a.id === d.agentId)!.role).toBe("advisor");
    }
  });

  it("has nothing before the working day starts", () => {
    const early = Date.parse("2026-03-10T12:30:00Z"); // 08:30 in New York
    expect(generateHistory({ seed: 1, now: early, timezone: "America/New_York", agents, leads }).calls).toEqual([]);
  });
});
