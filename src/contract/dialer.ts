// The dialer on the wire (agent-workspace §3 follow-up / last-dial / lead search items, §4 Auto-dial, §7
// /dials/*, /in-process-leads, /leads/followup-by-lead-id, /agents/follow-ups, /agents/last-dials,
// /leads/search; admin-and-sign-in §3 and §7 for the settings the engine reads). Shared by browser and gateway.
import { z } from "zod";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";
import { decimalInteger, idParam, RecordId } from "./ids";
import { CallType } from "./calls";
import { ComplianceRefusal } from "./compliance";
import { LeadSummary } from "./leads";
import { linkAddressOrNone } from "./links";
import { settingsDocumentEndpoints } from "./settings";

// ---------------------------------------------------------------- rules

/** Every rule the engine applies, in the order it applies them; the first that fails is the skip reason. */
export const DIALER_RULES = [
  "role",
  "calling-disabled",
  "inbound-only",
  "operation-hours",
  "quotas",
  "dnc",
  "status",
  "held",
  "owner",
  "in-process",
  "follow-ups",
  "campaign",
  "lead-group",
  "callable-states",
  "eligibility",
  "level",
  "language",
  "publisher-suppression",
  "dialing-sequence",
  "calling-window",
] as const;
export const DialerRule = z.enum(DIALER_RULES);
export type DialerRule = z.infer<typeof DialerRule>;

/**
 * A rule's verdict on a lead. `reason` is an English sentence; `key` and `values` (when present) let a client
 * say it in the agent's language (the lead-explain plugin's "reasons"); reasons worded elsewhere (the calling
 * windows' detail) have no key.
 */
export const RuleVerdict = z.object({
  rule: DialerRule,
  ok: z.boolean(),
  reason: z.string(),
  key: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type RuleVerdict = z.infer<typeof RuleVerdict>;

// ---------------------------------------------------------------- dials

/**
 * 201 of POST /dials/auto, /dials/follow-ups and /dials/redials. `type` is the call type placed (auto, or
 * follow-up / callback when the lead was the agent's due follow-up). `suffix` is what the top bar appends to
 * the call-type label: the lead's marketing prefix and the attempt number of this dial ("ISF #3").
 */
export const DialResult = z.object({
  type: CallType,
  suffix: z.string(),
  leadId: z.number().int(),
  callId: z.number().int(),
  /** This dial's attempt number for the lead (its dials before the call + 1). */
  dialNumber: z.number().int().positive(),
  followUpId: z.number().int().nullable(),
  lead: LeadSummary,
});
export type DialResult = z.infer<typeof DialResult>;
export const DialResponse = DialResult.extend({ data: DialResult });
export type DialResponse = z.infer<typeof DialResponse>;

export const NO_LEADS_MESSAGE = "No leads were found";
/**
 * POST /dials/auto (409) for an advisor holding a live-transfer offer: a lead already on the line comes before
 * the advisor's own next dial, which waits until the offer is accepted, passed on or withdrawn.
 */
export const LIVE_TRANSFER_FIRST_MESSAGE = "A live transfer is offered to you: answer it before your next dial.";

/**
 * 404 of POST /dials/auto: no lead can be dialled now (the browser shows 'leads.not_available'). `reasons`
 * counts the leads skipped per rule, `samples` gives one readable reason per rule (English), `sampleVerdicts`
 * the same reasons with their key and values so the browser words them in the agent's language, `blocked`
 * names a rule about the agent itself (operation hours, quota…) that stops every lead.
 */
export const NoLeadResponse = z.object({
  message: z.string(),
  reasons: z.record(z.string(), z.number().int()),
  samples: z.record(z.string(), z.string()),
  sampleVerdicts: z.record(z.string(), RuleVerdict).optional(),
  examined: z.number().int(),
  blocked: RuleVerdict.nullable(),
});
export type NoLeadResponse = z.infer<typeof NoLeadResponse>;

export const DialLeadBody = z.strictObject({ leadId: z.number().int().positive().max(2_147_483_647) });
/** A dial's refusals: the compliance gate's carry its reason key and values (ComplianceRefusal extends ErrorBody). */
const DIAL_REFUSALS = { 403: ErrorBody, 404: ErrorBody, 409: ComplianceRefusal, 422: ComplianceRefusal };

/** The auto-dial loop's dial of the agent's next lead: 404 says why no lead may be dialled now. */
export const autoDial = defineEndpoint({
  method: "POST",
  path: "/dials/auto",
  summary:
    "Auto-dial: the engine picks the caller's next lead (its due follow-ups first, then the pool), claims it and places the call. 201 {type, suffix, leadId, callId, dialNumber, followUpId, lead, data: {…same}}: type auto, or follow-up / callback for a due follow-up; suffix is the lead's marketing prefix and this dial's attempt number ('ISF #3'). 404 {message: 'No leads were found', reasons: {rule: skipped leads}, samples: {rule: a reason}, examined, blocked} when no lead may be dialled now (the browser shows 'leads.not_available'). 409 while the agent is not Ready ('Switch to READY to receive leads.'), on a call, or when the phone is unreachable, and for an advisor holding a live-transfer offer (the waiting lead comes first: the offers of transfers nobody holds are made before the dial); 403 when calling is disabled. Not in the specification: 503 with Retry-After (seconds) when the gateway already runs as many dials as it takes at once (DIALS_IN_FLIGHT): nothing was written, and the same request (its Idempotency-Key too) may be sent again after the delay. Takes an Idempotency-Key.",
  tags: ["dialer"],
  responses: { 201: DialResponse, ...DIAL_REFUSALS, 404: NoLeadResponse, 503: ErrorBody },
  idempotent: true,
});

/** Dials the agent's follow-up of a lead now (the user summary's follow-up row): a write that must not double. */
export const dialFollowUp = defineEndpoint({
  method: "POST",
  path: "/dials/follow-ups",
  summary:
    "Dials the caller's pending follow-up of this lead now (type follow-up, or callback for a Callback Scheduled one); same 201 as /dials/auto. Do Not Call, ownership, another agent's claim and the calling window still apply: 409 {message: reason, errors: {rule: [reason]}}. 404 without such a follow-up. Takes an Idempotency-Key.",
  tags: ["dialer"],
  body: DialLeadBody,
  responses: { 201: DialResponse, ...DIAL_REFUSALS },
  idempotent: true,
});

/** A qualifier dials a lead of its last dials again (the user summary's redial): a write that must not double. */
export const redialLead = defineEndpoint({
  method: "POST",
  path: "/dials/redials",
  summary:
    "Qualifier redial (only with the tenant feature qualifier-redial, else 403): dials the caller's own lead again with the previous call's type; same 201 as /dials/auto. Do Not Call, another agent's claim and the calling window (with its 24-hour caps) still apply: 409 with the reason. Takes an Idempotency-Key.",
  tags: ["dialer"],
  body: DialLeadBody,
  responses: { 201: DialResponse, ...DIAL_REFUSALS },
  idempotent: true,
});

// ---------------------------------------------------------------- explain

export const ExplainQuery = z.strictObject({
  agent: RecordId.optional(),
});
export const ExplainResponse = z.object({
  callable: z.boolean(),
  checkedAt: z.string(),
  leadId: z.number().int(),
  /** The agent the rules were checked for; null: only the lead's own rules were checked. */
  agentId: z.number().int().nullable(),
  rules: z.array(RuleVerdict),
});
export type ExplainResponse = z.infer<typeof ExplainResponse>;
/**
 * The explain answer as a browser reads it: a rule id it does not know yet is kept (`rule` any string), so a tab
 * opened before the gateway learnt a rule still shows the other verdicts, naming the new one by its id.
 */
export const ExplainAnswer = ExplainResponse.extend({
  rules: z.array(RuleVerdict.extend({ rule: z.union([DialerRule, z.string()]) })),
});
export type ExplainAnswer = z.infer<typeof ExplainAnswer>;

/** Why the engine would or would not dial the lead now (the lead explainer). */
export const explainLead = defineEndpoint({
  method: "GET",
  path: "/leads/:id/explain",
  summary:
    "Why the engine would or would not dial this lead now: every rule's verdict in the engine's order, from the same rules and facts as the engine. An agent asks for its own lead (for itself); a manager for any lead of the tenant, for the agent ?agent=<id> (without it, only the lead's own rules are checked).",
  tags: ["dialer"],
  params: idParam,
  query: ExplainQuery,
  responses: { 200: ExplainAnswer, 403: ErrorBody, 404: ErrorBody },
});

// ---------------------------------------------------------------- follow-ups, last dials, search

/** Follow-up type 3 shows as Engaged Opportunity, every other as Follow Up (agent-workspace §2). */
export const FOLLOW_UP_TYPES = { callback: 1, followUp: 2, engagedOpportunity: 3 } as const;

export const FollowUpItem = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  /** When the call is due (ISO). */
  startsAt: z.string(),
  /** When it was last dialled (ISO), null before. */
  startedAt: z.string().nullable(),
  /** Same as startsAt: the value the reschedule picker starts from. */
  dateTime: z.string(),
  /** The lead's name (the 'call name' column). */
  name: z.string(),
  notes: z.string().nullable(),
  /** The lead's state or province code. */
  state: z.string().nullable(),
  /** The lead's IANA zone: the row shows the client's own time beside the agent's (a booked meeting). */
  timezone: z.string().nullable(),
  type: z.number().int(),
  /** The disposition that asked for it (Callback Scheduled, Pocket…). */
  kind: z.string(),
  overdue: z.boolean(),
  /** The lead in the dashboard (settings 'dialer' dashboard-url), null when none is configured. */
  url: z.string().nullable(),
});
export type FollowUpItem = z.infer<typeof FollowUpItem>;

export const FollowUpsQuery = z.strictObject({
  limit: decimalInteger(1, 200).default(50),
  overdue: z.enum(["true", "false"]).transform((v) => v === "true").optional(),
});
export const FollowUpsResponse = z.object({
  data: z.array(FollowUpItem),
  meta: z.object({
    /** Pending follow-ups matching the filter (the tab's count badge; data is cut at limit). */
    total: z.number().int(),
    /** The caller's overdue follow-ups. */
    overdue: z.number().int(),
    /** Enforced follow-ups: while overdue ones exist the agent must dial or reschedule them first. */
    enforced: z.boolean(),
  }),
});
/** The agent's pending follow-ups (the user summary's tabs, overdue or not). */
export const listFollowUps = defineEndpoint({
  method: "GET",
  path: "/agents/follow-ups",
  summary:
    "The caller's pending follow-ups, earliest first: overdue=true only the overdue ones (their time plus the global follow-up-window has passed), overdue=false the others, none: all. meta: total (for the tab badge), overdue, enforced.",
  tags: ["dialer"],
  query: FollowUpsQuery,
  responses: { 200: FollowUpsResponse },
});
export const FollowUpByLeadResponse = z.object({ data: FollowUpItem.nullable() });

export const LastDialItem = z.object({
  id: z.number().int(),
  leadId: z.number().int().nullable(),
  startedAt: z.string(),
  dateTime: z.string(),
  /** The lead's first client (the 'name' column). */
  clientName: z.string(),
  /** The lead's name (the 'call name' column). */
  name: z.string(),
  /** Notes of the disposition recorded for this call. */
  notes: z.string().nullable(),
  state: z.string().nullable(),
  /** The lead's status now. */
  status: z.string().nullable(),
  url: z.string().nullable(),
});
export type LastDialItem = z.infer<typeof LastDialItem>;
export const LastDialsQuery = z.strictObject({ limit: decimalInteger(1, 100).default(10) });
export const LastDialsResponse = z.object({ data: z.array(LastDialItem) });
/** The agent's latest outbound calls (the user summary's Last dials tab). */
export const listLastDials = defineEndpoint({
  method: "GET",
  path: "/agents/last-dials",
  summary: "The caller's latest outbound calls with the lead, the disposition's notes and the lead's status now.",
  tags: ["dialer"],
  query: LastDialsQuery,
  responses: { 200: LastDialsResponse },
});

export const LeadSearchParams = z.strictObject({ text: z.string().trim().min(1).max(100) });
export const LeadSearchRow = z.object({
  id: z.number().int(),
  marketing_id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address: z.object({ state: z.string().nullable() }),
  status: z.string(),
});
export const LeadSearchResponse = z.object({ data: z.array(LeadSearchRow) });
/** The lead search ('My clients'; the lead explainer's lead field). */
export const searchLeads = defineEndpoint({
  method: "GET",
  path: "/leads/search/:text",
  summary:
    "Lead search ('My clients') by marketing id, phone, name or e-mail: the caller's own leads (managers: every lead of the tenant), at most 50 rows. 404 'No leads were found' when none (the browser shows 'clients.not_found').",
  tags: ["dialer"],
  params: LeadSearchParams,
  responses: { 200: LeadSearchResponse, 404: ErrorBody },
});

// ---------------------------------------------------------------- settings the engine reads

const HHMM = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, "Use HH:MM");
/** A day's 'from to' pair; a day whose from is not before its to is closed. */
export const DayHours = z.strictObject({ from: HHMM, to: HHMM });
/** Operation hours: Monday to Sunday, in the call centre's own time zone. */
export const OperationHours = z.strictObject({ days: z.array(DayHours).length(7) });
export type OperationHours = z.infer<typeof OperationHours>;

/** Saved numbers: whole and not negative. */
const Count = z.number().int().min(0).max(1_000_000);
/** As a screen sends them: negatives become 0 (admin-and-sign-in §5), fractions are rounded. */
const Clamped = z
  .number()
  .finite()
  .max(1_000_000)
  .transform((n) => Math.max(0, Math.round(n)));

/** Wait minutes before dial number n (index n-1) since the previous dial; the last repeats. */
export const DialingSequence = z.strictObject({ sequence: z.array(Count).max(50) });
export type DialingSequence = z.infer<typeof DialingSequence>;
export const DialingSequenceBody = z.strictObject({ sequence: z.array(Clamped).max(50) });

export const QUOTA_KINDS = ["dials", "meetings", "sales"] as const;
export const QuotaKind = z.enum(QUOTA_KINDS);
export type QuotaKind = z.infer<typeof QuotaKind>;
const QuotaRole = z.string().regex(/^[a-z-]{1,40}$/);
/** Per role: [hour, day, week, month]. The goals panel shows them as targets; dials also cap auto-dial. */
export const QuotaTable = z.record(QuotaRole, z.tuple([Count, Count, Count, Count]));
export type QuotaTable = z.infer<typeof QuotaTable>;
export const QuotaParams = z.strictObject({ params: QuotaTable });
export const QuotaParamsBody = z.strictObject({
  params: z.record(QuotaRole, z.tuple([Clamped, Clamped, Clamped, Clamped])),
});
export const QuotaKindParams = z.strictObject({ kind: QuotaKind });

/** Minimum lead dials per agent level (index 0 is level 1); a level past the list has no minimum. */
export const DialsPerLevel = z.strictObject({ params: z.array(Count).max(20) });
export type DialsPerLevel = z.infer<typeof DialsPerLevel>;
export const DialsPerLevelBody = z.strictObject({ params: z.array(Clamped).max(20) });

/**
 * Publisher suppression: how many agents of a role must stay available (Ready or after-call work) for
 * publishers' inbound calls before another agent of that role is given an outbound lead; a state or
 * province code raises that minimum for its leads. Keys: advisors, qualifiers, and lower-case region codes.
 */
export const PublisherSuppression = z.strictObject({
  params: z.record(z.string().regex(/^(advisors|qualifiers|[a-z]{2})$/), z.number().int().min(0).max(10_000)),
});
export type PublisherSuppression = z.infer<typeof PublisherSuppression>;

/** The dialer's own settings (not shown in the specification: GET/PUT /settings/dialer). */
export const DialerSettings = z.strictObject({
  /** Enforced follow-ups: agents with overdue follow-ups get only those until they are dialled or moved. */
  "enforced-follow-ups": z.boolean(),
  /**
   * Template of a lead's dashboard link: {id}, {marketing_id} and {crm_id} are replaced; "" for none. An http(s)
   * address or a path on this origin only (links.ts): it becomes every agent's link.
   */
  "dashboard-url": linkAddressOrNone(500),
});
export type DialerSettings = z.infer<typeof DialerSettings>;

export const CallableStatesBody = z.strictObject({
  /** Lower-case state or province codes; null: every state. */
  provinces: z.array(z.string().regex(/^[a-z]{2}$/)).max(80).nullable(),
});

/** Settings keys (one document per tenant each) and their defaults. */
export const DIALER_SETTING_KEYS = {
  operationHours: "operation-hours",
  dialingSequence: "dialing-sequence",
  dialsPerLevel: "agent-dials-per-level",
  publisherSuppression: "publisher-suppression",
  dialer: "dialer",
  quotas: (kind: QuotaKind) => `quotas:${kind}`,
} as const;

const weekday = { from: "08:00", to: "21:00" };
export const DEFAULT_OPERATION_HOURS: OperationHours = { days: Array.from({ length: 7 }, () => ({ ...weekday })) };
export const DEFAULT_DIALING_SEQUENCE: DialingSequence = { sequence: [0, 30, 120, 240, 1440] };
export const DEFAULT_DIALS_PER_LEVEL: DialsPerLevel = { params: [] };
export const DEFAULT_PUBLISHER_SUPPRESSION: PublisherSuppression = { params: { advisors: 0, qualifiers: 0 } };
export const DEFAULT_DIALER_SETTINGS: DialerSettings = { "enforced-follow-ups": false, "dashboard-url": "" };
/** The goals panel reads the same keys and these defaults as its targets. */
export const DEFAULT_QUOTAS: Record<QuotaKind, QuotaTable> = {
  dials: { qualifier: [60, 400, 2000, 8000], advisor: [15, 100, 500, 2000] },
  meetings: { qualifier: [1, 6, 30, 120], advisor: [1, 4, 20, 80] },
  sales: { qualifier: [0, 0, 0, 0], advisor: [1, 2, 10, 40] },
};

// ---------------------------------------------------------------- the settings pages' endpoints (settings module)

/** Operation hours (the Operation Hours page). */
export const { read: readOperationHours, save: saveOperationHours } = settingsDocumentEndpoints(
  "/settings/operation-hours",
  "Operation hours: {days: 7 × {from, to} 'HH:MM', Monday to Sunday} in the call centre's time zone; a day whose from is not before its to is closed.",
  OperationHours,
);
/** The dialing sequence (the Dialing Sequence page). */
export const { read: readDialingSequence, save: saveDialingSequence } = settingsDocumentEndpoints(
  "/settings/dialing-sequence",
  "Dialing sequence: {sequence: wait minutes before dial number n since the previous dial}; the last repeats; negatives become 0.",
  DialingSequence,
  DialingSequenceBody,
);
/** Minimum lead dials per agent level (the User Dials Per Level page; the users list's dials column). */
export const { read: readDialsPerLevel, save: saveDialsPerLevel } = settingsDocumentEndpoints(
  "/settings/agent-dials-per-level",
  "User dials per level: {params: minimum lead dials for level 1, 2, …}; negatives become 0.",
  DialsPerLevel,
  DialsPerLevelBody,
);
/** Publisher suppression (the Publisher Suppression page). */
export const { read: readPublisherSuppression, save: savePublisherSuppression } = settingsDocumentEndpoints(
  "/settings/publisher-suppression",
  "Publisher suppression: {params: {advisors, qualifiers, <state code>: minimum}}, how many agents of a role stay available for publishers' inbound calls before outbound leads are given (a state's number raises it for its leads); minimum 0.",
  PublisherSuppression,
);
/** The dialer's own settings (General Settings' dialer part). */
export const { read: readDialerSettings, save: saveDialerSettings } = settingsDocumentEndpoints(
  "/settings/dialer",
  "Not in the specification: the dialer's settings: enforced-follow-ups (agents with overdue follow-ups get only those) and dashboard-url (lead link template with {id}, {marketing_id}, {crm_id}; empty: no link).",
  DialerSettings,
);

/** The quotas of one kind (the User Quotas page reads and saves each of the three). */
export const readQuotas = defineEndpoint({
  method: "GET",
  path: "/settings/agents/quotas/:kind",
  summary:
    "Quotas of a kind (dials, meetings = live transfers, sales): {params: {role: [hour, day, week, month]}}. The goals panel shows them as targets; the dials quota also caps auto-dial (0: no cap).",
  tags: ["settings"],
  params: QuotaKindParams,
  responses: { 200: QuotaParams },
});
export const saveQuotas = defineEndpoint({
  method: "PUT",
  path: "/settings/agents/quotas/:kind",
  summary: "Saves the quotas of a kind: {params: {role: [hour, day, week, month]}}; negatives become 0. 204.",
  tags: ["settings"],
  params: QuotaKindParams,
  body: QuotaParamsBody,
  responses: { 204: z.null(), 422: ErrorBody },
});

/** An agent's callable states (the users list's Regions dialog). */
export const readCallableStates = defineEndpoint({
  method: "GET",
  path: "/settings/agents/:id/provinces",
  summary: "An agent's callable states: {provinces: lower-case codes, or null for every state}.",
  tags: ["settings"],
  params: idParam,
  responses: { 200: CallableStatesBody, 404: ErrorBody },
});
export const saveCallableStates = defineEndpoint({
  method: "PUT",
  path: "/settings/agents/:id/provinces",
  summary: "Sets an agent's callable states ({provinces: codes | null}); the dialer gives it leads of those only. 204.",
  tags: ["settings"],
  params: idParam,
  body: CallableStatesBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});
