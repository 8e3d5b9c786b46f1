import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AGENT_STATUSES } from "../../../src/contract/status";
import {
  NOTIFIED_STATUSES,
  rankAdvisors,
  READY_STATUSES,
  whyNot,
  type AdvisorFacts,
  type TransferNeeds,
} from "./routing";

const STATES = ["ny", "nj", "ca", "tx", "qc", "on"] as const;

const advisor: fc.Arbitrary<AdvisorFacts> = fc.record({
  id: fc.integer({ min: 1, max: 10_000 }),
  status: fc.constantFrom(...AGENT_STATUSES),
  busy: fc.boolean(),
  internalLiveTransfers: fc.boolean(),
  externalLiveTransfers: fc.boolean(),
  healthLicenses: fc.uniqueArray(fc.constantFrom(...STATES), { maxLength: 3 }),
  transferScore: fc.integer({ min: 0, max: 100 }),
  lastTransferAt: fc.option(fc.integer({ min: 0, max: 1e9 }), { nil: null }),
});
const advisors = fc.uniqueArray(advisor, { selector: (a) => a.id, maxLength: 12 });
const needs: fc.Arbitrary<TransferNeeds> = fc.record({
  source: fc.constantFrom("internal" as const, "external" as const),
  state: fc.option(fc.constantFrom(...STATES), { nil: null }),
  health: fc.boolean(),
  passed: fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 3 }).map((ids) => new Set(ids)),
});

describe("live-transfer routing", () => {
  it("never offers a health lead to an advisor without a licence for its state", () => {
    fc.assert(
      fc.property(advisors, needs, (list, n) => {
        for (const a of rankAdvisors(list, n)) {
          if (n.health) expect(n.state !== null && a.healthLicenses.includes(n.state)).toBe(true);
        }
      }),
    );
  });

  it("offers only advisors with live transfers on for the source, free, in a status that takes offers, and not passed", () => {
    fc.assert(
      fc.property(advisors, needs, (list, n) => {
        for (const a of rankAdvisors(list, n)) {
          expect(n.source === "internal" ? a.internalLiveTransfers : a.externalLiveTransfers).toBe(true);
          expect(a.busy).toBe(false);
          expect([...READY_STATUSES, ...NOTIFIED_STATUSES]).toContain(a.status);
          expect(n.passed.has(a.id)).toBe(false);
        }
      }),
    );
  });

  it("leaves out exactly the advisors it gives a reason for", () => {
    fc.assert(
      fc.property(advisors, needs, (list, n) => {
        const offered = new Set(rankAdvisors(list, n).map((a) => a.id));
        for (const a of list) expect(offered.has(a.id)).toBe(whyNot(a, n) === null);
      }),
    );
  });

  it("puts ready advisors first, then the higher score, then the longest wait", () => {
    fc.assert(
      fc.property(advisors, needs, (list, n) => {
        const ranked = rankAdvisors(list, n);
        for (let i = 1; i < ranked.length; i++) {
          const [a, b] = [ranked[i - 1]!, ranked[i]!];
          const ra = READY_STATUSES.includes(a.status) ? 0 : 1;
          const rb = READY_STATUSES.includes(b.status) ? 0 : 1;
          expect(ra).toBeLessThanOrEqual(rb);
          if (ra === rb) expect(a.transferScore).toBeGreaterThanOrEqual(b.transferScore);
        }
      }),
    );
  });

  it("an example: the licensed, ready advisor first; the unlicensed and the busy not at all", () => {
    const base = {
      busy: false,
      internalLiveTransfers: true,
      externalLiveTransfers: false,
      transferScore: 0,
      lastTransferAt: null,
    };
    const list: AdvisorFacts[] = [
      { ...base, id: 1, status: "ready", healthLicenses: [] },
      { ...base, id: 2, status: "after_call_work", healthLicenses: ["ny"] },
      { ...base, id: 3, status: "ready", healthLicenses: ["ny"] },
      { ...base, id: 4, status: "ready", healthLicenses: ["ny"], busy: true },
    ];
    const n: TransferNeeds = { source: "internal", state: "ny", health: true, passed: new Set() };
    expect(rankAdvisors(list, n).map((a) => a.id)).toEqual([3, 2]);
    expect(whyNot(list[0]!, n)).toBe("no_licence");
    expect(rankAdvisors(list, { ...n, health: false }).map((a) => a.id)).toEqual([1, 3, 2]);
  });
});
