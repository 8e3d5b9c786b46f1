// The lines of the "refused rows" report a manager downloads after an import: each refused row as it was in the
// list, with its line number and the reason, to fix in a spreadsheet and import again. "line" and "reason" come
// first: a refused row may have fewer or more fields than the header (or none, when it could not be read), and
// they stay under their names whatever follows; an import of the fixed report maps neither. RFC 4180: comma
// separated, CRLF line ends, a field in quotes when it holds a quote, comma or line end, quotes doubled.

/** One field as RFC 4180 writes it, the value unchanged. */
export function quoteCsvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A value a spreadsheet would run as a formula (=, +, -, @ first; tab and CR too, as OWASP advises) gets a leading
 * apostrophe: the report carries text from outside the call centre, opened in Excel by a manager.
 */
export function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const line = (fields: string[]) => fields.map((f) => quoteCsvField(guardFormula(f))).join(",") + "\r\n";

/** The report's first line: "line", "reason", then the list's column names. Ends with CRLF. */
export function refusedCsvHeader(columns: string[]): string {
  return line(["line", "reason", ...columns]);
}

/** One refused row: its line (counted after the header, as readRows does), why, then its fields as read. */
export function refusedCsvLine(lineNumber: number, fields: string[], reason: string): string {
  return line([String(lineNumber), reason, ...fields]);
}
