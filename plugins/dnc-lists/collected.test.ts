import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { batchesOf, CollectedNumbers } from "./collected";

const national = fc.tuple(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 0, max: 999_999_999 })).map(([a, b]) => `${a}${String(b).padStart(9, "0")}`);

describe("the numbers of a file held until it is whole", () => {
  it("gives each number once, in order, and counts the lines that repeated one (property)", () => {
    fc.assert(
      fc.property(fc.array(national, { maxLength: 300 }), fc.integer({ min: 1, max: 7 }), (phones, size) => {
        const c = new CollectedNumbers();
        for (const p of phones) c.add(p);
        const { phones: distinct, repeats } = c.distinct();
        const expected = [...new Set(phones)].sort();
        expect(Array.from(distinct, String)).toEqual(expected);
        expect(repeats).toBe(phones.length - expected.length);
        expect([...batchesOf(distinct, size)].flat()).toEqual(expected);
      }),
    );
  });

  it("grows past its first block, and takes only national digits", () => {
    const c = new CollectedNumbers();
    for (let i = 0; i < 40_000; i++) c.add(String(3_122_000_000 + (i % 30_000)));
    expect(c.count).toBe(40_000);
    expect(c.distinct()).toMatchObject({ repeats: 10_000 });
    for (const bad of ["0125550142", "212555014", "+12125550142", "212 555 0142"]) expect(() => c.add(bad), bad).toThrow();
  });
});
