import { describe, expect, it } from "vitest";
import { canDial, stateOf, type DialFacts } from "./rules";

const ready: DialFacts = {
  running: true,
  dialing: false,
  status: "ready",
  statusChanging: false,
  callActive: false,
  awaiting: 0,
  deactivated: false,
  hasExtension: true,
};

describe("canDial", () => {
  it("dials when ready, idle-handed and allowed", () => expect(canDial(ready)).toBe(true));
  it.each<[string, Partial<DialFacts>]>([
    ["a request is in flight", { dialing: true }],
    ["the status is not ready", { status: "after_call_work" }],
    ["the change to ready is still on its way", { statusChanging: true }],
    ["a call is active", { callActive: true }],
    ["a lead awaits its disposition", { awaiting: 1 }],
    ["calling is disabled", { deactivated: true }],
    ["the agent has no extension", { hasExtension: false }],
  ])("does not dial when %s", (_, patch) => expect(canDial({ ...ready, ...patch })).toBe(false));
});

describe("stateOf", () => {
  it.each<[Partial<DialFacts>, string]>([
    [{}, "running"],
    [{ dialing: true, deactivated: true }, "dialing"],
    [{ deactivated: true, callActive: true }, "deactivated"],
    [{ hasExtension: false, awaiting: 1 }, "no_extension"],
    [{ callActive: true, awaiting: 1 }, "on_call"],
    [{ awaiting: 1, status: "after_call_work", running: false }, "dispose"],
    [{ running: false }, "ready"],
    [{ status: "break" }, "ready"],
  ])("%o → %s", (patch, state) => expect(stateOf({ ...ready, ...patch })).toBe(state));
});
