// @vitest-environment node
// Rows the import refuses and goes on past: each a `bad` record in its place, the rows after it read as usual.
import { describe, expect, it } from "vitest";
import { ROW_LIMITS } from "./rows";
import { readList, rowsOf } from "./testing";

const lines = (...rows: string[]) => rows.map((r) => `${r}\n`).join("");

describe("readRows' limits", () => {
  it("refuses a row of 10,000 columns and reads the next", async () => {
    const records = await readList(lines("Phone,Name", "x,".repeat(9_999) + "x", "5145550142,Éric"), {
      chunk: 4096,
    });
    expect(records.slice(1)).toEqual([
      {
        kind: "bad",
        line: 1,
        reason: "too_many_columns",
        message: "This row has 10000 columns; a row may have at most 200.",
      },
      { kind: "row", line: 2, fields: ["5145550142", "Éric"] },
    ]);
  });

  it("reads 200 columns, not 201", async () => {
    const row = (n: number) => Array.from({ length: n }, (_, i) => String(i)).join(",");
    const records = await readList(lines("Phone", row(200), row(201)));
    expect(records[1]).toMatchObject({ kind: "row", line: 1 });
    expect(records[2]).toMatchObject({ kind: "bad", line: 2, reason: "too_many_columns" });
  });

  it("refuses a 1 MB field, quoted over several lines or not, and reads the next rows", async () => {
    const mb = "x".repeat(1 << 20);
    const quoted = `"${mb.slice(0, 500_000)}\r\n${mb.slice(500_000)}"`;
    const records = await readList(lines("Phone,Notes", `1,${mb}`, `2,${quoted}`, "3,short"), {
      chunk: 65_536,
    });
    expect(records.slice(1)).toEqual([
      {
        kind: "bad",
        line: 1,
        reason: "field_too_long",
        message: expect.stringContaining("Column 2 of this row"),
      },
      { kind: "bad", line: 2, reason: "field_too_long", message: expect.stringContaining("more than 64 KB") },
      { kind: "row", line: 3, fields: ["3", "short"] },
    ]);
  });

  it("counts the field's limit in UTF-8 bytes: 64 KiB of text, whatever its letters", async () => {
    const max = ROW_LIMITS.maxFieldBytes;
    const records = await readList(lines("Notes", "x".repeat(max), "é".repeat(max / 2 + 1)), { chunk: 8192 });
    expect(records[1]).toMatchObject({ kind: "row", line: 1 });
    expect(records[2]).toMatchObject({ kind: "bad", line: 2, reason: "field_too_long" });
  });

  it("refuses a row with a stray quote in a value and goes on", async () => {
    const records = await readList(lines("Name,Height", "Éric,6'2\"", '"Luc" Tremblay,5\'9', "Ana,5'5"));
    expect(records.slice(1)).toEqual([
      {
        kind: "bad",
        line: 1,
        reason: "bad_quotes",
        message: expect.stringContaining("in the middle of a value"),
      },
      {
        kind: "bad",
        line: 2,
        reason: "bad_quotes",
        message: expect.stringContaining("after its closing quote"),
      },
      { kind: "row", line: 3, fields: ["Ana", "5'5"] },
    ]);
  });

  it("reports a quote that never closes, after the rows before it, and stops there", async () => {
    const records = await readList(lines("Name,Notes", "Éric,fine", 'Luc,"never closed', "Ana,swallowed"));
    expect(records.slice(1)).toEqual([
      { kind: "row", line: 1, fields: ["Éric", "fine"] },
      {
        kind: "bad",
        line: 2,
        reason: "unclosed_quote",
        message:
          'A quote (") opens a value on this row and never closes: the rest of the file could not be read.',
      },
    ]);
  });

  it("refuses the last row of a file cut in the middle of it", async () => {
    const records = await readList("Phone,First,Last\n5145550142,Éric,Gagné\n4385550199,Lu");
    expect(records.at(-1)).toEqual({
      kind: "bad",
      line: 2,
      reason: "cut_row",
      message:
        "The file ends in the middle of this row (2 of 3 columns): it may have been cut short during the export or the upload.",
    });
  });

  it("reads a last row without a line end when it is whole, and a short row that has its line end", async () => {
    expect(rowsOf(await readList("a,b,c\n1,2,3"))).toEqual([["1", "2", "3"]]);
    expect(rowsOf(await readList("a,b,c\n1,2\n"))).toEqual([["1", "2"]]);
  });

  it("refuses a header it cannot read, and reads nothing after it", async () => {
    const records = await readList(lines("x,".repeat(300) + "x", "1,2"));
    expect(records).toEqual([
      {
        kind: "bad",
        line: 0,
        reason: "too_many_columns",
        message:
          "The column names (the file's first line) could not be read. This row has 301 columns; a row may have at most 200.",
      },
    ]);
  });
});
