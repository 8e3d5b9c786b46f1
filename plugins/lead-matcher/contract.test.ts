// The phone the lead matcher searches (agent-workspace §5: "phone required, 10 digits"): any formatting,
// ten digits once it is stripped; nothing typed is "required", anything else "valid_phone".
import { describe, expect, it } from "vitest";
import { endpointUrl } from "../../src/contract/endpoint";
import { formatPhone, matchLookup, matchPhone, readLeadByPhone } from "./contract";

describe("matchPhone", () => {
  it.each(["2125550142", "(212) 555-0142", "212.555.0142", " 212 555 0142 "])(
    "%j is the ten digits",
    (typed) => {
      expect(matchPhone(typed)).toEqual({ digits: "2125550142" });
    },
  );

  it.each(["", "   "])("%j is required", (typed) => {
    expect(matchPhone(typed)).toEqual({ problem: "required" });
  });

  it.each(["212555014", "+1 212 555 0142", "21255501420", "phone", "()"])(
    "%j is not a valid phone",
    (typed) => {
      expect(matchPhone(typed)).toEqual({ problem: "valid_phone" });
    },
  );

  it("looks up with type=match, the look-up that never claims the lead", () => {
    expect(endpointUrl(readLeadByPhone, matchLookup("2125550142"))).toBe("/leads/by-phone/2125550142?type=match");
  });

  it("shows a North American number as agents read it, anything else as it is", () => {
    expect(formatPhone("2125550142")).toBe("(212) 555-0142");
    expect(formatPhone("44207946000")).toBe("44207946000");
  });
});
