import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, csvText } from "./csv";

/** A minimal RFC 4180 reader, to read back what csvText wrote. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

describe("csv", () => {
  it("writes a header and rows, quoting only what needs it", () => {
    expect(csvText(["name", "phone"], [["Sun Life Toronto", "4165550160"], ['Desk "B", Québec', null]])).toBe(
      'name,phone\r\nSun Life Toronto,4165550160\r\n"Desk ""B"", Québec",\r\n',
    );
  });

  it("keeps a would-be formula as text", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csvCell("+15145550100")).toBe("'+15145550100");
    expect(csvCell("-3")).toBe("'-3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell(-3)).toBe("-3");
  });

  it("reads back every text it writes, cell for cell (formula guards aside)", () => {
    const safe = fc.string().filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(fc.array(fc.array(safe, { minLength: 2, maxLength: 2 }), { maxLength: 5 }), (rows) => {
        expect(parse(csvText(["a", "b"], rows))).toEqual([["a", "b"], ...rows]);
      }),
    );
  });
});
