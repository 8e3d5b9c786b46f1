// @vitest-environment node
import { describe, expect, it } from "vitest";
import { HEAD_BYTES, REFUSALS, sniff } from "./detect";
import { latin1, utf8 } from "./testing";

const BOM = [0xef, 0xbb, 0xbf];
const withBom = (text: string) => Uint8Array.from([...BOM, ...utf8(text)]);

describe("sniff", () => {
  it("reads a plain UTF-8 comma list", () => {
    expect(sniff(utf8("First Name,Last Name,Phone\nÉric,Gagné,5145550142\n"))).toEqual({
      encoding: "utf-8",
      bom: false,
      delimiter: ",",
    });
  });

  it("notes a UTF-8 byte order mark (Excel's CSV UTF-8)", () => {
    expect(sniff(withBom("Prénom;Nom\nÉric;Gagné\n"))).toEqual({
      encoding: "utf-8",
      bom: true,
      delimiter: ";",
    });
  });

  it("takes bytes that are not UTF-8 for Windows-1252 (Latin-1): an older Excel's CSV", () => {
    expect(sniff(latin1("Prénom;Nom\r\nÉric;Gagné\r\n"))).toEqual({
      encoding: "windows-1252",
      bom: false,
      delimiter: ";",
    });
  });

  it("is not fooled by a character cut at the end of the 64 KiB it reads", () => {
    const filler = "a,b\n".repeat(16_383) + "ab,"; // HEAD_BYTES - 1 bytes
    const file = utf8(`${filler}é,x\n`);
    const head = file.subarray(0, HEAD_BYTES);
    expect(head[HEAD_BYTES - 1]).toBe(0xc3); // the first byte of an é, its second cut off
    expect(sniff(head)).toMatchObject({ encoding: "utf-8" });
  });

  it("finds tab-separated lists", () => {
    expect(sniff(utf8("Phone\tName\tCity\n5145550142\tÉric Gagné\tMontréal, QC\n"))).toMatchObject({
      delimiter: "\t",
    });
  });

  it("chooses the delimiter that cuts every row alike, ignoring those inside quotes", () => {
    const list = 'Nom;Prénom;Notes\nGagné;Éric;"Appeler le soir, après 18 h"\nTremblay;Luc;Rappel, lundi\n';
    expect(sniff(utf8(list))).toMatchObject({ delimiter: ";" });
  });

  it("falls back to commas for a single column", () => {
    expect(sniff(utf8("Phone\n5145550142\n4385550199\n"))).toMatchObject({ delimiter: "," });
  });

  it("refuses an empty file, blank lines and a lone BOM as empty", () => {
    for (const head of [new Uint8Array(0), utf8(" \r\n\n\t"), Uint8Array.from(BOM)])
      expect(sniff(head)).toEqual({ refused: "empty", message: "The file is empty." });
  });

  it("refuses an image as not a text file", () => {
    const png = Uint8Array.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    expect(sniff(png)).toEqual({ refused: "binary", message: REFUSALS.binary });
  });

  it("refuses text with more than 1% control characters, and tolerates a few", () => {
    const text = "a,b\n".repeat(100); // 400 bytes
    const controls = (n: number) => utf8(text + "\u0001".repeat(n));
    expect(sniff(controls(5))).toMatchObject({ refused: "binary" });
    expect(sniff(controls(3))).toMatchObject({ delimiter: "," });
  });

  it("tells a UTF-16 file (Excel's Unicode Text) apart, with how to save it instead", () => {
    const utf16 = Uint8Array.from([0xff, 0xfe, ...[..."a,b\n"].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(sniff(utf16)).toEqual({ refused: "binary", message: REFUSALS.utf16 });
  });
});
