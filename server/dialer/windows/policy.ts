// Which rules of rules.ts apply to a lead, composed into "the window on a given local day" plus day bans and
// a call cap. Most restrictive wins: a state window is intersected with TCPA, never replaces it.
import { CRTC, STATE_RULES, TCPA, type Hours } from "./rules";
import { parseHhmm } from "./zones";

export interface DayWindow {
  rule: string;
  /** Who sets it, for explanations: "TCPA", "CRTC", "Fla. Stat. 501.616". */
  label: string;
  from: string;
  to: string;
  fromMs: number;
  toMs: number;
  /** "on weekdays" / "on weekends" for CRTC, "" otherwise. */
  days: string;
}

export interface Policy {
  windowOn(weekday: number): DayWindow;
  /** Rule ids when Sundays or holidays are banned, else null. */
  sundayBan: { rule: string; label: string } | null;
  holidayBan: { rule: string; label: string } | null;
  cap: { rule: string; label: string; max: number } | null;
}

function dayWindow(rule: string, label: string, hours: Hours, days = ""): DayWindow {
  return { rule, label, from: hours.from, to: hours.to, fromMs: parseHhmm(hours.from), toMs: parseHhmm(hours.to), days };
}

const policies = new Map<string, Policy>();

/** Policies are few (Canada, plain TCPA, one per STATE_RULES row), so each is built once. */
export function policyFor(country: "US" | "CA", state: string | null): Policy {
  const row = country === "US" && state && Object.hasOwn(STATE_RULES, state) ? state : null;
  const key = `${country}:${row ?? ""}`;
  let policy = policies.get(key);
  if (!policy) policies.set(key, (policy = build(country, row)));
  return policy;
}

function build(country: "US" | "CA", state: string | null): Policy {
  if (country === "CA") {
    const weekday = dayWindow(CRTC.weekday.rule, CRTC.label, CRTC.weekday.hours, "on weekdays");
    const weekend = dayWindow(CRTC.weekend.rule, CRTC.label, CRTC.weekend.hours, "on weekends");
    return {
      windowOn: (d) => (d === 0 || d === 6 ? weekend : weekday),
      sundayBan: null,
      holidayBan: null,
      cap: null,
    };
  }
  const s = state ? STATE_RULES[state] : undefined;
  let window = dayWindow(TCPA.rule, TCPA.label, TCPA.hours);
  if (s?.hours) {
    const from = Math.max(window.fromMs, parseHhmm(s.hours.from));
    const to = Math.min(window.toMs, parseHhmm(s.hours.to));
    if (from !== window.fromMs || to !== window.toMs) {
      const hours = { from: from === window.fromMs ? window.from : s.hours.from, to: to === window.toMs ? window.to : s.hours.to };
      window = dayWindow(`state:${state}`, s.label, hours);
    }
  }
  const fixed = window;
  return {
    windowOn: () => fixed,
    sundayBan: s?.noSundays ? { rule: `sunday:${state}`, label: s.label } : null,
    holidayBan: s?.noHolidays ? { rule: `holiday:${state}`, label: s.label } : null,
    cap: s?.maxCallsPer24h !== undefined ? { rule: `cap:${state}`, label: s.label, max: s.maxCallsPer24h } : null,
  };
}
