import { describe, expect, it } from "vitest";
import { storedTransferOf, transferFrom, type StoredTransfer } from "./transferRow";

const ringing: StoredTransfer = {
  kind: "external",
  party: "+13125550147",
  name: "Medicare Desk",
  outcome: null,
  disposition: { disposition: "Sent External", reason: "External Transfer", saved: false },
  ringingSince: 1_000,
};

describe("an outside transfer kept in the call's row", () => {
  it("comes back as it was while its party is still on the call", () => {
    expect(transferFrom(ringing, true)).toEqual({
      kind: "external",
      party: "+13125550147",
      name: "Medicare Desk",
      outcome: null,
      disposition: ringing.disposition,
    });
  });

  it("whose party left while no gateway followed the call is back at level 1, as the party's hangup takes it", () => {
    expect(transferFrom(ringing, false)).toMatchObject({ outcome: "no_answer", disposition: null });
    expect(transferFrom({ ...ringing, ringingSince: null }, false)).toMatchObject({
      outcome: "party_hung_up",
      disposition: null,
    });
    // An outcome already decided stands.
    expect(transferFrom({ ...ringing, outcome: "completed", ringingSince: null }, false)).toMatchObject({
      outcome: "completed",
      disposition: ringing.disposition,
    });
  });

  it("a row without one, or with a shape this gateway does not know, gives none", () => {
    expect(storedTransferOf(null)).toBeNull();
    expect(storedTransferOf({ kind: "live", party: null })).toBeNull();
    expect(storedTransferOf(ringing)).toEqual(ringing);
  });
});
