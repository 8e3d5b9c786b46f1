// The file's bytes as text, chunk by chunk: a character cut between two chunks is completed by the next one
// (TextDecoder's `stream` mode), so the file is never held whole.
import type { Sniffed } from "./detect";

/** What an upload gives: a web stream's or Node stream's chunks (a Node stream may give strings once decoded). */
export type ByteSource = AsyncIterable<Uint8Array> | NodeJS.ReadableStream;

const UTF8_BOM_LENGTH = 3;

/**
 * Windows-1252's characters at 0x80–0x9F (curly quotes, dashes, €, œ). Node's TextDecoder("windows-1252") gives
 * Latin-1's control characters there instead (Node 20); an Excel list with "O’Brien" needs the real ones. The five
 * bytes Windows-1252 leaves undefined keep their control character, as the WHATWG encoding does.
 */
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";
const C1 = /[\u0080-\u009f]/g;
const cp1252 = (text: string) => text.replace(C1, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);

/** The text of `source` in the sniffed encoding, without its byte order mark. */
export async function* decodeText(source: ByteSource, sniffed: Sniffed): AsyncGenerator<string> {
  // The BOM is dropped as bytes (a Latin-1 file may start with one too); the decoder then keeps what it is given.
  const decoder = new TextDecoder(sniffed.encoding, { ignoreBOM: true });
  const fix = sniffed.encoding === "windows-1252" ? cp1252 : (text: string) => text;
  let bomLeft = sniffed.bom ? UTF8_BOM_LENGTH : 0;
  let first = true;
  for await (const chunk of source) {
    let text: string;
    if (typeof chunk === "string") {
      // Already decoded by the stream (setEncoding): only its BOM is left to drop.
      text = first && chunk.startsWith("\ufeff") ? chunk.slice(1) : chunk;
      bomLeft = 0;
    } else {
      let bytes = chunk;
      if (bomLeft > 0) {
        const cut = Math.min(bomLeft, bytes.length);
        bytes = bytes.subarray(cut);
        bomLeft -= cut;
      }
      text = fix(decoder.decode(bytes, { stream: true }));
    }
    first = false;
    if (text) yield text;
  }
  const rest = fix(decoder.decode());
  if (rest) yield rest;
}
