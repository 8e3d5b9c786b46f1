// The booking form's transitions (booking-and-reference §4, agent-workspace §4 "Meeting booking") as the
// form sees them: what each choice does to the meeting, the address and the client's fields.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Address } from "../../../src/contract/lead";
import { facts, meetingState, NOW } from "./fixtures";
import { meetingSchema, meetingToWire, type MeetingState } from "./meeting";
import { restrictions } from "./restrictions";
import {
  applyIoaResult,
  autoForce,
  bookWithSunLife,
  chooseIoa,
  editMeetingAddress,
  fitType,
  geocodeFailed,
  geocodeSucceeded,
  incomeBandVisible,
  otherTextFor,
  policyFieldsVisible,
  setAvailableAgents,
  setForce,
  setHasPolicy,
  setIncomeType,
  setReasons,
  setRefusalReasons,
  setRefused,
  setSameAddress,
  setType,
} from "./rules";

describe("the instant offer (ioa)", () => {
  it("declined with no available agents forces the booking, with the first reason", () => {
    const m = chooseIoa(meetingState({ availableAgents: 1, ioa: false }), "0");
    expect(m).toMatchObject({ ioa: "0", force: true, reasons: [1], manualForce: false });
  });

  it("declined with enough agents changes nothing else", () => {
    const before = meetingState({ availableAgents: 3 });
    expect(chooseIoa(before, "0")).toEqual({ ...before, ioa: "0" });
  });

  it("accepted turns force off and resets the type to the first one", () => {
    const before = meetingState({
      type: "phone",
      refused: false,
      refusalReasons: [2],
      force: true,
      manualForce: true,
      reasons: [2],
      reasonOther: "Cantonese",
    });
    expect(chooseIoa(before, "1")).toMatchObject({
      ioa: "1",
      type: "face-to-face",
      force: false,
      manualForce: false,
      reasons: [],
      reasonOther: "",
      refusalReasons: [],
    });
  });

  it("is withdrawn by any poll result other than 2 (available)", () => {
    const offered = meetingState({ ioa: "0" });
    expect(applyIoaResult(offered, 2)).toBe(offered);
    for (const result of [-1, 0, 1]) expect(applyIoaResult(offered, result).ioa).toBe(false);
  });

  it("withdrawn with no available agents lets the automatic forcing apply", () => {
    const m = applyIoaResult(meetingState({ ioa: "0", availableAgents: 0 }), 0);
    expect(m).toMatchObject({ ioa: false, force: true, reasons: [1] });
  });
});

describe("automatic forcing", () => {
  it("turns force on with the first reason when no agents are available, no offer and no refusal", () => {
    expect(setAvailableAgents(meetingState(), 2)).toMatchObject({
      force: true,
      reasons: [1],
      manualForce: false,
    });
  });

  it("does nothing with enough or an unknown number of agents, an offer, a refusal, or force already on", () => {
    expect(setAvailableAgents(meetingState(), 3).force).toBe(false);
    expect(setAvailableAgents(meetingState(), null).force).toBe(false);
    expect(setAvailableAgents(meetingState({ ioa: "1" }), 0).force).toBe(false);
    expect(setAvailableAgents(meetingState({ ioa: "0" }), 0).force).toBe(false);
    expect(setAvailableAgents(meetingState({ refused: true, type: "phone" }), 0).force).toBe(false);
    const forced = meetingState({ force: true, reasons: [4], availableAgents: 0 });
    expect(autoForce(forced)).toBe(forced);
  });

  it("applies when the client's refusal is withdrawn", () => {
    const m = setRefused(meetingState({ availableAgents: 0, refused: true, type: "phone" }), false);
    expect(m).toMatchObject({ refused: false, force: true, reasons: [1] });
  });
});

describe("force booking by hand", () => {
  it("is remembered as manual (face to face only) and off clears the reasons", () => {
    const on = setForce(meetingState(), true);
    expect(on).toMatchObject({ force: true, manualForce: true });
    expect(restrictions(facts({ manualForce: on.manualForce })).allowedTypes).toEqual(["face-to-face"]);
    const off = setForce(setReasons(on, [2]), false);
    expect(off).toMatchObject({ force: false, manualForce: false, reasons: [], reasonOther: "" });
  });

  it("keeps the detail text only while a reason needs it", () => {
    const m = { ...setReasons(meetingState({ force: true }), [1, 3]), reasonOther: "Female advisor" };
    expect(setReasons(m, [1, 3, 4]).reasonOther).toBe("Female advisor");
    expect(setReasons(m, [1, 4]).reasonOther).toBe("");
  });
});

describe("type and refusal", () => {
  it("a refusal makes the meeting a phone one; face to face clears the refusal and its reasons", () => {
    const refused = setRefused(meetingState(), true);
    expect(refused).toMatchObject({ refused: true, type: "phone" });
    const withReasons = setRefusalReasons(refused, [3, 6]);
    const back = setType({ ...withReasons, refusalReasonOther: "Busy" }, "face-to-face");
    expect(back).toMatchObject({
      type: "face-to-face",
      refused: false,
      refusalReasons: [],
      refusalReasonOther: "",
    });
  });

  it("keeps the refusal's 'other' text only while the sixth reason is chosen", () => {
    const m = {
      ...setRefusalReasons(meetingState({ type: "phone" }), [6]),
      refusalReasonOther: "Works nights",
    };
    expect(setRefusalReasons(m, [6, 1]).refusalReasonOther).toBe("Works nights");
    expect(setRefusalReasons(m, [1]).refusalReasonOther).toBe("");
  });

  it("follows the restrictions when they leave one type, and waits for the agent on a conflict", () => {
    const old = restrictions(facts({ clients: [{ dob: "1940-01-01", healthIssues: false }] }));
    expect(fitType(meetingState(), old).type).toBe("phone");
    const accepted = restrictions(facts({ ioaAccepted: true }));
    expect(fitType(meetingState({ type: "phone" }), accepted).type).toBe("face-to-face");
    const conflict = restrictions(facts({ ioaAccepted: true, refusedFaceToFace: true }));
    const m = meetingState({ type: "phone" });
    expect(fitType(m, conflict)).toBe(m);
    expect(fitType(m, restrictions(facts()))).toBe(m);
  });
});

describe("Sun Life", () => {
  it("books now, by phone, forced, with 'Sent to SunLife', is_sun_life 1, and the meeting is valid", () => {
    const m = bookWithSunLife(meetingState({ refusalReasons: [1], type: "phone" }), NOW);
    expect(m).toMatchObject({
      date: "2025-06-15T12:00:00.000Z",
      type: "phone",
      force: true,
      manualForce: false,
      reasons: ["Sent to SunLife"],
      is_sun_life: 1,
      refusalReasons: [],
    });
    expect(meetingSchema().safeParse(meetingToWire(m)).success).toBe(true);
  });
});

describe("the meeting address", () => {
  const checked = () => ({ ...meetingState().address, postal: "62701", city: "Springfield", valid: true });

  it("becomes unchecked by any edit but its type, apartment or buzzer", () => {
    expect(editMeetingAddress(checked(), { apartment: "4B", buzzer: "12", type: 2 }).valid).toBe(true);
    expect(editMeetingAddress(checked(), { city: "Springfield" }).valid).toBe(true); // no change
    for (const patch of [
      { address: "1 Elm St" },
      { postal: "62702" },
      { city: "Chicago" },
      { province: "wi" },
    ])
      expect(editMeetingAddress(checked(), patch)).toMatchObject({ valid: false, invalidPostal: false });
  });

  it("is valid after a successful check, with the place it found", () => {
    const a = geocodeSucceeded(
      { ...checked(), valid: false, invalidPostal: true },
      {
        city: "Springfield",
        state: "IL",
        latitude: 39.8,
        longitude: -89.6,
        timezone_bucket: "America/Chicago",
      },
    );
    expect(a).toMatchObject({
      province: "il",
      timezone: "America/Chicago",
      valid: true,
      invalidPostal: false,
    });
  });

  it("is flagged but valid after a failed check, so the agent can go on", () => {
    expect(geocodeFailed({ ...checked(), valid: false })).toMatchObject({ valid: true, invalidPostal: true });
  });

  it("is the lead's with 'same address', copied with its validity", () => {
    const lead: Address = {
      address: "9 Rue Sainte-Catherine",
      apartment: "3",
      buzzer: "",
      city: "Montréal",
      postal: "H2X 1Y4",
      state: "qc",
      province: "qc",
      latitude: 45.5,
      longitude: -73.57,
      timezone: "America/Toronto",
      type: 2,
      valid: true,
    };
    const m = setSameAddress(meetingState({ sameAddress: "0" }), true, lead);
    expect(m.sameAddress).toBe("1");
    expect(m.address).toMatchObject({
      address: lead.address,
      city: "Montréal",
      province: "qc",
      type: 2,
      valid: true,
    });
    expect(setSameAddress(m, false, lead)).toMatchObject({ sameAddress: "0", address: m.address });
  });
});

describe("client and insurance fields", () => {
  it("hides and clears the income band when the income is refused, keeps a band of the new type", () => {
    const client = { incomeType: "Monthly", income: 3 };
    expect(incomeBandVisible(client)).toBe(true);
    const refused = setIncomeType(client, "Refused to provide");
    expect(refused).toEqual({ incomeType: "Refused to provide", income: null });
    expect(incomeBandVisible(refused)).toBe(false);
    expect(setIncomeType(client, "Annual").income).toBeNull();
    expect(setIncomeType({ incomeType: "Annual", income: 8 }, "Annual").income).toBe(8);
  });

  it("shows carrier and premium only for an existing policy, and clears them when there is none", () => {
    const i = { hasPolicy: 1, carrier: "Sun Life", premium: "p2", type: ["life"] };
    expect(policyFieldsVisible(i)).toBe(true);
    const none = setHasPolicy(i, 0);
    expect(none).toEqual({ hasPolicy: 0, carrier: null, premium: null, type: ["life"] });
    expect(policyFieldsVisible(none)).toBe(false);
    expect(setHasPolicy(none, 1)).toMatchObject({ hasPolicy: 1, carrier: null });
  });

  it("keeps an Other text only while Other is chosen", () => {
    expect(otherTextFor(["life", "other"], "other", "Pet")).toBe("Pet");
    expect(otherTextFor(["life"], "other", "Pet")).toBe("");
  });
});

describe("any sequence of choices", () => {
  type Step = (m: MeetingState) => MeetingState;
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.constantFrom<"0" | "1">("0", "1").map((c) => (m: MeetingState) => chooseIoa(m, c)),
    fc.integer({ min: -1, max: 2 }).map((r) => (m: MeetingState) => applyIoaResult(m, r)),
    fc.option(fc.integer({ min: 0, max: 6 })).map((n) => (m: MeetingState) => setAvailableAgents(m, n)),
    fc.boolean().map((on) => (m: MeetingState) => setForce(m, on)),
    fc
      .subarray([1, 2, 3, 4, 5, 6, 7] as const)
      .map((r) => (m: MeetingState) => (m.force ? setReasons(m, r) : m)),
    fc.constant((m: MeetingState) => ({
      ...m,
      reasonOther: m.reasons.some((r) => r !== 1 && r !== 4) ? "Detail" : "",
    })),
    fc.constantFrom("face-to-face", "phone").map((t) => (m: MeetingState) => setType(m, t)),
    fc.boolean().map((r) => (m: MeetingState) => setRefused(m, r)),
    fc
      .subarray([1, 2, 3, 4, 5, 6] as const)
      .map((r) => (m: MeetingState) => (m.type === "phone" ? setRefusalReasons(m, r) : m)),
  );

  it("leaves no text without its choice, no reason without force, no refusal reason face to face", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), (steps) => {
        const m = steps.reduce((state, s) => s(state), meetingState({ availableAgents: null }));
        if (!m.force) expect(m.reasons).toEqual([]);
        if (m.manualForce) expect(m.force).toBe(true);
        if (m.type === "face-to-face") {
          expect(m.refusalReasons).toEqual([]);
          expect(m.refused).toBe(false);
        }
        if (!m.reasons.some((r) => [2, 3, 5, 6, 7].includes(r as number))) expect(m.reasonOther).toBe("");
        if (!m.refusalReasons.includes(6)) expect(m.refusalReasonOther).toBe("");
        // What is left for the agent is only what the schema asks for: a date, the texts, the choices.
        const wire = { ...meetingToWire(m), date: "2025-06-16T15:00:00.000Z" };
        const result = meetingSchema().safeParse(wire);
        const left = (result.error?.issues ?? []).map((i) => i.message);
        for (const message of left)
          expect(["validation.choose_at_least_one", "validation.required"]).toContain(message);
      }),
      { numRuns: 300 },
    );
  });
});
