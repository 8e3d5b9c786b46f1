// @vitest-environment node
// What the refused rows report writes, the import reads back unchanged: any values, in any chunks.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Sniffed } from "./detect";
import { quoteCsvField } from "./refused";
import { readRows } from "./rows";
import { chunks, collect, utf8 } from "./testing";

const SNIFFED: Sniffed = { encoding: "utf-8", bom: false, delimiter: "," };

/** Values full of what CSV must escape, among any other character (control characters, BOMs, emoji). */
const value = fc.string({
  unit: fc.oneof(
    fc.constantFrom(",", '"', '""', "\r", "\n", "\r\n", ";", "\t", " ", "\ufeff", "é", "’", "😀", "=", "-"),
    fc.string({ unit: "binary", maxLength: 1 }),
  ),
  maxLength: 12,
});

/** A table of 2 to 6 columns (one empty column would make an empty line, which is no row). */
const table = fc
  .integer({ min: 2, max: 6 })
  .chain((width) =>
    fc.tuple(
      fc.array(fc.array(value, { minLength: width, maxLength: width }), { maxLength: 15 }),
      fc.constant(width),
    ),
  );

describe("reading back a written list", () => {
  it("gives each value as it was written", async () => {
    await fc.assert(
      fc.asyncProperty(table, fc.integer({ min: 1, max: 40 }), async ([rows, width], chunk) => {
        const header = Array.from({ length: width }, (_, i) => `c${i + 1}`);
        const text = [header, ...rows].map((fields) => fields.map(quoteCsvField).join(",") + "\r\n").join("");
        const records = await collect(readRows(chunks(utf8(text), chunk), SNIFFED));
        expect(records).toEqual([
          { kind: "header", columns: header },
          ...rows.map((fields, i) => ({ kind: "row", line: i + 1, fields })),
        ]);
      }),
      { numRuns: 300 },
    );
  });
});
