// Sign-in and reset throttling (reliability.md A1; issue 11 findings 2, 5 and 11) that a stranger cannot turn
// against an agent:
// - per client (device cookie, else IP) and account: 10 attempts in a row, then that client waits 15 minutes;
// - per account, for clients the account never signed in from: at most 100 attempts an hour (ASVS V2.2.1);
// - per IP, across accounts, for clients without the account's device cookie: 20 attempts in 15 minutes, then
//   each further attempt waits a little longer (2 s more per attempt, at most a minute: about the
//   old 50 a window for a sprayer). A stranger spraying
//   from the call centre's NAT slows the cookie-less clients behind it down but locks nobody out, and a
//   browser the account signed in from before (device cookie) is never held back by anyone else's failures.
// An attempt is counted BEFORE its password is verified, in one atomic statement per counter that also says
// whether the attempt may go on, so a burst of parallel guesses cannot all pass a check made before any of
// them was counted. An attempt that succeeds gives its count back. Counters live in the database, so every
// gateway instance of a cluster shares them.
import { and, eq, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginThrottle } from "../db/schema";
import type { Clock, ClockTimer } from "../../src/shared/clock";

export const THROTTLE = {
  clientLockAfter: 10,
  clientLockMs: 15 * 60_000,
  accountUntrustedPerHour: 100,
  /** Attempts per IP and window before each further one is paced. */
  ipFreePerWindow: 20,
  ipWindowMs: 15 * 60_000,
  /** The pace grows by this much per attempt past the free ones, up to ipMaxDelayMs. */
  ipDelayStepMs: 2000,
  ipMaxDelayMs: 60_000,
  /** Reset requests (finding 11): per address asked for, and per client IP, in a window. */
  resetPerAccount: 5,
  resetPerIp: 20,
  resetWindowMs: 15 * 60_000,
} as const;

const HOUR = 60 * 60_000;

export interface ThrottleSubject {
  email: string;
  ip: string;
  /** Device id from a valid device cookie for this account, if the browser has one. */
  trustedDevice?: string;
}

/** Whether an attempt may go on to the password check; when not, how many seconds to wait. */
export type Admission = { admitted: true } | { admitted: false; retryAfter: number };

type Row = typeof loginThrottle.$inferSelect;

export class LoginThrottle {
  private sweeper: ClockTimer | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private keys(s: ThrottleSubject) {
    const email = s.email.toLowerCase();
    return {
      client: `client:${email}:${s.trustedDevice ? `dev:${s.trustedDevice}` : `ip:${s.ip}`}`,
      account: `account:${email}`,
      ip: `ip:${s.ip}`,
    };
  }

  /**
   * Counts a sign-in attempt and says whether it may be evaluated. Call it before verifying the password;
   * then succeeded() when the password was right.
   */
  async admit(s: ThrottleSubject): Promise<Admission> {
    const now = this.clock.now();
    const k = this.keys(s);
    const trusted = Boolean(s.trustedDevice);
    // A read first, so a client already held back adds nothing to any counter (a slowed agent retrying
    // must not walk into the 10-in-a-row lock). The takes below decide; this only spares them.
    const early = this.waitFromRows(
      now,
      trusted,
      await this.rows(trusted ? [k.client] : [k.ip, k.account, k.client]),
      k,
    );
    if (early > 0) return { admitted: false, retryAfter: early };

    // Each take is one atomic upsert; a later refusal gives back the earlier takes.
    if (!trusted) {
      if (!(await this.takeIp(k.ip, now))) return this.refused(now, trusted, k);
      if (!(await this.takeWindow(k.account, THROTTLE.accountUntrustedPerHour, HOUR, now))) {
        await this.giveBack(k.ip, false);
        return this.refused(now, trusted, k);
      }
    }
    if (!(await this.takeClient(k.client, now))) {
      if (!trusted) await Promise.all([this.giveBack(k.ip, false), this.giveBack(k.account, false)]);
      return this.refused(now, trusted, k);
    }
    return { admitted: true };
  }

  /** The password was right: its attempt is given back and the client's run of attempts starts over. */
  async succeeded(s: ThrottleSubject): Promise<void> {
    const k = this.keys(s);
    await this.db.delete(loginThrottle).where(eq(loginThrottle.key, k.client));
    if (!s.trustedDevice) {
      // A colleague behind the same address who signs in lifts the pace for the next one.
      await this.giveBack(k.ip, true);
      await this.giveBack(k.account, false);
    }
  }

  /** Counts a password-reset request: 0 when it may go on, else the seconds to wait. */
  async admitReset(email: string, ip: string): Promise<number> {
    const now = this.clock.now();
    const ipKey = `reset:ip:${ip}`;
    const accountKey = `reset:account:${email.toLowerCase()}`;
    if (!(await this.takeWindow(ipKey, THROTTLE.resetPerIp, THROTTLE.resetWindowMs, now))) {
      return this.windowWait(await this.row(ipKey), THROTTLE.resetWindowMs, now);
    }
    if (!(await this.takeWindow(accountKey, THROTTLE.resetPerAccount, THROTTLE.resetWindowMs, now))) {
      await this.giveBack(ipKey, false);
      return this.windowWait(await this.row(accountKey), THROTTLE.resetWindowMs, now);
    }
    return 0;
  }

  /**
   * Drops counters whose windows began over two hours ago and hold no running lock: every window is shorter,
   * so nothing still counting is lost, and the table does not keep a row for every address ever seen.
   */
  async sweep(): Promise<void> {
    const now = new Date(this.clock.now());
    await this.db
      .delete(loginThrottle)
      .where(
        and(
          lt(loginThrottle.windowStart, new Date(now.getTime() - 2 * HOUR)),
          or(isNull(loginThrottle.lockedUntil), lte(loginThrottle.lockedUntil, now)),
        ),
      );
  }

  /** Sweeps every hour while the gateway runs (start at boot, stop before the database closes). */
  start(onError: (e: unknown) => void): void {
    const tick = () => {
      this.sweeper = this.clock.setTimeout(tick, HOUR);
      this.sweep().catch(onError);
    };
    this.sweeper ??= this.clock.setTimeout(tick, HOUR);
  }

  stop(): void {
    if (this.sweeper) this.clock.clearTimeout(this.sweeper);
    this.sweeper = null;
  }

  private async refused(
    now: number,
    trusted: boolean,
    k: ReturnType<LoginThrottle["keys"]>,
  ): Promise<Admission> {
    const wait = this.waitFromRows(
      now,
      trusted,
      await this.rows(trusted ? [k.client] : [k.ip, k.account, k.client]),
      k,
    );
    // Refused by a take but free by the read: another attempt just got in; a second is a fair wait.
    return { admitted: false, retryAfter: Math.max(wait, 1) };
  }

  private waitFromRows(
    now: number,
    trusted: boolean,
    rows: Map<string, Row>,
    k: ReturnType<LoginThrottle["keys"]>,
  ): number {
    let until = 0;
    const client = rows.get(k.client);
    if (
      client?.lockedUntil &&
      client.failures >= THROTTLE.clientLockAfter &&
      client.lockedUntil.getTime() > now
    ) {
      until = Math.max(until, client.lockedUntil.getTime());
    }
    if (!trusted) {
      const account = rows.get(k.account);
      if (
        account &&
        account.windowStart.getTime() + HOUR > now &&
        account.failures >= THROTTLE.accountUntrustedPerHour
      ) {
        until = Math.max(until, account.windowStart.getTime() + HOUR);
      }
      const ip = rows.get(k.ip);
      if (
        ip?.lockedUntil &&
        ip.windowStart.getTime() + THROTTLE.ipWindowMs > now &&
        ip.lockedUntil.getTime() > now
      ) {
        until = Math.max(until, ip.lockedUntil.getTime());
      }
    }
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  private windowWait(row: Row | undefined, windowMs: number, now: number): number {
    const until = row ? row.windowStart.getTime() + windowMs : now;
    return Math.max(1, Math.ceil((until - now) / 1000));
  }

  private async rows(keys: string[]): Promise<Map<string, Row>> {
    const found = await Promise.all(keys.map((key) => this.row(key)));
    return new Map(found.filter((r): r is Row => r !== undefined).map((r) => [r.key, r]));
  }

  private async row(key: string): Promise<Row | undefined> {
    return (await this.db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).limit(1))[0];
  }

  // The takes. `ON CONFLICT … DO UPDATE … WHERE allowed RETURNING` updates and returns the row only when the
  // attempt is allowed; PostgreSQL evaluates it on the row's latest version under the row lock, so
  // concurrent takes are serialised. No row back = refused, and nothing was counted.

  /** 10 in a row: the tenth is still evaluated and starts the 15-minute lock (a success lifts it). */
  private async takeClient(key: string, now: number): Promise<boolean> {
    const at = new Date(now);
    const lockOver = sql`${loginThrottle.lockedUntil} <= ${at}`;
    const count = sql`(case when ${lockOver} then 1 else ${loginThrottle.failures} + 1 end)`;
    return this.take(
      key,
      at,
      {
        failures: count,
        windowStart: sql`case when ${lockOver} then ${at} else ${loginThrottle.windowStart} end`,
        lockedUntil: sql`case when ${count} >= ${THROTTLE.clientLockAfter} then ${new Date(now + THROTTLE.clientLockMs)}::timestamptz else null end`,
      },
      sql`${loginThrottle.lockedUntil} is null or ${lockOver}`,
    );
  }

  /** At most `limit` in a window that starts with the first attempt. */
  private async takeWindow(key: string, limit: number, windowMs: number, now: number): Promise<boolean> {
    const at = new Date(now);
    const expired = sql`${loginThrottle.windowStart} <= ${new Date(now - windowMs)}`;
    return this.take(
      key,
      at,
      {
        failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${expired} then ${at} else ${loginThrottle.windowStart} end`,
      },
      sql`${expired} or ${loginThrottle.failures} < ${limit}`,
    );
  }

  /**
   * Per IP: free attempts in the window, then each admitted attempt sets when the next one may come
   * (locked_until), 2 s later per attempt past the free ones, at most ipMaxDelayMs.
   */
  private async takeIp(key: string, now: number): Promise<boolean> {
    const at = new Date(now);
    const expired = sql`${loginThrottle.windowStart} <= ${new Date(now - THROTTLE.ipWindowMs)}`;
    const count = sql`(case when ${expired} then 1 else ${loginThrottle.failures} + 1 end)`;
    const stepSeconds = THROTTLE.ipDelayStepMs / 1000;
    const maxSeconds = THROTTLE.ipMaxDelayMs / 1000;
    return this.take(
      key,
      at,
      {
        failures: count,
        windowStart: sql`case when ${expired} then ${at} else ${loginThrottle.windowStart} end`,
        lockedUntil: sql`case when ${count} > ${THROTTLE.ipFreePerWindow}
        then ${at}::timestamptz + make_interval(secs => least((${count} - ${THROTTLE.ipFreePerWindow}) * ${stepSeconds}, ${maxSeconds}))
        else null end`,
      },
      sql`${expired} or ${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= ${at}`,
    );
  }

  /** The counter's upsert: a new row counts 1; an existing one takes `set` only where `allowed` holds. */
  private async take(
    key: string,
    at: Date,
    set: Parameters<ReturnType<ReturnType<Db["insert"]>["values"]>["onConflictDoUpdate"]>[0]["set"],
    allowed: SQL,
  ): Promise<boolean> {
    const rows = await this.db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStart: at })
      .onConflictDoUpdate({ target: loginThrottle.key, set, setWhere: allowed })
      .returning({ key: loginThrottle.key });
    return rows.length > 0;
  }

  /** Takes one attempt back off a counter; `lift` also clears the IP's pace. */
  private async giveBack(key: string, lift: boolean): Promise<void> {
    await this.db
      .update(loginThrottle)
      .set({
        failures: sql`greatest(${loginThrottle.failures} - 1, 0)`,
        ...(lift ? { lockedUntil: null } : {}),
      })
      .where(eq(loginThrottle.key, key));
  }
}
