// What a lead list's first bytes say about the whole file: its encoding, its delimiter, or that it is no list.
// Managers upload what their lead sellers and Excel export: UTF-8 with or without a BOM, or the Windows code page
// (Latin-1's superset) of an older "CSV (comma delimited)", with commas, semicolons (French Excel) or tabs.
import { RecordSplitter } from "./split";

export type Delimiter = "," | ";" | "\t";
export interface Sniffed {
  encoding: "utf-8" | "windows-1252";
  bom: boolean;
  delimiter: Delimiter;
}
export interface Refusal {
  refused: "empty" | "binary";
  message: string;
}

/** How much of the file `sniff` reads. */
export const HEAD_BYTES = 64 * 1024;

export const REFUSALS = {
  empty: "The file is empty.",
  binary: "This is not a text file: export the list as CSV (comma, semicolon or tab separated).",
  utf16:
    'This file is saved as UTF-16 (Excel\'s "Unicode Text"): save the list again as "CSV UTF-8 (comma delimited)".',
} as const;

export const isRefusal = (result: Sniffed | Refusal): result is Refusal => "refused" in result;

/** The file's encoding and delimiter from its first 64 KiB (`head`), or why it cannot be a lead list. */
export function sniff(head: Uint8Array): Sniffed | Refusal {
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
  const body = bom ? head.subarray(3) : head;
  if (body.every(isSpace)) return { refused: "empty", message: REFUSALS.empty };
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))
    return { refused: "binary", message: REFUSALS.utf16 };
  if (looksBinary(body)) return { refused: "binary", message: REFUSALS.binary };
  const encoding = isUtf8(body) ? "utf-8" : "windows-1252";
  // The delimiter only needs ASCII characters, which both encodings read alike.
  const text = new TextDecoder(encoding).decode(body);
  return { encoding, bom, delimiter: guessDelimiter(text) };
}

const isSpace = (b: number) =>
  b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x0b || b === 0x0c;

/** A NUL byte, or more than 1% of control characters other than tab, CR and LF: an image, a zip, an .xlsx. */
function looksBinary(bytes: Uint8Array): boolean {
  let controls = 0;
  for (const b of bytes) {
    if (b === 0) return true;
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f) controls++;
  }
  return controls > bytes.length / 100;
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    // `stream`: a character cut by the 64 KiB boundary waits for bytes that never come, instead of failing.
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

const CANDIDATES: Delimiter[] = [",", ";", "\t"];
/** Enough rows to see a pattern; more only costs time. */
const SAMPLE_ROWS = 50;

/**
 * The delimiter that cuts the first rows (quotes respected) into the same number of fields, more than one, most
 * often; on a tie, the one giving more fields, then the order of CANDIDATES. A single column gives ",".
 */
export function guessDelimiter(text: string): Delimiter {
  let best: { delimiter: Delimiter; rows: number; fields: number } | null = null;
  for (const delimiter of CANDIDATES) {
    const { fields, rows } = commonestCount(fieldCounts(text, delimiter));
    if (fields <= 1) continue;
    if (!best || rows > best.rows || (rows === best.rows && fields > best.fields))
      best = { delimiter, rows, fields };
  }
  return best?.delimiter ?? ",";
}

/** The number of fields of each of the first rows; a last row cut by the end of the head is left out. */
function fieldCounts(text: string, delimiter: Delimiter): number[] {
  const splitter = new RecordSplitter(delimiter, { maxFields: Infinity, maxFieldBytes: Infinity });
  const whole = splitter.push(text).slice(0, SAMPLE_ROWS);
  const rows = whole.length > 0 ? whole : splitter.end();
  return rows.map((r) => (r.kind === "record" || r.kind === "too_many_columns" ? r.fields : 1));
}

function commonestCount(counts: number[]): { fields: number; rows: number } {
  const tally = new Map<number, number>();
  for (const n of counts) tally.set(n, (tally.get(n) ?? 0) + 1);
  let commonest = { fields: 0, rows: 0 };
  for (const [fields, rows] of tally)
    if (rows > commonest.rows || (rows === commonest.rows && fields > commonest.fields))
      commonest = { fields, rows };
  return commonest;
}
