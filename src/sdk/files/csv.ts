// A CSV file built in the browser (the Sun Life agents list, the reports) and handed to the browser to save. The
// format itself (quoting, formulas kept as text) is the wire contract's, shared with the gateway (src/contract/csv.ts).
export { csvCell, csvText } from "../../contract/csv";

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
