// The sessions this instance authenticates, kept in memory with their account and permissions, so that a request
// costs no database read (issue 39: at 2,000 agents the per-request read was 17,502 statements in 90 s).
//
// Correctness comes from the database, not from a time limit: every write that may change a verdict (a sign-out,
// a revoked or expired session, an account disabled, its role, extension or permissions changed) raises a notice
// (server/db/migrations/0032_auth_change_notices.sql) that every instance receives within milliseconds of the
// commit, and that drops what it names here. While the notice connection is down nothing is kept or served from
// here: every request reads the database, as before. A read that started before a notice is not kept after it
// (the `epoch`), so a revocation that races a read is never lost.
//
// What this instance writes itself (last seen, the token's generation) it writes into its copy as well; another
// instance's writes of those reach the copy only when it is read again (`maxAgeMs`, or when the copy says idle).
import type { DbNotifications } from "../db/notifications";

export const AUTH_CHANNEL = "auth_changed";

export const SESSION_CACHE_LIMITS = {
  /** A copy is read again after this long, whatever happens (another instance's upkeep, a safety net). */
  maxAgeMs: 5 * 60_000,
  /** Sessions kept at most; the oldest copies go first. */
  maxEntries: 20_000,
} as const;

interface Entry<T> {
  value: T;
  userId: number;
  readAt: number;
}

export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Advances at every notice and gap: a read that began in an earlier epoch is not kept. */
  private epochValue = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly notifications: DbNotifications | undefined,
    private readonly now: () => number,
    private readonly limits: { maxAgeMs: number; maxEntries: number } = SESSION_CACHE_LIMITS,
  ) {
    this.unsubscribe =
      notifications?.subscribe(AUTH_CHANNEL, {
        notice: (payload) => this.notice(payload),
        gap: () => this.clear(),
      }) ?? (() => undefined);
  }

  /** Mark taken before a read whose answer may be kept (`set`). */
  get epoch() {
    return this.epochValue;
  }

  get(sessionId: string): T | undefined {
    if (!this.notifications?.live) return undefined;
    const e = this.entries.get(sessionId);
    if (!e) return undefined;
    if (this.now() - e.readAt >= this.limits.maxAgeMs) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return e.value;
  }

  /** Keeps a session read from the database, unless something changed since the read began (`epoch`). */
  set(sessionId: string, userId: number, value: T, epoch: number) {
    if (!this.notifications?.live || epoch !== this.epochValue) return;
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { value, userId, readAt: this.now() });
    if (this.entries.size > this.limits.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** This instance's own upkeep of a kept session (last seen, generation): the copy follows, its age does not. */
  update(sessionId: string, change: (value: T) => T) {
    const e = this.entries.get(sessionId);
    if (e) e.value = change(e.value);
  }

  drop(sessionId: string) {
    this.epochValue++;
    this.entries.delete(sessionId);
  }

  get size() {
    return this.entries.size;
  }

  close() {
    this.unsubscribe();
    this.clear();
  }

  private clear() {
    this.epochValue++;
    this.entries.clear();
  }

  private notice(payload: string) {
    this.epochValue++;
    if (payload === "*") return this.clear();
    if (payload.startsWith("s:")) return void this.entries.delete(payload.slice(2));
    if (payload.startsWith("u:")) {
      const userId = Number(payload.slice(2));
      for (const [id, e] of this.entries) if (e.userId === userId) this.entries.delete(id);
      return;
    }
    // A notice of a kind this instance does not know (a newer instance's): forget everything, to be safe.
    this.clear();
  }
}
