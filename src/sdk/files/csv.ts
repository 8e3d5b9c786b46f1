// A CSV file built in the browser (the Sun Life agents list; reports later). RFC 4180 quoting, CRLF lines, and a
// leading apostrophe on a cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return): a name
// typed in settings must never become a formula on the manager's PC (OWASP "CSV injection").

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, quoted when it holds a comma, a quote or a line break; a would-be formula kept as text. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the header row, then one row per record, each line ended by CRLF. */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",") + "\r\n").join("");
}

/**
 * Hands `text` to the browser as a file to save, through a `data:` address on a link with `download` (no
 * object URL to revoke; fine for the lists a panel offers). A byte-order mark first, so Excel reads accents
 * (Québec, Montréal) as UTF-8.
 */
export function downloadCsv(fileName: string, text: string, doc: Document = document): void {
  const link = doc.createElement("a");
  link.href = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${text}`)}`;
  link.download = fileName;
  link.style.display = "none";
  doc.body.append(link);
  link.click();
  link.remove();
}
