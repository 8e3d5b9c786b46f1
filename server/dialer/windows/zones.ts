// Zone math for calling windows: which zones a lead must be checked in, its local clock there, and when that
// clock next reaches a given wall time (DST-aware). Offsets come from Intl via src/shared/zoned-time.
import { region, type Country } from "../../geo/index";
import { offsetAt } from "../../../src/shared/zoned-time";

const DAY_MS = 86_400_000;
/** Bound on each memo below, so odd inputs cannot grow them without end. */
const MEMO_LIMIT = 10_000;

const canonical = new Map<string, string | null>();

/** Intl's id for a zone (aliases compare equal: "US/Central" and "America/Chicago"), or null when unusable. */
function canonicalOf(tz: string): string | null {
  let id = canonical.get(tz);
  if (id === undefined) {
    try {
      id = new Intl.DateTimeFormat("en-US", { timeZone: tz }).resolvedOptions().timeZone;
      if (!id.includes("/") || id.startsWith("Etc/")) id = null;
    } catch {
      id = null;
    }
    if (canonical.size >= MEMO_LIMIT) canonical.clear();
    canonical.set(tz, id);
  }
  return id;
}

/**
 * The lead's zone as given (trimmed), or null when it cannot drive calling hours: missing, unknown to Intl, or
 * without geography ("UTC", "Etc/GMT+5"), since a fixed offset ignores the callee's DST and would place the
 * window an hour off for half the year.
 */
export function usableZone(tz: string | null | undefined): string | null {
  if (typeof tz !== "string") return null;
  const name = tz.trim();
  return name !== "" && canonicalOf(name) ? name : null;
}

/**
 * Zones the window must hold in: the lead's own first, then every zone its state or province spans (geodata
 * regions.json: defaultTz and otherTz). A lead's zone may disagree with its address; checking both means the
 * most restrictive wins. A state code of the other country, or an unknown one, adds nothing.
 */
export function zonesToCheck(country: Country, state: string | null, leadZone: string): { zones: string[]; leadZoneInState: boolean } {
  const reg = regionOf(country, state);
  const stateZones = reg ? [reg.defaultTz, ...reg.otherTz].filter((z) => canonicalOf(z)) : [];
  const zones = [leadZone];
  const seen = new Set([canonicalOf(leadZone)]);
  for (const z of stateZones) {
    if (!seen.has(canonicalOf(z))) zones.push(z);
    seen.add(canonicalOf(z));
  }
  const leadZoneInState = stateZones.length === 0 || stateZones.some((z) => canonicalOf(z) === canonicalOf(leadZone));
  return { zones, leadZoneInState };
}

/** Region name for explanations ("Texas"), or null for a missing or unknown code. */
export function regionName(country: Country, state: string | null): string | null {
  return regionOf(country, state)?.nameEn ?? null;
}

function regionOf(country: Country, state: string | null) {
  const code = state?.trim();
  const reg = code ? region(code) : undefined;
  return reg && reg.country === country ? reg : undefined;
}

export interface LocalClock {
  zone: string;
  /** Local date, YYYY-MM-DD. */
  date: string;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** Milliseconds since local midnight (wall clock). */
  msOfDay: number;
  /** "21:05" */
  hhmm: string;
  /** UTC offset in ms at this instant. */
  offset: number;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A UTC day's offset, or the one transition inside it (no zone changes its offset twice within a day). */
type DayOffset = number | { at: number; before: number; after: number };
const offsets = new Map<string, Map<number, DayOffset>>();

/**
 * offsetAt through a per-UTC-day memo: Intl is called twice per zone and day (plus a bisection on a DST day),
 * then every instant of that day is a lookup. Dialing evaluates the same few zones over and over.
 */
export function offsetOf(at: number, zone: string): number {
  let memo = offsets.get(zone);
  if (!memo) offsets.set(zone, (memo = new Map()));
  const day = Math.floor(at / DAY_MS);
  let entry = memo.get(day);
  if (entry === undefined) {
    const start = day * DAY_MS;
    const before = offsetAt(start, zone);
    const after = offsetAt(start + DAY_MS - 1, zone);
    entry = before === after ? before : { at: transitionIn(start, start + DAY_MS - 1, before, zone), before, after };
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(day, entry);
  }
  return typeof entry === "number" ? entry : at < entry.at ? entry.before : entry.after;
}

/** The instant in (lo, hi] where the offset stops being `before`; tzdata transitions are whole seconds. */
function transitionIn(lo: number, hi: number, before: number, zone: string): number {
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (offsetAt(mid, zone) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The local clock of `zone` at `at`: the UTC fields of at + offset (same result as zoned-time's wallClock). */
export function localClock(at: number, zone: string): LocalClock {
  const offset = offsetOf(at, zone);
  const d = new Date(at + offset);
  return {
    zone,
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    weekday: d.getUTCDay(),
    msOfDay: (((at + offset) % DAY_MS) + DAY_MS) % DAY_MS,
    hhmm: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
    offset,
  };
}

/** "08:00" → ms since midnight. */
export function parseHhmm(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
}

/**
 * The first instant after `at` where the wall clock of `clock.zone` reaches `target` ms of day (DAY_MS = the
 * next midnight), or the DST transition before it, whichever comes first: the local clock is continuous
 * between the two, so nothing about the zone's window can change earlier. Assumes at most one transition in
 * the ≤24 h span, true of every real zone.
 */
export function nextWallChange(at: number, clock: LocalClock, target: number): number {
  const candidate = at + (target - clock.msOfDay);
  if (offsetOf(candidate, clock.zone) === clock.offset) return candidate;
  // A transition in (at, candidate]: the memo knows its instant.
  let lo = at;
  let hi = candidate;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (offsetOf(mid, clock.zone) === clock.offset) lo = mid;
    else hi = mid;
  }
  return hi;
}

export { DAY_MS };
