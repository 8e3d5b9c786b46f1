// @vitest-environment node
import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readRows, slicesOf } from "./rows";
import { collect, latin1, readList, rowsOf, utf8 } from "./testing";

describe("readRows", () => {
  it("gives the column names, then each row with its number after the header", async () => {
    expect(
      await readList("First Name,Last Name,Phone\nÉric,Gagné,5145550142\nLuc,Tremblay,4385550199\n"),
    ).toEqual([
      { kind: "header", columns: ["First Name", "Last Name", "Phone"] },
      { kind: "row", line: 1, fields: ["Éric", "Gagné", "5145550142"] },
      { kind: "row", line: 2, fields: ["Luc", "Tremblay", "4385550199"] },
    ]);
  });

  it("reads a list with a BOM as one without: the first column's name is clean", async () => {
    const text = "Phone,Name\n5145550142,Éric\n";
    const withBom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(text)]);
    expect(await readList(withBom)).toEqual(await readList(text));
    expect(await readList(withBom, { chunk: 1 })).toContainEqual({
      kind: "header",
      columns: ["Phone", "Name"],
    });
  });

  it("converts a Latin-1 (Windows-1252) list, curly apostrophes included", async () => {
    const file = latin1("Prénom;Nom\r\nÉric;Gagné\r\nSeán;O\u0092Brien\r\n");
    expect(rowsOf(await readList(file))).toEqual([
      ["Éric", "Gagné"],
      ["Seán", "O’Brien"],
    ]);
  });

  it("keeps accented letters whole when a chunk ends in the middle of one", async () => {
    const records = await readList("Nom,Ville\nGagné,Montréal\n", { chunk: 1 });
    expect(rowsOf(records)).toEqual([["Gagné", "Montréal"]]);
  });

  it("reads semicolon and tab lists", async () => {
    expect(rowsOf(await readList("a;b;c\n1;2;3\n"))).toEqual([["1", "2", "3"]]);
    expect(rowsOf(await readList("a\tb\tc\n1\t2,5\t3\n"))).toEqual([["1", "2,5", "3"]]);
  });

  it("reads quoted fields holding the delimiter, line ends and doubled quotes", async () => {
    const list = 'Name,Notes,Phone\n"Gagné, Éric","Call after 6 pm\r\nSays ""maybe""",5145550142\n';
    expect(rowsOf(await readList(list))).toEqual([
      ["Gagné, Éric", 'Call after 6 pm\r\nSays "maybe"', "5145550142"],
    ]);
  });

  it("takes CRLF, LF and lone CR line ends, even mixed, and skips empty lines without counting them", async () => {
    const records = await readList("a,b\r\n1,2\r\n\r\n3,4\n\n5,6\r7,8");
    expect(records.slice(1)).toEqual([
      { kind: "row", line: 1, fields: ["1", "2"] },
      { kind: "row", line: 2, fields: ["3", "4"] },
      { kind: "row", line: 3, fields: ["5", "6"] },
      { kind: "row", line: 4, fields: ["7", "8"] },
    ]);
  });

  it("reads a row short of columns or with extra ones as it is", async () => {
    expect(rowsOf(await readList("a,b,c\n1\n1,2,3,4\n"))).toEqual([["1"], ["1", "2", "3", "4"]]);
  });

  it("names empty and repeated columns so each can be chosen", async () => {
    const [header] = await readList(" Phone ,,Phone,Name,name\n1,2,3,4,5\n");
    expect(header).toEqual({
      kind: "header",
      columns: ["Phone", "Column 2", "Phone (column 3)", "Name", "name (column 5)"],
    });
  });

  it("gives only the header for a list without rows", async () => {
    expect(await readList("Phone,Name")).toEqual([{ kind: "header", columns: ["Phone", "Name"] }]);
  });

  it("resumes after the rows already imported, with the same row numbers", async () => {
    const list = "Phone\n" + Array.from({ length: 10 }, (_, i) => `${i + 1}\n`).join("");
    const resumed = await readList(list, { skip: 7 });
    expect(resumed).toEqual([
      { kind: "header", columns: ["Phone"] },
      { kind: "row", line: 8, fields: ["8"] },
      { kind: "row", line: 9, fields: ["9"] },
      { kind: "row", line: 10, fields: ["10"] },
    ]);
  });

  it("does not report again a refused row the resumed import had already passed", async () => {
    const list = 'a,b\n1,2\nx,y"z\n3,4\n5,6\n';
    const first = await readList(list);
    expect(first[2]).toMatchObject({ kind: "bad", line: 2, reason: "bad_quotes" });
    expect((await readList(list, { skip: 2 })).slice(1)).toEqual(first.slice(3));
  });

  it("reads a Node stream, as an upload gives it, and a stream already decoded to text", async () => {
    const sniffed = { encoding: "utf-8", bom: false, delimiter: "," } as const;
    const bytes = Readable.from([Buffer.from("Phone,Name\n5145550142,Éric\n")]);
    const text = Readable.from(["\ufeffPhone,Name\n", "5145550142,Éric\n"], { objectMode: true });
    for (const source of [bytes, text])
      expect(await collect(readRows(source, sniffed))).toEqual([
        { kind: "header", columns: ["Phone", "Name"] },
        { kind: "row", line: 1, fields: ["5145550142", "Éric"] },
      ]);
  });
});

describe("slicesOf", () => {
  it("cuts text into pieces that join back to it, each within the size or ending a line, none inside a character", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "\n", ",", "é", "😀"), maxLength: 400 }), fc.integer({ min: 2, max: 50 }), (text, size) => {
        const slices = [...slicesOf(text, size)];
        expect(slices.join("")).toBe(text);
        for (const s of slices) {
          expect(s.length).toBeGreaterThan(0);
          expect(s.length).toBeLessThanOrEqual(size);
          const last = s.charCodeAt(s.length - 1);
          expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
        }
      }),
    );
  });
});
