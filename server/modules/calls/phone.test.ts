import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nationalDigits, toE164 } from "./phone";

describe("E.164 normalisation of what the agent typed", () => {
  it.each([
    ["+1 (555) 123-4567", "+15551234567"],
    ["555.123.4567", "+15551234567"],
    ["15551234567", "+15551234567"],
    ["5551234567", "+15551234567"],
    ["+44 20 7946 0958", "+442079460958"],
    ["*97", "*97"],
    ["1001", "1001"],
  ])("%s → %s", (raw, e164) => expect(toE164(raw)).toBe(e164));

  it("gives the same number however a North American number is punctuated", () => {
    const digit = fc.constantFrom(..."0123456789");
    const sep = fc.constantFrom("", " ", "-", ".", "(", ")");
    fc.assert(
      fc.property(
        fc.array(digit, { minLength: 10, maxLength: 10 }),
        fc.array(sep, { minLength: 11, maxLength: 11 }),
        fc.boolean(),
        (ds, seps, plusOne) => {
          const typed = (plusOne ? "+1" + seps[10] : "") + ds.map((d, i) => seps[i] + d).join("");
          expect(toE164(typed)).toBe(`+1${ds.join("")}`);
          expect(nationalDigits(typed)).toBe(ds.join(""));
        },
      ),
    );
  });
});
