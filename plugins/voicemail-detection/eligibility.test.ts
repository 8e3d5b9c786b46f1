import { describe, expect, it } from "vitest";
import { voicemailApplies, type CallFacts } from "./eligibility";

const call = (over: Partial<CallFacts> = {}): CallFacts => ({
  status: "answered",
  type: "auto",
  direction: 0,
  leadStatus: "New",
  ...over,
});

describe("voicemailApplies", () => {
  it("applies to an answered outgoing call to a lead outside any follow-up pipeline", () => {
    for (const type of ["auto", "manual", "follow-up", "callback"] as const)
      expect(voicemailApplies(call({ type }), 1)).toBe(true);
    expect(voicemailApplies(call({ leadStatus: null }), 1)).toBe(true);
    expect(voicemailApplies(call({ leadStatus: "Voicemail" }), 1)).toBe(true);
  });

  it.each([
    "Pocket",
    "Engaged Opportunity",
    "External Follow-up",
    "Callback Scheduled",
    "Appointment Setup",
    "Make Phone Appointment",
    "Sold",
  ])("stays out of a lead in %s", (leadStatus) => {
    expect(voicemailApplies(call({ leadStatus }), 1)).toBe(false);
  });

  it("stays out of inbound and transfer calls, calls not (or no longer) up, and calls without a lead", () => {
    expect(voicemailApplies(call({ type: "inbound", direction: 1 }), 1)).toBe(false);
    expect(voicemailApplies(call({ direction: 1 }), 1)).toBe(false);
    expect(voicemailApplies(call({ type: "transfer" }), 1)).toBe(false);
    for (const status of ["dialing", "incoming", "ended", "not_answered", "inactive"]) {
      expect(voicemailApplies(call({ status }), 1)).toBe(false);
    }
    expect(voicemailApplies(call(), null)).toBe(false);
  });
});
