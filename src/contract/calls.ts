// Calls on the wire (agent-workspace §3 Call state, §4 Call status / Hangup flow, §7 calls and socket events),
// shared by the browser and the gateway.
//
// The gateway owns the call: a dial is a request to the gateway (POST /leads/{leadId}/calls), which places
// the agent's leg first and then dials the lead through its PbxDriver; the browser's softphone only answers
// the agent leg (at once for a call the agent asked for). Every change of a call reaches the browser as one
// CallSnapshot: on the specification's socket events `incoming`, `answer` and `hangup`, and on `call` for
// everything else (ringing, hold, conference) and after a (re)connection.
import { z } from "zod";
import { ErrorBody } from "./common";
import { DispositionValue } from "./dispositions";
import { defineEndpoint } from "./endpoint";
import { RecordId } from "./ids";
import { LiveTransferAdvisor, LiveTransferState } from "./liveTransfers";
import { Extension } from "./status";

export const CALL_TYPES = ["auto", "inbound", "manual", "follow-up", "callback", "transfer"] as const;
export const CallType = z.enum(CALL_TYPES);
export type CallType = z.infer<typeof CallType>;

export const CALL_STATUSES = [
  "inactive",
  "dialing",
  "incoming",
  "answered",
  "not_answered",
  "ended",
] as const;
export const CallStatus = z.enum(CALL_STATUSES);
export type CallStatus = z.infer<typeof CallStatus>;

/** 0 outgoing, 1 incoming. */
export const Direction = z.union([z.literal(0), z.literal(1)]);
export type Direction = z.infer<typeof Direction>;

/** A number as typed or stored: digits with optional +, spaces, dots, dashes and brackets; the gateway normalises to E.164. */
export const DialNumber = z
  .string()
  .trim()
  .min(1, "phone is required")
  .max(32)
  .regex(/^\+?[0-9 ().-]+$/, "Invalid phone")
  .refine((s) => s.replace(/\D/g, "").length >= 3, "Invalid phone");

export const HangupCause = z.enum([
  "normal",
  "busy",
  "no-answer",
  "rejected",
  "unavailable",
  "failed",
  "canceled",
]);
export type HangupCause = z.infer<typeof HangupCause>;

/** Why a dial did not reach the lead: the alert 'notifications.originate_failure.{message}'. */
export const ORIGINATE_FAILURES = ["not_answered", "declined", "not_synced", "busy", "failed"] as const;
export const OriginateFailure = z.enum(ORIGINATE_FAILURES);
export type OriginateFailure = z.infer<typeof OriginateFailure>;

export const ConferenceState = z.enum(["initializing", "initialized", "merged", "hangedup", "inactive"]);

// ---------------------------------------------------------------- transfers (agent-workspace §4 External, Sunlife
// and Matcha transfers, Internal transfer; §2 transfers widget and third-party panel)

/** Who the lead is being sent to: an external target, a Sunlife agent, Matcha, a third party (the softphone's conference), a colleague, an advisor (live). */
export const TRANSFER_KINDS = ["external", "sunlife", "matcha", "third-party", "internal", "live"] as const;
export const TransferKind = z.enum(TRANSFER_KINDS);
export type TransferKind = z.infer<typeof TransferKind>;

/** The transfer's level, as the controls read it: 1 start, 2 join (the party is called, the lead on hold), 3 leave (everyone together). */
export const TransferLevel = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type TransferLevel = z.infer<typeof TransferLevel>;

/**
 * How the transfer ended or went back to level 1. completed: the agent left the lead with the party (or
 * handed the call to a colleague); kicked / destroyed: the agent's own control; no_answer, busy, failed: the
 * party was not reached; party_hung_up: the party left; lead_hung_up: the lead left (transfer cancelled, the
 * call ends, the disposition follows); agent_hung_up: the agent hung up before everyone was together.
 */
export const TRANSFER_OUTCOMES = [
  "completed",
  "kicked",
  "destroyed",
  "no_answer",
  "busy",
  "failed",
  "party_hung_up",
  "lead_hung_up",
  "agent_hung_up",
  "canceled",
] as const;
export const TransferOutcome = z.enum(TRANSFER_OUTCOMES);
export type TransferOutcome = z.infer<typeof TransferOutcome>;

/** What the agent is told when a transfer goes back to level 1 or ends (the browser may translate by outcome). */
export const TRANSFER_OUTCOME_MESSAGES: Record<TransferOutcome, string> = {
  completed: "The lead was transferred.",
  kicked: "The transfer party was removed from the call.",
  destroyed: "The transfer was ended for everyone.",
  no_answer: "The transfer target did not answer. The lead is still with you.",
  busy: "The transfer target is busy. The lead is still with you.",
  failed: "The transfer target could not be reached. The lead is still with you.",
  party_hung_up: "The transfer party hung up. The lead is still with you.",
  lead_hung_up: "The lead hung up: the transfer was cancelled.",
  agent_hung_up: "You hung up before the transfer was complete: the transfer was ended.",
  canceled: "The live transfer was cancelled. The lead is still with you.",
};

/** Refusals of the transfer controls (socket acks and HTTP 4xx), in clear English. */
export const TRANSFER_MESSAGES = {
  noCall: "There is no answered call to transfer.",
  busy: "A transfer or conference is already in progress on this call.",
  notAtLevel: "This transfer control is not available at the transfer's current level.",
  notThisTransfer: "No transfer of this kind to this number is in progress.",
  notAnswered: "The transfer target has not answered yet.",
  externalOff: "External transfers are turned off for your call centre.",
  notATarget: "This number is not one of your call centre's transfer targets.",
  internalTooSoon: "Wait 30 seconds between internal transfers.",
  internalTarget: "The agent to transfer to must be another agent of your call centre with an extension.",
  internalSelf: "You cannot transfer a lead to yourself.",
  internalInConference: "Finish the conference before transferring the call to a colleague.",
  noTransferLeg: "No transfer to this number is in progress on your call.",
} as const;

/** The disposition a transfer sets for the lead (agent-workspace §4): the browser presets it; saved: the gateway already stored it. */
export const TransferDisposition = z.object({
  disposition: DispositionValue,
  reason: z.string().nullable(),
  saved: z.boolean(),
});
export type TransferDisposition = z.infer<typeof TransferDisposition>;

/** The call's transfer (null: none was started on this call). */
export const TransferState = z.object({
  kind: TransferKind,
  level: TransferLevel,
  /** The number (or extension) transferred to. */
  party: z.string().nullable(),
  /** The target's name (an external target's, a Sunlife agent's, 'Matcha', the colleague's), when known. */
  name: z.string().nullable(),
  outcome: TransferOutcome.nullable(),
  /** TRANSFER_OUTCOME_MESSAGES[outcome], for the agent. */
  message: z.string().nullable(),
  disposition: TransferDisposition.nullable(),
  /** A live transfer's own state (kind "live"): looking for an advisor, done (one accepted), canceled. */
  live: z
    .object({
      transfer_id: z.number().int(),
      state: LiveTransferState,
      /** The advisor who accepted: the disposition's advisorExtension and advisorName. */
      advisor: LiveTransferAdvisor.nullable(),
      /** The advisor's leg answered: the qualifier may introduce the lead and leave. */
      joined: z.boolean(),
      /**
       * The qualifier's phone hung up before an advisor was on: the lead is on hold and the qualifier's phone
       * rings again (once, LIVE_TRANSFER_RING_BACK_MS) to take the call back.
       */
      ringing_back: z.boolean().optional(),
      started_at: z.string(),
    })
    .nullable()
    .optional(),
});
export type TransferState = z.infer<typeof TransferState>;

/** Ms an internal transfer stays refused after the previous one (agent-workspace §9 manual transfer disable). */
export const INTERNAL_TRANSFER_PAUSE_MS = 30_000;

/** How long the lead waits on hold for an agent whose phone dropped mid-call, unless configured (CALL_REJOIN_SECONDS). */
export const CALL_REJOIN_DEFAULT_SECONDS = 60;

export const CallRejoin = z.object({
  /** ISO instants: when the agent's phone dropped, and until when the lead waits. */
  since: z.string(),
  until: z.string(),
  ringing: z.boolean(),
  missed: z.boolean(),
});
export type CallRejoin = z.infer<typeof CallRejoin>;

/** Everything the workspace shows of the agent's current (or just ended) call. */
export const CallSnapshot = z.object({
  callId: z.number().int().positive(),
  leadId: z.number().int().positive().nullable(),
  phone: z.string(),
  /** The lead's name, or the caller's number when unknown. */
  name: z.string(),
  type: CallType,
  direction: Direction,
  status: CallStatus,
  bridged: z.boolean(),
  onHold: z.boolean(),
  /** ISO instants. */
  startedAt: z.string(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  cause: HangupCause.nullable(),
  /** The lead's status when the call began (voicemail detection stays out of some), null without a lead. */
  leadStatus: z.string().nullable(),
  /** Inbound: this agent's extension is the one configured for the 'Inbound Call Alert' popup. */
  inboundAlert: z.boolean(),
  conference: z.object({ state: ConferenceState, party: z.string().nullable() }).nullable(),
  /** The call's external, Sunlife, Matcha, third-party or internal transfer; absent from older gateways. */
  transfer: TransferState.nullable().optional(),
  /** The clip playing into the call (a disclosure's audio: the name the browser's audio-playback gave), or null. */
  playback: z.string().nullable().optional(),
  /**
   * Not in the specification (issue 38): the agent's phone dropped mid-call (a page reload, a browser crash, the
   * network). The lead waits on hold from `since` until `until` while the gateway rings the agent's phone back
   * as soon as it is back (`ringing`: it rings now, and answers by itself). Kept on the ended call with
   * `missed` when the agent did not come back in time: the lead heard a goodbye. Null (or absent) otherwise.
   */
  rejoin: CallRejoin.nullable().optional(),
});
export type CallSnapshot = z.infer<typeof CallSnapshot>;

// ---------------------------------------------------------------- HTTP

export const LeadIdParams = z.strictObject({ leadId: RecordId });
export const LeadCallParams = LeadIdParams.extend({
  callId: RecordId,
});

/** POST /leads/{leadId}/calls: places a call to the lead (direction 0), or records an inbound one (1). */
export const CreateCallBody = z.strictObject({
  phone: DialNumber,
  name: z.string().trim().max(191).optional(),
  direction: Direction,
  /** The extension of the agent placing the call; when given it must be the caller's own. */
  qualifier_extension: Extension.nullable().optional(),
  /** Not in the specification's payload: the dial action that placed it (default manual). */
  type: CallType.optional(),
});
export type CreateCallBody = z.input<typeof CreateCallBody>;
export const CreateCallResponse = z.object({
  callId: z.number().int(),
  data: z.object({ callId: z.number().int() }),
});

/**
 * PUT /leads/{leadId}/calls/{callId}: the hangup flow's update; 202 with the call's duration in seconds. The browser's
 * core sends its own fields (live_transfer) and those the enabled plugins' call states contribute (`defineCallState`):
 * extra_recording_index comes from the extra recordings plugin, and is absent where it is off (0 then: no extra
 * recording was made).
 */
export const UpdateCallBody = z.strictObject({
  extra_recording_index: z.number().int().min(0).max(1000).default(0),
  live_transfer: z.union([z.literal(0), z.literal(1)]).optional(),
});
export const UpdateCallResponse = z.object({
  duration: z.number().int().nonnegative(),
  data: z.object({ duration: z.number().int().nonnegative() }),
});

/**
 * POST /leads/{leadId}/transfers (the body is not shown in the specification): hands the lead to the colleague
 * `to` (a user id of the caller's call centre with an extension), 201. Takes an Idempotency-Key.
 */
export const InternalTransferBody = z.strictObject({ to: z.number().int().positive() });
export type InternalTransferBody = z.infer<typeof InternalTransferBody>;
export const InternalTransferResponse = z.object({
  data: z.object({
    lead_id: z.number().int(),
    to: z.number().int(),
    /** The Internal Transfer disposition the gateway stored for the lead. */
    disposition_id: z.number().int(),
    /** The agent's call with the lead was handed to the colleague's extension (false: no such call). */
    call_transferred: z.boolean(),
  }),
});/** Hands the lead to a colleague (the manual transfer's Internal Transfer): a write that must not double. */
export const transferLeadInternally = defineEndpoint({
  method: "POST",
  path: "/leads/:leadId/transfers",
  summary:
    "Internal transfer (the body is not shown in the specification): {to: user id}, a colleague of the caller's call centre (qualifier or advisor) with an extension, calling not disabled. The lead must be the caller's (404 another call centre's, 403 a colleague's; checked after the colleague, and after a retried Idempotency-Key, which answers the first result even though the lead is no longer the caller's). The lead takes the Internal Transfer disposition (stored by the gateway: nothing is left to dispose) and the colleague as its owner; when the caller is on an answered call with the lead, the call is blind-transferred to the colleague's extension and the caller's leg ends (after-call work). 201 {data: {lead_id, to, disposition_id, call_transferred}}. 422 {errors: {to}} for no such colleague or oneself; 409 during a conference or transfer on the call; 429 with Retry-After within 30 s of the caller's previous internal transfer. Takes an Idempotency-Key: a retry answers the first result.",
  tags: ["calls"],
  params: LeadIdParams,
  body: InternalTransferBody,
  responses: { 201: InternalTransferResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody },
  idempotent: true,
});


/** POST /transfer-hangups/{phone}: ends the transfer leg to {phone} on the caller's call, 201. */
export const TransferHangupParams = z.strictObject({
  phone: z.string().regex(/^\+?[0-9]{3,20}$/, "Invalid phone"),
});
export const TransferHangupResponse = z.object({ data: z.object({ ended: z.literal(true) }) });

/** Inbound calls shorter than this (seconds) are flagged shortCall (agent-workspace §9). */
export const SHORT_INBOUND_CALL_SECONDS = 80;

/** PUT /callback/originate-failure: the dial did not reach the lead; the lead goes back to the callback stack. */
export const OriginateFailureBody = z.strictObject({
  lead_id: z.number().int().positive(),
  call_id: z.number().int().positive().optional(),
  message: OriginateFailure,
});

/** GET /calls/current: the agent's call now (null when none), for a page that (re)loads mid-call. */
export const CurrentCallResponse = z.object({ data: CallSnapshot.nullable() });

/** GET /webrtc/credentials: short-lived SIP digest credentials for the agent's own softphone. */
export const WebRtcCredentials = z.object({
  username: z.string(),
  password: z.string(),
  realm: z.string(),
  /** sip:<extension>@<realm> */
  uri: z.string(),
  /** The SIP-over-WebSocket endpoint (ws:// on localhost, wss:// elsewhere). */
  ws_url: z.string(),
  expires_at: z.string(),
});
export const WebRtcCredentialsResponse = z.object({ data: WebRtcCredentials });
export type WebRtcCredentials = z.infer<typeof WebRtcCredentials>;
/** The signed-in agent's softphone credentials (the softphone, at start and before they expire). */
export const readWebRtcCredentials = defineEndpoint({
  method: "GET",
  path: "/webrtc/credentials",
  summary:
    "The caller's SIP credentials for its WebRTC softphone (JsSIP): {data: {username, password, realm, uri, ws_url, expires_at}}, valid 12 hours. Register with uri, authorization_user = username and password at ws_url (subprotocol sip). 404 when the account has no WebRTC softphone or no extension; 409 when the gateway has no SIP endpoint; 502 when the PBX (Asterisk) refuses the credentials the gateway pushes to it.",
  tags: ["telephony"],
  responses: { 200: WebRtcCredentialsResponse, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody },
});

// ---------------------------------------------------------------- socket pushes (gateway → agent)

export const OriginateFailurePush = z.object({
  callId: z.number().int(),
  leadId: z.number().int().nullable(),
  message: OriginateFailure,
});

export const VOICEMAIL_EVENTS = ["talk", "hangup", "AMD-Human-voice", "AMD-Machine-Vm-WA"] as const;
export const VoicemailEvent = z.enum(VOICEMAIL_EVENTS);
/** AMD on the agent's call (agent-workspace §4 Voicemail detection). */
export const VoicemailDetectionPush = z.object({
  callId: z.number().int(),
  leadId: z.number().int().nullable(),
  event: VoicemailEvent,
  channel: z.string(),
});

export const CallServerEvents = {
  incoming: CallSnapshot,
  answer: CallSnapshot,
  hangup: CallSnapshot,
  call: CallSnapshot,
  "originate-failure": OriginateFailurePush,
  "voicemail-detection": VoicemailDetectionPush,
} as const;

// ---------------------------------------------------------------- SIP

/** Headers on the INVITE of an agent leg (the gateway's edge or a real PBX sets them; the softphone reads them). */
export const SIP_HEADERS = {
  callId: "X-Dialer-Call-Id",
  leadId: "X-Dialer-Lead-Id",
  callType: "X-Dialer-Call-Type",
  /** "true" for a call the agent asked for (manual dial, auto dial): the softphone answers it at once. */
  autoAnswer: "X-Dialer-Auto-Answer",
  /**
   * Not in the specification (issue 38): on the agent's phone rung back into its call after it dropped (a page
   * reload), the milliseconds the call had been answered when it rang, so the softphone's timer goes on from
   * there instead of starting again.
   */
  talkedMs: "X-Dialer-Talked-Ms",
} as const;

/** The voicemail box feature code (agent-workspace §9). */
export const VOICEMAIL_SHORTCUT = "*97";
