// A lead list's rows as the import job reads them: the column names first, then each row's fields or why the
// row is refused. Streaming: only the rows of the chunk being read are held, whatever the file's size.
import { decodeText, type ByteSource } from "./decode";
import type { Sniffed } from "./detect";
import { parseFields } from "./fields";
import { RecordSplitter, type SplitLimits, type SplitRecord } from "./split";

export type BadRowReason =
  "too_many_columns" | "field_too_long" | "unclosed_quote" | "cut_row" | "bad_quotes";

export type CsvRecord =
  | { kind: "header"; columns: string[] }
  /** `line`: the row's number counted from 1 after the header (empty lines are not rows). */
  | { kind: "row"; line: number; fields: string[] }
  /** A refused row; `line` 0 is the header, and nothing follows it. */
  | { kind: "bad"; line: number; reason: BadRowReason; message: string };

/** A row may have at most 200 columns and 64 KiB in a field: far beyond any lead, short of hurting the gateway. */
export const ROW_LIMITS: SplitLimits = { maxFields: 200, maxFieldBytes: 64 * 1024 };

/**
 * Rows sent to csv-parse at once, at most (in characters), and the text cut at once: each is one synchronous
 * stretch of the event loop (about 4 ms for 128 Ki characters here, against 30–60 ms for 1 Mi), which an agent's
 * request waiting for the loop would sit behind.
 */
const BATCH_CHARS = 1 << 17;

/**
 * The records of a lead list. `skip: n` resumes an import: the first n rows are cut but neither read nor yielded.
 * Reading ends after a refused header or an unclosed quote (it swallowed the rest of the file).
 */
export async function* readRows(
  source: ByteSource,
  sniffed: Sniffed,
  opts: {
    skip?: number;
    /** Awaited between slices of the text (a background job lets the gateway's requests go first there). */
    pause?: () => Promise<void>;
  } = {},
): AsyncGenerator<CsvRecord> {
  const reader = new RowReader(sniffed.delimiter, opts.skip ?? 0);
  const splitter = new RecordSplitter(sniffed.delimiter, ROW_LIMITS);
  for await (const text of decodeText(source, sniffed)) {
    for (const slice of slicesOf(text, BATCH_CHARS)) {
      yield* reader.take(splitter.push(slice));
      if (reader.stopped) return; // leaving the loop closes the source
      await opts.pause?.();
    }
  }
  yield* reader.take(splitter.end());
}

/** The text in pieces of at most about `size` characters, each cut after a line end where there is one. */
export function* slicesOf(text: string, size: number): Generator<string> {
  let from = 0;
  while (text.length - from > size) {
    let cut = text.lastIndexOf("\n", from + size - 1) + 1;
    if (cut <= from) {
      cut = from + size;
      // Never between the two halves of a character outside the BMP.
      const c = text.charCodeAt(cut - 1);
      if (c >= 0xd800 && c <= 0xdbff) cut--;
    }
    yield text.slice(from, cut);
    from = cut;
  }
  if (from < text.length) yield from === 0 ? text : text.slice(from);
}

const MESSAGES = {
  too_many_columns: (n: number) =>
    `This row has ${n} columns; a row may have at most ${ROW_LIMITS.maxFields}.`,
  field_too_long: (column: number) =>
    `Column ${column} of this row holds more than 64 KB of text, more than any lead field takes.`,
  unclosed_quote: () =>
    'A quote (") opens a value on this row and never closes: the rest of the file could not be read.',
  cut_row: (n: number, of: number) =>
    `The file ends in the middle of this row (${n} of ${of} columns): it may have been cut short during the export or the upload.`,
};

/** Turns the splitter's records into the import's records, in order. */
class RowReader {
  private columns: string[] | null = null;
  private line = 0;
  private pending: { text: string; line: number }[] = [];
  private pendingChars = 0;
  private out: CsvRecord[] = [];
  stopped = false;

  constructor(
    private readonly delimiter: string,
    private readonly skip: number,
  ) {}

  take(records: SplitRecord[]): CsvRecord[] {
    for (const record of records) {
      if (this.stopped) break;
      if (this.columns === null) this.header(record);
      else this.row(record);
    }
    this.flush();
    const out = this.out;
    this.out = [];
    return out;
  }

  private header(record: SplitRecord) {
    const parsed = record.kind === "record" ? parseFields([record.text], this.delimiter)[0] : undefined;
    if (parsed && "fields" in parsed) {
      this.columns = nameColumns(parsed.fields);
      this.out.push({ kind: "header", columns: this.columns });
      return;
    }
    const bad = parsed ? { reason: "bad_quotes" as const, message: parsed.refused } : this.verdict(record, 0);
    const message = `The column names (the file's first line) could not be read. ${bad.message}`;
    this.out.push({ kind: "bad", line: 0, reason: bad.reason, message });
    this.stopped = true;
  }

  private row(record: SplitRecord) {
    const line = ++this.line;
    if (line <= this.skip) return;
    if (record.kind === "record") {
      if (record.lineEnd || record.fields >= (this.columns?.length ?? 0)) {
        this.pending.push({ text: record.text, line });
        this.pendingChars += record.text.length;
        if (this.pendingChars >= BATCH_CHARS) this.flush();
        return;
      }
    }
    this.flush(); // rows keep the file's order
    this.out.push({ kind: "bad", line, ...this.verdict(record, this.columns?.length ?? 0) });
    if (record.kind === "unclosed_quote") this.stopped = true;
  }

  private verdict(record: SplitRecord, headerColumns: number): { reason: BadRowReason; message: string } {
    switch (record.kind) {
      case "too_many_columns":
        return { reason: record.kind, message: MESSAGES.too_many_columns(record.fields) };
      case "field_too_long":
        return { reason: record.kind, message: MESSAGES.field_too_long(record.column) };
      case "unclosed_quote":
        return { reason: record.kind, message: MESSAGES.unclosed_quote() };
      case "record": // the file's last row, without its line end and short of columns
        return { reason: "cut_row", message: MESSAGES.cut_row(record.fields, headerColumns) };
    }
  }

  private flush() {
    if (this.pending.length === 0) return;
    const parsed = parseFields(
      this.pending.map((p) => p.text),
      this.delimiter,
    );
    this.pending.forEach(({ line }, i) => {
      const result = parsed[i];
      if (result && "fields" in result) this.out.push({ kind: "row", line, fields: result.fields });
      else this.out.push({ kind: "bad", line, reason: "bad_quotes", message: result?.refused ?? "" });
    });
    this.pending = [];
    this.pendingChars = 0;
  }
}

/** The header's names, trimmed; an empty one becomes "Column 3", a repeated one "Phone (column 5)". */
export function nameColumns(raw: string[]): string[] {
  const seen = new Set<string>();
  return raw.map((name, i) => {
    let named = name.trim() || `Column ${i + 1}`;
    if (seen.has(named.toLowerCase())) named = `${named} (column ${i + 1})`;
    seen.add(named.toLowerCase());
    return named;
  });
}
