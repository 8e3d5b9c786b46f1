// The one DID validator and the 9-digit mask, for every input (fast-check): the page and the gateway share them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  Did,
  didProblem,
  MAPPING_MESSAGES as M,
  maskMaxCalls,
  MaxCallsAmountBody,
  maxCallsFromText,
  prefixProblem,
} from "../../../../src/contract/callTracking";

const digit = fc.constantFrom(..."0123456789");
const digits = (min: number, max: number) =>
  fc.array(digit, { minLength: min, maxLength: max }).map((d) => d.join(""));

describe("the DID validator", () => {
  it("takes exactly 10 ASCII digits, blanks around trimmed", () => {
    fc.assert(
      fc.property(digits(10, 10), fc.constantFrom("", " ", "\t "), (did, pad) => {
        expect(didProblem(pad + did + pad)).toBeNull();
        expect(Did.parse(pad + did)).toBe(did);
      }),
    );
  });

  it("says 'DID is required' for blank, and the format message for anything else not 10 digits", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const problem = didProblem(s);
        if (s.trim() === "") expect(problem).toBe(M.didRequired);
        else if (/^[0-9]{10}$/.test(s.trim())) expect(problem).toBeNull();
        else expect(problem).toBe(M.didInvalid);
        expect(Did.safeParse(s).success).toBe(problem === null);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(digits(1, 9), digits(11, 20)), (d) => {
        expect(didProblem(d)).toBe(M.didInvalid);
      }),
    );
    expect(didProblem("٠١٢٣٤٥٦٧٨٩")).toBe(M.didInvalid); // other scripts' digits are not digits of a DID
  });

  it("a prefix is required (blank or whitespace is not one) and at most 48 characters", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const t = s.trim();
        expect(prefixProblem(s)).toBe(t === "" ? M.prefixRequired : t.length > 48 ? M.prefixTooLong : null);
      }),
    );
  });
});

describe("the max calls amount's mask of 9 digits", () => {
  it("keeps only digits, at most 9, and never grows what it is given", () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const masked = maskMaxCalls(typed);
        expect(masked).toMatch(/^[0-9]{0,9}$/);
        expect(maskMaxCalls(masked)).toBe(masked);
        expect(typed.replace(/[^0-9]/g, "").startsWith(masked)).toBe(true);
        const n = maxCallsFromText(typed);
        expect(Number.isInteger(n) && n >= 0 && n <= 999_999_999).toBe(true);
        // What the page sends the gateway takes, as the same number.
        expect(MaxCallsAmountBody.parse({ maxCallsAmount: n }).maxCallsAmount).toBe(n);
        expect(MaxCallsAmountBody.parse({ maxCallsAmount: masked }).maxCallsAmount).toBe(n);
      }),
    );
  });

  it("the gateway refuses 10 digits and more, negatives and fractions", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 1_000_000_000 }), fc.integer({ max: -1 }), digits(10, 14)),
        (v) => {
          expect(MaxCallsAmountBody.safeParse({ maxCallsAmount: v }).success).toBe(false);
        },
      ),
    );
    expect(MaxCallsAmountBody.safeParse({ maxCallsAmount: 2.5 }).success).toBe(false);
  });
});
