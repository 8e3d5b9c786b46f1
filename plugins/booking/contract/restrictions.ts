// The appointment-type restrictions (booking-and-reference §5 "Appointment-type restrictions", §9 constants):
// one pure function from what is known of the lead and the meeting to the meeting types the agent may book,
// whether a face-to-face meeting can only be force-booked, and why. The booking form shows the reasons next
// to the type selector; the meeting schema (meeting.ts) refuses a type the restrictions do not allow, so the
// gateway's 422 and the form agree.
//
// Decisions where the specification is silent (docs/decisions.md "Booking restrictions"):
// - Age is counted on the client's own calendar: today is the date in the lead's time zone at `nowMs`, or the
//   UTC date when the zone is missing or unknown. A client is past the limit from the day they have lived
//   78 years and 11 whole months (a month after a 31st ends on the last day of a shorter month). An empty or
//   malformed date of birth restricts nothing.
// - "Health issues with insurance over 100K": any client with a condition or a medication, and any insurance
//   of the lead for more than $100,000 (strictly over), makes the meeting phone-only. The lead's clients are
//   insured together, so the rule is not paired client by client.
// - "Not enough agents" constrains face-to-face meetings only: with fewer than 3 advisors in the area, a
//   face-to-face meeting can only be force-booked; a phone meeting needs no advisor in the area. An unknown
//   count (the postal code not yet checked) restricts nothing.
// - Contradictions: when a phone-only restriction (age, health and amount, a phone-only insurance type, the
//   client's refusal) meets a face-to-face-only one (an accepted instant offer, a manual force), no type is
//   allowed and a 'conflict' reason says so, next to the reasons of both sides. Nothing is picked silently:
//   the phone-only causes are facts about the client, the face-to-face-only ones are the agent's choices, so
//   the agent resolves it by undoing the choice (declining the offer, turning force booking off).
import {
  FACE_TO_FACE,
  INSURANCE_TYPES,
  MEETING_TYPES,
  PHONE,
  REFUSAL_REASONS,
  type MeetingType,
  type RefusalReason,
} from "../../../src/contract/lookups";
import { AVAILABLE_AGENTS_THRESHOLD } from "../../../src/contract/geo";
import { isDob } from "../../../src/contract/lead";

/** §9: phone only past 78 years 11 months. */
export const AGE_LIMIT = { years: 78, months: 11 } as const;
export const AGE_LIMIT_MONTHS = AGE_LIMIT.years * 12 + AGE_LIMIT.months;
/** §5, §9: insurance over this amount with health problems is phone only. */
export const HEALTH_AMOUNT_LIMIT = 100_000;
/** agent-workspace §9: 3 or more available agents in the area is enough (the geo contract's threshold). */
export const ENOUGH_AGENTS = AVAILABLE_AGENTS_THRESHOLD;

export interface RestrictionFacts {
  /** Now, in milliseconds since the epoch (the injected clock's). */
  nowMs: number;
  /** The lead's IANA time zone (its address); the client's today is taken there, else in UTC. */
  timeZone?: string | null;
  /** Each client's date of birth (YYYY-MM-DD, or "" when unknown) and whether they have health issues. */
  clients: readonly { dob: string; healthIssues: boolean }[];
  /** The amount of each insurance of the lead (null when not given). */
  insuranceAmounts: readonly (number | null)[];
  /** The insurance types asked for, all clients together. */
  insuranceTypes: readonly string[];
  /** The client accepted an instant opportunity (ioa '1'). */
  ioaAccepted: boolean;
  /** The agent turned force booking on by hand (not the automatic forcing, not a Sun Life booking). */
  manualForce: boolean;
  /** Advisors available in the area (GET /available-agents), or null while unknown. */
  availableAgents: number | null;
  /** The client refused a face-to-face meeting. */
  refusedFaceToFace: boolean;
}

export type RestrictionCode =
  | "age"
  | "health_amount"
  | "insurance_type"
  | "refused"
  | "ioa_accepted"
  | "manual_force"
  | "agents"
  | "conflict";
export type RestrictionEffect = "phone_only" | "face_to_face_only" | "force_only" | "conflict";

export interface RestrictionReason {
  code: RestrictionCode;
  effect: RestrictionEffect;
  /** A key of the booking namespace, shown with `values`. */
  key: string;
  values: Readonly<Record<string, string | number>>;
}

export interface Restrictions {
  /** The meeting types that may be booked, in MEETING_TYPES order; empty on a conflict. */
  allowedTypes: MeetingType[];
  /** A face-to-face meeting can only be force-booked (not enough advisors in the area). */
  forceOnly: boolean;
  /** A phone-only restriction meets a face-to-face-only one. */
  conflict: boolean;
  /** Why, in the specification's order, the conflict last. */
  reasons: RestrictionReason[];
}

// ---------------------------------------------------------------------------------------------- dates

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The calendar date (YYYY-MM-DD) at `nowMs` in `timeZone`, or in UTC when the zone is missing or unknown. */
export function todayIn(nowMs: number, timeZone?: string | null): string {
  if (timeZone) {
    try {
      const parts = new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      }).formatToParts(new Date(nowMs));
      const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      return `${pad(get("year"), 4)}-${pad(get("month"))}-${pad(get("day"))}`;
    } catch {
      // An unknown zone: UTC below.
    }
  }
  return new Date(nowMs).toISOString().slice(0, 10);
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `dob` plus `months` whole months, on the last day of the month when it is shorter (YYYY-MM-DD). */
export function addMonths(dob: string, months: number): string {
  const [y, m, d] = dob.split("-").map(Number) as [number, number, number];
  const index = m - 1 + months;
  const year = y + Math.floor(index / 12);
  const month = (((index % 12) + 12) % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, daysIn(year, month)))}`;
}

/** The whole months lived from `dob` to `today` (both YYYY-MM-DD), or null when the dob is not a date. */
export function monthsOfAge(dob: string, today: string): number | null {
  if (!isDob(dob)) return null;
  const [by, bm] = dob.split("-").map(Number) as [number, number];
  const [ty, tm] = today.split("-").map(Number) as [number, number];
  let months = (ty - by) * 12 + (tm - bm);
  while (months > 0 && addMonths(dob, months) > today) months--;
  return Math.max(0, months);
}

/** The client is past the phone-only age: 78 years and 11 whole months lived on `today`. */
export function pastAgeLimit(dob: string, today: string): boolean {
  const months = monthsOfAge(dob, today);
  return months !== null && months >= AGE_LIMIT_MONTHS;
}

// ---------------------------------------------------------------------------------------------- the rule

const PHONE_ONLY_TYPES: ReadonlySet<string> = new Set(
  INSURANCE_TYPES.filter((t) => t.phoneOnly).map((t) => t.value),
);

/** Whether a client of the booking form has health issues: any medical condition or medication. */
export function hasHealthIssues(client: {
  conditions: readonly unknown[];
  medications: readonly unknown[];
}): boolean {
  return client.conditions.length > 0 || client.medications.length > 0;
}

const reason = (
  code: RestrictionCode,
  effect: RestrictionEffect,
  values: Record<string, string | number> = {},
  key = `restrictions.${code}`,
): RestrictionReason => ({ code, effect, key, values });

export function restrictions(facts: RestrictionFacts): Restrictions {
  const reasons: RestrictionReason[] = [];
  const today = todayIn(facts.nowMs, facts.timeZone);

  if (facts.clients.some((c) => pastAgeLimit(c.dob, today)))
    reasons.push(reason("age", "phone_only", { years: AGE_LIMIT.years, months: AGE_LIMIT.months }));
  const overLimit = facts.insuranceAmounts.some((a) => a !== null && a > HEALTH_AMOUNT_LIMIT);
  if (overLimit && facts.clients.some((c) => c.healthIssues))
    reasons.push(reason("health_amount", "phone_only", { amount: HEALTH_AMOUNT_LIMIT }));
  for (const type of INSURANCE_TYPES)
    if (PHONE_ONLY_TYPES.has(type.value) && facts.insuranceTypes.includes(type.value))
      reasons.push(
        reason(
          "insurance_type",
          "phone_only",
          { type: type.value },
          `restrictions.insurance_type.${type.value}`,
        ),
      );
  if (facts.refusedFaceToFace) reasons.push(reason("refused", "phone_only"));
  if (facts.ioaAccepted) reasons.push(reason("ioa_accepted", "face_to_face_only"));
  if (facts.manualForce) reasons.push(reason("manual_force", "face_to_face_only"));
  const forceOnly = facts.availableAgents !== null && facts.availableAgents < ENOUGH_AGENTS;
  if (forceOnly)
    reasons.push(
      reason("agents", "force_only", { available: facts.availableAgents!, needed: ENOUGH_AGENTS }),
    );

  const phoneOnly = reasons.some((r) => r.effect === "phone_only");
  const faceToFaceOnly = reasons.some((r) => r.effect === "face_to_face_only");
  const conflict = phoneOnly && faceToFaceOnly;
  if (conflict) reasons.push(reason("conflict", "conflict"));

  const allowedTypes = MEETING_TYPES.map((t) => t.value).filter(
    (type) => !conflict && !(phoneOnly && type === FACE_TO_FACE) && !(faceToFaceOnly && type === PHONE),
  );
  return { allowedTypes, forceOnly, conflict, reasons };
}

/**
 * The refusal reasons (§9) that the restrictions already explain, for the form to preselect when the meeting
 * becomes a phone one: age → 'age limit', health and amount → 'medical conditions', the client's refusal →
 * 'not open to home visit', travel → 'travel insurance', health, dental or optical → 'health/dental/optical'.
 */
export function refusalReasonsFor(r: Restrictions): RefusalReason[] {
  const byKey = (key: string) => REFUSAL_REASONS.find((x) => x.key === key)!.value;
  const out = new Set<RefusalReason>();
  for (const x of r.reasons) {
    if (x.code === "age") out.add(byKey("age"));
    if (x.code === "health_amount") out.add(byKey("medical"));
    if (x.code === "refused") out.add(byKey("home"));
    if (x.code === "insurance_type") out.add(byKey(x.values.type === "travel" ? "travel" : "health"));
  }
  return [...out].sort((a, b) => a - b);
}
