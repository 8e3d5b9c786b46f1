// The meeting of the booking form (agent-workspace §3 Meeting, booking-and-reference §3 Meeting and Address)
// as the browser holds it and as `POST /meetings {lead_id, meeting}` sends it (agent-workspace §7), with the
// 201 answer `{ data: { meetingCrmId } }`. The wire names are the specification's (camel case, and
// is_sun_life as it is spelled there). The same schema validates the form's Meeting Setup step and the
// gateway's body, so a 422 names the same fields (`meeting.reasons`) with the same keys as the form.
//
// Values where the specification quotes them: ioa is false (no offer), '0' (declined) or '1' (accepted);
// sameAddress is '1' or '0'; is_sun_life 0 or 1; reasons are the MEETING_REASONS values (1-7), or the
// single 'Sent to SunLife' of a Sun Life booking. The address's `province` holds the lower-case region code,
// a US state as well as a Canadian province (the meeting address has no separate state field).
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import { defineEndpoint } from "../../../src/contract/endpoint";
import { MAX_RECORD_ID } from "../../../src/contract/ids";
import { postalProblem } from "../../../src/contract/lead";
import {
  DEFAULT_LOCATION_TYPE,
  FACE_TO_FACE,
  LOCATION_TYPES,
  MEETING_REASONS,
  MEETING_TYPES,
  OTHER_REFUSAL_REASON,
  PHONE,
  REFUSAL_REASONS,
  regionsOf,
  SUN_LIFE_REASON,
  valuesOf,
  type MeetingReason,
  type MeetingType,
  type RefusalReason,
} from "../../../src/contract/lookups";
import { lineText, printableText } from "../../../src/contract/text";
import { fieldError, MESSAGES as M } from "./messages";
import type { Restrictions } from "./restrictions";

/** §9: other text max 99. */
export const OTHER_TEXT_MAX = 99;

// ---------------------------------------------------------------------------------------------- pieces

export const IOA_NONE = false;
export const IOA_DECLINED = "0";
export const IOA_ACCEPTED = "1";
export const IoaChoice = z.union([z.literal(IOA_NONE), z.literal(IOA_DECLINED), z.literal(IOA_ACCEPTED)], {
  error: fieldError(),
});
export type IoaChoice = z.infer<typeof IoaChoice>;

/** The IOA poll's result (agent-workspace §3): -1 not polled yet, 0 not found, 1 found, 2 available. */
export const IOA_RESULTS = { pending: -1, notFound: 0, found: 1, available: 2 } as const;

/** The reasons that require the detail text (reasonOther): §4 "second, third, fifth, sixth or seventh". */
export const REASONS_NEEDING_DETAIL: readonly MeetingReason[] = MEETING_REASONS.filter(
  (r) => r.needsDetail,
).map((r) => r.value);
export const needsReasonDetail = (reasons: readonly unknown[]) =>
  reasons.some((r) => (REASONS_NEEDING_DETAIL as readonly unknown[]).includes(r));
export const needsRefusalDetail = (reasons: readonly unknown[]) => reasons.includes(OTHER_REFUSAL_REASON);

const text = (max: number, tooLong: string = M.tooLong) =>
  printableText(max, { tooLong, invalid: { error: fieldError() } });
const line = (max: number) => lineText(max, { tooLong: M.tooLong, invalid: { error: fieldError() } });
const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;
const blank = (s: string | null | undefined) => (s ?? "").trim() === "";

/** A multi-select: known values, each once. */
export const multi = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { error: fieldError() }).max(max, M.invalid).refine(unique, { message: M.duplicate });

export const MeetingReasonValue = z.union(
  [z.literal(valuesOf(MEETING_REASONS)), z.literal(SUN_LIFE_REASON)],
  { error: fieldError() },
);
export const RefusalReasonValue = z.literal(valuesOf(REFUSAL_REASONS), { error: fieldError() });
export const MeetingTypeValue = z.enum(valuesOf(MEETING_TYPES), { error: fieldError() });

const RegionCode = z
  .string({ error: fieldError() })
  .max(2, M.regionInvalid)
  .transform((s) => s.toLowerCase())
  .pipe(z.string().regex(/^([a-z]{2})?$/, M.regionInvalid));

const Timezone = z
  .string({ error: fieldError() })
  .max(64, M.invalid)
  .regex(/^([A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)?$/, M.invalid)
  .nullable();

/** The meeting's address block as sent (agent-workspace §3 Meeting address). */
export const MeetingAddress = z.strictObject(
  {
    address: line(191),
    apartment: line(40),
    buzzer: line(40),
    city: line(100),
    latitude: z.number({ error: fieldError() }).min(-90, M.invalid).max(90, M.invalid).nullable(),
    longitude: z.number({ error: fieldError() }).min(-180, M.invalid).max(180, M.invalid).nullable(),
    postal: z.string({ error: fieldError() }).max(10, M.tooLong),
    province: RegionCode,
    timezone: Timezone,
    type: z.literal(valuesOf(LOCATION_TYPES), { error: fieldError() }).default(DEFAULT_LOCATION_TYPE),
  },
  { error: M.invalid },
);
export type MeetingAddress = z.output<typeof MeetingAddress>;

/** The meeting's fields as the wire carries them, before the rules between fields. */
export const MeetingFields = z.strictObject(
  {
    force: z.boolean({ error: fieldError() }),
    ioa: IoaChoice,
    reasons: multi(MeetingReasonValue, MEETING_REASONS.length + 1),
    reasonOther: text(OTHER_TEXT_MAX, M.otherTooLong),
    refused: z.boolean({ error: fieldError() }),
    refusalReasons: multi(RefusalReasonValue, REFUSAL_REASONS.length),
    refusalReasonOther: text(OTHER_TEXT_MAX, M.otherTooLong),
    type: MeetingTypeValue.default(FACE_TO_FACE),
    /** The desired date and time, ISO 8601 in UTC (the picker's time zone); "" until chosen. */
    date: z.union([z.literal(""), z.iso.datetime({ error: M.invalidDate })], {
      error: fieldError(M.invalidDate),
    }),
    sameAddress: z.enum(["0", "1"], { error: fieldError() }).default("1"),
    is_sun_life: z.literal([0, 1], { error: fieldError() }).default(0),
    address: MeetingAddress,
  },
  { error: M.invalid },
);
export type MeetingInput = z.input<typeof MeetingFields>;
export type Meeting = z.output<typeof MeetingFields>;

// ---------------------------------------------------------------------------------------------- the rules

export interface MeetingRuleOptions {
  /** The lead's country ("US", "CA"): the address's postal code and region are checked against it. */
  country?: string;
  /** The appointment-type restrictions of this lead (restrictions.ts); without them only the meeting's own rules apply. */
  restrictions?: Restrictions;
}

type Issue = { path: (string | number)[]; message: string };

/** The rules between a meeting's fields (§4, §5), as issues with paths inside the meeting. */
export function meetingProblems(m: Meeting, opts: MeetingRuleOptions = {}): Issue[] {
  const out: Issue[] = [];
  const add = (message: string, ...path: (string | number)[]) => out.push({ path, message });
  const sunLife = m.is_sun_life === 1;

  // A meeting is valid only if the date is non-empty.
  if (m.date === "") add(M.required, "date");

  // Forced booking: at least one reason; the detail text for reasons 2, 3, 5, 6, 7; no reason without force.
  if (m.force && m.reasons.length === 0) add(M.chooseAtLeastOne, "reasons");
  if (!m.force && m.reasons.length > 0) add(M.notApplicable, "reasons");
  if (needsReasonDetail(m.reasons) && blank(m.reasonOther)) add(M.required, "reasonOther");
  if (!needsReasonDetail(m.reasons) && !blank(m.reasonOther)) add(M.notApplicable, "reasonOther");
  // 'Sent to SunLife' is the reason of a Sun Life booking, alone, and only there.
  const sunLifeReason = m.reasons.includes(SUN_LIFE_REASON);
  if (sunLifeReason !== sunLife || (sunLife && m.reasons.length !== 1)) add(M.invalid, "reasons");
  if (sunLife && m.type !== PHONE) add(M.typeNotAllowed, "type");

  // Refusal reasons: only for a phone meeting, then at least one (a Sun Life booking needs none), and the
  // 'other' text with the sixth.
  if (m.type === PHONE) {
    if (!sunLife && m.refusalReasons.length === 0) add(M.chooseAtLeastOne, "refusalReasons");
  } else if (m.refusalReasons.length > 0) add(M.notApplicable, "refusalReasons");
  if (needsRefusalDetail(m.refusalReasons) && blank(m.refusalReasonOther))
    add(M.required, "refusalReasonOther");
  if (!needsRefusalDetail(m.refusalReasons) && !blank(m.refusalReasonOther))
    add(M.notApplicable, "refusalReasonOther");
  // The client who refused a face-to-face meeting gets a phone one.
  if (m.refused && m.type === FACE_TO_FACE) add(M.typeNotAllowed, "type");

  // A face-to-face meeting needs a place.
  if (m.type === FACE_TO_FACE) {
    for (const field of ["address", "city", "postal", "province"] as const)
      if (blank(m.address[field])) add(M.required, "address", field);
  }
  if (opts.country) {
    const postal = postalProblem(opts.country, m.address.postal);
    if (postal && !blank(m.address.postal)) add(postalKey(postal), "address", "postal");
    const province = m.address.province;
    if (province && !regionsOf(opts.country).some((r) => r.value === province))
      add(M.regionInvalid, "address", "province");
  }

  // The appointment-type restrictions. A Sun Life booking goes to Sun Life's own advisors by phone: the
  // restrictions of our field advisors do not apply to it.
  const r = opts.restrictions;
  if (r && !sunLife) {
    if (!r.allowedTypes.includes(m.type)) add(M.typeNotAllowed, "type");
    else if (r.forceOnly && m.type === FACE_TO_FACE && !m.force) add(M.forceRequired, "force");
  }
  return out;
}

const POSTAL_KEYS: Record<string, string> = {
  "The postal code is too short.": M.postalTooShort,
  "Enter a valid zip code.": M.zipInvalid,
  "Enter a valid postal code.": M.postalInvalid,
};
/** lead.ts's postal verdicts (its English) as the booking keys. */
export const postalKey = (problem: string) => POSTAL_KEYS[problem] ?? M.invalid;

/** The meeting, validated: its fields, then the rules between them. */
export function meetingSchema(opts: MeetingRuleOptions = {}) {
  return MeetingFields.superRefine((m, ctx) => {
    for (const issue of meetingProblems(m, opts)) ctx.addIssue({ code: "custom", ...issue });
  });
}

// ---------------------------------------------------------------------------------------------- the call

/** The body of POST /meetings. */
export function bookMeetingBody(opts: MeetingRuleOptions = {}) {
  return z.strictObject(
    {
      lead_id: z
        .number({ error: fieldError() })
        .int(M.invalid)
        .min(1, M.invalid)
        .max(MAX_RECORD_ID, M.invalid),
      meeting: meetingSchema(opts),
    },
    { error: M.invalid },
  );
}
/** POST /meetings as OpenAPI documents it (the gateway adds the lead's country and restrictions per request). */
export const BookMeetingBody = bookMeetingBody();
export type BookMeetingBody = z.input<typeof BookMeetingBody>;

/** The 201 answer: the meeting's id in the CRM. */
export const BookMeetingResponse = z.object({ data: z.object({ meetingCrmId: z.string().min(1) }) });
export type BookMeetingResponse = z.infer<typeof BookMeetingResponse>;

/** Books the meeting (the wizard's Book): a write that must not double. */
export const bookMeeting = defineEndpoint({
  method: "POST",
  path: "/meetings",
  summary:
    "Books a meeting for the lead: 201 {data: {meetingCrmId}}. The lead's details are those of the agent's booking draft (PUT /leads/{id}/booking-draft), checked with the wizard's own step schemas; the meeting is checked with its rules and the appointment-type restrictions of this lead (age, health and amount, phone-only insurance types, the client's refusal, an accepted instant offer, a manual force, advisors in the area). In one transaction: the meeting, the lead's booking fields, its status 'Appointment Setup' and a pending follow-up for the assigned advisor (which lets the advisor work the lead) (the nearest advisor in the area with the fewest meetings that day; a Sun Life booking has none). 422 {message, errors} names each refused field with the form's message key (contact.*, coverage.*, meeting.*) and stores nothing; 409 'This lead has been already booked. Current status: …'. Takes an Idempotency-Key: a retry answers the first result.",
  tags: ["booking"],
  body: BookMeetingBody,
  responses: { 201: BookMeetingResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
  idempotent: true,
});

// ---------------------------------------------------------------------------------------------- the browser's

/** The meeting address as the form holds it: the Address entity's validity flags (§3) besides the wire block. */
export interface MeetingAddressState extends MeetingAddress {
  /** The postal code was checked (or the check failed and the agent may go on). */
  valid: boolean;
  /** The last check did not find the postal code. */
  invalidPostal: boolean;
}

/** The meeting as the browser holds it (agent-workspace §3 Meeting): the wire fields and the form's own. */
export interface MeetingState extends Omit<Meeting, "address"> {
  address: MeetingAddressState;
  /** Advisors available in the area (GET /available-agents), null until asked. */
  availableAgents: number | null;
  /** Force booking was turned on by the agent (restrictions: face to face only). */
  manualForce: boolean;
  /** POST /meetings answered 201. */
  booked: boolean;
}

export const emptyMeetingAddress = (): MeetingAddressState => ({
  address: "",
  apartment: "",
  buzzer: "",
  city: "",
  latitude: null,
  longitude: null,
  postal: "",
  province: "",
  timezone: null,
  type: DEFAULT_LOCATION_TYPE,
  valid: false,
  invalidPostal: false,
});

/** A new meeting with the specification's defaults (face to face, same address, not Sun Life). */
export const newMeeting = (): MeetingState => ({
  force: false,
  ioa: IOA_NONE,
  reasons: [],
  reasonOther: "",
  refused: false,
  refusalReasons: [],
  refusalReasonOther: "",
  type: MEETING_TYPES[0].value,
  date: "",
  sameAddress: "1",
  is_sun_life: 0,
  address: emptyMeetingAddress(),
  availableAgents: null,
  manualForce: false,
  booked: false,
});

/** What POST /meetings sends of the browser's meeting. */
export function meetingToWire(m: MeetingState): MeetingInput {
  const { availableAgents: _a, manualForce: _m, booked: _b, address, ...rest } = m;
  const { valid: _v, invalidPostal: _i, ...block } = address;
  return { ...rest, reasons: [...rest.reasons], refusalReasons: [...rest.refusalReasons], address: block };
}

export type { MeetingReason, MeetingType, RefusalReason };
