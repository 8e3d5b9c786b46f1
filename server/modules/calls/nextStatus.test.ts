// The agent's status once a call is over: a call that never reached the lead asks no disposition, and after an
// auto-dialled one whose lead did not answer the agent goes on dialling.
import { describe, expect, it } from "vitest";
import { CALL_TYPES, ORIGINATE_FAILURES } from "../../../src/contract/calls";
import { nextStatusAfter } from "./service";

describe("nextStatusAfter", () => {
  it("after an auto-dialled call the lead's side did not answer: Ready, dialling on", () => {
    for (const failure of ["not_answered", "busy", "failed"] as const)
      for (const agentRole of ["qualifier", "advisor"])
        expect(nextStatusAfter({ type: "auto", agentRole }, failure), failure).toBe("ready");
  });

  it("a due callback or follow-up the auto-dial loop chose is auto-dialled too: Ready when its lead did not answer", () => {
    for (const type of ["callback", "follow-up"] as const)
      for (const failure of ["not_answered", "busy", "failed"] as const) {
        expect(nextStatusAfter({ type, agentRole: "qualifier", byDialer: true }, failure), `${type} ${failure}`).toBe("ready");
        // The same call dialled by hand (the user summary's Dial) leaves the agent to choose.
        expect(nextStatusAfter({ type, agentRole: "qualifier" }, failure), `${type} ${failure}`).toBe("after_call_work");
      }
    expect(nextStatusAfter({ type: "callback", agentRole: "qualifier", byDialer: true }, "declined")).toBe("after_call_work");
  });

  it("the agent declined it on its own phone: after-call work, not another dial at once", () => {
    expect(nextStatusAfter({ type: "auto", agentRole: "qualifier" }, "declined")).toBe("after_call_work");
  });

  it("the agent's phone did not answer the gateway: not synced, whatever the call", () => {
    for (const type of CALL_TYPES) expect(nextStatusAfter({ type, agentRole: "advisor" }, "not_synced")).toBe("not_synced");
  });

  it("a call the agent placed by hand, and any call that reached the lead: after-call work (Follow Up for an advisor's follow-up)", () => {
    for (const failure of [null, ...ORIGINATE_FAILURES.filter((f) => f !== "not_synced")])
      for (const type of CALL_TYPES.filter((t) => t !== "auto" || failure === null || failure === "declined")) {
        const expected = type === "follow-up" ? "follow_up" : "after_call_work";
        expect(nextStatusAfter({ type, agentRole: "advisor" }, failure), `${type} ${failure}`).toBe(expected);
        expect(nextStatusAfter({ type, agentRole: "qualifier" }, failure), `${type} ${failure}`).toBe("after_call_work");
      }
  });
});
