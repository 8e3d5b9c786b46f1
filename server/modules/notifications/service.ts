// Manager notifications: stored with the agents they reach (fixed when sent), pushed live to each of those
// agents' rooms (agent:<id>, so through the Redis adapter on every gateway instance), and listed again for an
// agent who opens the dialer while one still waits: an expiring one until its timeout has run, one that does
// not expire until the agent confirms (or dismisses) it.
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type {
  AgentNotification,
  CreateNotificationBody,
  NotificationType,
} from "../../../src/contract/notifications";
import type { Caller } from "../../auth/access";
import type { Db } from "../../db/client";
import { notificationRecipients, notifications, users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import type { IdempotencyClaim } from "../../http/idempotency";

/** Who a notification reaches: the call centre's agents (qualifiers and advisors whose account is not disabled). */
export const AGENT_ROLES = ["qualifier", "advisor"] as const;

type NotificationRow = typeof notifications.$inferSelect;

export function toAgentNotification(row: NotificationRow, now: number): AgentNotification {
  return {
    id: row.id,
    message: row.message,
    type: row.type as NotificationType,
    dismissible: row.dismissible,
    expires: row.expires,
    timeout: row.timeout,
    teamMembersOnly: row.scope === "team",
    sentAt: row.createdAt.toISOString(),
    remainingMs: row.expiresAt ? Math.max(0, row.expiresAt.getTime() - now) : null,
  };
}

/** The agents a notification of `caller` reaches now: the tenant's, or only those whose manager is the caller. */
async function recipientsOf(db: Db, caller: Caller, teamOnly: boolean): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, caller.tenantId),
        inArray(users.role, [...AGENT_ROLES]),
        eq(users.disabled, false),
        teamOnly ? eq(users.managerId, caller.id) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

export interface SentNotification {
  id: number;
  recipients: number[];
  push: AgentNotification;
}

/** Stores the notification and its recipients in one transaction, with the Idempotency-Key's answer. */
export async function sendNotification(
  gw: Gateway,
  caller: Caller,
  body: CreateNotificationBody,
  claim: IdempotencyClaim,
): Promise<{ status: number; body: { data: { id: number; recipients: number } }; sent: SentNotification }> {
  const now = gw.clock.now();
  const recipients = await recipientsOf(gw.db, caller, body.teamMembersOnly);
  return gw.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notifications)
      .values({
        tenantId: caller.tenantId,
        senderId: caller.id,
        message: body.message,
        type: body.type,
        dismissible: body.dismissible,
        expires: body.expires,
        timeout: body.timeout,
        scope: body.teamMembersOnly ? "team" : "tenant",
        createdAt: new Date(now),
        expiresAt: body.expires && body.timeout !== null ? new Date(now + body.timeout * 1000) : null,
      })
      .returning();
    for (let i = 0; i < recipients.length; i += 500) {
      await tx
        .insert(notificationRecipients)
        .values(recipients.slice(i, i + 500).map((userId) => ({ notificationId: row!.id, userId })));
    }
    const answer = { status: 201, body: { data: { id: row!.id, recipients: recipients.length } } };
    await claim.keepIn(tx as unknown as Db, answer);
    return { ...answer, sent: { id: row!.id, recipients, push: toAgentNotification(row!, now) } };
  });
}

/**
 * A manager's message to one agent of its call centre (the floor's actions: a message, or why the manager set the
 * agent offline): stored like any notification, with that agent its only recipient, and pushed at once. It waits
 * until the agent reads it (not dismissible by time), as an alert the agent confirms.
 */
export async function sendToAgent(
  gw: Gateway,
  sender: Caller,
  agentId: number,
  message: string,
  type: NotificationType,
  /** Under an Idempotency-Key: the answer (201 {data: {id}}) is kept in the same transaction. */
  claim?: IdempotencyClaim,
): Promise<{ id: number }> {
  const now = gw.clock.now();
  const sent = await gw.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notifications)
      .values({
        tenantId: sender.tenantId,
        senderId: sender.id,
        message,
        type,
        dismissible: true,
        expires: false,
        timeout: null,
        scope: "agent",
        createdAt: new Date(now),
        expiresAt: null,
      })
      .returning();
    await tx.insert(notificationRecipients).values({ notificationId: row!.id, userId: agentId });
    await claim?.keepIn(tx as unknown as Db, { status: 201, body: { data: { id: row!.id } } });
    return { id: row!.id, recipients: [agentId], push: toAgentNotification(row!, now) };
  });
  deliver(gw, sent);
  return { id: sent.id };
}

/** After the commit: one push per agent room (each reaches the agent on whichever instance holds its socket). */
export function deliver(gw: Gateway, sent: SentNotification): void {
  for (const userId of sent.recipients) gw.push.toAgent(userId, "notification", sent.push);
}

/** The caller's notifications still waiting, oldest first. */
export async function waitingFor(gw: Gateway, userId: number): Promise<AgentNotification[]> {
  const now = gw.clock.now();
  const rows = await gw.db
    .select({ n: notifications })
    .from(notificationRecipients)
    .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
    .where(
      and(
        eq(notificationRecipients.userId, userId),
        isNull(notificationRecipients.answeredAt),
        or(isNull(notifications.expiresAt), gt(notifications.expiresAt, new Date(now))),
      ),
    )
    .orderBy(notifications.createdAt, notifications.id);
  return rows.map((r) => toAgentNotification(r.n, now));
}

/**
 * The agent's receipt: the first answer is kept (a retry, or Confirm after a dismissal in another tab, changes
 * nothing). False when the notification was not sent to this agent.
 */
export async function answer(
  gw: Gateway,
  userId: number,
  notificationId: number,
  answer: "confirmed" | "dismissed",
): Promise<boolean> {
  const [row] = await gw.db
    .update(notificationRecipients)
    .set({
      answer: sql`coalesce(${notificationRecipients.answer}, ${answer})`,
      answeredAt: sql`coalesce(${notificationRecipients.answeredAt}, ${new Date(gw.clock.now()).toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(notificationRecipients.notificationId, notificationId),
        eq(notificationRecipients.userId, userId),
      ),
    )
    .returning({ id: notificationRecipients.notificationId });
  return row !== undefined;
}
