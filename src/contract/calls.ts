// Calls on the wire (agent-workspace §3 Call state, §4 Call status / Hangup flow, §7 calls and socket events),
// shared by the browser and the gateway.
//
// The gateway owns the call: a dial is a request to the gateway (POST /leads/{leadId}/calls), which places
// the agent's leg first and then dials the lead through its PbxDriver; the browser's softphone only answers
// the agent leg (at once for a call the agent asked for). Every change of a call reaches the browser as one
// CallSnapshot: on the specification's socket events `incoming`, `answer` and `hangup`, and on `call` for
// everything else (ringing, hold, conference) and after a (re)connection.
import { z } from "zod";
import { RecordId } from "./ids";
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

/** PUT /leads/{leadId}/calls/{callId}: the hangup flow's update; 202 with the call's duration in seconds. */
export const UpdateCallBody = z.strictObject({
  extra_recording_index: z.number().int().min(0).max(1000),
  live_transfer: z.union([z.literal(0), z.literal(1)]).optional(),
});
export const UpdateCallResponse = z.object({
  duration: z.number().int().nonnegative(),
  data: z.object({ duration: z.number().int().nonnegative() }),
});

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
} as const;

/** The voicemail box feature code (agent-workspace §9). */
export const VOICEMAIL_SHORTCUT = "*97";
