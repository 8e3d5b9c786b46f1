// Plain-English sentences for the explain view, and the short summary other languages translate (a key and
// its values, server/dialer/reasons.ts). Wording only: every decision is made in verdict.ts.
import type { DayWindow } from "./policy";
import type { LocalClock } from "./zones";

export type Block =
  | { kind: "hours"; rule: string; label: string }
  | { kind: "sunday"; rule: string; label: string }
  | { kind: "holiday"; rule: string; label: string; name: string };

export interface ZoneCheck {
  clock: LocalClock;
  /** The window of this local day (also shown when a day ban blocks). */
  window: DayWindow;
  block: Block | null;
}

export interface Place {
  /** "Texas", the upper-case code for an unknown one, or null without a state. */
  name: string | null;
  /** Whether the lead's own zone is one of the state's zones. */
  leadZoneInState: boolean;
  /** Weekday names matter (CRTC weekends, Sunday or holiday bans). */
  showWeekday: boolean;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function when(c: LocalClock, place: Place): string {
  return place.showWeekday ? `${WEEKDAYS[c.weekday]} ${c.hhmm}` : c.hhmm;
}

function leadPlace(c: LocalClock, place: Place): string {
  if (!place.name) return c.zone;
  return place.leadZoneInState ? `${c.zone} (${place.name})` : `${c.zone} (the lead's zone; not one ${place.name} uses)`;
}

function allowed(w: DayWindow, where: string): string {
  return `calls are allowed ${w.from}–${w.to}${w.days ? ` ${w.days}` : ""} ${where} (${w.label}).`;
}

/** What another language says instead of the English detail: a reason key and its values. */
export interface Summary {
  key: "window_no_zone" | "window_bad_zone" | "window_cap" | "window_open" | "window_closed" | "window_sunday" | "window_holiday";
  values: Record<string, string | number>;
}

export function summaryNoZone(tz: string | null): Summary {
  return typeof tz !== "string" || tz.trim() === "" ? { key: "window_no_zone", values: {} } : { key: "window_bad_zone", values: { zone: tz } };
}

export function summaryCap(label: string, max: number, calls: number): Summary {
  return { key: "window_cap", values: { label, max, calls } };
}

/** The zone that decided (the first blocked one, else the lead's), its time and its day's window. */
export function summaryOf(check: ZoneCheck): Summary {
  const c = check.clock;
  const b = check.block;
  if (b?.kind === "holiday") return { key: "window_holiday", values: { holiday: b.name, date: c.date, zone: c.zone, label: b.label } };
  if (b?.kind === "sunday") return { key: "window_sunday", values: { zone: c.zone, label: b.label } };
  const values = { time: c.hhmm, zone: c.zone, from: check.window.from, to: check.window.to, label: check.window.label };
  return { key: b ? "window_closed" : "window_open", values };
}

export function explainNoZone(tz: string | null): string {
  if (typeof tz !== "string" || tz.trim() === "") {
    return "The lead has no time zone, so its local time is unknown; it must not be dialed until one is set.";
  }
  return `The lead's time zone "${tz}" is not a usable IANA zone, so its local time is unknown; it must not be dialed until it is corrected.`;
}

export function explainCap(label: string, max: number, calls: number, place: Place): string {
  const where = place.name ? ` in ${place.name}` : "";
  return `${label} allows at most ${max} calls in 24 hours to a lead${where}, and this lead has had ${calls}; it can be called again once the oldest of them is 24 hours old.`;
}

export function explainOpen(checks: readonly ZoneCheck[], place: Place): string {
  const lead = checks[0]!;
  const head = `It is ${when(lead.clock, place)} in ${leadPlace(lead.clock, place)}; ${allowed(lead.window, "there")}`;
  const others = checks.slice(1).map((c) => `${c.clock.zone} (${c.clock.hhmm} there)`);
  if (others.length === 0) return head;
  const list = others.join(" and ");
  return place.leadZoneInState
    ? `${head} ${place.name} also spans ${list}, which is inside the window too.`
    : `${head} The window was also checked in every zone of ${place.name}: ${list}.`;
}

export function explainBlocked(check: ZoneCheck, lead: ZoneCheck, place: Place): string {
  const c = check.clock;
  const isLead = check === lead;
  const state = place.name ?? "The state";
  const where = isLead
    ? leadPlace(c, place)
    : `${c.zone}, which part of ${state} uses (${when(lead.clock, place)} in the lead's zone ${lead.clock.zone})`;
  const b = check.block!;
  switch (b.kind) {
    case "holiday":
      return `It is ${b.name} (${c.date}) in ${where}; ${state} allows no calls on holidays (${b.label}).`;
    case "sunday":
      return `It is Sunday in ${where}; ${state} allows no calls on Sundays (${b.label}).`;
    case "hours":
      return `It is ${when(c, place)} in ${where}; ${allowed(check.window, isLead ? "there" : "in every zone of the state")}`;
  }
}
