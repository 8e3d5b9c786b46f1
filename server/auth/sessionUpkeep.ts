// A session's upkeep (when it was last seen, its token generation) written for all sessions together, once a
// second, in one statement, instead of a write per session whenever its interval came round (issue 39: at 2,000
// agents those writes were 14,655 commits in 90 s, the gateway's heaviest statement).
//
// Nothing depends on the write landing at once: the idle limit is 30 minutes, and a token of a generation the
// row does not hold yet is still this session's own (sessions.ts). A write lost with a crashed instance is at most
// a second of upkeep. The write never moves a value back (greatest), so instances writing the same session in any
// order agree, and it never touches a session that has ended.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Clock } from "../../src/shared/clock";

export const UPKEEP_FLUSH_MS = 1000;

export interface Upkeep {
  lastSeenAt: Date;
  gen: number;
  genAt: Date;
}

/** The later of two upkeeps of one session, field by field (a value never moves back). */
export function laterUpkeep(a: Upkeep, b: Upkeep): Upkeep {
  return {
    lastSeenAt: b.lastSeenAt > a.lastSeenAt ? b.lastSeenAt : a.lastSeenAt,
    ...(b.gen >= a.gen ? { gen: b.gen, genAt: b.genAt } : { gen: a.gen, genAt: a.genAt }),
  };
}

export class SessionUpkeep {
  private pending = new Map<string, Upkeep>();
  /** The batch being written now: until it has landed, a read of the database may not show it. */
  private writing = new Map<string, Upkeep>();
  private timer: ReturnType<Clock["setTimeout"]> | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** To be written at the next flush (the latest of what is pending and this). */
  write(sessionId: string, upkeep: Upkeep) {
    const before = this.pending.get(sessionId);
    this.pending.set(sessionId, before ? laterUpkeep(before, upkeep) : upkeep);
    this.timer ??= this.clock.setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, UPKEEP_FLUSH_MS);
  }

  /**
   * What this instance has seen of a session and not yet written (pending, or on its way): a read of the database
   * that ran before the write landed shows older values, and must not end the session as idle for that.
   */
  known(sessionId: string): Upkeep | undefined {
    const pending = this.pending.get(sessionId);
    const writing = this.writing.get(sessionId);
    return pending && writing ? laterUpkeep(writing, pending) : (pending ?? writing);
  }

  /** A session that ended has nothing left to write. */
  forget(sessionId: string) {
    this.pending.delete(sessionId);
  }

  /** Writes what is pending now (the timer's turn, and the gateway's stop). */
  async flush(): Promise<void> {
    await this.flushing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.writing = batch;
    this.flushing = this.store(batch)
      .catch((err: unknown) => {
        // Kept for the next flush, unless newer upkeep of the same session has come meanwhile.
        for (const [id, u] of batch) if (!this.pending.has(id)) this.pending.set(id, u);
        this.onError(err);
        this.timer ??= this.clock.setTimeout(() => {
          this.timer = undefined;
          void this.flush();
        }, UPKEEP_FLUSH_MS);
      })
      .finally(() => {
        this.flushing = undefined;
        this.writing = new Map();
      });
    await this.flushing;
  }

  stop() {
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async store(batch: Map<string, Upkeep>) {
    const ids = [...batch.keys()];
    const rows = [...batch.values()];
    await this.db.execute(sql`
      update sessions s
         set last_seen_at = greatest(s.last_seen_at, u.seen),
             gen = greatest(s.gen, u.gen),
             gen_at = case when u.gen > s.gen then u.gen_at else s.gen_at end
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(rows.map((r) => r.lastSeenAt.toISOString()))}::timestamptz[],
                    ${sql.param(rows.map((r) => r.gen))}::int[], ${sql.param(rows.map((r) => r.genAt.toISOString()))}::timestamptz[])
             as u(id, seen, gen, gen_at)
       where s.id = u.id and s.revoked_at is null`);
  }
}
