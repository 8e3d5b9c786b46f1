// The call-detail search as a CSV file (issue 37, parts 3 and 6), of any size: read a keyset page at a time and
// written as it is read, so neither the gateway nor the database holds the whole result. GET
// /reports/calls/export streams it to the browser; the scheduled e-mails attach it.
import { wallClock, type Db } from "../../../server/sdk";
import { spanOf } from "../span.server";
import { CALLS_CSV_COLUMNS, type CallRow, type CallsCursor, type CallsFilter } from "./contract";
import { readCallsPage } from "./search.server";

/** Calls read per statement: big enough to be few statements, small enough to stream. */
export const CSV_PAGE = 1000;

/**
 * One CSV cell (RFC 4180), a would-be spreadsheet formula kept as text (OWASP "CSV injection"); a number written
 * "+12125550142" is no formula and stays as dialled.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text) && !/^\+\d+$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const two = (n: number) => String(n).padStart(2, "0");
/** "2026-03-09 14:05:07" in the call centre's zone. */
function localTime(iso: string, zone: string): string {
  const w = wallClock(Date.parse(iso), zone);
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}

function line(r: CallRow, zone: string): string {
  return (
    [
      r.id,
      r.started_at,
      localTime(r.started_at, zone),
      r.agent.id,
      r.agent.name,
      r.lead?.id ?? null,
      r.lead?.name ?? null,
      r.number,
      r.campaign?.name ?? null,
      r.direction,
      r.type,
      r.duration,
      r.disposition,
      r.amd,
      r.live_transfer ? "yes" : "no",
      r.recordings,
    ]
      .map(csvCell)
      .join(",") + "\r\n"
  );
}

/**
 * The search's whole result as CSV text, piece by piece: a byte-order mark and the header row first (Excel then
 * reads accents as UTF-8), then the calls newest first, one page of lines per piece.
 */
export async function* callsCsv(
  db: Db,
  tenantId: number,
  query: CallsFilter,
  now: Date,
): AsyncGenerator<string> {
  const span = await spanOf(db, tenantId, query, now);
  yield `\uFEFF${CALLS_CSV_COLUMNS.join(",")}\r\n`;
  let cursor: CallsCursor | undefined;
  for (;;) {
    const page = await readCallsPage(db, span, query, { cursor, limit: CSV_PAGE });
    if (page.rows.length > 0) yield page.rows.map((r) => line(r, span.timeZone)).join("");
    if (!page.next) return;
    cursor = page.next;
  }
}

/** The file's name: the range it covers. */
export async function callsCsvName(db: Db, tenantId: number, query: CallsFilter, now: Date): Promise<string> {
  const span = await spanOf(db, tenantId, query, now);
  return `calls-${span.from}-${span.to}.csv`;
}
