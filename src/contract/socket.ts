// The realtime socket (agent-workspace §7): socket.io at /socket.io on the gateway's own origin. Every core
// event in either direction has one zod schema here; the gateway parses what the browser sends, the browser
// parses what the gateway pushes. A plugin's own events are declared in its contract.ts, with the same
// guarantees: pushes with `definePush` (src/contract/push.ts), client events with `defineClientEvent`
// (src/contract/clientEvent.ts; the transfers plugin's sunlife-* and matcha-*).
//
// Handshake: `io({ path: SOCKET_PATH, auth: (cb) => cb({ token: <current access token>, reconnect }) })`.
// The HttpOnly fingerprint cookie travels with the handshake request (same origin). Pass `auth` as a
// function so every reconnection sends the latest rotated token. `reconnect: true` tells the gateway that
// this page was already connected (a reconnection after a drop): the agent's status is then kept; a first
// connection of a page sets the agent offline with do-not-disturb on (agent-workspace §4).
//
// Client events carry one object payload and may end with an ack callback; the ack always answers
// SocketAck. A refused event (malformed, not the caller's extension, unknown, too many) is answered by an
// error ack, or by an `event-refused` push when no ack was given. Nothing a client sends ends the gateway.
import { z } from "zod";
import { CallServerEvents } from "./calls";
import { LiveTransferServerEvents } from "./liveTransfers";
import { AgentNotification } from "./notificationPush";
import { TenantFeaturesChangedPush } from "./pluginSettings";
import { AgentStatus, Extension, Overstay } from "./status";

export const SOCKET_PATH = "/socket.io";

export const HandshakeAuth = z.object({
  token: z.string().min(1).max(4096),
  reconnect: z.boolean().optional(),
});
export type HandshakeAuth = z.infer<typeof HandshakeAuth>;

/** `connect_error` data when the handshake is refused: the browser signs in again. */
export const HandshakeRefusal = z.object({ reason: z.enum(["unauthenticated"]) });

export const SOCKET_MESSAGES = {
  duplicateTab: "The Dialer is already open in another tab. Please close this tab!",
  callingDisabled: "A manager disabled calling for your extension",
  phoneDisconnected: "Your phone is disconnected, please refresh the dialer and retry",
  briaClosed: "Bria is closed or inactive",
} as const;

// ---------------------------------------------------------------- client → gateway

/** A number a client event names (a transfer's party): the core's and the plugins' events check it alike. */
export const SocketPhone = z.string().regex(/^\+?[0-9*#]{3,20}$/, "Invalid phone");
const WithExtension = z.strictObject({ extension: Extension });
const ExtensionAndPhone = z.strictObject({ extension: Extension, phone: SocketPhone });
/** No payload: nothing, `undefined` (sent as null: socket.io frames are JSON) or an empty object. */
const Nothing = z.union([z.undefined(), z.null(), z.strictObject({})]);

const conferenceControl = ["start", "join", "leave", "kick", "destroy"] as const;
const named = <P extends string, K extends string, S extends z.ZodType>(
  prefix: P,
  kinds: readonly K[],
  schema: S,
) => Object.fromEntries(kinds.map((k) => [`${prefix}-${k}`, schema])) as Record<`${P}-${K}`, S>;

export const ClientEvents = {
  hello: z.strictObject({ extension: Extension.nullable(), hasWebRtc: z.boolean() }),
  goodbye: Nothing,
  /** Keeps the socket's session check fresh and measures the round trip; the ack carries the gateway time. */
  heartbeat: z.union([Nothing, z.strictObject({ at: z.number().optional() })]),
  checkExtensionAvailability: WithExtension,
  showHostname: WithExtension,
  hangup: z.strictObject({ extension: Extension, channel: z.string().max(200).optional() }),
  "audio-playback": z.strictObject({
    extension: Extension,
    operation: z.enum(["play", "stop"]),
    file: z.string().min(1).max(200),
  }),
  "internal-transfer": z.strictObject({ from: Extension, to: Extension, phone: SocketPhone }),
  "third-party-kick": ExtensionAndPhone,
  "third-party-leave": ExtensionAndPhone,
  "third-party-destroy": ExtensionAndPhone,
  ...named("external-transfer", conferenceControl, ExtensionAndPhone),
  "external-transfer-dtmf": z.strictObject({ extension: Extension, digit: z.string().regex(/^[0-9*#]$/) }),
  initializeConference: z.strictObject({ extension: Extension, phone: SocketPhone.optional() }),
  mergeConference: WithExtension,
  swapConferenceMember: WithExtension,
  kickSecondParty: WithExtension,
  hangupConference: WithExtension,
} as const;
// The core's own events only: a plugin declares its events in its contract.ts (`defineClientEvent`,
// src/contract/clientEvent.ts) and answers them on its gateway side (`ctx.realtime.onClientEvent`).
export type ClientEventName = keyof typeof ClientEvents;
export const CLIENT_EVENT_NAMES = Object.keys(ClientEvents) as ClientEventName[];

/** The core's transfer controls a panel sends for the agent (agent-workspace §7): external, third party. */
export type TransferEventName = Extract<ClientEventName, `external-transfer-${string}` | `third-party-${string}`>;
/** A transfer control's payload without the agent's own extension, which the core fills in. */
export type TransferFields<E extends TransferEventName> = Omit<
  z.input<(typeof ClientEvents)[E]>,
  "extension"
>;

export const AckError = z.enum([
  "invalid_payload",
  "forbidden",
  "unauthenticated",
  "unsupported",
  "rate_limited",
  "unknown_event",
  "server_error",
]);
export type AckError = z.infer<typeof AckError>;

export const SocketAck = z.union([
  z.object({ ok: z.literal(true), data: z.unknown().optional() }),
  z.object({ ok: z.literal(false), error: AckError, message: z.string().optional() }),
]);
export type SocketAck = z.infer<typeof SocketAck>;

/** Why an extension cannot take calls now. */
export const UnavailableReason = z.enum(["not_registered", "closed", "unknown"]);

/** Ack data of checkExtensionAvailability, also pushed as `extensionAvailability`. */
export const ExtensionAvailability = z.object({
  extension: z.string(),
  available: z.boolean(),
  /** webrtc: the browser softphone; external: a desk phone such as Bria. */
  via: z.enum(["webrtc", "external"]).nullable(),
  reason: UnavailableReason.nullable(),
  /** The specification's text for the browser to show when unavailable. */
  message: z.string().nullable(),
});
export type ExtensionAvailability = z.infer<typeof ExtensionAvailability>;

export const HeartbeatAckData = z.object({ at: z.number() });
/** The host the agent's softphone registered from; null when unknown (no live registration here). */
export const Hostname = z.object({ extension: z.string(), hostname: z.string().nullable() });

// ---------------------------------------------------------------- gateway → client

export const StatusSource = z.enum(["agent", "system", "manager"]);
export type StatusSource = z.infer<typeof StatusSource>;

/** The agent's own status changed (by itself in another request, by the gateway, or by a manager). */
export const StatusPush = z.object({
  status: AgentStatus,
  since: z.string(),
  duration: z.number().int().nonnegative(),
  active: z.boolean(),
  source: StatusSource,
});
export type StatusPush = z.infer<typeof StatusPush>;

/** To managers: an agent of their tenant changed status or calling status. */
export const AgentStatusPush = z.object({
  agent_id: z.number().int(),
  status: AgentStatus,
  since: z.string(),
  source: StatusSource,
  deactivated: z.boolean(),
});

export const CallingStatusPush = z.object({
  deactivated: z.boolean(),
  /** 'A manager disabled calling for your extension' when deactivated; null when calling is back. */
  message: z.string().nullable(),
});

/** To the agent: it overstayed its status (message key users.overstayed.<role>.<status>). */
export const OverstayPush = z.object({
  id: z.number().int(),
  status: AgentStatus,
  role: z.string(),
  message: z.string(),
  limit: z.number().int(),
  duration: z.number().int(),
});

export const SessionEndedPush = z.object({ reason: z.string() });
export const DuplicateTabPush = z.object({ message: z.string() });
export const EventRefusedPush = z.object({
  event: z.string(),
  error: AckError,
  message: z.string().optional(),
});

/**
 * To the agent (a manager's tool, POST /agents/{id}/frontend-repairs): re-read account, status, tenant
 * features and layout from the gateway and reload the plugins; a page on a call waits for the call to end.
 */
export const RepairPush = z.object({ by: z.number().int() });
/** To the agent (POST /agents/{id}/reset-sockets): the gateway closes this socket next; connect again. */
export const SocketResetPush = z.object({ by: z.number().int() });
/** To an agent whose pending follow-ups changed elsewhere (a manager redistributed them): read them again. */
export const FollowUpsChangedPush = z.object({ reason: z.enum(["redistributed"]) });

export const ServerEvents = {
  status: StatusPush,
  /** To the call centre's agents: an admin turned plugins or features on or off (the workspace reloads them). */
  "tenant-features": TenantFeaturesChangedPush,
  repair: RepairPush,
  "socket-reset": SocketResetPush,
  "follow-ups-changed": FollowUpsChangedPush,
  "agent-status": AgentStatusPush,
  "calling-status": CallingStatusPush,
  overstay: OverstayPush,
  /** To managers (room managers:<tenant>): the real-time viewer's notice, after the grace. */
  "overstay-feed": Overstay,
  "session-ended": SessionEndedPush,
  "duplicate-tab": DuplicateTabPush,
  extensionAvailability: ExtensionAvailability,
  hostname: Hostname,
  "event-refused": EventRefusedPush,
  /** The agent's calls: incoming, answer, hangup (the specification's), call, originate-failure, voicemail-detection. */
  ...CallServerEvents,
  /** To advisors: a live transfer offered (confirm-live-transfer) or withdrawn. */
  ...LiveTransferServerEvents,
  /** To each agent it reaches (room agent:<id>): a manager's notification (POST /notifications). */
  notification: AgentNotification,
} as const;
export type ServerEventName = keyof typeof ServerEvents;
export type ServerPayload<E extends ServerEventName> = z.input<(typeof ServerEvents)[E]>;

/** socket.io's typed-events maps, for `Server<ClientToServer, ServerToClient>` and `Socket<ServerToClient, ClientToServer>`. */
export type ServerToClient = { [E in ServerEventName]: (payload: ServerPayload<E>) => void };
export type ClientToServer = {
  [E in ClientEventName]: (
    payload: z.input<(typeof ClientEvents)[E]>,
    ack?: (reply: SocketAck) => void,
  ) => void;
};
