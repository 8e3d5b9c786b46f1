// Overstay notices to the call centre's chat (agent-workspace §10: "overstay notifications to a chat service"),
// next to the managers' feed: once an overstay reaches the real-time viewer, its notice is posted as
// `{"text": …}` to the webhook the call centre set (Slack's and Microsoft Teams' incoming webhooks both take it).
//
// It never holds up a status change: the post runs in the background. It is retried: the overstays row keeps the
// delivery (chat_sent_at), the tries (chat_attempts) and the try under way (chat_trying_at), and every instance's
// rescan sends what is due, each notice claimed by one conditional update so two instances never post it twice at
// once. A notice not delivered within CHAT_NOTICE_WINDOW_MS, or after CHAT_NOTICE_MAX_ATTEMPTS tries, is given up
// (an old overstay is no news). Logs name the webhook's host only: its path is the secret.
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../../src/shared/clock";
import {
  CHAT_NOTICE_SETTING,
  DEFAULT_CHAT_NOTICE_SETTINGS,
  type ChatNoticeSettings,
} from "../../../src/contract/settings";
import type { Overstay } from "../../../src/contract/status";
import type { Db } from "../../db/client";
import { overstays } from "../../db/schema";
import { readSetting } from "../settings/store";

export const CHAT_NOTICE_TIMEOUT_MS = 5_000;
export const CHAT_NOTICE_MAX_ATTEMPTS = 5;
/** A try older than this without an answer (its instance died) may be taken again. */
export const CHAT_NOTICE_RETRY_MS = 30_000;
export const CHAT_NOTICE_WINDOW_MS = 60 * 60_000;

/** Posts `body` as JSON to `url`; true when the chat took it (2xx). Never follows a redirect. */
export type ChatPost = (url: string, body: { text: string }) => Promise<boolean>;

export const fetchPost: ChatPost = async (url, body) => {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    redirect: "manual",
    signal: AbortSignal.timeout(CHAT_NOTICE_TIMEOUT_MS),
  });
  return res.status >= 200 && res.status < 300;
};

const STATUS_NAMES: Record<string, string> = {
  after_call_work: "After Call Work",
  lunch_break: "Lunch Break",
  follow_up: "Follow Up",
  on_a_call: "On a Call",
  not_synced: "Not Synced",
};
const statusName = (s: string) => STATUS_NAMES[s] ?? s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, " ");
const minutes = (seconds: number) => {
  const m = Math.max(1, Math.round(seconds / 60));
  return `${m} minute${m === 1 ? "" : "s"}`;
};

/** The chat's line: who, in which status, for how long against its limit. No lead, no personal data. */
export function overstayChatText(o: Overstay, now: number): string {
  const who = `${o.agent_name}${o.extension ? ` (ext. ${o.extension}, ${o.role})` : ` (${o.role})`}`;
  const since = Math.round((now - Date.parse(o.started_at)) / 1000);
  return `Overstay: ${who} has been in ${statusName(o.status)} for ${minutes(since)}, over the ${minutes(o.limit)} limit.`;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return "?";
  }
};

export interface ChatNoticeDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  post?: ChatPost;
  /** The overstay as the feed shows it. */
  overstayOf(id: number): Promise<Overstay | undefined>;
}

export class ChatNotices {
  private readonly post: ChatPost;

  constructor(private readonly d: ChatNoticeDeps) {
    this.post = d.post ?? fetchPost;
  }

  /** Sends every notice due now (of one call centre, or all): those reached the real-time viewer and not sent. */
  async sendDue(tenantId?: number): Promise<void> {
    const now = this.d.clock.now();
    const due = await this.d.db
      .select({ id: overstays.id, tenantId: overstays.tenantId })
      .from(overstays)
      .where(
        and(
          tenantId === undefined ? undefined : eq(overstays.tenantId, tenantId),
          isNotNull(overstays.rtvNotifiedAt),
          gt(overstays.rtvNotifiedAt, new Date(now - CHAT_NOTICE_WINDOW_MS)),
          isNull(overstays.chatSentAt),
          lt(overstays.chatAttempts, CHAT_NOTICE_MAX_ATTEMPTS),
          or(isNull(overstays.chatTryingAt), lt(overstays.chatTryingAt, new Date(now - CHAT_NOTICE_RETRY_MS))),
        ),
      )
      .limit(50);
    for (const row of due) await this.sendOne(row.id, row.tenantId, now);
  }

  private async sendOne(id: number, tenantId: number, now: number): Promise<void> {
    const { url } = await this.webhookOf(tenantId);
    if (!url) return;
    // Claimed by one instance: only one conditional update finds the notice free.
    const claimed = await this.d.db
      .update(overstays)
      .set({ chatTryingAt: new Date(now), chatAttempts: sql`${overstays.chatAttempts} + 1` })
      .where(
        and(
          eq(overstays.id, id),
          isNull(overstays.chatSentAt),
          or(isNull(overstays.chatTryingAt), lt(overstays.chatTryingAt, new Date(now - CHAT_NOTICE_RETRY_MS))),
        ),
      )
      .returning({ attempts: overstays.chatAttempts });
    if (!claimed[0]) return;
    const overstay = await this.d.overstayOf(id);
    if (!overstay) return;
    // A chat that does not answer in time, or refuses, is tried again at the next rescan.
    const sent = await this.post(url, { text: overstayChatText(overstay, now) }).catch(() => false);
    if (sent) {
      await this.d.db.update(overstays).set({ chatSentAt: new Date(this.d.clock.now()), chatTryingAt: null }).where(eq(overstays.id, id));
      return;
    }
    // Free for the next rescan to try again.
    await this.d.db.update(overstays).set({ chatTryingAt: null }).where(eq(overstays.id, id));
    this.d.log.warn(
      { overstay: id, host: hostOf(url), attempt: claimed[0].attempts },
      "the chat did not take an overstay notice; it is tried again at the next rescan",
    );
  }

  private async webhookOf(tenantId: number): Promise<{ url: string | null }> {
    const s = await readSetting<ChatNoticeSettings>(this.d.db, tenantId, CHAT_NOTICE_SETTING, DEFAULT_CHAT_NOTICE_SETTINGS);
    return { url: s.overstay_webhook_url };
  }
}
