// The extension rule the page checks before sending and the gateway checks again: 3 to 6 digits, nothing else.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AllowedExtensionBody, EXTENSION_MESSAGES, isValidExtension } from "./allowedExtensions";

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((d) => d.join(""));

describe("the allowed extension rule", () => {
  it("takes every string of 3 to 6 digits", () => {
    fc.assert(
      fc.property(digits(3, 6), (ext) => {
        expect(isValidExtension(ext)).toBe(true);
        expect(AllowedExtensionBody.parse({ extension: ext })).toEqual({ extension: ext });
      }),
    );
  });

  it("refuses fewer than 3 or more than 6 digits with 'Invalid extension format'", () => {
    fc.assert(
      fc.property(fc.oneof(digits(0, 2), digits(7, 20)), (ext) => {
        expect(isValidExtension(ext)).toBe(false);
        const r = AllowedExtensionBody.safeParse({ extension: ext });
        expect(r.success).toBe(false);
        expect(r.error?.issues[0]?.message).toBe(EXTENSION_MESSAGES.invalid);
      }),
    );
  });

  it("refuses anything with a character that is not an ASCII digit", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 8 }), (s) => {
        fc.pre(/[^0-9]/.test(s));
        expect(isValidExtension(s)).toBe(false);
      }),
    );
    for (const s of ["10a1", "１００１", "-101", "1 01", "10.1", "٣٤٥"]) expect(isValidExtension(s)).toBe(false);
  });

  it("trims the blanks around what was typed before checking it", () => {
    fc.assert(
      fc.property(digits(3, 6), fc.constantFrom("", " ", "\t", "  "), (ext, pad) => {
        expect(AllowedExtensionBody.parse({ extension: `${pad}${ext}${pad}` })).toEqual({ extension: ext });
      }),
    );
  });
});
