// The calling-window verdict for one lead at one instant (reliability.md G1). Pure: the instant is an argument.
// An instant is callable iff, in the lead's zone AND in every zone its state spans, the local wall time is inside
// that local day's window and the local date is not a banned day; plus the state's call cap. Wall time is read
// per instant, so DST gaps and repeated fall-back hours need no special case.
import {
  explainBlocked,
  explainCap,
  explainNoZone,
  explainOpen,
  summaryCap,
  summaryNoZone,
  summaryOf,
  type Place,
  type Summary,
  type ZoneCheck,
} from "./explain";
import { holidayOn, type ExtraHolidays } from "./holidays";
import { policyFor, type Policy } from "./policy";
import { DAY_MS, localClock, nextWallChange, regionName, usableZone, zonesToCheck } from "./zones";

export interface CallingLead {
  country: "US" | "CA";
  /** Lower-case state or province code. */
  state: string | null;
  /** IANA zone of the lead's address. */
  timezone: string | null;
}

export interface CallingWindowOptions {
  /** Calls to this lead in the last 24 h (for FL and OK caps). Missing counts as 0: pass it. */
  callsLast24h?: number;
  /** Extra holidays (local dates) for states that ban holiday calls, on top of the built-in federal list. */
  holidays?: ExtraHolidays;
}

export interface CallingWindowVerdict {
  callable: boolean;
  /** Stable id: "tcpa", "state:fl", "crtc:weekday", "crtc:weekend", "no-timezone", "sunday:al", "holiday:la", "cap:fl". */
  rule: string;
  reason: string;
  /** The reason's short form, by key and values, for other languages than English. */
  summary: Summary;
  /** The window of the lead's local day, null without a time zone or on a banned day. */
  window: { from: string; to: string } | null;
  /**
   * First instant ≥ `at` that is callable by time: `at` itself when callable now; null when no time zone, when a
   * call cap blocks (it depends on call times we are not given), or when nothing opens within 8 days of the last
   * banned day or clock change (e.g. a lead zone that shares no open hour with its state's zones this season).
   */
  nextOpenAt: number | null;
}

/**
 * Search limit past the last banned day or clock change: between those the weekly pattern repeats, so 8 days
 * without an opening = none. A DST change can open an overlap that did not exist the week before (a zone with a
 * 45-minute offset and Nunavut's Mountain time share 15 minutes only once Mountain time is on DST).
 */
const HORIZON_MS = 8 * DAY_MS;
const MAX_STEPS = 10_000;

interface Context {
  policy: Policy;
  zones: string[];
  holidays: ExtraHolidays | undefined;
}

function checkZone(ctx: Context, at: number, zone: string): ZoneCheck {
  const clock = localClock(at, zone);
  const window = ctx.policy.windowOn(clock.weekday);
  const { holidayBan, sundayBan } = ctx.policy;
  const holiday = holidayBan ? holidayOn(clock.date, ctx.holidays) : undefined;
  if (holidayBan && holiday) return { clock, window, block: { kind: "holiday", ...holidayBan, name: holiday } };
  if (sundayBan && clock.weekday === 0) return { clock, window, block: { kind: "sunday", ...sundayBan } };
  if (clock.msOfDay < window.fromMs || clock.msOfDay >= window.toMs) {
    return { clock, window, block: { kind: "hours", rule: window.rule, label: window.label } };
  }
  return { clock, window, block: null };
}

function checkAll(ctx: Context, at: number): ZoneCheck[] {
  return ctx.zones.map((z) => checkZone(ctx, at, z));
}

/**
 * Every blocked zone stays blocked until its wall clock reaches the window's start (if still ahead today) or
 * the next midnight, or a DST transition comes first; nothing can open before the latest of those, so jump
 * there and look again. Exact, and a few steps per night.
 */
function firstOpen(ctx: Context, from: number, first: ZoneCheck[]): number | null {
  let t = from;
  let checks = first;
  let horizon = from + HORIZON_MS;
  let offsets = first.map((c) => c.clock.offset);
  for (let step = 0; step < MAX_STEPS && t < horizon; step++) {
    let next = t;
    let blocked = false;
    for (const [i, c] of checks.entries()) {
      if (c.clock.offset !== offsets[i]) horizon = Math.max(horizon, t + HORIZON_MS);
      if (!c.block) continue;
      blocked = true;
      const beforeStart = c.block.kind === "hours" && c.clock.msOfDay < c.window.fromMs;
      next = Math.max(next, nextWallChange(t, c.clock, beforeStart ? c.window.fromMs : DAY_MS));
      if (c.block.kind === "holiday") horizon = Math.max(horizon, t + HORIZON_MS);
    }
    if (!blocked) return t;
    offsets = checks.map((c) => c.clock.offset);
    t = next;
    checks = checkAll(ctx, t);
  }
  return null;
}

function assertInstant(at: number): void {
  if (!Number.isFinite(at)) throw new RangeError(`calling windows need a finite epoch-ms instant, got ${at}`);
}

function normaliseState(state: string | null): string | null {
  const s = state?.trim().toLowerCase();
  return s ? s : null;
}

function contextOf(lead: CallingLead, opts: CallingWindowOptions): { ctx: Context; place: Place } | null {
  const zone = usableZone(lead.timezone);
  if (!zone) return null;
  const country = lead.country === "CA" ? "CA" : "US";
  const state = normaliseState(lead.state);
  const policy = policyFor(country, state);
  const { zones, leadZoneInState } = zonesToCheck(country, state, zone);
  const place: Place = {
    name: regionName(country, state) ?? state?.toUpperCase() ?? null,
    leadZoneInState,
    showWeekday: country === "CA" || policy.sundayBan !== null || policy.holidayBan !== null,
  };
  return { ctx: { policy, zones, holidays: opts.holidays }, place };
}

export function callingWindowVerdict(lead: CallingLead, at: number, opts: CallingWindowOptions = {}): CallingWindowVerdict {
  assertInstant(at);
  const found = contextOf(lead, opts);
  if (!found) {
    return { callable: false, rule: "no-timezone", reason: explainNoZone(lead.timezone), summary: summaryNoZone(lead.timezone), window: null, nextOpenAt: null };
  }
  const { ctx, place } = found;
  const checks = checkAll(ctx, at);
  const lead0 = checks[0]!;
  const banned = lead0.block?.kind === "holiday" || lead0.block?.kind === "sunday";
  const window = banned ? null : { from: lead0.window.from, to: lead0.window.to };
  const cap = ctx.policy.cap;
  const calls = opts.callsLast24h ?? 0;
  if (cap && calls >= cap.max) {
    return { callable: false, rule: cap.rule, reason: explainCap(cap.label, cap.max, calls, place), summary: summaryCap(cap.label, cap.max, calls), window, nextOpenAt: null };
  }
  const blocked = checks.find((c) => c.block);
  if (blocked) {
    return {
      callable: false,
      rule: blocked.block!.rule,
      reason: explainBlocked(blocked, lead0, place),
      summary: summaryOf(blocked),
      window,
      nextOpenAt: firstOpen(ctx, at, checks),
    };
  }
  return { callable: true, rule: lead0.window.rule, reason: explainOpen(checks, place), summary: summaryOf(lead0), window, nextOpenAt: at };
}

/**
 * The first instant ≥ `from` at which the lead is callable by time (hours, Sundays, holidays; call caps are
 * not time rules and are ignored). Null without a usable time zone or when nothing opens.
 */
export function nextCallableAt(lead: CallingLead, from: number, opts: Pick<CallingWindowOptions, "holidays"> = {}): number | null {
  assertInstant(from);
  const found = contextOf(lead, opts);
  if (!found) return null;
  return firstOpen(found.ctx, from, checkAll(found.ctx, from));
}
