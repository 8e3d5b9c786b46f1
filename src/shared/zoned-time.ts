// Wall-clock arithmetic in an IANA time zone with nothing but Intl: the call centre's day and hour for goals,
// and (in the dialer) the lead's own local time for calling windows. DST days are 23 or 25 hours long here too.

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock as Intl formats it: the truth, and about 7 µs a call (formatToParts). */
function formattedWallClock(epochMs: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(epochMs))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday!),
  };
}

const wholeSecond = (epochMs: number) => Math.floor(epochMs / 1000) * 1000;
const offsetOf = (w: WallClock, epochMs: number) =>
  Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - wholeSecond(epochMs);

/**
 * The zone's offset through a quarter of an hour, asked of Intl once per zone and quarter: a dial judges the calling
 * window of every candidate's zones and the call centre's periods, a dozen wall clocks or more (bench/dialer-load).
 * The offset at the quarter's first and last second: equal, it holds through the quarter (a zone does not change
 * its offset twice within 15 minutes); different (a change inside it), null, and each instant is asked of Intl.
 */
const QUARTER_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
const quarterOffsets = new Map<string, Map<number, number | null>>();
function quarterOffset(epochMs: number, timeZone: string): number | null {
  const quarter = Math.floor(epochMs / QUARTER_MS);
  let zone = quarterOffsets.get(timeZone);
  if (!zone) quarterOffsets.set(timeZone, (zone = new Map()));
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const first = quarter * QUARTER_MS;
    const last = first + QUARTER_MS - 1000;
    const a = offsetOf(formattedWallClock(first, timeZone), first);
    offset = a === offsetOf(formattedWallClock(last, timeZone), last) ? a : null;
    if (zone.size >= 4096) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

/** The wall clock in `timeZone` at the instant `epochMs`. */
export function wallClock(epochMs: number, timeZone: string): WallClock {
  const offset = quarterOffset(epochMs, timeZone);
  if (offset === null) return formattedWallClock(epochMs, timeZone);
  const d = new Date(wholeSecond(epochMs) + offset);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

/** Offset of the zone from UTC at an instant, in milliseconds (New York in winter: -5 h). */
export function offsetAt(epochMs: number, timeZone: string): number {
  return quarterOffset(epochMs, timeZone) ?? offsetOf(formattedWallClock(epochMs, timeZone), epochMs);
}

/**
 * The instant a wall-clock time occurs in a zone, the way calendars (RFC 5545) and JavaScript's Temporal
 * ("compatible") resolve the two awkward nights: a time shown twice when the clocks go back is the first of the two
 * (1:30 EDT on New York's autumn night); a time the clocks skip is read with the offset before the change, which is
 * the moment they land (2:00 in Paris on the spring night is 3:00 CEST; 2:30 in New York is 3:30 EDT). Both sides of
 * Greenwich alike: the offsets a day before and after bracket the change (no zone changes twice within two days).
 */
export function instantOf(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const early = wall - before;
  // Shown with the earlier offset: the first (or only) occurrence, or, in a gap, the landing.
  if (offsetAt(early, timeZone) === before || offsetAt(wall - after, timeZone) !== after) return early;
  return wall - after;
}

export function startOfLocalDay(epochMs: number, timeZone: string): number {
  const w = wallClock(epochMs, timeZone);
  return instantOf(w.year, w.month, w.day, 0, 0, timeZone);
}

export function startOfLocalHour(epochMs: number, timeZone: string): number {
  const w = wallClock(epochMs, timeZone);
  return epochMs - ((w.minute * 60 + w.second) * 1000 + (epochMs % 1000));
}
