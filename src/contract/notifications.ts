// Manager notifications (admin-and-sign-in §2 /notifications/create, §3, §5, §7, §9): a manager, admin or
// operations-manager sends a message to the call centre's agents, or to the agents of its own team only;
// the agents see it in the alert stack (agent-workspace §3 Alert), live on the socket (`notification`) and,
// while it still waits, when they open the dialer (GET /agents/me/notifications).
//
// The timeout is in seconds, minimum 1, default 1 (the spec's "minimum 1 (default 1) in this area"; the other
// text source's minimum 200 is not followed: docs/decisions.md, "Manager notifications").
import { z } from "zod";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";
import { AgentNotification, NOTIFICATION_TYPES, NotificationType } from "./notificationPush";

export { AgentNotification, NOTIFICATION_TYPES, NotificationType };

export type NotificationType = z.infer<typeof NotificationType>;

export const NOTIFICATION_MESSAGE_MIN = 10;
export const NOTIFICATION_MESSAGE_MAX = 100;
/** Seconds. */
export const NOTIFICATION_TIMEOUT_MIN = 1;
export const NOTIFICATION_TIMEOUT_DEFAULT = 1;
/** Seconds: a day. An alert that should stay longer does not expire. */
export const NOTIFICATION_TIMEOUT_MAX = 86_400;

/** The form's messages (admin-and-sign-in §5, §8), which the gateway answers per field with 422. */
export const NOTIFICATION_MESSAGES = {
  required: "required",
  tooShort: "too short",
  tooLong: "too long",
  typeRequired: "type required",
  timeoutRequired: "timeout required",
  timeoutTooLow: "timeout too low",
  timeoutTooHigh: "timeout too high",
} as const;

const M = NOTIFICATION_MESSAGES;

/**
 * POST /notifications. The message is trimmed, then 10 to 100 characters; dismissible, expires and
 * teamMembersOnly default to true; timeout (seconds) is read only when expires is ticked, and is then required
 * and at least 1. Without expires it is ignored (null).
 */
export const CreateNotificationBody = z
  .strictObject({
    message: z
      .string({ error: M.required })
      .trim()
      .min(1, M.required)
      .min(NOTIFICATION_MESSAGE_MIN, M.tooShort)
      .max(NOTIFICATION_MESSAGE_MAX, M.tooLong),
    type: z.enum(NOTIFICATION_TYPES, { error: M.typeRequired }),
    dismissible: z.boolean().default(true),
    expires: z.boolean().default(true),
    timeout: z.number({ error: M.timeoutRequired }).int().nullable().optional(),
    teamMembersOnly: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    if (!b.expires) return;
    if (b.timeout === null || b.timeout === undefined)
      ctx.addIssue({ code: "custom", path: ["timeout"], message: M.timeoutRequired });
    else if (b.timeout < NOTIFICATION_TIMEOUT_MIN)
      ctx.addIssue({ code: "custom", path: ["timeout"], message: M.timeoutTooLow });
    else if (b.timeout > NOTIFICATION_TIMEOUT_MAX)
      ctx.addIssue({ code: "custom", path: ["timeout"], message: M.timeoutTooHigh });
  })
  .transform((b) => ({ ...b, timeout: b.expires ? (b.timeout ?? NOTIFICATION_TIMEOUT_DEFAULT) : null }));
export type CreateNotificationBody = z.infer<typeof CreateNotificationBody>;

/** 201: the notification's id and how many agents it was sent to. */
export const CreateNotificationResponse = z.object({
  data: z.object({ id: z.number().int(), recipients: z.number().int().nonnegative() }),
});


/** The Send New Notification page's send. */
export const createNotification = defineEndpoint({
  method: "POST",
  path: "/notifications",
  summary:
    "Sends a notification to the call centre's agents (qualifiers and advisors), or with teamMembersOnly (default true) only to the agents whose manager is the sender. 201 with its id and how many agents it reached; each is pushed `notification` at once and, while it waits, finds it at GET /agents/me/notifications. The message is trimmed, 10 to 100 characters ('too short', 'too long'); type success, warning or error ('type required'); dismissible and expires default true; timeout in seconds, read only when expires, then required ('timeout required') and at least 1 ('timeout too low'). Takes an Idempotency-Key: a retry answers the first result and sends nothing again.",
  tags: ["notifications"],
  body: CreateNotificationBody,
  responses: { 201: CreateNotificationResponse, 409: ErrorBody, 422: ErrorBody },
  idempotent: true,
});

export const AgentNotificationList = z.object({ data: z.array(AgentNotification) });

/** PUT /agents/me/notifications/{id}: the agent confirmed (the alert popup's Confirm) or dismissed it. */
export const NotificationAnswer = z.enum(["confirmed", "dismissed"]);
export const AnswerNotificationBody = z.strictObject({ answer: NotificationAnswer });
