// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NumberSet, textKey } from "./seen";

describe("NumberSet", () => {
  it("holds exactly the numbers added, as a Set does, through its growth", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 2_000_000_000, max: 9_999_999_999 })),
          { maxLength: 20_000 },
        ),
        fc.array(fc.integer({ min: 1, max: 9_999_999_999 }), { maxLength: 200 }),
        (added, probes) => {
          const set = new NumberSet();
          for (const n of added) set.add(n);
          const truth = new Set(added);
          expect(set.size).toBe(truth.size);
          for (const n of [...added, ...probes]) expect(set.has(n)).toBe(truth.has(n));
        },
      ),
      { numRuns: 30 },
    );
  });

  it("refuses what it cannot hold", () => {
    expect(() => new NumberSet().add(0)).toThrow(RangeError);
    expect(() => new NumberSet().add(1.5)).toThrow(RangeError);
  });
});

describe("textKey", () => {
  // 500,000 keys: a few hundred ms alone, seconds on a loaded machine.
  it(
    "is a positive safe integer, the same for the same text, apart for 500,000 marketing ids of a file",
    { timeout: 30_000 },
    () => {
      const keys = new Set<number>();
      let unsafe = 0;
      for (let n = 1; n <= 500_000; n++) {
        const k = textKey(`BNL${String(n).padStart(7, "0")}`);
        if (!(k > 0 && Number.isSafeInteger(k))) unsafe++;
        keys.add(k);
      }
      expect(unsafe).toBe(0);
      expect(keys.size).toBe(500_000);
      expect(textKey("ISF123")).toBe(textKey("ISF123"));
    },
  );
});
