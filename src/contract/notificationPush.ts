// A manager's notification as an agent receives it (the socket's `notification` push), apart from the rest of
// notifications.ts: the socket contract loads with the sign-in page, and only this schema needs to.
import { z } from "zod";

export const NOTIFICATION_TYPES = ["success", "warning", "error"] as const;
export const NotificationType = z.enum(NOTIFICATION_TYPES);

/** A notification as an agent receives it: the `notification` push and GET /agents/me/notifications. */
export const AgentNotification = z.object({
  id: z.number().int(),
  message: z.string(),
  type: NotificationType,
  dismissible: z.boolean(),
  expires: z.boolean(),
  /** Seconds, as sent; null when it does not expire. */
  timeout: z.number().int().nullable(),
  teamMembersOnly: z.boolean(),
  sentAt: z.string(),
  /**
   * Milliseconds it still shows, counted by the gateway when it sent this (so a browser's clock does not
   * matter); null: it stays until the agent confirms it.
   */
  remainingMs: z.number().int().nonnegative().nullable(),
});
export type AgentNotification = z.infer<typeof AgentNotification>;
