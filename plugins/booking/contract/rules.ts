// The booking form's state transitions (booking-and-reference §4 "Booking form behaviour", agent-workspace §4
// "Meeting booking"), as pure functions: each takes the meeting (or the client, the insurance, the address)
// and returns the next one, never touching the one it was given. The form's model calls them; tests run them
// over random sequences.
//
// Decisions where the specification is silent (docs/decisions.md "Booking form rules"):
// - "No available agents" means fewer than ENOUGH_AGENTS (3) advisors in the area; an unknown count (the
//   postal code not yet checked) is not "none", so it forces nothing.
// - Declining the instant offer with no agents forces the booking and, like the automatic forcing, adds the
//   first reason ('no field advisor in the area'), which is then why it is forced.
// - Forcing is re-evaluated (autoForce) after each transition that changes its inputs: the agent count, the
//   offer, the refusal. Turning force off by hand is not undone by it until one of those inputs changes.
// - Turning force off clears the forced-booking reasons and their detail text; leaving a choice that needed a
//   text (a reason, the sixth refusal reason, an Other) clears that text; a face-to-face meeting has no
//   refusal, so choosing it clears the refusal and its reasons. The schemas refuse such leftovers.
// - Any address edit but type, apartment or buzzer makes the address unchecked and forgets a previous
//   'postal not found' (the rule of src/contract/lead.ts, shared with the lead's address).
import type { GeocodedPlace } from "../../../src/contract/geo";
import { addressEditInvalidates, type Address } from "../../../src/contract/lead";
import {
  FACE_TO_FACE,
  incomeBandsFor,
  INCOME_REFUSED,
  locationTypeOf,
  MEETING_REASONS,
  MEETING_TYPES,
  NO,
  PHONE,
  SUN_LIFE_REASON,
  YES,
  type MeetingType,
} from "../../../src/contract/lookups";
import {
  IOA_ACCEPTED,
  IOA_DECLINED,
  IOA_NONE,
  IOA_RESULTS,
  needsReasonDetail,
  needsRefusalDetail,
  type MeetingAddressState,
  type MeetingState,
} from "./meeting";
import { ENOUGH_AGENTS, type Restrictions } from "./restrictions";

/** The first meeting type (face to face): the default, and where an accepted offer resets the type. */
export const FIRST_TYPE: MeetingType = MEETING_TYPES[0].value;
/** The first forced-booking reason (no field advisor in the area), which forcing adds. */
export const FIRST_REASON = MEETING_REASONS[0].value;

/** Fewer advisors than enough are available in the area (an unknown count is not "none"). */
export const noAvailableAgents = (m: Pick<MeetingState, "availableAgents">) =>
  m.availableAgents !== null && m.availableAgents < ENOUGH_AGENTS;

/** Force on with the first reason in front (kept once). */
const forced = (m: MeetingState): MeetingState => ({
  ...m,
  force: true,
  reasons: [FIRST_REASON, ...m.reasons.filter((r) => r !== FIRST_REASON)],
});

// ---------------------------------------------------------------------------------------------- forcing

/** Automatic forcing (§4): no available agents, no offer, not refused → force on with the first reason. */
export function autoForce(m: MeetingState): MeetingState {
  if (m.force || m.is_sun_life === 1) return m;
  return noAvailableAgents(m) && m.ioa === IOA_NONE && !m.refused ? forced(m) : m;
}

/** GET /available-agents answered. */
export function setAvailableAgents(m: MeetingState, count: number | null): MeetingState {
  return autoForce({ ...m, availableAgents: count });
}

/** The agent's force-booking switch. Off clears the reasons and their detail. */
export function setForce(m: MeetingState, on: boolean): MeetingState {
  return on
    ? { ...m, force: true, manualForce: true }
    : { ...m, force: false, manualForce: false, reasons: [], reasonOther: "" };
}

/** The forced-booking reasons; the detail text is kept only while a reason needs it. */
export function setReasons(m: MeetingState, reasons: MeetingState["reasons"]): MeetingState {
  return { ...m, reasons: [...reasons], reasonOther: needsReasonDetail(reasons) ? m.reasonOther : "" };
}

// ---------------------------------------------------------------------------------------------- the offer

/**
 * The agent's answer to the instant offer (§4): '0' declined (with no available agents, force on), '1'
 * accepted (force off, the type back to the first type).
 */
export function chooseIoa(m: MeetingState, choice: typeof IOA_DECLINED | typeof IOA_ACCEPTED): MeetingState {
  if (choice === IOA_ACCEPTED) return setType(setForce({ ...m, ioa: IOA_ACCEPTED }, false), FIRST_TYPE);
  const declined = { ...m, ioa: IOA_DECLINED } as const;
  return noAvailableAgents(declined) && !declined.force ? forced(declined) : declined;
}

/** A poll's result: anything but 'available' (2) withdraws the offer (ioa false). */
export function applyIoaResult(m: MeetingState, result: number): MeetingState {
  return result === IOA_RESULTS.available ? m : autoForce({ ...m, ioa: IOA_NONE });
}

// ---------------------------------------------------------------------------------------------- type, refusal

/** The meeting type; a face-to-face meeting has no refusal, so its reasons go. */
export function setType(m: MeetingState, type: MeetingType): MeetingState {
  return type === FACE_TO_FACE
    ? { ...m, type, refused: false, refusalReasons: [], refusalReasonOther: "" }
    : { ...m, type };
}

/** The client refused a face-to-face meeting: the meeting becomes a phone one. */
export function setRefused(m: MeetingState, refused: boolean): MeetingState {
  return refused ? { ...setType(m, PHONE), refused: true } : autoForce({ ...m, refused: false });
}

/** The refusal reasons; the 'other' text is kept only while the sixth is chosen. */
export function setRefusalReasons(m: MeetingState, reasons: MeetingState["refusalReasons"]): MeetingState {
  return {
    ...m,
    refusalReasons: [...reasons],
    refusalReasonOther: needsRefusalDetail(reasons) ? m.refusalReasonOther : "",
  };
}

/**
 * Keeps the type among those the restrictions allow: when exactly one type is allowed and the meeting has the
 * other, it switches. On a conflict (no type allowed) nothing changes: the agent sees the reasons.
 */
export function fitType(m: MeetingState, r: Restrictions): MeetingState {
  if (m.is_sun_life === 1 || r.allowedTypes.length !== 1 || r.allowedTypes[0] === m.type) return m;
  return setType(m, r.allowedTypes[0]!);
}

// ---------------------------------------------------------------------------------------------- Sun Life

/** A Sun Life booking (§4): now, by phone, forced, reason 'Sent to SunLife', is_sun_life 1. */
export function bookWithSunLife(m: MeetingState, nowMs: number): MeetingState {
  return {
    ...m,
    date: new Date(nowMs).toISOString(),
    type: PHONE,
    force: true,
    manualForce: false,
    reasons: [SUN_LIFE_REASON],
    reasonOther: "",
    refusalReasons: [],
    refusalReasonOther: "",
    is_sun_life: 1,
  };
}

// ---------------------------------------------------------------------------------------------- the address

/** An edit of the meeting address: anything but type, apartment or buzzer makes it unchecked (§4). */
export function editMeetingAddress(
  a: MeetingAddressState,
  patch: Partial<MeetingAddressState>,
): MeetingAddressState {
  const next = { ...a, ...patch };
  if (patch.valid !== undefined || patch.invalidPostal !== undefined) return next;
  return addressEditInvalidates(a, patch) ? { ...next, valid: false, invalidPostal: false } : next;
}

/** What a successful postal-code check (GET /geocoding/{postal}, src/contract/geo.ts) gives the address. */
export type GeocodedAddress = Pick<
  GeocodedPlace,
  "city" | "state" | "latitude" | "longitude" | "timezone_bucket"
>;

/**
 * A successful check fills the place and marks the address valid. The address keeps the zone the time-zone
 * dropdown offers (the place's bucket among the twelve North American zones), as the form shows it.
 */
export function geocodeSucceeded(a: MeetingAddressState, place: GeocodedAddress): MeetingAddressState {
  return {
    ...a,
    city: place.city || a.city,
    province: place.state.toLowerCase(),
    latitude: place.latitude,
    longitude: place.longitude,
    timezone: place.timezone_bucket,
    valid: true,
    invalidPostal: false,
  };
}

/** A failed check flags the postal code and still marks the address valid, so the agent can go on (§4). */
export function geocodeFailed(a: MeetingAddressState): MeetingAddressState {
  return { ...a, valid: true, invalidPostal: true };
}

/** 'Same address' on: the meeting is at the lead's address (copied, with its validity); off keeps the copy to edit. */
export function setSameAddress(m: MeetingState, same: boolean, lead: Address): MeetingState {
  if (!same) return { ...m, sameAddress: "0" };
  return {
    ...m,
    sameAddress: "1",
    address: {
      address: lead.address,
      apartment: lead.apartment,
      buzzer: lead.buzzer,
      city: lead.city,
      latitude: lead.latitude,
      longitude: lead.longitude,
      postal: lead.postal,
      province: (lead.province ?? lead.state ?? "").toLowerCase(),
      timezone: lead.timezone,
      type: locationTypeOf(lead.type),
      valid: lead.valid,
      invalidPostal: false,
    },
  };
}

// ---------------------------------------------------------------------------------------------- client, insurance

/** The income band shows unless the client refused to give an income (§4). */
export const incomeBandVisible = (c: { incomeType: string }) => c.incomeType !== INCOME_REFUSED;

/** A new income type: the band stays only if it belongs to the new type (so 'Refused' clears it). */
export function setIncomeType<C extends { incomeType: string; income: number | null }>(
  c: C,
  incomeType: string,
): C {
  const keeps = c.income !== null && incomeBandsFor(incomeType).some((b) => b.value === c.income);
  return { ...c, incomeType, income: keeps ? c.income : null };
}

/** Carrier and premium show only for an existing policy (§4). */
export const policyFieldsVisible = (i: { hasPolicy: number }) => i.hasPolicy === YES;

/** Has-policy: 'no' clears the carrier and the premium. */
export function setHasPolicy<I extends { hasPolicy: number; carrier: string | null; premium: string | null }>(
  i: I,
  hasPolicy: typeof YES | typeof NO,
): I {
  return hasPolicy === YES ? { ...i, hasPolicy } : { ...i, hasPolicy, carrier: null, premium: null };
}

/** A multi-select with Other: its text, kept only while Other is chosen. */
export const otherTextFor = (values: readonly unknown[], other: unknown, text: string) =>
  values.includes(other) ? text : "";
