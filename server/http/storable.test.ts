import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isStorableText, unstorablePath } from "./storable";

describe("storable text", () => {
  it("finds NUL and unpaired surrogates wherever they are, and names the field", () => {
    expect(unstorablePath({ email: "x\u0000@d" })).toBe("email");
    expect(unstorablePath({ clients: [{ height: "5\u0000" }] })).toBe("clients.0.height");
    expect(unstorablePath({ items: [{ i: "a\uD800" }] })).toBe("items.0.i");
    expect(unstorablePath({ items: [{ i: "\uDC00b" }] })).toBe("items.0.i");
    expect(unstorablePath({ ["k\u0000"]: 1 })).toBe("(key)");
    expect(unstorablePath("a\u0000b")).toBe("");
  });

  it("lets every well-formed string through, astral characters (surrogate pairs) included", () => {
    expect(unstorablePath({ name: "Zoë 😀 Ñandú", n: 3, ok: true, none: null, list: ["é"] })).toBeNull();
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        fc.pre(!s.includes("\u0000"));
        expect(isStorableText(s)).toBe(true);
      }),
    );
  });

  it("agrees with what survives a UTF-8 round trip (what PostgreSQL stores), NUL aside", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const roundTrips = Buffer.from(s, "utf8").toString("utf8") === s && !s.includes("\u0000");
        expect(isStorableText(s)).toBe(roundTrips);
      }),
      { numRuns: 2000 },
    );
  });

  it("walks a deeply nested value without overflowing the stack", () => {
    let deep: unknown = "x\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorablePath(deep)).toMatch(/^0(\.0)*$/);
  });
});
