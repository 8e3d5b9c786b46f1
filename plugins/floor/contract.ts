// The floor's wire shapes, shared by the wall (browser) and its gateway side: one row per agent of the call
// centre, the call centre's figures of the day, and the two pushes that keep the wall live without polling.
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { defineEndpoint } from "../../src/contract/endpoint";
import { idParam } from "../../src/contract/ids";
import {
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_MESSAGE_MIN,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPES,
} from "../../src/contract/notifications";
import { definePush } from "../../src/contract/push";
import { AgentStatus } from "../../src/contract/status";

/** An instant as the gateway writes it (ISO 8601, UTC). */
const isoInstant = z.string().datetime({ offset: true });

/** The agent's call in progress, as the wall shows it. */
export const FloorCall = z.object({
  call_id: z.number().int(),
  /** auto | inbound | manual | follow-up | callback | transfer */
  type: z.string(),
  /** 0 outgoing, 1 incoming */
  direction: z.number().int(),
  /** dialing | incoming | answered */
  status: z.string(),
  lead_id: z.number().int().nullable(),
  /** The lead's name, or null for a caller no lead is known for yet. */
  lead_name: z.string().nullable(),
  /** US state or Canadian province code of the lead (lower case), for its local time. */
  lead_state: z.string().nullable(),
  /** The lead's IANA zone, when the lead book has it. */
  lead_timezone: z.string().nullable(),
  started_at: isoInstant,
  answered_at: isoInstant.nullable(),
  /** A live transfer of this call is seeking an advisor or ringing one in. */
  in_transfer: z.boolean(),
  /**
   * The agent's phone dropped mid-call (a page reload, a browser crash) at this instant: the lead is on hold while
   * the agent's phone is rung back into the call. Null (or absent) otherwise.
   */
  phone_dropped_at: isoInstant.nullable().optional(),
});
export type FloorCall = z.infer<typeof FloorCall>;

/** What the agent did today (the call centre's day) against its daily quotas (0: no quota). */
export const FloorToday = z.object({
  calls: z.number().int(),
  talk_seconds: z.number().int(),
  dispositions: z.number().int(),
  bookings: z.number().int(),
  live_transfers: z.number().int(),
  dials_quota: z.number().int(),
  meetings_quota: z.number().int(),
});
export type FloorToday = z.infer<typeof FloorToday>;

export const FloorAgent = z.object({
  agent_id: z.number().int(),
  /** When the gateway read this row: a row read earlier than the one the wall has is stale and dropped. */
  as_of: isoInstant,
  name: z.string(),
  /** qualifier | advisor */
  role: z.string(),
  extension: z.string().nullable(),
  /** The manager whose team the agent is in (null: no team). */
  team_manager_id: z.number().int().nullable(),
  /** Names of the lead campaigns the agent dials. */
  campaigns: z.array(z.string()),
  status: AgentStatus,
  /** When the status began; with `offset_seconds` the wall counts its time from the gateway's clock. */
  since: isoInstant,
  /** Seconds already counted before `since` (a cumulative break resumes from today's earlier breaks). */
  offset_seconds: z.number().int(),
  /** The status's overstay limit in seconds (null: none). */
  overstay_limit: z.number().int().nullable(),
  /** The real-time viewer was told of an overstay of this period. */
  overstayed: z.boolean(),
  /** A manager disabled the agent's calling. */
  calling_disabled: z.boolean(),
  call: FloorCall.nullable(),
  today: FloorToday,
  last_disposition: z.object({ disposition: z.string(), at: isoInstant }).nullable(),
});
export type FloorAgent = z.infer<typeof FloorAgent>;

/** The call centre's figures of its day. */
export const FloorTotals = z.object({
  /** Answered calls today. */
  contacts: z.number().int(),
  /** Meetings booked today. */
  bookings: z.number().int(),
  inbound_offered: z.number().int(),
  /** Inbound callers who hung up before an agent answered. */
  inbound_abandoned: z.number().int(),
  /** When the longest-waiting inbound caller now waiting began to wait (null: nobody waits). */
  longest_wait_since: isoInstant.nullable(),
});
export type FloorTotals = z.infer<typeof FloorTotals>;

/** GET /floor: every agent of the caller's call centre with the figures of its day. */
export const FloorSnapshot = z.object({
  /** The gateway's clock when the snapshot was taken: the wall's timers tick from it, not from the PC's. */
  server_time: isoInstant,
  agents: z.array(FloorAgent),
  totals: FloorTotals,
});
export type FloorSnapshot = z.infer<typeof FloorSnapshot>;

/** GET /floor (managers and above, their own call centre). */
export const readFloor = defineEndpoint({
  method: "GET",
  path: "/floor",
  summary:
    "Not in the specification (issue 35): the floor wall of the caller's call centre: every qualifier and advisor with status, time in status, call in progress, today's figures against quotas and last disposition, and the call centre's figures of the day. Kept live by the floor-agent and floor-totals pushes.",
  tags: ["floor"],
  responses: { 200: FloorSnapshot },
});

/** What a manager writes to an agent: 10 to 100 characters once trimmed, as every notification. */
const AgentMessage = z
  .string({ error: NOTIFICATION_MESSAGES.required })
  .trim()
  .min(1, NOTIFICATION_MESSAGES.required)
  .min(NOTIFICATION_MESSAGE_MIN, NOTIFICATION_MESSAGES.tooShort)
  .max(NOTIFICATION_MESSAGE_MAX, NOTIFICATION_MESSAGES.tooLong);

export const SetOfflineBody = z.strictObject({
  /** Why, as the agent reads it: sent to the agent as a notification it confirms. */
  reason: AgentMessage,
});
export type SetOfflineBody = z.infer<typeof SetOfflineBody>;

/** POST /floor/agents/:id/offline: a manager sets an agent offline, telling it why. */
export const setAgentOffline = defineEndpoint({
  method: "POST",
  path: "/floor/agents/:id/offline",
  summary:
    "Not in the specification (issue 35): a manager sets an agent of its call centre offline from the floor; the reason reaches the agent as a notification it confirms. 204; 409 while the agent is on a call; 422 for a reason under 10 or over 100 characters.",
  tags: ["floor"],
  params: idParam,
  body: SetOfflineBody,
  responses: { 204: z.null(), 409: ErrorBody, 422: ErrorBody },
});

export const AgentNotificationBody = z.strictObject({
  message: AgentMessage,
  type: z.enum(NOTIFICATION_TYPES, { error: NOTIFICATION_MESSAGES.typeRequired }),
});
export type AgentNotificationBody = z.infer<typeof AgentNotificationBody>;

/** POST /floor/agents/:id/notifications: a message to one agent, kept until it confirms it. */
export const notifyAgent = defineEndpoint({
  method: "POST",
  path: "/floor/agents/:id/notifications",
  summary:
    "Not in the specification (issue 35): a manager's message to one agent of its call centre, kept until the agent confirms it. 201 {data: {id}}. Takes an Idempotency-Key: a retry answers the first message.",
  tags: ["floor"],
  params: idParam,
  body: AgentNotificationBody,
  idempotent: true,
  responses: { 201: z.object({ data: z.object({ id: z.number().int() }) }), 422: ErrorBody },
});

/** POST /floor/agents/:id/call-end: a manager ends an agent's call (a stuck one). */
export const endAgentCall = defineEndpoint({
  method: "POST",
  path: "/floor/agents/:id/call-end",
  summary:
    "Not in the specification (issue 35): a manager ends an agent's call from the floor: hung up at the PBX (ended), or an open call row no call is behind any more closed (closed; the agent then in after-call work). 200 {outcome}; 404 when the agent has no call in progress.",
  tags: ["floor"],
  params: idParam,
  responses: { 200: z.object({ outcome: z.enum(["ended", "closed"]) }), 404: ErrorBody },
});

/**
 * An agent's new status, pushed the moment the gateway stored it, from the change itself (no read): the wall
 * shows it at once, and the agent's whole row follows (`floor-agent`) once it is read.
 */
export const FloorStatus = FloorAgent.pick({
  agent_id: true,
  as_of: true,
  status: true,
  since: true,
  offset_seconds: true,
  overstay_limit: true,
});
export type FloorStatus = z.infer<typeof FloorStatus>;
export const floorStatusPush = definePush("floor-status", FloorStatus);

/** To the call centre's managers: an agent's row changed (status, call, counts). */
export const floorAgentPush = definePush("floor-agent", FloorAgent);
/** To the call centre's managers: the day's figures changed. */
export const floorTotalsPush = definePush("floor-totals", FloorTotals);
