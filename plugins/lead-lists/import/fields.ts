// The fields of records the splitter cut, read by csv-parse: quoted fields, "" escapes, embedded line ends.
// Records go to csv-parse many at a time (one call per record costs ~7 times more); when a batch holds a record
// csv-parse refuses, each record of that batch is read alone, so only the faulty one is refused.
import { CsvError, parse } from "csv-parse/sync";
import type { CsvErrorCode, Options } from "csv-parse/sync";

/** A record's fields, or why csv-parse refused it (a manager's sentence). */
export type ParsedFields = { fields: string[] } | { refused: string };

const QUOTE_MESSAGES: Partial<Record<CsvErrorCode, string>> = {
  INVALID_OPENING_QUOTE:
    'A quote (") is in the middle of a value. A value holding quotes must itself be in quotes, with each quote doubled ("").',
  CSV_INVALID_CLOSING_QUOTE: 'A value in quotes has more text after its closing quote (").',
  CSV_QUOTE_NOT_CLOSED: 'A quote (") opens a value and never closes.',
};

export function csvOptions(delimiter: string): Options {
  return {
    delimiter,
    // The splitter joins the records of a batch with "\n"; a CR or LF in a record is inside quotes.
    record_delimiter: "\n",
    // No `bom`: decodeText drops the file's BOM, and csv-parse would take a U+FEFF opening any batch for one.
    relax_column_count: true,
    skip_empty_lines: true,
  };
}

/** The fields of each record of `texts`, in order: one entry per record. */
export function parseFields(texts: string[], delimiter: string): ParsedFields[] {
  if (texts.length === 0) return [];
  const options = csvOptions(delimiter);
  try {
    const records = parse(texts.join("\n"), options);
    // The splitter cut the same records csv-parse finds; should they ever disagree, read them one by one.
    if (records.length === texts.length) return records.map((fields) => ({ fields }));
  } catch (err) {
    if (!(err instanceof CsvError)) throw err; // not the rows' fault: a bug, to be seen
  }
  return texts.map((text) => parseOne(text, options));
}

function parseOne(text: string, options: Options): ParsedFields {
  try {
    const records = parse(text, options);
    if (records.length === 1 && records[0]) return { fields: records[0] };
    return { refused: "This row could not be read: its quotes split it into several rows." };
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    return { refused: QUOTE_MESSAGES[err.code] ?? `This row could not be read: ${err.message}` };
  }
}
