import { describe, expect, it } from "vitest";
import { explainNoLead, hasDetails, sampleOf, summaryOf } from "./reasons";

const base = { message: "No leads were found", reasons: {}, samples: {}, examined: 0, blocked: null };

describe("explainNoLead", () => {
  it("lists the skipping rules, most skipped first, ties in the engine's order", () => {
    const e = explainNoLead({
      ...base,
      examined: 9,
      reasons: { "calling-window": 3, dnc: 3, owner: 1, quotas: 2 },
      samples: { dnc: "On the Do Not Call list", "calling-window": "Outside the calling window" },
    });
    expect(e.skipped).toEqual([
      { rule: "dnc", count: 3, sample: "On the Do Not Call list", verdict: null },
      { rule: "calling-window", count: 3, sample: "Outside the calling window", verdict: null },
      { rule: "quotas", count: 2, sample: null, verdict: null },
      { rule: "owner", count: 1, sample: null, verdict: null },
    ]);
    expect(summaryOf(e)).toBe("On the Do Not Call list");
    expect(hasDetails(e)).toBe(true);
  });

  it("puts what blocks every lead first in the summary", () => {
    const e = explainNoLead({
      ...base,
      reasons: { dnc: 4 },
      samples: { dnc: "On the Do Not Call list" },
      blocked: { rule: "operation-hours", ok: false, reason: "Outside operation hours (08:00-21:00)" },
    });
    expect(e.blocked).toEqual({ rule: "operation-hours", reason: "Outside operation hours (08:00-21:00)" });
    expect(summaryOf(e)).toBe("Outside operation hours (08:00-21:00)");
  });

  it("falls back to the gateway's message when it gave no reason", () => {
    const e = explainNoLead(base);
    expect(summaryOf(e)).toBe("No leads were found");
    expect(hasDetails(e)).toBe(false);
  });

  it("words a sample in the agent's language when the gateway sent its key", () => {
    const e = explainNoLead({
      ...base,
      reasons: { owner: 2 },
      samples: { owner: "The lead belongs to another agent." },
      sampleVerdicts: { owner: { rule: "owner", ok: false, reason: "The lead belongs to another agent.", key: "owned_by_other" } },
    });
    const say = (v: { key?: string; reason: string }) => (v.key === "owned_by_other" ? "Le prospect appartient à un autre agent." : v.reason);
    expect(summaryOf(e, say)).toBe("Le prospect appartient à un autre agent.");
    expect(sampleOf(e.skipped[0], say)).toBe("Le prospect appartient à un autre agent.");
  });
});
