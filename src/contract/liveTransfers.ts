// Live transfer (agent-workspace §4 Live transfer, §7 live-transfer calls and the "confirm live transfer"
// event, §9 constants; admin-and-sign-in §2 the advisors' live-transfer checkboxes). A qualifier with a lead
// on the line asks for an advisor (POST /live-transfers/{leadId}); the gateway offers the lead to advisors who
// may take it, best first; one accepts (POST /confirm-live-transfers/{leadId}) and is rung into the call; the
// qualifier introduces the lead and leaves (POST /transfer-answers/{leadId}); the lead, its record and its
// booking are the advisor's from then on, and the qualifier's disposition Live_Transfer is stored by the
// gateway in the same transaction (nothing to lose if the qualifier's page closes).
//
// Offering. With the tenant's auto-forward on (global settings `auto-forward-transfers:internal-enabled`
// and its delay in seconds), the offer goes to one advisor at a time and passes to the next after the delay;
// with it off, every advisor who may take the lead is offered it at once and the first to accept wins (the
// database arbitrates: the others are told it was taken). An advisor in after-call work, follow-up, restroom,
// meeting or offline is offered it with a desktop notification.
import { z } from "zod";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";
import { RecordId } from "./ids";
import { AgentStatus, Extension } from "./status";
import { keepPrintable } from "./text";

/** Agent availability poll while seeking, and the delay before Stop shows (agent-workspace §9). */
export const LIVE_TRANSFER_POLL_MS = 5_000;
export const LIVE_TRANSFER_STOP_DELAY_MS = 10_000;
/**
 * How long a qualifier waits for an advisor before being asked what to do (not in the specification, issue 33):
 * keep waiting (this long again), book the meeting instead, or stop. Asked sooner, from the Stop delay on, when
 * no advisor could take the lead at all.
 */
export const LIVE_TRANSFER_PATIENCE_MS = 60_000;
/**
 * How long the qualifier's phone rings when it is rung back (its own hangup during the search, the lead kept on
 * hold): unanswered, the attempt ends and so does the call, rather than a lead waiting on hold for nobody.
 */
export const LIVE_TRANSFER_RING_BACK_MS = 30_000;

/** The teams a qualifier can hand a lead to (agent-workspace §6: "live transfer to the advisors team"). */
export const LIVE_TRANSFER_TEAMS = ["advisors"] as const;

/** What the qualifier's widget shows (booking-and-reference §5): looking for advisor, then done or canceled. */
export const LIVE_TRANSFER_STATES = ["looking_for_advisor", "done", "canceled"] as const;
export const LiveTransferState = z.enum(LIVE_TRANSFER_STATES);
export type LiveTransferState = z.infer<typeof LiveTransferState>;

/**
 * POST /live-transfers/{leadId}. Notes go to the advisor with the offer: free text, trimmed, cleaned by the one
 * free-text sanitiser (text.ts) as the panel cleans them.
 */
export const StartLiveTransferBody = z.strictObject({
  notes: z
    .string()
    .trim()
    .max(2000)
    .transform((s) => keepPrintable(s).trim())
    .default(""),
  team: z.enum(LIVE_TRANSFER_TEAMS).default("advisors"),
});
export type StartLiveTransferBody = z.input<typeof StartLiveTransferBody>;

export const LiveTransferAdvisor = z.object({
  id: z.number().int(),
  name: z.string(),
  extension: z.string(),
});

/** A live transfer as the qualifier follows it (answers of POST /live-transfers, GET in the call snapshot). */
export const LiveTransfer = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  state: LiveTransferState,
  team: z.enum(LIVE_TRANSFER_TEAMS),
  notes: z.string(),
  /** The advisor who accepted (advisorExtension, advisorName of the disposition), null before. */
  advisor: LiveTransferAdvisor.nullable(),
  /** Advisors offered the lead so far. */
  offered: z.number().int(),
  started_at: z.string(),
});
export type LiveTransfer = z.infer<typeof LiveTransfer>;

export const LiveTransferResponse = z.object({ data: LiveTransfer });

/** POST /transfer-answers/{leadId}: the qualifier leaving the call it introduced (its extension, the lead's number). */
export const TransferAnswerBody = z.strictObject({
  qualifierExtension: Extension,
  phone: z.string().trim().min(3).max(32),
});

export const TransferAnswerResponse = z.object({
  data: z.object({
    lead_id: z.number().int(),
    advisor_id: z.number().int(),
    /** The qualifier's Live_Transfer disposition, stored with the handover. */
    disposition_id: z.number().int(),
  }),
});

export const ConfirmLiveTransferResponse = z.object({
  data: z.object({
    lead_id: z.number().int(),
    /** The advisor's own call with the lead (calls.id): its softphone rings and answers by itself. */
    call_id: z.number().int(),
  }),
});
/** The lead of a live transfer (calls.ts has the same LeadIdParams; it imports this module, so not from there). */
const LiveTransferParams = z.strictObject({ leadId: RecordId });

/** The qualifier asks for an advisor for the lead on its call (the live transfer's Start). */
export const startLiveTransfer = defineEndpoint({
  method: "POST",
  path: "/live-transfers/:leadId",
  summary:
    "The qualifier asks for an advisor for the lead on its answered call: 201 {data: {id, lead_id, state: 'looking_for_advisor', team, notes, advisor: null, offered, started_at}}. The gateway offers the lead (socket 'confirm-live-transfer') to the advisors who may take it: live transfers enabled, Ready (or notified on the desktop in after-call work, follow-up, restroom, meeting, offline), not on a call, licensed for the lead's state when the lead is about health insurance; one at a time with the tenant's auto-forward on (passed on after its delay), all at once otherwise. 409 without an answered call with this lead, with another transfer on the call, or when one is already under way; 422 'live_transfers.zip_state_requirements' when the lead's state is not known (validate the postal code first).",
  tags: ["transfers"],
  params: LiveTransferParams,
  body: StartLiveTransferBody,
  responses: { 201: LiveTransferResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
});

/** The qualifier stops looking for an advisor (Stop, or booking instead). */
export const stopLiveTransfer = defineEndpoint({
  method: "DELETE",
  path: "/live-transfers/:leadId",
  summary:
    "The qualifier stops looking for an advisor: 204; the offers are withdrawn and the call snapshot's transfer reads canceled ('live_transfers.canceled'). 409 when none is under way, or once an advisor accepted.",
  tags: ["transfers"],
  params: LiveTransferParams,
  responses: { 204: z.null(), 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
});

/** An advisor accepts the live transfer offered to it (the offer's Accept). */
export const confirmLiveTransfer = defineEndpoint({
  method: "POST",
  path: "/confirm-live-transfers/:leadId",
  summary:
    "An advisor accepts the live transfer offered to it: the first accept wins; the advisor's phone is rung into the qualifier's call (answering by itself) and the lead, its record and its booking open in the advisor's workspace. 201 {data: {lead_id, call_id}}. 409 'Another advisor already took this live transfer.', 'live_transfers.canceled' (stopped or ended), or while the advisor is on a call; 403 when it was not offered to the caller; 404 when no live transfer of the lead exists.",
  tags: ["transfers"],
  params: LiveTransferParams,
  responses: { 201: ConfirmLiveTransferResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
});

/** The advisor joined: the qualifier leaves the call, the lead with the advisor (the live transfer's Leave). */
export const answerLiveTransfer = defineEndpoint({
  method: "POST",
  path: "/transfer-answers/:leadId",
  summary:
    "The advisor is on the call and the qualifier introduced the lead: the qualifier leaves (asked by the qualifier or the advisor). In one transaction the qualifier's Live_Transfer disposition is stored and the lead becomes the advisor's; the lead and the advisor stay connected. 201 {data: {lead_id, advisor_id, disposition_id}}. 422 when qualifierExtension and phone are not the transfer's qualifier's extension and the lead's number; 409 before the advisor answered or without a live transfer; 403 for another agent.",
  tags: ["transfers"],
  params: LiveTransferParams,
  body: TransferAnswerBody,
  responses: { 201: TransferAnswerResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
});


/** PUT /agents/transfer-availability/{internal|external}: an advisor takes live transfers of that source. */
export const TRANSFER_SOURCES = ["internal", "external"] as const;
export const TransferAvailabilityParams = z.strictObject({ source: z.enum(TRANSFER_SOURCES) });
export const TransferAvailabilityBody = z.strictObject({
  /** The specification's 0 or 1 (admin-and-sign-in §7); true and false too. */
  value: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1),
  /** The advisor to set (managers and above); absent: the caller. */
  agent_id: z.number().int().positive().optional(),
});
/** The users list's live-transfer checkboxes on advisor rows. */
export const saveTransferAvailability = defineEndpoint({
  method: "PUT",
  path: "/agents/transfer-availability/:source",
  summary:
    "Whether an advisor takes live transfers from the call centre's own qualifiers (internal) or from partners (external): the users area's checkboxes on advisor rows. {value (0 or 1, or a boolean), agent_id?}: without agent_id the caller itself; managers and above name an advisor of their call centre. 204; 422 when the agent is not an advisor; 403 for another agent without the right.",
  tags: ["agents"],
  params: TransferAvailabilityParams,
  body: TransferAvailabilityBody,
  responses: { 204: z.null(), 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
});

// ---------------------------------------------------------------- the advisor's side (socket pushes)

/**
 * `confirm-live-transfer`, the specification's "confirm live transfer" (agent-workspace §7 socket events): a lead is offered to this advisor. The summary
 * is everything the advisor needs to accept without opening the lead (it is not theirs until they accept).
 */
export const LiveTransferOffer = z.object({
  transfer_id: z.number().int(),
  lead_id: z.number().int(),
  name: z.string(),
  /** Lower-case state or province code, null when unknown. */
  state: z.string().nullable(),
  city: z.string().nullable(),
  /** IANA zone of the lead, for its local time. */
  timezone: z.string().nullable(),
  /** Insurance types the qualifier recorded (booking so far). */
  insurance: z.array(z.string()),
  /** The lead is about health insurance: this advisor holds a licence for its state. */
  health: z.boolean(),
  language: z.string(),
  qualifier: z.object({ name: z.string(), extension: z.string() }),
  notes: z.string(),
  /** The advisor's status keeps them from being Ready: the browser raises a desktop notification. */
  notify: z.boolean(),
  /** When the offer passes to the next advisor (auto-forward), null when it waits for whoever accepts first. */
  expires_at: z.string().nullable(),
});
export type LiveTransferOffer = z.infer<typeof LiveTransferOffer>;

/** The offer is gone: another advisor took it, the qualifier stopped, the lead hung up, or it passed on. */
export const LIVE_TRANSFER_WITHDRAWN_REASONS = ["taken", "canceled", "passed", "lead_hung_up"] as const;
export const LiveTransferWithdrawn = z.object({
  transfer_id: z.number().int(),
  lead_id: z.number().int(),
  reason: z.enum(LIVE_TRANSFER_WITHDRAWN_REASONS),
});
export type LiveTransferWithdrawn = z.infer<typeof LiveTransferWithdrawn>;

export const LiveTransferServerEvents = {
  "confirm-live-transfer": LiveTransferOffer,
  "live-transfer-withdrawn": LiveTransferWithdrawn,
} as const;

/** Refusals of the live-transfer routes, in clear English (the browser words them by key where it has one). */
export const LIVE_TRANSFER_MESSAGES = {
  noCall: "There is no answered call with this lead to transfer.",
  /** The specification's key: the postal code was not validated and the state is not known. */
  zipStateRequirements: "live_transfers.zip_state_requirements",
  inProgress: "A live transfer of this lead is already in progress.",
  otherTransfer: "Another transfer is in progress on this call.",
  notInProgress: "No live transfer of this lead is in progress.",
  notOffered: "This live transfer was not offered to you.",
  taken: "Another advisor already took this live transfer.",
  /** The specification's key, for a transfer the qualifier stopped (or that ended) before it was accepted. */
  canceled: "live_transfers.canceled",
  onACall: "You are on a call: finish it before taking a live transfer.",
  noExtension: "You need an extension to take live transfers.",
  notJoined: "The advisor has not joined the call yet.",
  notYours: "This live transfer is not yours.",
  wrongParty: "qualifierExtension and phone must be the qualifier's extension and the lead's number on this transfer.",
  notAnAdvisor: "Only advisors take live transfers.",
} as const;

/** The statuses whose advisors are offered with a desktop notification (agent-workspace §4). */
export const NOTIFIED_STATUSES: readonly z.infer<typeof AgentStatus>[] = [
  "after_call_work",
  "follow_up",
  "restroom",
  "meeting",
  "offline",
];
