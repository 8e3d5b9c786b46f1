// Supervision's wire contract (issue 35, part 3): a manager's phone on an agent's answered call — listening
// (monitor), coaching the agent (whisper) or joining the conversation (barge) — its audit trail, and the call
// centre's one setting: whether an agent sees that its call is supervised. Shared by the browser and the gateway.
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { defineEndpoint } from "../../src/contract/endpoint";
import { idParam } from "../../src/contract/ids";
import { definePush } from "../../src/contract/push";

const isoInstant = z.string().datetime({ offset: true });

/** VICIdial's MONITOR / WHISPER / BARGE: who hears the manager (nobody, the agent, both). */
export const SUPERVISION_MODES = ["monitor", "whisper", "barge"] as const;
export const SupervisionMode = z.enum(SUPERVISION_MODES, { error: "mode must be monitor, whisper or barge" });
export type SupervisionMode = z.infer<typeof SupervisionMode>;

/**
 * How a supervision ended: the manager left (the Leave button, its phone hung up or its page closed), the call
 * ended, or the manager's phone never answered (not registered, or declined).
 */
export const SupervisionEnd = z.enum(["left", "call_ended", "unanswered"]);
export type SupervisionEnd = z.infer<typeof SupervisionEnd>;

/** One supervision as it stands: ringing the manager's phone, live, or over. */
export const Supervision = z.object({
  id: z.number().int(),
  manager_id: z.number().int(),
  manager_name: z.string(),
  agent_id: z.number().int(),
  agent_name: z.string(),
  /** The agent's call (calls.id). */
  call_id: z.number().int(),
  mode: SupervisionMode,
  /** ringing: the manager's phone is being rung; live: it answered; ended. */
  state: z.enum(["ringing", "live", "ended"]),
  started_at: isoInstant,
  /** When the manager's phone answered (null: not yet, or never). */
  answered_at: isoInstant.nullable(),
  ended_at: isoInstant.nullable(),
  end_reason: SupervisionEnd.nullable(),
});
export type Supervision = z.infer<typeof Supervision>;

/** One mode of a supervision, from when it was chosen. */
export const ModeSpan = z.object({ mode: SupervisionMode, at: isoInstant });

/** A row of the audit trail: who supervised whom, on which call, when, in which modes and for how long. */
export const SupervisionAudit = Supervision.extend({
  modes: z.array(ModeSpan),
  /** Seconds from the manager's phone answering to the end (null while live, or never answered). */
  duration_seconds: z.number().int().nullable(),
});
export type SupervisionAudit = z.infer<typeof SupervisionAudit>;

export const SuperviseBody = z.strictObject({ mode: SupervisionMode });

/** PUT /supervision/agents/:id: start supervising an agent's call, or change the mode of the supervision. */
export const superviseAgent = defineEndpoint({
  method: "PUT",
  path: "/supervision/agents/:id",
  summary:
    "Not in the specification (issue 35): the caller (a manager, its own call centre's agent) listens to the agent's answered call (monitor), coaches the agent (whisper) or joins the conversation (barge). The manager's softphone is rung and answers by itself; called again with another mode, the same phone leg changes mode; a manager supervising another agent leaves that one first. 200 {data: supervision}; 404 when the agent has no answered call; 409 when the caller has no softphone extension; 422 for a mode other than monitor, whisper or barge.",
  tags: ["supervision"],
  params: idParam,
  body: SuperviseBody,
  responses: { 200: z.object({ data: Supervision }), 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
});

/** DELETE /supervision/agents/:id: the manager leaves; the call goes on. */
export const leaveSupervision = defineEndpoint({
  method: "DELETE",
  path: "/supervision/agents/:id",
  summary:
    "Not in the specification (issue 35): the caller stops supervising the agent's call (its phone leg hangs up; the call goes on). 204; 404 when the caller supervises no call of this agent.",
  tags: ["supervision"],
  params: idParam,
  responses: { 204: z.null(), 404: ErrorBody },
});

/** GET /supervision/live: the call centre's supervisions under way (the wall's "being supervised"). */
export const readLiveSupervisions = defineEndpoint({
  method: "GET",
  path: "/supervision/live",
  summary:
    "Not in the specification (issue 35): the supervisions under way in the caller's call centre (ringing or live), for the floor's wall and the manager's own supervision bar. Managers and above.",
  tags: ["supervision"],
  responses: { 200: z.object({ data: z.array(Supervision) }) },
});

export const AuditQuery = z.strictObject({
  /** 1-based page of 50 rows, newest first. */
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const AUDIT_PAGE_SIZE = 50;

/** GET /supervision/audit: the audit trail (admins). */
export const readSupervisionAudit = defineEndpoint({
  method: "GET",
  path: "/supervision/audit",
  summary:
    "Not in the specification (issue 35): the caller's call centre's supervisions, newest first, 50 a page: manager, agent, call, start, end and how it ended, each mode with when it began, and the time listened. Admins and above.",
  tags: ["supervision"],
  query: AuditQuery,
  responses: { 200: z.object({ data: z.array(SupervisionAudit), total: z.number().int() }), 422: ErrorBody },
});

export const SupervisionSettings = z.strictObject({
  /** The supervised agent sees who supervises its call and how (a banner on its page). */
  agents_see_supervision: z.boolean(),
});
export type SupervisionSettings = z.infer<typeof SupervisionSettings>;

export const readSupervisionSettings = defineEndpoint({
  method: "GET",
  path: "/supervision/settings",
  summary:
    "Not in the specification (issue 35): the call centre's supervision setting: whether an agent sees that its call is supervised (default: yes). Admins and above.",
  tags: ["supervision"],
  responses: { 200: z.object({ data: SupervisionSettings }) },
});

export const updateSupervisionSettings = defineEndpoint({
  method: "PUT",
  path: "/supervision/settings",
  summary:
    "Not in the specification (issue 35): sets whether an agent sees that its call is supervised; from the next supervision on. 200 {data}; 422 for anything but {agents_see_supervision: boolean}. Admins and above.",
  tags: ["supervision"],
  body: SupervisionSettings,
  responses: { 200: z.object({ data: SupervisionSettings }), 422: ErrorBody },
});

/** To the call centre's managers: a supervision began, changed mode or state, or ended. */
export const supervisionChanged = definePush("supervision-changed", Supervision);

/**
 * To the supervised agent, where the call centre lets agents see it: who supervises the call and how, or
 * `mode` null once nobody does.
 */
export const CallSupervised = z.object({
  call_id: z.number().int(),
  manager_name: z.string().nullable(),
  mode: SupervisionMode.nullable(),
});
export type CallSupervised = z.infer<typeof CallSupervised>;
export const callSupervised = definePush("call-supervised", CallSupervised);
