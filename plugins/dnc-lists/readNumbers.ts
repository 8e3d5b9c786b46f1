// Reading a Do Not Call file as it arrives (the upload route, server.ts): its first bytes say whether it is text
// at all and in which encoding (UTF-8, else Latin-1's Windows superset); then each line gives one number or a
// refusal. A registry extract has an area code and a number per line ("212,5550142", "2125550142",
// "(212) 555-0142"); a partner's CSV has the number in some column, the first one holding a number is used. Nothing
// here holds more than a line and a chunk: the file is never whole in memory.
import { nanpDigits } from "../../src/contract/leadIntake";
import { keepLine } from "../../src/contract/text";
import { DNC_MESSAGES, type RefusedLineReason } from "./contract";

/** How much of the file `sniff` reads before anything is written. */
export const HEAD_BYTES = 64 * 1024;
/** A line longer than this is no line of a list (a file without line breaks): refused, and skipped to its end. */
export const MAX_LINE_CHARS = 10_000;
/** What a refused line's sample keeps of its text. */
export const SAMPLE_CHARS = 200;

export type Encoding = "utf-8" | "windows-1252";
export type Sniffed = { encoding: Encoding } | { refused: "empty" | "binary"; message: string };

const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x0b || b === 0x0c;

/** The file's encoding from its first bytes, or why it is no list: empty (blanks only), binary, UTF-16. */
export function sniff(head: Uint8Array): Sniffed {
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
  const body = bom ? head.subarray(3) : head;
  if (body.every(isSpace)) return { refused: "empty", message: DNC_MESSAGES.empty };
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))
    return { refused: "binary", message: DNC_MESSAGES.utf16 };
  // A NUL byte, or more than 1% of control characters other than tab, CR and LF: an image, a zip, an .xlsx.
  let controls = 0;
  for (const b of body) {
    if (b === 0) return { refused: "binary", message: DNC_MESSAGES.binary };
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f) controls++;
  }
  if (controls > body.length / 100) return { refused: "binary", message: DNC_MESSAGES.binary };
  try {
    // `stream`: a character cut at the head's end waits for bytes that never come, instead of failing.
    new TextDecoder("utf-8", { fatal: true }).decode(body, { stream: true });
    return { encoding: "utf-8" };
  } catch {
    return { encoding: "windows-1252" };
  }
}

export interface Line {
  /** Its number in the file, from 1 (blank lines counted, as an editor counts them). */
  n: number;
  text: string;
  /** Cut short: longer than MAX_LINE_CHARS. */
  tooLong?: boolean;
}

/**
 * Cuts decoded text into lines as it comes, whatever ends them (LF, CRLF, a lone CR of an old Mac export), a line
 * ending cut between two pieces included. A line past MAX_LINE_CHARS is given once, cut short and marked, and the
 * rest of it is skipped.
 */
export class LineSplitter {
  private partial = "";
  private n = 0;
  /** The piece before ended with CR: a LF opening this one ends nothing more. */
  private cr = false;
  /** Inside a line already given as too long. */
  private skipping = false;

  *push(text: string): Generator<Line> {
    let start = this.cr && text.startsWith("\n") ? 1 : 0;
    this.cr = false;
    const ends = /\r\n|\r|\n/g;
    ends.lastIndex = start;
    for (let m = ends.exec(text); m; m = ends.exec(text)) {
      if (m[0] === "\r" && m.index === text.length - 1) this.cr = true;
      const line = this.end(text.slice(start, m.index));
      if (line) yield line;
      start = m.index + m[0].length;
    }
    if (this.skipping) return;
    this.partial += text.slice(start);
    if (this.partial.length > MAX_LINE_CHARS) {
      const line = { n: ++this.n, text: this.partial.slice(0, SAMPLE_CHARS), tooLong: true };
      this.partial = "";
      this.skipping = true;
      yield line;
    }
  }

  /** The last line, when the file does not end with a line break. */
  *finish(): Generator<Line> {
    if (!this.skipping && this.partial !== "") yield this.end("")!;
  }

  private end(rest: string): Line | null {
    if (this.skipping) {
      this.skipping = false;
      return null;
    }
    const text = this.partial + rest;
    this.partial = "";
    this.n++;
    return text.length > MAX_LINE_CHARS
      ? { n: this.n, text: text.slice(0, SAMPLE_CHARS), tooLong: true }
      : { n: this.n, text };
  }
}

/** A line's fields: split at commas, semicolons or tabs outside double quotes, the quotes taken off. */
export function fieldsOf(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === "," || c === ";" || c === "\t") {
      fields.push(field.trim());
      field = "";
    } else field += c;
  }
  fields.push(field.trim());
  return fields;
}

export type LineNumber = { phone: string } | { refused: RefusedLineReason };

/** Written as a phone number is (digits and its punctuation, 7 to 15 digits), a date aside. */
const looksLikePhone = (field: string) =>
  /^\+?[\d\s().-]+$/.test(field) && !/^\d{4}-\d{2}-\d{2}$/.test(field) && /^\d{7,15}$/.test(field.replace(/\D/g, ""));

/**
 * The number a line gives: the whole line when it is one number; else the first field that is one; else an area
 * code and a seven-digit number in two fields side by side (a registry extract's "212,5550142"). A line with a
 * long run of digits that makes no North American number is refused as such; one without, as holding no number.
 */
export function numberOf(line: string): LineNumber {
  const whole = nanpDigits(line);
  if (whole) return { phone: whole };
  const fields = fieldsOf(line);
  for (const f of fields) {
    const digits = nanpDigits(f);
    if (digits) return { phone: digits };
  }
  for (let i = 0; i + 1 < fields.length; i++) {
    if (/^\(?\d{3}\)?$/.test(fields[i]!) && /^\d{3}[-. ]?\d{4}$/.test(fields[i + 1]!)) {
      const digits = nanpDigits(fields[i]!.replace(/\D/g, "") + fields[i + 1]!.replace(/\D/g, ""));
      if (digits) return { phone: digits };
    }
  }
  return fields.some(looksLikePhone) ? { refused: "not_north_american" } : { refused: "no_number" };
}

/** A refused line's text as the answer shows it: one line of printable characters, cut short. */
export const sampleOf = (text: string) => keepLine(text).trim().slice(0, SAMPLE_CHARS);

/** The text of a file's bytes, piece by piece, in the sniffed encoding (a UTF-8 byte order mark dropped). */
export async function* decode(bytes: AsyncIterable<Uint8Array>, encoding: Encoding): AsyncGenerator<string> {
  // UTF-8's decoder drops its byte order mark; a Latin-1 file may start with one too (an editor's), dropped here.
  const decoder = new TextDecoder(encoding);
  let first = true;
  for await (const chunk of bytes) {
    const start = first && encoding === "windows-1252" && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
    first = false;
    const text = decoder.decode(start ? chunk.subarray(start) : chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

export type ReadLine = { line: number; phone: string } | { line: number; refused: RefusedLineReason; text: string };

/**
 * The file's data lines, one number or one refusal each, as the text arrives: blank lines are skipped, and so is a
 * first line without a single digit (a heading: "phone,name").
 */
export async function* readLines(texts: AsyncIterable<string>): AsyncGenerator<ReadLine> {
  const splitter = new LineSplitter();
  let first = true;
  const judge = (l: Line): ReadLine | null => {
    if (l.tooLong) {
      first = false;
      return { line: l.n, refused: "too_long", text: sampleOf(l.text) };
    }
    const text = l.text.trim();
    if (text === "") return null;
    if (first) {
      first = false;
      if (!/\d/.test(text)) return null;
    }
    const got = numberOf(text);
    return "phone" in got ? { line: l.n, phone: got.phone } : { line: l.n, refused: got.refused, text: sampleOf(text) };
  };
  for await (const text of texts) {
    for (const l of splitter.push(text)) {
      const r = judge(l);
      if (r) yield r;
    }
  }
  for (const l of splitter.finish()) {
    const r = judge(l);
    if (r) yield r;
  }
}
