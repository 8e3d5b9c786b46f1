// Test helpers: a list as an upload delivers it (in small chunks, so characters and rows straddle them).
import { HEAD_BYTES, isRefusal, sniff, type Sniffed } from "./detect";
import { readRows, type CsvRecord } from "./rows";

export const utf8 = (text: string) => new TextEncoder().encode(text);

/** Latin-1 bytes of `text` (every character below U+0100). */
export const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

export async function* chunks(bytes: Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

export async function collect(records: AsyncIterable<CsvRecord>): Promise<CsvRecord[]> {
  const out: CsvRecord[] = [];
  for await (const record of records) out.push(record);
  return out;
}

/** A list read as the import job reads it: sniffed from its head, then its rows. */
export async function readList(
  file: string | Uint8Array,
  opts: { skip?: number; chunk?: number; sniffed?: Sniffed } = {},
): Promise<CsvRecord[]> {
  const bytes = typeof file === "string" ? utf8(file) : file;
  const sniffed = opts.sniffed ?? sniff(bytes.subarray(0, HEAD_BYTES));
  if (isRefusal(sniffed)) throw new Error(sniffed.message);
  return collect(readRows(chunks(bytes, opts.chunk), sniffed, { skip: opts.skip }));
}

/** The fields of the rows read, without the header. */
export const rowsOf = (records: CsvRecord[]) => records.flatMap((r) => (r.kind === "row" ? [r.fields] : []));
