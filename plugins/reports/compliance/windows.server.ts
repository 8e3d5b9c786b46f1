// Calls placed outside a calling window, judged by the compliance gate's own rules (numberWindow: every zone of
// the number's area code, the state's or province's hours, Sundays and holidays) — not per call but per place and
// quarter-hour, from the dials the triggers count per dialled prefix and quarter-hour of the UTC day
// (report_dial_slots: a row per prefix and day, whose mask says which quarter-hours have dials). Exact, because every window edge (08:00, 09:00, 21:30…), every midnight and every zone offset
// in use falls on a quarter-hour: a quarter-hour is open or closed as a whole. Then only the calls of the closed
// quarter-hours are read, and each is judged again on its own number and instant for the list.
//
// A year of a busy floor is a few hundred thousand place-quarter-hours with dials; judging each would take seconds.
// The walk below judges far fewer: a closed quarter-hour tells when the place opens next (the gate's nextOpenAt),
// so every quarter-hour before that is closed unjudged; an open one is followed by quarter-hours that stay open up
// to a first closed one within the next 8 hours (a closed stretch lasts at least 10 hours: 11 h of the TCPA's night
// less an hour when clocks go forward; the stricter rules only lengthen it), found by halving.
import {
  classify,
  judgeNumber,
  numberRegion,
  numberWindow,
  type GateVerdict,
  type NumberRegion,
} from "../../../server/sdk";

export const SLOT_MS = 15 * 60_000;
const LOOK_AHEAD_MS = 8 * 3_600_000;

/** Where the numbers of a stored prefix ring (null: not an external number: an extension, a feature code). */
export interface PrefixPlace {
  /** The gate's key of the place (numbers of different area codes in the same place are judged once). */
  key: string;
  place: NumberRegion | null;
}

const places = new Map<string, PrefixPlace | null>();

/** The place of a report_dial_slots prefix ("+1212:12"): a number of its shape, as the gate reads it. */
export function placeOfPrefix(prefix: string): PrefixPlace | null {
  const known = places.get(prefix);
  if (known !== undefined) return known;
  const cut = prefix.lastIndexOf(":");
  const head = prefix.slice(0, cut);
  const length = Number(prefix.slice(cut + 1));
  // The digits after the prefix only fill the shape: 5s keep an exchange valid (NANP: 2–9).
  const dialled = classify(head.padEnd(length, "5"));
  let found: PrefixPlace | null = null;
  if (dialled.kind === "external") {
    const place = numberRegion(dialled.to);
    found = {
      key: place ? `${place.country}|${place.region ?? ""}|${place.zones.join(",")}` : "none",
      place,
    };
  }
  places.set(prefix, found);
  return found;
}

/** Verdicts already taken (the rules are code: a place's verdict at an instant never changes while we run). */
const memo = new Map<string, { open: boolean; nextOpenAt: number | null }>();
const MEMO_MAX = 500_000;

function verdictAt(p: PrefixPlace, at: number): { open: boolean; nextOpenAt: number | null } {
  const key = `${p.key}|${at}`;
  const known = memo.get(key);
  if (known) return known;
  const w = numberWindow(p.place, at, 0);
  const v = w.callable
    ? { open: true, nextOpenAt: at }
    : { open: false, nextOpenAt: w.noZone ? null : w.verdict.nextOpenAt };
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(key, v);
  return v;
}

const isOpen = (p: PrefixPlace, at: number) => verdictAt(p, at).open;

/** Of a place's quarter-hours (their starts, ascending), those closed. */
export function closedSlots(p: PrefixPlace, slots: readonly number[]): Set<number> {
  const closed = new Set<number>();
  // No zone: its local time is unknown, never callable (the gate refuses such a number).
  if (!p.place || p.place.zones.length === 0) return new Set(slots);
  let i = 0;
  while (i < slots.length) {
    const s = slots[i]!;
    const v = verdictAt(p, s);
    if (!v.open) {
      // Nothing of this place opens before nextOpenAt (null: not within the gate's horizon; this quarter-hour only).
      const until = v.nextOpenAt ?? s + SLOT_MS;
      do closed.add(slots[i++]!);
      while (i < slots.length && slots[i]! < until);
      continue;
    }
    // Open at s: the quarter-hours of the next 8 hours are open up to the first closed one.
    let end = i + 1;
    while (end < slots.length && slots[end]! < s + LOOK_AHEAD_MS) end++;
    let lo = i + 1;
    let hi = end;
    if (hi > lo && isOpen(p, slots[hi - 1]!)) lo = hi;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (isOpen(p, slots[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    i = lo;
  }
  return closed;
}

/** The gate's verdict on a number dialled at an instant, by its calling windows alone (Do Not Call is apart). */
export function windowVerdict(phone: string, at: number): GateVerdict | null {
  const dialled = classify(phone);
  if (dialled.kind !== "external") return null;
  const place = numberRegion(dialled.to);
  return judgeNumber(
    {
      to: dialled.to,
      place,
      // Only the window is judged here: the number's own countries pass the country rule.
      allowedCountries: place?.countries ?? [],
      dncSince: null,
      callsLast24h: 0,
      lead: null,
    },
    at,
  );
}
