// A CSV file as the dialer writes it, in the browser (a list the page exports) and on the gateway (a report sent by
// e-mail): RFC 4180 quoting, CRLF lines, and a leading apostrophe on a cell a spreadsheet would run as a formula (=, +,
// -, @, tab, carriage return): a name typed in settings must never become a formula on the manager's PC (OWASP "CSV
// injection").

const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | null | undefined;

/** One cell, quoted when it holds a comma, a quote or a line break; a would-be formula kept as text. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, ended by CRLF. */
export const csvLine = (row: readonly CsvValue[]): string => row.map(csvCell).join(",") + "\r\n";

/** A whole file: the header row, then one row per record. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map(csvLine).join("");
}
