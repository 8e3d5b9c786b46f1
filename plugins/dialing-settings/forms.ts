// The five pages' documents as the admin edits them, and back to the wire. The page keeps what is typed as
// text (a half-typed "-" or an empty box is not a number yet), so the checks here decide what may be sent: a
// whole number for every box, 0 or more where the specification says "minimum 0", and negatives left for the
// gateway to make 0 where it says "negatives become 0" (the page then shows the 0 it read back).
import {
  DEFAULT_OPERATION_HOURS,
  type DialingSequence,
  type DialsPerLevel,
  type OperationHours,
  type PublisherSuppression,
  type QuotaKind,
  type QuotaTable,
} from "../../src/contract/dialer";

/** Biggest number a box takes (the contract's ceiling for counts and minutes). */
export const MAX_COUNT = 1_000_000;
/** Biggest publisher suppression number (the contract's). */
export const MAX_SUPPRESSION = 10_000;

/** A whole number typed in a box ("  -12 " is -12), or null when the text is not one (empty, "1.5", "abc"). */
export function parseWhole(text: string): number | null {
  const s = text.trim();
  if (!/^[-+]?\d{1,12}$/.test(s)) return null;
  const n = Number(s);
  return Object.is(n, -0) ? 0 : n;
}

/** What is wrong with a box's text (a message key of the plugin), or null. `negatives`: who deals with them. */
export type CountProblem = "whole_number" | "at_least_zero" | "too_large";
export function countProblem(text: string, o: { negatives: "clamped" | "refused"; max: number }): CountProblem | null {
  const n = parseWhole(text);
  if (n === null) return "whole_number";
  if (n < 0 && o.negatives === "refused") return "at_least_zero";
  if (n > o.max) return "too_large";
  return null;
}

const wholeOr0 = (text: string) => parseWhole(text) ?? 0;
const texts = (list: readonly number[]) => list.map(String);

// ------------------------------------------------------------------------------------------ operation hours

/**
 * A day as the page shows it. `to` "00:00" is midnight at the day's end (the wire's "24:00": a time box cannot
 * show 24:00). A closed day keeps the hours it would reopen with.
 */
export interface DayForm {
  closed: boolean;
  from: string;
  to: string;
}
export interface HoursForm {
  days: DayForm[];
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** The hours a day reopens with when it was closed: the call centre's usual day. */
export const REOPEN: DayForm = { closed: false, ...DEFAULT_OPERATION_HOURS.days[0]! };

/** The engine's reading: a day whose from is not before its to is closed. */
export function dayFromWire(d: { from: string; to: string }): DayForm {
  if (d.from >= d.to) return { ...REOPEN, closed: true };
  return { closed: false, from: d.from, to: d.to === "24:00" ? "00:00" : d.to };
}

/** A closed day is stored as from == to ("00:00" to "00:00"); an open day ending at midnight as "24:00". */
export function dayToWire(d: DayForm): { from: string; to: string } {
  if (d.closed) return { from: "00:00", to: "00:00" };
  return { from: d.from, to: d.to === "00:00" ? "24:00" : d.to };
}

/** What is wrong with an open day (a message key), or null: both times given, from before to. */
export function dayProblem(d: DayForm): "time_required" | "from_before_to" | null {
  if (d.closed) return null;
  if (!HHMM.test(d.from) || !HHMM.test(d.to)) return "time_required";
  const end = d.to === "00:00" ? 24 * 60 : minutes(d.to);
  return minutes(d.from) < end ? null : "from_before_to";
}

export const hoursFromWire = (h: OperationHours): HoursForm => ({ days: h.days.map(dayFromWire) });
export const hoursToWire = (f: HoursForm): OperationHours => ({ days: f.days.map(dayToWire) });
export function hoursProblems(f: HoursForm): Record<string, string> {
  const out: Record<string, string> = {};
  f.days.forEach((d, i) => {
    const p = dayProblem(d);
    if (p) out[`days.${i}`] = p;
  });
  return out;
}

// ----------------------------------------------------------------------------- lists of whole numbers

/** The dialing sequence's waits, or the minimum dials of each level, as typed. */
export interface ListForm {
  list: string[];
}
export const sequenceFromWire = (d: DialingSequence): ListForm => ({ list: texts(d.sequence) });
export const sequenceToWire = (f: ListForm): DialingSequence => ({ sequence: f.list.map(wholeOr0) });
export const levelsFromWire = (d: DialsPerLevel): ListForm => ({ list: texts(d.params) });
export const levelsToWire = (f: ListForm): DialsPerLevel => ({ params: f.list.map(wholeOr0) });
/** Problems by the wire's field name (`sequence.2`, `params.0`), as the gateway's 422 names them. */
export function listProblems(f: ListForm, field: string): Record<string, CountProblem> {
  const out: Record<string, CountProblem> = {};
  f.list.forEach((text, i) => {
    const p = countProblem(text, { negatives: "clamped", max: MAX_COUNT });
    if (p) out[`${field}.${i}`] = p;
  });
  return out;
}

/** Moves item `from` to `to` (a row moved up or down). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

// --------------------------------------------------------------------------------------------- quotas

/** One kind's quotas as typed: per role, [hour, day, week, month]. */
export type QuotaForm = Record<string, [string, string, string, string]>;
export type QuotasForm = Record<QuotaKind, QuotaForm>;
/** Roles every table shows, even when the document has none (the engine reads a missing role as 0: none). */
export const QUOTA_ROLES = ["qualifier", "advisor"] as const;

export function quotaFromWire(t: QuotaTable): QuotaForm {
  const roles = [...QUOTA_ROLES, ...Object.keys(t).filter((r) => !(QUOTA_ROLES as readonly string[]).includes(r)).sort()];
  return Object.fromEntries(roles.map((r) => [r, texts(t[r] ?? [0, 0, 0, 0]) as QuotaForm[string]]));
}
export function quotaToWire(f: QuotaForm): QuotaTable {
  return Object.fromEntries(Object.entries(f).map(([r, row]) => [r, row.map(wholeOr0) as QuotaTable[string]]));
}
/** Problems by `<kind>.params.<role>.<period>`: the gateway's 422 names, behind the kind they were sent for. */
export function quotaProblems(f: QuotasForm): Record<string, CountProblem> {
  const out: Record<string, CountProblem> = {};
  for (const [kind, table] of Object.entries(f))
    for (const [role, row] of Object.entries(table))
      row.forEach((text, i) => {
        const p = countProblem(text, { negatives: "clamped", max: MAX_COUNT });
        if (p) out[`${kind}.params.${role}.${i}`] = p;
      });
  return out;
}

// ------------------------------------------------------------------------------------ publisher suppression

/** Every number as typed, by key (advisors, qualifiers, region codes); "" for a state without its own. */
export interface SuppressionForm {
  params: Record<string, string>;
}
export const SUPPRESSION_ROLES = ["advisors", "qualifiers"] as const;

/** The roles (0 when missing, as the engine reads them), each region offered, and any other code kept as is. */
export function suppressionFromWire(d: PublisherSuppression, regions: readonly string[]): SuppressionForm {
  const params: Record<string, string> = {};
  for (const r of SUPPRESSION_ROLES) params[r] = String(d.params[r] ?? 0);
  for (const code of regions) params[code] = d.params[code] === undefined ? "" : String(d.params[code]);
  for (const [k, v] of Object.entries(d.params)) if (!(k in params)) params[k] = String(v);
  return { params };
}
/** A state left empty is not stored (it has no minimum of its own). */
export function suppressionToWire(f: SuppressionForm): PublisherSuppression {
  const params: Record<string, number> = {};
  for (const [k, text] of Object.entries(f.params)) {
    if (text.trim() === "" && !(SUPPRESSION_ROLES as readonly string[]).includes(k)) continue;
    params[k] = wholeOr0(text);
  }
  return { params };
}
export function suppressionProblems(f: SuppressionForm): Record<string, CountProblem> {
  const out: Record<string, CountProblem> = {};
  for (const [k, text] of Object.entries(f.params)) {
    if (text.trim() === "" && !(SUPPRESSION_ROLES as readonly string[]).includes(k)) continue;
    const p = countProblem(text, { negatives: "refused", max: MAX_SUPPRESSION });
    if (p) out[`params.${k}`] = p;
  }
  return out;
}
