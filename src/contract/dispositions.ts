// Dispositions on the wire (agent-workspace §3 Disposition, §4 Dispositions, §7 POST /leads/{id}/dispositions).
// A disposition is a write that must not double: the browser sends an Idempotency-Key header and a retried
// request with the same key answers the first result (ARCHITECTURE.md decision 15).
import { z } from "zod";

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

/** Types that need a date-time (agent-workspace §5: 'date_time required'). */
export const CALLBACK_DISPOSITIONS: readonly DispositionValue[] = [
  "Callback Scheduled",
  "Pocket",
  "External Follow-up",
  "Engaged Opportunity",
];

/** Free text keeps printable ASCII and newlines only (agent-workspace §5). */
export const FreeText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) => s.replace(/[^\x20-\x7E\n]/g, ""));

export const DispositionPayload = z
  .strictObject({
    date_time: z.string().datetime({ offset: true }).nullable().optional(),
    disposition: DispositionValue,
    notes: FreeText(5000).optional().default(""),
    reason: z.string().max(191).nullable().optional(),
    reason_other: FreeText(191).nullable().optional(),
    reschedule_followup: z.boolean().optional().default(false),
    short_call: z.boolean().optional().default(false),
  })
  .superRefine((d, ctx) => {
    if (CALLBACK_DISPOSITIONS.includes(d.disposition) && !d.date_time) {
      ctx.addIssue({ code: "custom", path: ["date_time"], message: "date_time required" });
    }
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

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

// ---------------------------------------------------------------------------------------------------------
// Who may choose what (booking-and-reference §6). Data, so the disposition panel filters and the gateway
// validates (server/modules/dispositions/allowed.ts) against the same lists. Roles are the agent's disposition roles; an agent holding
// several gets the union. Call centres are the variant codes.

export const CALL_CENTRES = ["ISIUS", "SLICA"] as const;
export type CallCentre = (typeof CALL_CENTRES)[number];
export const DISPOSITION_ROLES = ["qualifier", "advisor", "outbound-eligible"] as const;
export type DispositionRole = (typeof DISPOSITION_ROLES)[number];
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

/** Set by a flow (live transfer, third-party transfer), never offered in the list. */
export const HIDDEN_DISPOSITIONS: readonly DispositionValue[] = ["Live_Transfer", "Transferred to 3rd Party"];

/**
 * Every value's availability. §6 leaves four values unassigned; they are given here as: Not Interested and
 * Do Not Call to everybody (not-interested reasons exist for both roles), Unreachable to advisors (a booked
 * client who cannot be reached), Inbound-Hoax to qualifiers (inbound calls reach qualifiers).
 * 'Other reason' is a sub-reason, never a disposition of its own.
 */
export const DISPOSITION_AVAILABILITY: Readonly<Record<DispositionValue, Availability>> = {
  Voicemail: { roles: QO, centres: ["ISIUS"] },
  "Callback Scheduled": { roles: QO },
  "Appointment Setup": { roles: Q },
  "Make Phone Appointment": { roles: A },
  "Internal Transfer": { roles: A, centres: ["SLICA"] },
  "Not Interested": { roles: ALL },
  "Not In Service": { roles: QO, centres: ["ISIUS"] },
  "Do Not Call": { roles: ALL },
  Pocket: { roles: A, centres: ["SLICA"] },
  "External Follow-up": { roles: A },
  "External Failed Transfer": { roles: A },
  Unreachable: { roles: A },
  Dead: { roles: QO },
  "Publisher Failed Transfer": { roles: Q },
  Hoax: { roles: QO, centres: ["ISIUS"] },
  "Inbound-Hoax": { roles: Q },
  Duplicate: { roles: Q },
  Live_Transfer: { roles: Q },
  "Engaged Opportunity": { roles: A },
  "Failed Transfer": { roles: A },
  "Failed Inbound Transfer": { roles: Q, centres: ["SLICA"] },
  Sold: { roles: A, centres: ["ISIUS"] },
  "Call Dropped": { roles: Q },
  Junk: { roles: Q },
  "Medical Disqualification": { roles: A },
  "Medical DQ AA/GTL": { roles: A },
  "Medical DQ EMC": { roles: A },
  "Disqualified Transfer": { roles: Q },
  "Disqualified Transfer - Age": { roles: Q },
  "Disqualified Transfer - Banking": { roles: Q },
  "Sent External": { roles: Q },
  "Client Looking For a Job": { roles: Q },
  "No Valid Payment": { roles: A },
  "Transferred to 3rd Party": { roles: ALL },
  "Other reason": { roles: [] },
};

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

/** Callback reasons (booking-and-reference §9 lookup lists), for Callback Scheduled. */
export const CALLBACK_REASONS: readonly ReasonOption[] = [
  { value: "Client returns from vacation", key: "vacation", roles: ALL },
  { value: "Unaware of schedule", key: "unaware_of_schedule", roles: ALL },
  { value: "Needs to speak with spouse", key: "spouse", roles: ALL },
  { value: "Currently driving", key: "driving", roles: ALL },
  { value: "At work", key: "at_work", roles: ALL },
  { value: "Unavailable", key: "unavailable", roles: ALL },
];

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

/** Which list a disposition's reason comes from. */
export const REASON_KIND_OF: Readonly<Partial<Record<DispositionValue, ReasonKind>>> = {
  "Not Interested": "not_interested",
  "Callback Scheduled": "callback",
  Pocket: "follow_up",
  "External Follow-up": "follow_up",
  "Engaged Opportunity": "follow_up",
  "Disqualified Transfer": "disqualified_transfer",
  "Medical DQ AA/GTL": "medical",
  "Medical DQ EMC": "medical",
  "Sent External": "sent_external",
};

/** A reason is required for these when the agent has options for it (agent-workspace §5). */
export const REASON_REQUIRED: readonly DispositionValue[] = [
  "Not Interested",
  "Disqualified Transfer",
  "Medical DQ AA/GTL",
  "Medical DQ EMC",
  "Sent External",
];

/** The reasons an agent may give for a disposition (empty when it has none). */
export function reasonsFor(disposition: string, facts: DispositionFacts): ReasonOption[] {
  const kind = REASON_KIND_OF[disposition as DispositionValue];
  return kind ? REASON_LISTS[kind].filter((r) => isAvailable(r, facts)) : [];
}
