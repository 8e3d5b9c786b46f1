// Cuts decoded CSV text into records before csv-parse reads their fields. csv-parse alone cannot keep an import
// going past an oversized row: with `max_record_size` and `skip_records_with_error` it drops every row after the
// first one too big (csv-parse 7.0.3, checked), and without them one bad quote stops the whole file. Cutting here,
// with csv-parse's own quote rules, bounds memory (a row over the limits is scanned, never kept) and lets csv-parse
// see one well-cut record at a time, so its errors stay within the row that caused them.

/** How much of a row is read: more is refused as a bad row. */
export interface SplitLimits {
  maxFields: number;
  /** In UTF-8 bytes of the field's value. */
  maxFieldBytes: number;
}

export type SplitRecord =
  /** The record's text without its line end, for csv-parse. `lineEnd`: false when the file ended inside it. */
  | { kind: "record"; text: string; fields: number; lineEnd: boolean }
  | { kind: "too_many_columns"; fields: number }
  /** `column` is 1-based: the first field over the limit. */
  | { kind: "field_too_long"; column: number }
  /** The file ended inside a quoted field: everything from its opening quote on is lost. */
  | { kind: "unclosed_quote" };

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

// Where the scan is in the current field.
const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
/** A quote inside a quoted field: the next character says whether it closes the field or is doubled. */
const QUOTE_IN_QUOTED = 3;

/** UTF-8 length of one UTF-16 code unit (a surrogate pair counts 2 + 2). */
const utf8Length = (c: number) => (c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3);

export class RecordSplitter {
  private readonly delimiter: number;
  private state = FIELD_START;
  /** The current record's text from earlier chunks (dropped once the record is over the limits). */
  private carry = "";
  private fields = 1;
  private fieldBytes = 0;
  /** Why the current record is refused, once it is over a limit. */
  private over: "too_many_columns" | "field_too_long" | null = null;
  private overColumn = 0;
  /** Nothing read in the current record yet: an empty line is no record (csv-parse's skip_empty_lines). */
  private empty = true;
  /** The last record ended on a CR: a LF right after it is the same line end (CRLF). */
  private afterCr = false;

  constructor(
    delimiter: string,
    private readonly limits: SplitLimits,
  ) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** The records that end in `text` (the rest waits for the next chunk). */
  push(text: string): SplitRecord[] {
    const out: SplitRecord[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.afterCr) {
        this.afterCr = false;
        if (c === LF) {
          start = i + 1;
          continue;
        }
      }
      if (this.state === QUOTED) {
        if (c === QUOTE) this.state = QUOTE_IN_QUOTED;
        else this.grow(c);
        continue;
      }
      if (this.state === QUOTE_IN_QUOTED) {
        if (c === QUOTE) {
          this.state = QUOTED; // "" inside quotes: one quote of the value
          this.grow(c);
          continue;
        }
        // The field is closed. Text after the closing quote (`"a"b`) is csv-parse's to refuse; the row ends where
        // the next line end is, as it would with relax_quotes.
        this.state = UNQUOTED;
      }
      if (c === this.delimiter) {
        this.empty = false;
        this.fields++;
        this.fieldBytes = 0;
        this.state = FIELD_START;
        if (this.fields > this.limits.maxFields && !this.over) this.overLimit("too_many_columns");
        continue;
      }
      if (c === CR || c === LF) {
        if (!this.empty) out.push(this.finish(text.slice(start, i), true));
        this.reset();
        this.afterCr = c === CR;
        start = i + 1;
        continue;
      }
      this.empty = false;
      // A quote opens a quoted field only as its first character (csv-parse's rule); elsewhere csv-parse refuses it.
      if (this.state === FIELD_START && c === QUOTE) {
        this.state = QUOTED;
        continue;
      }
      this.state = UNQUOTED;
      this.grow(c);
    }
    if (!this.over) this.carry += text.slice(start);
    return out;
  }

  /** The last record, when the file does not end on a line end. */
  end(): SplitRecord[] {
    let last: SplitRecord[] = [];
    if (this.state === QUOTED) last = [{ kind: "unclosed_quote" }];
    else if (!this.empty) last = [this.finish("", false)];
    this.reset();
    return last;
  }

  private grow(c: number) {
    this.fieldBytes += utf8Length(c);
    if (this.fieldBytes > this.limits.maxFieldBytes && !this.over) this.overLimit("field_too_long");
  }

  private overLimit(why: "too_many_columns" | "field_too_long") {
    this.over = why;
    this.overColumn = this.fields;
    this.carry = "";
  }

  private finish(tail: string, lineEnd: boolean): SplitRecord {
    if (this.over === "too_many_columns") return { kind: "too_many_columns", fields: this.fields };
    if (this.over === "field_too_long") return { kind: "field_too_long", column: this.overColumn };
    return { kind: "record", text: this.carry + tail, fields: this.fields, lineEnd };
  }

  private reset() {
    this.state = FIELD_START;
    this.carry = "";
    this.fields = 1;
    this.fieldBytes = 0;
    this.over = null;
    this.empty = true;
  }
}
