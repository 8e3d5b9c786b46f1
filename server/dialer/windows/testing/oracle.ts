// Test oracle for calling windows, written apart from the implementation on purpose: its own copy of the rules
// (in minutes), its own local-time reading (sv-SE format() parsed, not zoned-time), weekdays from the calendar
// date, and federal holidays derived from 5 U.S.C. § 6103 instead of a list. Only the geodata is shared.
import { region } from "../../../geo/index";

export interface OracleLead {
  country: "US" | "CA";
  state: string | null;
  timezone: string | null;
}

const US_DEFAULT: [number, number] = [8 * 60, 21 * 60];
const US_HOURS: Record<string, [number, number]> = {
  fl: [480, 1200],
  wa: [480, 1200],
  ok: [480, 1200],
  md: [480, 1200],
  ma: [480, 1200],
};
const NO_SUNDAY = new Set(["al", "la", "ms"]);
const NO_HOLIDAY = new Set(["al", "la"]);
export const CAPS: Record<string, number> = { fl: 3, ok: 3 };
const CA_WEEKDAY: [number, number] = [9 * 60, 21 * 60 + 30];
const CA_WEEKEND: [number, number] = [10 * 60, 18 * 60];

// --- federal holidays by statute -------------------------------------------------------------------------

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
const dow = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).getUTCDay();

/** The n-th (1-based) weekday `wd` of a month; n = -1 for the last. */
function nthWeekday(y: number, m: number, wd: number, n: number): number {
  if (n > 0) return 1 + ((wd - dow(y, m, 1) + 7) % 7) + (n - 1) * 7;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return last - ((dow(y, m, last) - wd + 7) % 7);
}

/** Actual and observed dates (Saturday → Friday before, Sunday → Monday after) of one year's holidays. */
export function federalHolidayDates(year: number): string[] {
  const fixed: [number, number][] = [[1, 1], [6, 19], [7, 4], [11, 11], [12, 25]];
  const out: string[] = [];
  for (const [m, d] of fixed) {
    out.push(iso(year, m, d));
    const w = dow(year, m, d);
    if (w === 6) out.push(iso(year, m, d - 1));
    if (w === 0) out.push(iso(year, m, d + 1));
  }
  out.push(
    iso(year, 1, nthWeekday(year, 1, 1, 3)), // MLK: third Monday of January
    iso(year, 2, nthWeekday(year, 2, 1, 3)), // Washington's Birthday: third Monday of February
    iso(year, 5, nthWeekday(year, 5, 1, -1)), // Memorial Day: last Monday of May
    iso(year, 9, nthWeekday(year, 9, 1, 1)), // Labor Day: first Monday of September
    iso(year, 10, nthWeekday(year, 10, 1, 2)), // Columbus Day: second Monday of October
    iso(year, 11, nthWeekday(year, 11, 4, 4)), // Thanksgiving: fourth Thursday of November
  );
  return out;
}

/** The implementation promises 2026–2027 (observed dates included, even one that falls on Dec 31 2027). */
export const ORACLE_HOLIDAYS: ReadonlySet<string> = new Set(
  [2025, 2026, 2027, 2028].flatMap(federalHolidayDates).filter((d) => d >= "2026-01-01" && d <= "2027-12-31"),
);

// --- local time ----------------------------------------------------------------------------------------

const formats = new Map<string, Intl.DateTimeFormat>();
const LOCAL_RE = /(\d{4})-(\d{2})-(\d{2})\D+(\d{2}):(\d{2}):(\d{2})/;

export interface OracleLocal {
  date: string;
  /** 0 Sunday … 6 Saturday, from the date. */
  dow: number;
  /** Minutes since local midnight, fractional. */
  minute: number;
}

export function oracleLocal(t: number, zone: string): OracleLocal {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("sv-SE", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formats.set(zone, f);
  }
  const m = LOCAL_RE.exec(f.format(new Date(t)));
  if (!m) throw new Error(`unparsable local time for ${zone}`);
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const ms = ((t % 1000) + 1000) % 1000;
  return { date: iso(y, mo, d), dow: dow(y, mo, d), minute: h * 60 + mi + s / 60 + ms / 60_000 };
}

// --- zones and verdict ---------------------------------------------------------------------------------

const usable = new Map<string, boolean>();

/** Intl knows the zone and it is a geographic Area/Location one (fixed offsets and UTC ignore DST). */
export function oracleUsable(zone: string | null): boolean {
  if (zone === null || zone.trim() === "") return false;
  let ok = usable.get(zone);
  if (ok === undefined) {
    try {
      const id = new Intl.DateTimeFormat("en-US", { timeZone: zone.trim() }).resolvedOptions().timeZone;
      ok = /^[A-Za-z]+\/[A-Za-z_+\-/0-9]+$/.test(id) && !id.startsWith("Etc/");
    } catch {
      ok = false;
    }
    usable.set(zone, ok);
  }
  return ok;
}

export function oracleZones(lead: OracleLead): string[] {
  const zones = [lead.timezone!.trim()];
  const code = lead.state?.trim().toLowerCase();
  const reg = code ? region(code) : undefined;
  if (reg && reg.country === lead.country) zones.push(reg.defaultTz, ...reg.otherTz);
  return zones;
}

export function oracleWindow(lead: OracleLead, local: OracleLocal): [number, number] {
  if (lead.country === "CA") return local.dow === 0 || local.dow === 6 ? CA_WEEKEND : CA_WEEKDAY;
  const code = lead.state?.trim().toLowerCase() ?? "";
  return Object.hasOwn(US_HOURS, code) ? US_HOURS[code]! : US_DEFAULT;
}

/** Whether one zone's local time alone satisfies the lead's rules. */
export function oracleZoneOk(lead: OracleLead, local: OracleLocal, extraHolidays?: ReadonlySet<string>): boolean {
  const code = lead.state?.trim().toLowerCase() ?? "";
  if (lead.country === "US") {
    if (NO_SUNDAY.has(code) && local.dow === 0) return false;
    if (NO_HOLIDAY.has(code) && (ORACLE_HOLIDAYS.has(local.date) || extraHolidays?.has(local.date))) return false;
  }
  const [from, to] = oracleWindow(lead, local);
  return local.minute >= from && local.minute < to;
}

/** Callable by time: usable zone, and every zone (the lead's and its state's) inside the rules. */
export function oracleByTime(lead: OracleLead, t: number, extraHolidays?: ReadonlySet<string>): boolean {
  if (!oracleUsable(lead.timezone)) return false;
  return oracleZones(lead).every((z) => oracleZoneOk(lead, oracleLocal(t, z), extraHolidays));
}

export function oracleCapped(lead: OracleLead, callsLast24h: number | undefined): boolean {
  const code = lead.state?.trim().toLowerCase() ?? "";
  return lead.country === "US" && Object.hasOwn(CAPS, code) && (callsLast24h ?? 0) >= CAPS[code]!;
}
