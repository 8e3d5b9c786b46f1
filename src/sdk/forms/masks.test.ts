import { describe, expect, it } from "vitest";
import {
  ageOn,
  caretAfter,
  cleanText,
  formatPhone,
  maskDob,
  maskPostal,
  phoneDigits,
  postalComplete,
  significantBefore,
} from "./masks";

describe("field masks", () => {
  it("writes a phone as ###.###.#### from its ten digits, as it is typed", () => {
    expect(formatPhone("5")).toBe("5");
    expect(formatPhone("5145")).toBe("514.5");
    expect(formatPhone("5145551234")).toBe("514.555.1234");
    expect(phoneDigits("(514) 555-1234 ext")).toBe("5145551234");
    expect(phoneDigits("+1 514 555 1234")).toBe("5145551234");
    expect(phoneDigits("514555123499")).toBe("5145551234");
  });

  it("masks a zip to five digits and a Canadian postal code to 'A1A 1A1' upper case", () => {
    expect(maskPostal("US", "9021a0-1234")).toBe("90210");
    expect(maskPostal("CA", "h2x1y4")).toBe("H2X 1Y4");
    expect(maskPostal("CA", "h2x")).toBe("H2X");
    // A character that does not fit its place is dropped: a digit where a letter goes.
    expect(maskPostal("CA", "12h2x 1y4")).toBe("H2X 1Y4");
    expect(maskPostal("CA", "H2X 1Y4 extra9")).toBe("H2X 1Y4");
    expect(postalComplete("US", "90210")).toBe(true);
    expect(postalComplete("US", "9021")).toBe(false);
    expect(postalComplete("CA", "H2X 1Y4")).toBe(true);
    expect(postalComplete("CA", "H2X 1Y")).toBe(false);
  });

  it("masks a date of birth as YYYY-MM-DD and counts whole years", () => {
    expect(maskDob("19600402")).toBe("1960-04-02");
    expect(maskDob("1960-0")).toBe("1960-0");
    expect(maskDob("1960/04/02 and more")).toBe("1960-04-02");
    expect(ageOn("1960-04-02", "2026-04-01")).toBe(65);
    expect(ageOn("1960-04-02", "2026-04-02")).toBe(66);
    expect(ageOn("2000-02-29", "2026-02-28")).toBe(25);
  });

  it("cleans free text and names with the contract's one sanitiser: accents stay, control and bidi characters go", () => {
    // Until finding B free text kept printable ASCII only ("Caf  ok\nnext").
    expect(cleanText("printable", "Café\u0007 — ok\nnext\t")).toBe("Café — ok\nnext");
    expect(cleanText("printable", "Zoë – café 😀 a\u202Eb")).toBe("Zoë – café 😀 ab");
    expect(cleanText("line", "Zoë\u0000 Côté\n\u2066")).toBe("Zoë Côté");
    expect(cleanText("none", "é\u0007")).toBe("é\u0007");
  });

  it("puts the caret back after the same digit", () => {
    expect(significantBefore("514.5x55", 6)).toBe(5);
    expect(caretAfter("514.555.1234", 5)).toBe(6);
    expect(caretAfter("514.555.1234", 6)).toBe(7);
    expect(caretAfter("514", 0)).toBe(0);
  });
});
