// Agent statuses on the wire (agent-workspace §4, booking-and-reference §4 and §9), shared by the browser
// and the gateway: the status names, who may choose which, the overstay limits and the status calls.
//
// Spelling. The wire carries only the status module's underscore spellings (`lunch_break`,
// `after_call_work`, `follow_up`, `on_a_call`, `not_synced`, `system_error`). The workspace's hyphen
// spellings (`lunch-break`, `after-call-work`, …) are display names only: `wireStatus()` maps one to the
// other (every hyphen becomes an underscore) and `workspaceSpelling()` goes back. The gateway refuses a
// hyphen spelling with 422 like any other unknown value, so the browser maps before it sends.
//
// Refusals. Every refusal of a status call answers `{ message, errors: { status: [text] } }` where
// `message` is an i18n key from STATUS_MESSAGE_KEYS (the browser translates it) and `errors.status` holds
// the English text, for logs and for clients that do not translate.
import { z } from "zod";
import { ErrorBody, type Variant } from "./common";
import { defineEndpoint } from "./endpoint";
import { decimalInteger, idParam } from "./ids";

export const AGENT_STATUSES = [
  "offline",
  "idle",
  "ready",
  "break",
  "lunch_break",
  "restroom",
  "after_call_work",
  "follow_up",
  "meeting",
  "admin",
  "coaching",
  "training",
  "on_a_call",
  "not_synced",
  "system_error",
] as const;
export const AgentStatus = z.enum(AGENT_STATUSES);
export type AgentStatus = z.infer<typeof AgentStatus>;

/** Only these count as active: the agent takes calls, and do-not-disturb is off. */
export const ACTIVE_STATUSES: readonly AgentStatus[] = ["ready", "idle"];
/** Set by the gateway (calls, origination failures, faults), never chosen by an agent. */
export const SYSTEM_STATUSES: readonly AgentStatus[] = ["on_a_call", "not_synced", "system_error"];
/** Roles that have timers and overstay limits. */
export const TIMED_ROLES = ["qualifier", "advisor"] as const;
export type TimedRole = (typeof TIMED_ROLES)[number];

export const isActiveStatus = (s: AgentStatus) => ACTIVE_STATUSES.includes(s);
export const isSystemStatus = (s: AgentStatus) => SYSTEM_STATUSES.includes(s);

/** `lunch-break` → `lunch_break`; undefined when the name is no status at all. */
export function wireStatus(name: string): AgentStatus | undefined {
  const parsed = AgentStatus.safeParse(name.trim().toLowerCase().replace(/-/g, "_"));
  return parsed.success ? parsed.data : undefined;
}

/** `lunch_break` → `lunch-break`, the workspace's spelling (system_error keeps its underscore there too). */
export function workspaceSpelling(status: AgentStatus): string {
  return status === "system_error" ? status : status.replace(/_/g, "-");
}

/**
 * The statuses an agent may choose in the selector, filtered by role and variant: idle and follow-up are
 * advisors' only, admin is SLICA's only, system statuses are nobody's. Offline is always offered.
 */
export function selectableStatuses(role: string, variant: Variant): AgentStatus[] {
  return AGENT_STATUSES.filter((s) => {
    if (isSystemStatus(s)) return false;
    if ((s === "idle" || s === "follow_up") && role !== "advisor") return false;
    if (s === "admin" && variant !== "slica") return false;
    return true;
  });
}

// ---------------------------------------------------------------- overstay limits (§9)

export interface OverstayLimit {
  /** Seconds in the status after which the agent is told it overstayed. */
  seconds: number;
  /** Extra seconds before the real-time viewer (managers' feed) is told; 0 for after-call-work. */
  graceSeconds: number;
  /** The limit counts every period of this status today together (breaks). */
  cumulative: boolean;
}

export const RTV_GRACE_SECONDS = 45;

/**
 * Overstay limits in seconds, per role (booking-and-reference §9, agent-workspace §9). Breaks are cumulative
 * for qualifiers, and for advisors only when the tenant's feature `cumulative-breaks` is on (then 1800 s a
 * day instead of 900 s per break). not_synced has a zero limit: the specification sends an overstay
 * notification as soon as an origination fails with not_synced (agent-workspace §8).
 */
export function overstayLimit(role: string, status: AgentStatus, cumulativeBreaks = false): OverstayLimit | undefined {
  const table: Partial<Record<AgentStatus, number>> | undefined =
    role === "qualifier"
      ? { break: 1800, after_call_work: 60, meeting: 1800, admin: 900, coaching: 1800, not_synced: 0 }
      : role === "advisor"
        ? { break: cumulativeBreaks ? 1800 : 900, lunch_break: 3600, after_call_work: 120, meeting: 1800, admin: 900, coaching: 1800, not_synced: 0 }
        : undefined;
  const seconds = table?.[status];
  if (seconds === undefined) return undefined;
  const noGrace = status === "after_call_work" || status === "not_synced";
  return {
    seconds,
    graceSeconds: noGrace ? 0 : RTV_GRACE_SECONDS,
    cumulative: status === "break" && (role === "qualifier" || cumulativeBreaks),
  };
}

/** Advisors' daily allowance (booking-and-reference §6): two 15-minute breaks, one 60-minute lunch. */
export const ADVISOR_ALLOWANCE = { breaks: 2, lunches: 1, cumulativeBreakSeconds: 1800 } as const;

/** The message key of an overstay notice: users.overstayed.<role>.<status>. */
export const overstayMessageKey = (role: string, status: AgentStatus) => `users.overstayed.${role}.${status}`;

// ---------------------------------------------------------------- messages

/** i18n keys sent in `message` of a refused status call, with the English text sent in `errors.status`. */
export const STATUS_MESSAGE_KEYS = {
  "advisor.noBreak": "Advisors may not take more than two 15-minute breaks a day.",
  "advisor.noLunchBreak": "Advisors may not take more than one 60-minute lunch break a day.",
  "status.notAllowed": "This status is not available to you.",
  "status.systemOnly": "This status is set by the dialer, not chosen.",
  "status.deactivated": "A manager disabled calling for your extension",
  "status.onACall": "Finish the call before changing status.",
  "overstay.notOverstayed": "You have not overstayed this status.",
  "extension.notYours": "This is not your extension.",
} as const;
export type StatusMessageKey = keyof typeof STATUS_MESSAGE_KEYS;

// ---------------------------------------------------------------- calls

/** POST /agent-statuses */
export const ChangeStatusRequest = z.strictObject({ status: AgentStatus });
export type ChangeStatusRequest = z.infer<typeof ChangeStatusRequest>;

/**
 * 201 of POST /agent-statuses. `duration` is the whole seconds already spent in the status: 0 for a new
 * status; re-posting the current status keeps counting from when it began; a cumulative break resumes
 * from the seconds of break already taken today (so the timer and the overstay limit agree).
 */
export const ChangeStatusResponse = z.object({
  data: z.object({ status: AgentStatus, duration: z.number().int().nonnegative() }),
});
export type ChangeStatusResponse = z.infer<typeof ChangeStatusResponse>;

const isoInstant = z.string();

/** The call the agent is on (or dialing), from the gateway's call rows; null when none. */
export const CurrentCall = z.object({
  call_id: z.number().int(),
  lead_id: z.number().int().nullable(),
  phone: z.string(),
  type: z.string(),
  direction: z.number().int(),
  status: z.string(),
  started_at: isoInstant,
});
export type CurrentCall = z.infer<typeof CurrentCall>;

export const OverstayState = z.object({
  limit: z.number().int(),
  grace: z.number().int(),
  cumulative: z.boolean(),
  /** When the agent was told (null until then). */
  agent_notified_at: isoInstant.nullable(),
  /** When the real-time viewer was told (null until then). */
  rtv_notified_at: isoInstant.nullable(),
});

/**
 * GET /agents/me/status: everything the workspace needs to re-sync after a reconnect or a reload: status,
 * since, duration (seconds, counted like the 201 of POST /agent-statuses), the statuses it may choose,
 * today's allowance, the overstay limit of the current status, the current call and the auto-ready
 * thresholds (seconds; null without has_auto_ready).
 */
export const AgentStatusSnapshot = z.object({
  status: AgentStatus,
  since: isoInstant,
  duration: z.number().int().nonnegative(),
  active: z.boolean(),
  deactivated: z.boolean(),
  selectable: z.array(AgentStatus),
  overstay: OverstayState.nullable(),
  allowance: z.object({
    breaks_taken: z.number().int(),
    /** null when unlimited (qualifiers, or advisors with cumulative breaks) */
    breaks_max: z.number().int().nullable(),
    break_seconds_today: z.number().int(),
    lunches_taken: z.number().int(),
    lunches_max: z.number().int().nullable(),
    cumulative_breaks: z.boolean(),
  }),
  call: CurrentCall.nullable(),
  auto_ready: z
    .object({ follow_up: z.number(), after_call_work: z.number(), meeting: z.number(), coaching: z.number() })
    .nullable(),
  server_time: isoInstant,
});
export type AgentStatusSnapshot = z.infer<typeof AgentStatusSnapshot>;
export const AgentStatusSnapshotResponse = z.object({ data: AgentStatusSnapshot });

/** One row of GET /agent-statuses (managers): the tenant's agents as the real-time viewer shows them. */
export const AgentStatusRow = z.object({
  agent_id: z.number().int(),
  name: z.string(),
  role: z.string(),
  extension: z.string().nullable(),
  status: AgentStatus,
  since: isoInstant,
  duration: z.number().int().nonnegative(),
  deactivated: z.boolean(),
  overstayed: z.boolean(),
});
export type AgentStatusRow = z.infer<typeof AgentStatusRow>;
export const AgentStatusList = z.object({ data: z.array(AgentStatusRow) });

/** POST /overstayed-status and POST /overstayed-status-notify-RTV: the status the browser saw overstayed. */
export const OverstayReport = z.strictObject({ status: AgentStatus });

/** An overstay: one per status period, on the managers' feed once the real-time viewer was told. */
export const Overstay = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  agent_name: z.string(),
  extension: z.string().nullable(),
  role: z.string(),
  status: AgentStatus,
  /** users.overstayed.<role>.<status> */
  message: z.string(),
  limit: z.number().int(),
  grace: z.number().int(),
  started_at: isoInstant,
  agent_notified_at: isoInstant.nullable(),
  rtv_notified_at: isoInstant.nullable(),
  /** When the status period ended (null while the agent is still in it). */
  ended_at: isoInstant.nullable(),
});
export type Overstay = z.infer<typeof Overstay>;
export const OverstayResponse = z.object({ data: Overstay });
export const OverstayFeed = z.object({ data: z.array(Overstay) });
export const OverstayFeedQuery = z.strictObject({ limit: decimalInteger(1, 200).default(50) });
/** The managers' feed of overstays (the overstays plugin's panel), kept live by the overstay-feed push. */
export const listOverstays = defineEndpoint({
  method: "GET",
  path: "/overstays",
  summary:
    "Managers' feed: overstays of the tenant's agents that reached the real-time viewer, newest first (?limit, default 50, at most 200).",
  tags: ["statuses"],
  query: OverstayFeedQuery,
  responses: { 200: OverstayFeed },
});

/** PATCH /agents/:id/calling-statuses: no body (or no `deactivated`) toggles; a value sets it (safe to retry). */
export const CallingStatusRequest = z.strictObject({ deactivated: z.boolean().optional() }).nullish();
/** A manager disables or re-enables an agent's calling (the users list's Tools dialog). */
export const setCallingStatus = defineEndpoint({
  method: "PATCH",
  path: "/agents/:id/calling-statuses",
  summary:
    "Managers: disables or re-enables an agent's calling. Without a body it toggles; {deactivated} sets it. 204. The agent is told at once over the socket ('A manager disabled calling for your extension') and forced offline if it was active.",
  tags: ["statuses"],
  params: idParam,
  body: CallingStatusRequest,
  responses: { 204: z.null(), 403: ErrorBody, 422: ErrorBody },
});

/** PUT /extensions/parameters/:parameter — only 'dnd'. `active: true` turns do-not-disturb on. */
export const EXTENSION_PARAMETERS = ["dnd"] as const;
export const ExtensionParameterParams = z.strictObject({ parameter: z.enum(EXTENSION_PARAMETERS) });
export const Extension = z.string().regex(/^[0-9]{3,6}$/, "Invalid extension format");
export const ExtensionParameterRequest = z.strictObject({ active: z.boolean(), extension: Extension });
