// How a call goes on without its agent's leg: the rule both drivers ask (callRules.ts), for every cause and
// every keepLead setting.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HangupCause, KeepLead } from "./driver";
import { keepsLead, reactionTo, type RuleCall, type RuleLeg } from "./callRules";

const CAUSES: HangupCause[] = ["normal", "busy", "no-answer", "rejected", "unavailable", "failed", "canceled"];
const KEEPS: KeepLead[] = [false, true, "if-dropped"];

function answeredCall(keepLead: KeepLead): { call: RuleCall<RuleLeg>; agent: RuleLeg } {
  const agent: RuleLeg = { id: "a", role: "agent", ext: "1001", state: "ended" };
  const lead: RuleLeg = { id: "l", role: "lead", state: "answered" };
  return {
    agent,
    call: { legs: [agent, lead], waiting: false, lingerOnBusy: false, keepLead, ending: false, ended: false },
  };
}

describe("the lead after the call's agent leg ended", () => {
  it("stays only when kept, or kept if dropped and the phone dropped ('failed'); else the call ends", () => {
    fc.assert(
      fc.property(fc.constantFrom(...KEEPS), fc.constantFrom(...CAUSES), (keep, cause) => {
        const { call, agent } = answeredCall(keep);
        const r = reactionTo(call, agent, cause, { leaving: false, wasAgent: true });
        const stays = keep === true || (keep === "if-dropped" && cause === "failed");
        expect(keepsLead(keep, cause)).toBe(stays);
        expect(r.kind).toBe(stays ? "goes-on" : "ends");
      }),
    );
  });
});
