// Which gateway instance drives the PBX (issue 38, part 1): a lease row in the database, taken when it is free or
// its holder's heartbeat has stopped, and renewed by the holder. Exactly one instance holds it at a time, by the
// database's row lock on one statement; `term` grows at each change of holder.
//
// A lone gateway takes it at start; one started beside a running gateway on the same database (a deploy that
// starts the new process before stopping the old) waits until the old one hands it over at its stop, or until
// its lease runs out when it crashed, before it follows the PBX's calls again (resume), so it never ends calls the
// other still drives. With several instances the standbys wait the same way and take over from a dead holder
// within TELEPHONY_LEASE_MS + LEASE_RENEW_MS.
//
// Times are the injected clock's (every instance's clock is the host's, NTP-synced in production; a test moves
// the clock): the lease runs out at `expires_at`, compared against the clock of the instance asking.
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock, ClockTimer } from "../../src/shared/clock";
import type { Db } from "../db/client";
import { telephonyLeases } from "../db/schema";

/** A holder whose heartbeat stopped this long ago has lost the PBX. */
export const TELEPHONY_LEASE_MS = 3_000;
/** The holder's heartbeat, and how often a standby asks whether the lease is free. */
export const LEASE_RENEW_MS = 1_000;
/** The one PBX of a deployment; the key leaves room for one lease per PBX. */
export const DEFAULT_PBX = "default";

export interface LeaseHolder {
  holder: string;
  holderName: string;
  term: number;
  acquiredAt: number;
  expiresAt: number;
}

export interface LeaseEvents {
  /** This instance now drives the PBX (at start, or taking over from a holder that stopped). */
  gained(term: number): void | Promise<void>;
  /** Another instance took the lease (this one was paused past it), or it could not be renewed in time. */
  lost(): void;
}

export class TelephonyLease {
  /** This process's holder id: a restarted process is another holder. */
  readonly id = randomUUID();
  readonly name = `${hostname()}:${process.pid}`;
  private term: number | null = null;
  /** Until when this instance's last successful write keeps the lease. */
  private heldUntil = 0;
  private timer: ClockTimer | null = null;
  private stopped = false;
  private beat: Promise<void> = Promise.resolve();
  private waiting: (() => void)[] = [];
  /** Whether this standby said once who it waits for. */
  private reported = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { pbx?: string; leaseMs?: number; renewMs?: number } = {},
  ) {}

  private get pbx() {
    return this.opts.pbx ?? DEFAULT_PBX;
  }
  private get leaseMs() {
    return this.opts.leaseMs ?? TELEPHONY_LEASE_MS;
  }

  /** Whether this instance drives the PBX now, by its own clock. */
  get held(): boolean {
    return this.term !== null && this.clock.now() < this.heldUntil;
  }

  /**
   * One statement: takes the lease when it is free or has run out, renews it when it is this instance's. Returns
   * the term held, or null when another live instance holds it.
   */
  async tryTake(): Promise<number | null> {
    const now = this.clock.now();
    const until = new Date(now + this.leaseMs);
    const [row] = await this.db
      .insert(telephonyLeases)
      .values({
        pbx: this.pbx,
        holder: this.id,
        holderName: this.name,
        term: 1,
        acquiredAt: new Date(now),
        expiresAt: until,
      })
      .onConflictDoUpdate({
        target: telephonyLeases.pbx,
        set: {
          holder: this.id,
          holderName: this.name,
          term: sql`${telephonyLeases.term} + (case when ${telephonyLeases.holder} = ${this.id} then 0 else 1 end)`,
          acquiredAt: sql`case when ${telephonyLeases.holder} = ${this.id} then ${telephonyLeases.acquiredAt} else ${new Date(now)} end`,
          expiresAt: until,
        },
        setWhere: or(eq(telephonyLeases.holder, this.id), lt(telephonyLeases.expiresAt, new Date(now))),
      })
      .returning({ term: telephonyLeases.term });
    if (!row) return null;
    this.heldUntil = now + this.leaseMs;
    return row.term;
  }

  /** Who holds or last held the lease, as the database says (null: nobody ever took it). */
  async current(): Promise<LeaseHolder | null> {
    const [row] = await this.db.select().from(telephonyLeases).where(eq(telephonyLeases.pbx, this.pbx));
    if (!row) return null;
    return { ...row, acquiredAt: row.acquiredAt.getTime(), expiresAt: row.expiresAt.getTime() };
  }

  /**
   * Runs the heartbeat: the holder renews every LEASE_RENEW_MS, a standby asks as often whether the lease is free.
   * `gained` runs once each time this instance becomes the holder, before the next beat.
   */
  start(events: LeaseEvents): void {
    this.stopped = false;
    const tick = () => {
      this.timer = null;
      this.beat = this.once(events).finally(() => {
        if (!this.stopped) this.timer = this.clock.setTimeout(tick, this.opts.renewMs ?? LEASE_RENEW_MS);
      });
    };
    tick();
  }

  /** Resolves once the beat under way has run (after start(): the lease is taken, or known to be another's). */
  firstBeat(): Promise<void> {
    return this.beat.catch(() => {});
  }

  /** Resolves once this instance holds the lease (after `gained` ran). */
  whenHeld(): Promise<void> {
    return this.held ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  private async once(events: LeaseEvents): Promise<void> {
    const had = this.term;
    let term: number | null;
    try {
      term = await this.tryTake();
    } catch (err) {
      // The database did not answer: the lease stays this instance's only until its last renewal runs out.
      this.log.warn({ err }, "telephony lease: the heartbeat could not reach the database");
      if (had !== null && !this.held) {
        this.term = null;
        this.log.error("telephony lease: not renewed in time; this instance no longer drives the PBX");
        events.lost();
      }
      return;
    }
    if (term !== null && term !== had) {
      this.term = term;
      this.log.info({ term, holder: this.name }, "telephony lease: this instance drives the PBX");
      try {
        await events.gained(term);
      } catch (err) {
        this.log.error({ err }, "telephony lease: taking over the PBX failed");
      }
      for (const resolve of this.waiting.splice(0)) resolve();
    } else if (term === null && had !== null) {
      this.term = null;
      this.log.error("telephony lease: another instance took the PBX while this one was paused");
      events.lost();
    } else if (term === null && had === null && !this.reported) {
      this.reported = true;
      const other = await this.current().catch(() => null);
      this.log.warn(
        { holder: other?.holderName, until: other ? new Date(other.expiresAt).toISOString() : undefined },
        "telephony lease: another gateway drives the PBX; this one waits for it to stop",
      );
    }
  }
  /**
   * Stops the heartbeat and hands the lease over at once (a standby, or the next process, need not wait for it to
   * run out). Only a lease this instance holds is touched.
   */
  async release(): Promise<void> {
    this.stopped = true;
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
    await this.beat.catch(() => {});
    if (this.term === null) return;
    this.term = null;
    // Run out, not removed: the next holder's term follows this one's.
    await this.db
      .update(telephonyLeases)
      .set({ expiresAt: new Date(0) })
      .where(and(eq(telephonyLeases.pbx, this.pbx), eq(telephonyLeases.holder, this.id)))
      .catch((err: unknown) => this.log.warn({ err }, "telephony lease: could not hand the lease over"));
  }

  /** A crash, for tests: the heartbeat stops and the row stays until it runs out. */
  abandon(): void {
    this.stopped = true;
    if (this.timer) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.term = null;
  }
}
