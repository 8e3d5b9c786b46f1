import fc from "fast-check";
import { asksFirst, buttonKey, iappDestinations } from "./destinations";

describe("the iApp destinations an agent is offered", () => {
  it("offers nothing without the call centre's iApp", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (choice, isIapp2Agent) => {
        expect(iappDestinations({ iapp: false, choice, isIapp2Agent })).toEqual([]);
      }),
    );
  });

  it("offers iApp 2 only with the choice configured and an iApp 2 agent", () => {
    expect(iappDestinations({ iapp: true, choice: true, isIapp2Agent: true })).toEqual(["iapp", "iapp2"]);
    expect(iappDestinations({ iapp: true, choice: true, isIapp2Agent: false })).toEqual(["iapp"]);
    expect(iappDestinations({ iapp: true, choice: false, isIapp2Agent: true })).toEqual(["iapp"]);
    expect(iappDestinations({ iapp: true, choice: false, isIapp2Agent: false })).toEqual(["iapp"]);
  });

  it("asks Yes/No first only when both systems are offered", () => {
    expect(asksFirst(["iapp", "iapp2"])).toBe(true);
    expect(asksFirst(["iapp"])).toBe(false);
  });

  it("labels the button the ISIUS way for ISIUS, and names each system when there are two", () => {
    expect(buttonKey("iapp", "ISIUS", false)).toBe("send.isius");
    expect(buttonKey("iapp", "SLICA", false)).toBe("send.default");
    expect(buttonKey("iapp2", "ISIUS", true)).toBe("choice.isius.iapp2");
    expect(buttonKey("iapp", "SLICA", true)).toBe("choice.default.iapp");
  });
});
