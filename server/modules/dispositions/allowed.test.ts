// The gateway's disposition rules against the panel's lists: whatever it accepts is something the agent was
// offered, over every role set, call centre, account flag, disposition and reason.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DISPOSITION_ROLES,
  DISPOSITIONS,
  dispositionsFor,
  HIDDEN_DISPOSITIONS,
  REASON_LISTS,
  reasonsFor,
  type DispositionFacts,
} from "../../../src/contract/dispositions";
import { DISPOSING_ACCESS_ROLES, DISPOSING_ROLES, rolesHeldBy } from "../../../src/contract/roles";
import { dispositionOptions, reasonOptions } from "../../../plugins/dispositions/options";
import { buildBody } from "../../../plugins/dispositions/payload";
import { validate } from "../../../plugins/dispositions/rules";
import { rolesOf } from "../../auth/access";
import type { Gateway } from "../../gateway";
import { refusalOf } from "./allowed";
import { dispositionRoutes } from "./routes";

const everyReason = [...new Set(Object.values(REASON_LISTS).flatMap((l) => l.map((r) => r.value)))];

const facts = fc.record({
  roles: fc.subarray([...DISPOSITION_ROLES, "setter", "manager"]),
  callCentre: fc.constantFrom("ISIUS", "SLICA"),
  flags: fc.record({ canTransferToMatcha: fc.boolean(), canTransferToSunlife: fc.boolean() }),
}) satisfies fc.Arbitrary<DispositionFacts>;

const payload = fc.record({
  disposition: fc.constantFrom(...DISPOSITIONS),
  reason: fc.option(fc.constantFrom(...everyReason, "Made up"), { nil: null }),
  reason_other: fc.option(fc.constantFrom("", "  ", "moved abroad"), { nil: null }),
  notes: fc.constantFrom("", " ", "no longer reachable"),
  reschedule_followup: fc.constant(false),
});

describe("refusalOf", () => {
  it("accepts only a disposition the agent is offered (or a hidden one it may be given), with one of its reasons", () => {
    fc.assert(
      fc.property(facts, payload, (f, d) => {
        if (refusalOf(d, f) !== null) return;
        const offered = dispositionsFor(f) as string[];
        expect(offered.includes(d.disposition) || HIDDEN_DISPOSITIONS.includes(d.disposition)).toBe(true);
        if (d.reason) expect(reasonsFor(d.disposition, f).map((r) => r.value)).toContain(d.reason);
      }),
      { numRuns: 3000 },
    );
  });

  it("accepts every offered disposition once its required reason, other text and notes are given", () => {
    fc.assert(
      fc.property(facts, (f) => {
        for (const disposition of dispositionsFor(f)) {
          const reason = reasonsFor(disposition, f)[0]?.value ?? null;
          const d = { disposition, reason, reason_other: "moved abroad", notes: "no answer for weeks", reschedule_followup: false };
          expect(refusalOf(d, f)).toBeNull();
        }
      }),
    );
  });

  const qualifier = { roles: ["qualifier", "setter"], callCentre: "ISIUS", flags: {} };
  const slicaAdvisor = { roles: ["advisor"], callCentre: "SLICA", flags: {} };
  const none = { reason: null, reason_other: null, notes: "", reschedule_followup: false };

  it("names the field and the panel's error key", () => {
    expect(refusalOf({ ...none, disposition: "Pocket" }, qualifier)).toEqual({ field: "disposition.disposition", key: "disposition_unavailable" });
    expect(refusalOf({ ...none, disposition: "Voicemail" }, { ...qualifier, callCentre: "SLICA" })).toMatchObject({ key: "disposition_unavailable" });
    expect(refusalOf({ ...none, disposition: "Not Interested" }, qualifier)).toEqual({ field: "disposition.reason", key: "reason_required" });
    expect(refusalOf({ ...none, disposition: "Not Interested", reason: "Too expensive" }, qualifier)).toEqual({ field: "disposition.reason", key: "reason_unavailable" });
    expect(refusalOf({ ...none, disposition: "Not Interested", reason: "Too expensive" }, slicaAdvisor)).toBeNull();
    expect(refusalOf({ ...none, disposition: "Not Interested", reason: "Other reason" }, qualifier)).toEqual({ field: "disposition.reason_other", key: "reason_other_required" });
    expect(refusalOf({ ...none, disposition: "Dead" }, qualifier)).toEqual({ field: "disposition.notes", key: "notes_required" });
    expect(refusalOf({ ...none, disposition: "Dead", notes: "number reassigned" }, qualifier)).toBeNull();
    // Sent External needs a destination only when the account opens one.
    expect(refusalOf({ ...none, disposition: "Sent External" }, { ...qualifier, callCentre: "SLICA" })).toBeNull();
    expect(refusalOf({ ...none, disposition: "Sent External" }, { ...qualifier, flags: { canTransferToMatcha: true } })).toMatchObject({ key: "reason_required" });
  });

  it("lets any agent move its follow-up with a callback type, and nothing else", () => {
    const move = { ...none, reschedule_followup: true };
    expect(refusalOf({ ...move, disposition: "Pocket" }, qualifier)).toBeNull();
    expect(refusalOf({ ...move, disposition: "Dead" }, qualifier)).toMatchObject({ key: "disposition_unavailable" });
  });
});

describe("the panel and the gateway", () => {
  // What the panel holds in a draft: its edit() keeps free text printable, so drafts are printable.
  const draft = fc.record({
    disposition: fc.constantFrom(...DISPOSITIONS),
    reason: fc.constantFrom(...everyReason, "", "Made up"),
    reasonOther: fc.constantFrom("", "  ", "moved abroad"),
    notes: fc.constantFrom("", " ", "no longer reachable"),
    date: fc.constant(""),
    time: fc.constant(""),
  });

  it("agree: the panel's form lets the agent send exactly what the gateway accepts", () => {
    fc.assert(
      fc.property(facts, draft, (f, d) => {
        // Hidden values come from flows (preset on the lead), not from the form.
        fc.pre(!HIDDEN_DISPOSITIONS.includes(d.disposition));
        const options = dispositionOptions(f, null).map((o) => o.value);
        const reasons = reasonOptions(d.disposition, f, null).map((o) => o.value);
        // The date-time, a sale's details and an exception are the payload schema's checks, before refusalOf.
        const {
          dateTime: _,
          sold: _sold,
          exception: _exception,
          ...formErrors
        } = validate(d, { roles: f.roles, options, reasons, today: "2026-01-05" });
        const body = buildBody(d, { reasons, callId: null, shortCall: false });
        expect(refusalOf(body.disposition, f) === null).toBe(Object.keys(formErrors).length === 0);
      }),
      { numRuns: 3000 },
    );
  });

  it("name the disposing agents with the contract's one role mapping", () => {
    for (const r of DISPOSING_ROLES) expect(rolesOf(r)).toEqual(rolesHeldBy(r));
    const [dispose] = dispositionRoutes({} as Gateway);
    expect(dispose!.access.roles).toEqual(DISPOSING_ACCESS_ROLES);
  });
});
