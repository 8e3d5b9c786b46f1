import { describe, expect, it } from "vitest";
import { liveBlock, messageKey } from "./live";

describe("whether a lead may be transferred live (agent-workspace §5)", () => {
  const address = (valid: boolean, postalValidated: boolean, region: string | null) => ({
    valid,
    postalValidated,
    region,
  });

  it("without the booking wizard, needs the lead's state", () => {
    expect(liveBlock({ leadState: "tx", address: null })).toBeNull();
    expect(liveBlock({ leadState: null, address: null })).toBe("zip_state_requirements");
    expect(liveBlock({ leadState: " ", address: null })).toBe("zip_state_requirements");
  });

  it("with it, needs the address validated, and its postal code found or a state chosen", () => {
    expect(liveBlock({ leadState: null, address: address(true, true, "il") })).toBeNull();
    expect(liveBlock({ leadState: null, address: address(true, false, "il") })).toBeNull();
    expect(liveBlock({ leadState: "il", address: address(true, false, null) })).toBeNull();
    expect(liveBlock({ leadState: null, address: address(true, false, null) })).toBe(
      "zip_state_requirements",
    );
    expect(liveBlock({ leadState: "il", address: address(false, false, "il") })).toBe(
      "zip_state_requirements",
    );
  });
});

describe("the plugin's key for a gateway's message", () => {
  it("keeps the specification's keys, finds the contract's English texts, and leaves the rest", () => {
    expect(messageKey("live_transfers.zip_state_requirements")).toBe("live_transfers.zip_state_requirements");
    expect(messageKey("live_transfers.canceled")).toBe("live_transfers.canceled");
    expect(messageKey("Another advisor already took this live transfer.")).toBe("live_refusals.taken");
    expect(messageKey("A transfer or conference is already in progress on this call.")).toBe("refusals.busy");
    expect(messageKey("Something else")).toBeNull();
    expect(messageKey("")).toBeNull();
  });
});
