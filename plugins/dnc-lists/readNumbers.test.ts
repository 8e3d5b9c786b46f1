// How an uploaded file's lines become numbers, whatever the pieces it arrives in: line endings and characters cut
// between two pieces, a heading, fields in quotes, a line far too long, Latin-1 text.
import { describe, expect, it } from "vitest";
import { decode, LineSplitter, MAX_LINE_CHARS, numberOf, readLines, sniff, type ReadLine } from "./readNumbers";

async function* pieces(bytes: Uint8Array, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(file: string | Uint8Array, size = 3): Promise<ReadLine[]> {
  const bytes = typeof file === "string" ? new TextEncoder().encode(file) : file;
  const sniffed = sniff(bytes.subarray(0, 64 * 1024));
  if ("refused" in sniffed) throw new Error(sniffed.message);
  const out: ReadLine[] = [];
  for await (const l of readLines(decode(pieces(bytes, size), sniffed.encoding))) out.push(l);
  return out;
}

describe("a line's number", () => {
  it.each([
    ["2125550142", "2125550142"],
    ["(212) 555-0142", "2125550142"],
    ["+1 212 555 0142", "2125550142"],
    ["212,5550142", "2125550142"],
    ["212;555-0142", "2125550142"],
    ["212\t5550142", "2125550142"],
    ['"Côté, Zoé",212.555.0142,Québec', "2125550142"],
    ["17,2125550142,3125550199", "2125550142"],
  ])("%s gives %s", (line, phone) => {
    expect(numberOf(line)).toEqual({ phone });
  });

  it.each([
    ["hello", "no_number"],
    ["212,555013", "no_number"],
    ["2026-05-01", "no_number"],
    ["044 20 7946 0958", "not_north_american"],
    ["1125550142", "not_north_american"],
    ["Smith;+33 1 42 68 53 00", "not_north_american"],
  ])("%s is refused: %s", (line, refused) => {
    expect(numberOf(line)).toEqual({ refused });
  });
});

describe("reading a file in pieces", () => {
  it("cuts lines at LF, CRLF (cut between two pieces) and a lone CR, skipping blanks and a heading, numbering every line", async () => {
    const file = "phone\r\n2125550141\r\n\r\n(212) 555-0142\r2125550143\nnope\r\n2125550144";
    for (const size of [1, 2, 3, 7, 1000])
      expect(await read(file, size), `pieces of ${size}`).toEqual([
        { line: 2, phone: "2125550141" },
        { line: 4, phone: "2125550142" },
        { line: 5, phone: "2125550143" },
        { line: 6, refused: "no_number", text: "nope" },
        { line: 7, phone: "2125550144" },
      ]);
  });

  it("keeps a first line with digits as data", async () => {
    expect(await read("2125550141\n")).toEqual([{ line: 1, phone: "2125550141" }]);
  });

  it("refuses a line far too long once, then reads on after it", async () => {
    const long = "x".repeat(MAX_LINE_CHARS * 3);
    const got = await read(`2125550141\n${long}\n2125550142\n`, 4096);
    expect(got).toEqual([
      { line: 1, phone: "2125550141" },
      { line: 2, refused: "too_long", text: "x".repeat(200) },
      { line: 3, phone: "2125550142" },
    ]);
  });

  it("reads Latin-1 and UTF-8 with its byte order mark, a character cut between pieces", async () => {
    const latin1 = Uint8Array.from("Lévesque;2125550141\nCôté\n", (c) => c.charCodeAt(0));
    expect(sniff(latin1)).toEqual({ encoding: "windows-1252" });
    expect(await read(latin1, 2)).toEqual([
      { line: 1, phone: "2125550141" },
      { line: 2, refused: "no_number", text: "Côté" },
    ]);
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("Téléphone\nMénard\n2125550142\n")]);
    expect(await read(utf8, 1)).toEqual([
      { line: 2, refused: "no_number", text: "Ménard" },
      { line: 3, phone: "2125550142" },
    ]);
  });

  it("says an empty, binary or UTF-16 file is no list", () => {
    expect(sniff(new Uint8Array())).toMatchObject({ refused: "empty" });
    expect(sniff(new TextEncoder().encode("\n \r\n\t"))).toMatchObject({ refused: "empty" });
    expect(sniff(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]))).toMatchObject({ refused: "binary" });
    expect(sniff(new Uint8Array([0xff, 0xfe, 0x32, 0x00]))).toMatchObject({ refused: "binary", message: expect.stringContaining("UTF-16") });
  });

  it("a splitter holds no more than a line", () => {
    const s = new LineSplitter();
    expect([...s.push("21255501")]).toEqual([]);
    expect([...s.push("41\n2125")]).toEqual([{ n: 1, text: "2125550141" }]);
    expect([...s.finish()]).toEqual([{ n: 2, text: "2125" }]);
  });
});
