// Dispositions on the wire (agent-workspace §3 Disposition, §4 Dispositions, §7 POST /leads/{id}/dispositions).
// A disposition is a write that must not double: the browser sends an Idempotency-Key header and a retried
// request with the same key answers the first result (ARCHITECTURE.md decision 15).
import { z } from "zod";
import { AGENT_ROLES, ErrorBody } from "./common";
import type { FOLLOW_UP_TYPES } from "./dialer";
import { defineEndpoint } from "./endpoint";
import { idParam } from "./ids";
import type { AgentRole } from "./roles";
import { CALLBACK_REASON_OPTIONS, PLAN_TYPES, valuesOf } from "./lookups";
import { printableText } from "./text";

/** The disposition values the workspace uses (agent-workspace §4, booking-and-reference §6). */
export const DISPOSITIONS = [
  "Voicemail",
  "Callback Scheduled",
  "Appointment Setup",
  "Make Phone Appointment",
  "Internal Transfer",
  "Not Interested",
  "Not In Service",
  "Do Not Call",
  "Pocket",
  "External Follow-up",
  "External Failed Transfer",
  "Unreachable",
  "Dead",
  "Publisher Failed Transfer",
  "Hoax",
  "Inbound-Hoax",
  "Duplicate",
  "Live_Transfer",
  "Engaged Opportunity",
  "Failed Transfer",
  "Failed Inbound Transfer",
  "Sold",
  "Call Dropped",
  "Junk",
  "Medical Disqualification",
  "Medical DQ AA/GTL",
  "Medical DQ EMC",
  "Disqualified Transfer",
  "Disqualified Transfer - Age",
  "Disqualified Transfer - Banking",
  "Sent External",
  "Client Looking For a Job",
  "No Valid Payment",
  "Transferred to 3rd Party",
  "Other reason",
] as const;
export const DispositionValue = z.enum(DISPOSITIONS);
export type DispositionValue = z.infer<typeof DispositionValue>;

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/**
 * The 409 of a write whose Idempotency-Key is still being written by a first request: the one 409 a browser
 * retries (any other 409 is the gateway's refusal, such as a lead already booked).
 */
export const IDEMPOTENCY_IN_PROGRESS = "A request with this Idempotency-Key is still being processed.";

// ---------------------------------------------------------------------------------------------------------
// Who may choose what (booking-and-reference §6). Data, so the disposition panel filters and the gateway
// validates (server/modules/dispositions/allowed.ts) against the same lists. Roles are agent roles; an agent
// holding several gets the union. Call centres are the variant codes.

export const CALL_CENTRES = ["ISIUS", "SLICA"] as const;
export type CallCentre = (typeof CALL_CENTRES)[number];
/** The agent roles the lists are written for (src/contract/roles.ts: a qualifier is the role order's setter). */
export const DISPOSITION_ROLES = AGENT_ROLES;
export type DispositionRole = AgentRole;
/** Account flags of the login response that open an option (canTransferToMatcha, canTransferToSunlife). */
export type DispositionFlag = "canTransferToMatcha" | "canTransferToSunlife";

/** Who gets an option: any of `roles`, in one of `centres` (absent: both), holding every flag of `flags`. */
export interface Availability {
  readonly roles: readonly DispositionRole[];
  readonly centres?: readonly CallCentre[];
  readonly flags?: readonly DispositionFlag[];
}

/** The facts about an agent that the lists are filtered by. */
export interface DispositionFacts {
  readonly roles: readonly string[];
  readonly callCentre: string;
  readonly flags?: Partial<Record<DispositionFlag, boolean>>;
}

export function isAvailable(a: Availability, facts: DispositionFacts): boolean {
  return (
    a.roles.some((r) => facts.roles.includes(r)) &&
    (!a.centres || (a.centres as readonly string[]).includes(facts.callCentre)) &&
    (a.flags ?? []).every((f) => facts.flags?.[f] === true)
  );
}

const Q = ["qualifier"] as const;
const A = ["advisor"] as const;
const QO = ["qualifier", "outbound-eligible"] as const;
const ALL = DISPOSITION_ROLES;

// ---------------------------------------------------------------------------------------------------------
// One row per disposition value: every fact about it that the panel, the gateway, the dialer and the goals
// read. The lists below (CALLBACK_DISPOSITIONS, FOLLOW_UP_DISPOSITIONS, FINAL_STATUSES…) are derived from it,
// so a new value or a changed rule is written once.

/** A follow-up type by its FOLLOW_UP_TYPES name (1 callback, 2 follow-up, 3 engaged opportunity). */
export type FollowUpKind = keyof typeof FOLLOW_UP_TYPES;

export interface DispositionTraits {
  /** Who is offered it (booking-and-reference §6). */
  readonly availability: Availability;
  /** Set by a flow (live transfer, third-party transfer), never offered in the list. */
  readonly hidden: boolean;
  /** The panel asks for a date-time and the payload is refused without one (agent-workspace §5). */
  readonly needsDateTime: boolean;
  /**
   * The follow-up it leaves the disposing agent when saved with a date-time (booking-and-reference §4
   * "Dispositions needing a follow-up"); null: it closes the lead's pending follow-up instead.
   */
  readonly followUp: FollowUpKind | null;
  /**
   * The lead status it sets (the disposition itself) closes the lead: the dialer does not dial it again
   * unless the agent owes it a follow-up.
   */
  readonly final: boolean;
  /** The list its reason comes from, and whether a reason is required when the agent has options (§5). */
  readonly reasons: { readonly kind: ReasonKind; readonly required: boolean } | null;
  /** Roles that must explain it in the notes (a qualifier's Dead, agent-workspace §5). */
  readonly notesRequiredFor: readonly DispositionRole[];
  /** What the goals panel counts it as (agent-workspace §3 goal statistics: transfers, sales). */
  readonly goal: "transfer" | "sale" | null;
}

// The two kinds of outcome, so each row says only what sets it apart: a closing one takes the lead out of
// the dialer; an open one (no answer, a failed transfer, a follow-up) leaves it callable.
const CLOSES = {
  hidden: false,
  needsDateTime: false,
  followUp: null,
  final: true,
  reasons: null,
  notesRequiredFor: [],
  goal: null,
} as const;
const OPEN = { ...CLOSES, final: false } as const;
/** A callback type: the agent picks when to call back, and the dialer holds the lead for it. */
const callback = (followUp: FollowUpKind, kind: ReasonKind) =>
  ({ ...OPEN, needsDateTime: true, followUp, reasons: { kind, required: false } }) as const;
const reasonRequired = (kind: ReasonKind) => ({ reasons: { kind, required: true } }) as const;

/**
 * Every value's traits. §6 leaves four values unassigned; they are given here as: Not Interested and Do Not
 * Call to everybody (not-interested reasons exist for both roles), Unreachable to advisors (a booked client
 * who cannot be reached), Inbound-Hoax to qualifiers (inbound calls reach qualifiers). 'Other reason' is a
 * sub-reason, never a disposition of its own: nobody is offered it. Appointment Setup is a booked meeting
 * (a transfer for the goals, closing for the dialer) that still leaves a follow-up when given a date-time
 * (§4), and the goals count it among the agent's follow-ups then, as the dialer does.
 */
export const DISPOSITION_TRAITS = {
  Voicemail: { ...OPEN, availability: { roles: QO, centres: ["ISIUS"] } },
  "Callback Scheduled": { ...callback("callback", "callback"), availability: { roles: QO } },
  "Appointment Setup": { ...CLOSES, followUp: "followUp", goal: "transfer", availability: { roles: Q } },
  "Make Phone Appointment": { ...CLOSES, goal: "transfer", availability: { roles: A } },
  "Internal Transfer": { ...CLOSES, availability: { roles: A, centres: ["SLICA"] } },
  "Not Interested": { ...CLOSES, ...reasonRequired("not_interested"), availability: { roles: ALL } },
  "Not In Service": { ...CLOSES, availability: { roles: QO, centres: ["ISIUS"] } },
  "Do Not Call": { ...CLOSES, availability: { roles: ALL } },
  Pocket: { ...callback("followUp", "follow_up"), availability: { roles: A, centres: ["SLICA"] } },
  "External Follow-up": { ...callback("followUp", "follow_up"), availability: { roles: A } },
  "External Failed Transfer": { ...OPEN, availability: { roles: A } },
  Unreachable: { ...OPEN, availability: { roles: A } },
  Dead: { ...CLOSES, notesRequiredFor: ["qualifier"], availability: { roles: QO } },
  "Publisher Failed Transfer": { ...OPEN, availability: { roles: Q } },
  Hoax: { ...CLOSES, availability: { roles: QO, centres: ["ISIUS"] } },
  "Inbound-Hoax": { ...CLOSES, availability: { roles: Q } },
  Duplicate: { ...CLOSES, availability: { roles: Q } },
  Live_Transfer: { ...CLOSES, hidden: true, goal: "transfer", availability: { roles: Q } },
  "Engaged Opportunity": { ...callback("engagedOpportunity", "follow_up"), availability: { roles: A } },
  "Failed Transfer": { ...OPEN, availability: { roles: A } },
  "Failed Inbound Transfer": { ...OPEN, availability: { roles: Q, centres: ["SLICA"] } },
  Sold: { ...CLOSES, goal: "sale", availability: { roles: A, centres: ["ISIUS"] } },
  "Call Dropped": { ...OPEN, availability: { roles: Q } },
  Junk: { ...CLOSES, availability: { roles: Q } },
  "Medical Disqualification": { ...CLOSES, availability: { roles: A } },
  "Medical DQ AA/GTL": { ...CLOSES, ...reasonRequired("medical"), availability: { roles: A } },
  "Medical DQ EMC": { ...CLOSES, ...reasonRequired("medical"), availability: { roles: A } },
  "Disqualified Transfer": {
    ...CLOSES,
    ...reasonRequired("disqualified_transfer"),
    availability: { roles: Q },
  },
  "Disqualified Transfer - Age": { ...CLOSES, availability: { roles: Q } },
  "Disqualified Transfer - Banking": { ...CLOSES, availability: { roles: Q } },
  "Sent External": { ...CLOSES, ...reasonRequired("sent_external"), availability: { roles: Q } },
  "Client Looking For a Job": { ...CLOSES, availability: { roles: Q } },
  "No Valid Payment": { ...CLOSES, availability: { roles: A } },
  "Transferred to 3rd Party": { ...CLOSES, hidden: true, availability: { roles: ALL } },
  "Other reason": { ...CLOSES, availability: { roles: [] } },
} as const satisfies Record<DispositionValue, DispositionTraits>;

/** The traits of a disposition value, or undefined for anything else (a lead status such as New). */
export const traitsOf = (value: string): DispositionTraits | undefined =>
  Object.hasOwn(DISPOSITION_TRAITS, value) ? DISPOSITION_TRAITS[value as DispositionValue] : undefined;

const where = (test: (t: DispositionTraits) => boolean): readonly DispositionValue[] =>
  DISPOSITIONS.filter((d) => test(DISPOSITION_TRAITS[d]));

/** Types that need a date-time (agent-workspace §5: 'date_time required'). */
export const CALLBACK_DISPOSITIONS = where((t) => t.needsDateTime);
/** Dispositions that leave the agent a follow-up when saved with a date-time (booking-and-reference §4). */
export const FOLLOW_UP_DISPOSITIONS = where((t) => t.followUp !== null);
/**
 * The status a booked lead takes (POST /meetings), and the kind of the follow-up the meeting leaves its
 * advisor: the qualifier's own disposition of the call neither closes nor replaces that follow-up.
 */
export const BOOKED_MEETING = "Appointment Setup" satisfies DispositionValue;
/** Lead statuses that close the lead for the dialer; every other status (New, In Process…) leaves it open. */
export const FINAL_STATUSES = where((t) => t.final);
/**
 * Outcomes that say nobody was reached (a machine, a dead or out-of-service line, a drop, an advisor's client who
 * cannot be reached): a lead with only these was not contacted (issue 36: a lead list's "contacted" count).
 */
export const NO_CONTACT_DISPOSITIONS = [
  "Voicemail",
  "Not In Service",
  "Call Dropped",
  "Unreachable",
  "Dead",
] as const satisfies readonly DispositionValue[];
/** Set by a flow (live transfer, third-party transfer), never offered in the list. */
export const HIDDEN_DISPOSITIONS = where((t) => t.hidden);
/** A reason is required for these when the agent has options for it (agent-workspace §5). */
export const REASON_REQUIRED = where((t) => t.reasons?.required === true);
/** What the goals count as a transfer (a qualifier's booked meeting or live transfer) and as a sale. */
export const TRANSFER_DISPOSITIONS = where((t) => t.goal === "transfer");
export const SALE_DISPOSITIONS = where((t) => t.goal === "sale");
/**
 * Lead statuses of a lead in a follow-up, booking, transfer or sale pipeline: an automatic outcome (a
 * Voicemail) must not overwrite them and drop what was scheduled; the agent disposes such a lead by hand.
 */
export const PIPELINE_STATUSES = where((t) => t.followUp !== null || t.goal !== null);

/** Who is offered each value. */
export const DISPOSITION_AVAILABILITY = Object.fromEntries(
  DISPOSITIONS.map((d): [string, Availability] => [d, DISPOSITION_TRAITS[d].availability]),
) as Readonly<Record<DispositionValue, Availability>>;

/** Which list a disposition's reason comes from. */
export const REASON_KIND_OF = Object.fromEntries(
  DISPOSITIONS.flatMap((d) => {
    const r: DispositionTraits["reasons"] = DISPOSITION_TRAITS[d].reasons;
    return r ? [[d, r.kind]] : [];
  }),
) as Readonly<Partial<Record<DispositionValue, ReasonKind>>>;

/** The agent must explain this disposition in the notes (a qualifier's Dead). */
export const notesRequired = (disposition: string, roles: readonly string[]): boolean =>
  traitsOf(disposition)?.notesRequiredFor.some((r) => roles.includes(r)) ?? false;

/** The dispositions an agent may pick, in the order of DISPOSITIONS; hidden ones never appear. */
export function dispositionsFor(facts: DispositionFacts): DispositionValue[] {
  return DISPOSITIONS.filter(
    (d) => !HIDDEN_DISPOSITIONS.includes(d) && isAvailable(DISPOSITION_AVAILABILITY[d], facts),
  );
}

/** A reason of a list: `value` goes on the wire (English), `key` names its translation. */
export interface ReasonOption extends Availability {
  readonly value: string;
  readonly key: string;
}

/** The sub-reason that asks for free text (reason_other). */
export const OTHER_REASON = "Other reason" satisfies DispositionValue;
const other = (roles: readonly DispositionRole[]): ReasonOption => ({
  value: OTHER_REASON,
  key: "other",
  roles,
});

/**
 * Not-interested reasons. §6 names only two of them ('Too expensive' for SLICA advisors, 'Client hung up'
 * for ISIUS qualifiers); the rest of the list is a first proposal to be confirmed by the call centres.
 */
export const NOT_INTERESTED_REASONS: readonly ReasonOption[] = [
  { value: "Client hung up", key: "client_hung_up", roles: Q, centres: ["ISIUS"] },
  { value: "Too expensive", key: "too_expensive", roles: A, centres: ["SLICA"] },
  { value: "Already has coverage", key: "already_covered", roles: ALL },
  { value: "No longer looking for insurance", key: "not_looking", roles: ALL },
  { value: "Did not request information", key: "did_not_request", roles: QO },
  other(ALL),
];

/** Follow-up reasons (§6), for the follow-up dispositions (Pocket, External Follow-up, Engaged Opportunity). */
export const FOLLOW_UP_REASONS: readonly ReasonOption[] = [
  { value: "ID confirmed", key: "id_confirmed", roles: ["advisor", "outbound-eligible"] },
  { value: "Quote/Info sent and call scheduled", key: "quote_sent", roles: ["advisor", "outbound-eligible"] },
  { value: "Payment Validation", key: "payment_validation", roles: ["advisor", "outbound-eligible"] },
  { value: "Voicemail", key: "voicemail", roles: ALL },
  { value: "Unreachable", key: "unreachable", roles: ALL, centres: ["ISIUS"] },
  { value: "Pending Verification", key: "pending_verification", roles: A, centres: ["SLICA"] },
];

/** Callback reasons (booking-and-reference §9 lookup lists, kept in lookups.ts), for Callback Scheduled. */
export const CALLBACK_REASONS: readonly ReasonOption[] = CALLBACK_REASON_OPTIONS.map(({ value, key }) => ({
  value,
  key,
  roles: ALL,
}));

/** Disqualified-transfer reasons (§6). */
export const DISQUALIFIED_TRANSFER_REASONS: readonly ReasonOption[] = [
  { value: "Medical", key: "medical", roles: ALL },
  { value: "Weight", key: "weight", roles: ALL },
  { value: "Requires Assistance", key: "requires_assistance", roles: ALL },
  other(ALL),
];

/**
 * Medical reasons of the EMC and AA/GTL sub-statuses. The specification does not list them; this list is a
 * first proposal to be confirmed by the call centres.
 */
export const MEDICAL_REASONS: readonly ReasonOption[] = [
  { value: "Heart condition", key: "heart", roles: ALL },
  { value: "Cancer", key: "cancer", roles: ALL },
  { value: "Stroke", key: "stroke", roles: ALL },
  { value: "Diabetes with complications", key: "diabetes", roles: ALL },
  { value: "Lung disease", key: "lung", roles: ALL },
  { value: "Kidney disease", key: "kidney", roles: ALL },
  other(ALL),
];

/** Sent External destinations (§6): each needs its account flag or call centre. */
export const SENT_EXTERNAL_DESTINATIONS: readonly ReasonOption[] = [
  { value: "Matcha", key: "matcha", roles: Q, flags: ["canTransferToMatcha"] },
  { value: "Sunlife", key: "sunlife", roles: Q, centres: ["SLICA"], flags: ["canTransferToSunlife"] },
  { value: "External Transfer", key: "external_transfer", roles: Q, centres: ["ISIUS"] },
];

export const REASON_KINDS = [
  "not_interested",
  "follow_up",
  "callback",
  "disqualified_transfer",
  "medical",
  "sent_external",
] as const;
export type ReasonKind = (typeof REASON_KINDS)[number];

export const REASON_LISTS: Readonly<Record<ReasonKind, readonly ReasonOption[]>> = {
  not_interested: NOT_INTERESTED_REASONS,
  follow_up: FOLLOW_UP_REASONS,
  callback: CALLBACK_REASONS,
  disqualified_transfer: DISQUALIFIED_TRANSFER_REASONS,
  medical: MEDICAL_REASONS,
  sent_external: SENT_EXTERNAL_DESTINATIONS,
};

/** The reasons an agent may give for a disposition (empty when it has none). */
export function reasonsFor(disposition: string, facts: DispositionFacts): ReasonOption[] {
  const kind = traitsOf(disposition)?.reasons?.kind;
  return kind ? REASON_LISTS[kind].filter((r) => isAvailable(r, facts)) : [];
}

// ---------------------------------------------------------------------------------------------------------
// The payload (agent-workspace §3 disposition payload). Free text is cleaned by the one free-text sanitiser
// (text.ts): every printable character and newlines stay; control and bidirectional characters go.

/**
 * A sale's details (booking-and-reference §3 disposition fields: coverage amount, premium amount, policy number,
 * plan type; PLAN_TYPES). Required with Sold, refused with any other disposition.
 */
export const SOLD_LIMITS = { coverageMax: 100_000_000, premiumMax: 1_000_000, policyNumberMax: 50 } as const;
export const SOLD_MESSAGES = {
  required: "sold details required",
  onlyWithSold: "sold details go only with Sold",
  policyNumber: "letters, digits, spaces, dots, slashes and dashes only",
} as const;
export const SoldDetails = z.strictObject({
  coverage_amount: z.number().positive().max(SOLD_LIMITS.coverageMax),
  premium_amount: z.number().positive().max(SOLD_LIMITS.premiumMax),
  policy_number: z
    .string()
    .trim()
    .min(1)
    .max(SOLD_LIMITS.policyNumberMax)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, SOLD_MESSAGES.policyNumber),
  plan_type: z.enum(valuesOf(PLAN_TYPES) as [string, ...string[]]),
});
export type SoldDetails = z.infer<typeof SoldDetails>;

/**
 * A disposition given as an exception (booking-and-reference §6: "disposition exceptions need manager approval;
 * exception form: manager to send email to, reason"): the manager of the agent's call centre who is e-mailed to
 * approve it, and why.
 */
export const EXCEPTION_REASON_MAX = 500;
export const EXCEPTION_MESSAGES = {
  reasonRequired: "reason required",
  /** The panel's error key (errors.exception_not_a_manager): no manager of the agent's call centre has the e-mail. */
  notAManager: "exception_not_a_manager",
} as const;
export const DispositionException = z.strictObject({
  manager_email: z.string().trim().toLowerCase().email().max(191),
  reason: printableText(EXCEPTION_REASON_MAX).refine((r) => r.trim() !== "", EXCEPTION_MESSAGES.reasonRequired),
});
export type DispositionException = z.infer<typeof DispositionException>;

export const DispositionPayload = z
  .strictObject({
    date_time: z.string().datetime({ offset: true }).nullable().optional(),
    disposition: DispositionValue,
    notes: printableText(5000).optional().default(""),
    reason: z.string().max(191).nullable().optional(),
    reason_other: printableText(191).nullable().optional(),
    reschedule_followup: z.boolean().optional().default(false),
    short_call: z.boolean().optional().default(false),
    sold: SoldDetails.nullable().optional(),
    exception: DispositionException.nullable().optional(),
  })
  .superRefine((d, ctx) => {
    if (CALLBACK_DISPOSITIONS.includes(d.disposition) && !d.date_time) {
      ctx.addIssue({ code: "custom", path: ["date_time"], message: "date_time required" });
    }
    if (d.disposition === "Sold" && !d.sold) ctx.addIssue({ code: "custom", path: ["sold"], message: SOLD_MESSAGES.required });
    if (d.disposition !== "Sold" && d.sold) ctx.addIssue({ code: "custom", path: ["sold"], message: SOLD_MESSAGES.onlyWithSold });
  });
export type DispositionPayload = z.input<typeof DispositionPayload>;

/** POST /leads/{id}/dispositions. `lead` carries the lead's edited fields (later issues); `call_id` ties it to the call. */
export const CreateDispositionBody = z.strictObject({
  lead: z.record(z.string(), z.unknown()).optional(),
  disposition: DispositionPayload,
  call_id: z.number().int().positive().nullable().optional(),
});

export const SavedDisposition = z.object({
  id: z.number().int(),
  // As stored (the answer's shape; the request's schemas clean what comes in).
  sold: z
    .object({ coverage_amount: z.number(), premium_amount: z.number(), policy_number: z.string(), plan_type: z.string() })
    .nullable()
    .optional(),
  exception: z.object({ manager_email: z.string(), reason: z.string() }).nullable().optional(),
  lead_id: z.number().int(),
  call_id: z.number().int().nullable(),
  disposition: DispositionValue,
  reason: z.string().nullable(),
  reason_other: z.string().nullable(),
  notes: z.string(),
  date_time: z.string().nullable(),
  short_call: z.boolean(),
  created_at: z.string(),
});
export const CreateDispositionResponse = z.object({ data: SavedDisposition });

/** The outcome of a lead, once (the dispositions plugin is its only writer): a write that must not double. */
export const createDisposition = defineEndpoint({
  method: "POST",
  path: "/leads/:id/dispositions",
  summary:
    "Disposes the lead: 201 with the saved disposition; the lead's status becomes the disposition (not for reschedule_followup). Callback types need date_time ('date_time required'). Callback Scheduled, Appointment Setup, Pocket, Engaged Opportunity and External Follow-up with a date_time create the lead's follow-up (reschedule_followup: move the pending one); others close it; Do Not Call also puts the lead's numbers on the call centre's Do Not Call list. Free text keeps every printable character and newlines (control and bidirectional characters are dropped). 422 names the field with the panel's error key when the agent's lists (role, call centre, account flags) do not offer the disposition or reason, or a required reason, other-reason text or Dead note (qualifiers) is missing. Takes an Idempotency-Key: a retry answers the first result.",
  tags: ["dispositions"],
  params: idParam,
  body: CreateDispositionBody,
  responses: { 201: CreateDispositionResponse, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
  idempotent: true,
});
