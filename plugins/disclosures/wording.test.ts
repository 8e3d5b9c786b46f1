import { describe, expect, it } from "vitest";
import { US_STATES } from "../../src/contract/lookups";
import { fillWording, wordingFor, WORDINGS } from "./wording";

describe("wordingFor", () => {
  it("gives Minnesota the aa wording and the nine occ states the occ wording", () => {
    expect(wordingFor("mn")).toBe("aa");
    for (const s of ["ct", "de", "ia", "mi", "nd", "ne", "pa", "sd", "wi"]) expect(wordingFor(s)).toBe("occ");
  });

  it("gives every state and DC one of the three wordings, most of them pio, and reads any case", () => {
    const by = new Map<string, string[]>();
    for (const { value } of US_STATES) {
      const w = wordingFor(value);
      expect(WORDINGS).toContain(w);
      expect(wordingFor(value.toUpperCase())).toBe(w);
      by.set(w, [...(by.get(w) ?? []), value]);
    }
    expect(by.get("occ")).toHaveLength(9);
    expect(by.get("pio")!.length).toBeGreaterThan(by.get("aa")!.length);
    expect(wordingFor("tx")).toBe("pio");
    expect(wordingFor("ny")).toBe("aa");
  });

  it("defaults to aa without a state, or with a province", () => {
    expect(wordingFor(null)).toBe("aa");
    expect(wordingFor("")).toBe("aa");
    expect(wordingFor("qc")).toBe("aa");
  });
});

describe("fillWording", () => {
  it("puts the carrier's company and the lead's names in every placeholder", () => {
    expect(
      fillWording("{first_name} {last_name}, {company} … {first_name}", { company: "Assurity", firstName: "Ann", lastName: "Lee" }),
    ).toBe("Ann Lee, Assurity … Ann");
  });
});
