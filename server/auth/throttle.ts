// Sign-in throttling (reliability.md A1) that a stranger cannot turn against an agent:
// - per client (device cookie, else IP) and account: 10 failures in a row lock that client out for 15 minutes;
// - per account, for clients the account never signed in from: at most 100 failures an hour (ASVS V2.2.1);
//   a browser holding the account's device cookie is exempt, so an attacker elsewhere cannot lock the agent out;
// - per IP, across accounts: 50 failures in 15 minutes (spraying).
// Counters live in the database, so every gateway instance sees the same ones.
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginThrottle } from "../db/schema";
import type { Clock } from "../../src/core/clock";

export const THROTTLE = {
  clientLockAfter: 10,
  clientLockMs: 15 * 60_000,
  accountUntrustedPerHour: 100,
  ipPerWindow: 50,
  ipWindowMs: 15 * 60_000,
} as const;

const HOUR = 60 * 60_000;

export interface ThrottleSubject {
  email: string;
  ip: string;
  /** Device id from a valid device cookie for this account, if the browser has one. */
  trustedDevice?: string;
}

export class LoginThrottle {
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

  /** Seconds to wait before this subject may try again, or 0 when it may try now. */
  async retryAfter(s: ThrottleSubject): Promise<number> {
    const now = this.clock.now();
    const k = this.keys(s);
    const [client, account, ip] = await Promise.all([this.get(k.client), this.get(k.account), this.get(k.ip)]);
    let until = 0;
    if (client?.lockedUntil && client.lockedUntil.getTime() > now) until = Math.max(until, client.lockedUntil.getTime());
    if (!s.trustedDevice && account && account.windowStart.getTime() + HOUR > now) {
      if (account.failures >= THROTTLE.accountUntrustedPerHour) until = Math.max(until, account.windowStart.getTime() + HOUR);
    }
    if (ip && ip.windowStart.getTime() + THROTTLE.ipWindowMs > now && ip.failures >= THROTTLE.ipPerWindow) {
      until = Math.max(until, ip.windowStart.getTime() + THROTTLE.ipWindowMs);
    }
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  async recordFailure(s: ThrottleSubject): Promise<void> {
    const now = this.clock.now();
    const k = this.keys(s);
    // Consecutive failures for this client; locks when the tenth arrives.
    const client = await this.bump(k.client, Number.POSITIVE_INFINITY, now);
    if (client.failures >= THROTTLE.clientLockAfter) {
      await this.db
        .update(loginThrottle)
        .set({ lockedUntil: new Date(now + THROTTLE.clientLockMs), failures: 0, windowStart: new Date(now) })
        .where(eq(loginThrottle.key, k.client));
    }
    if (!s.trustedDevice) await this.bump(k.account, HOUR, now);
    await this.bump(k.ip, THROTTLE.ipWindowMs, now);
  }

  async recordSuccess(s: ThrottleSubject): Promise<void> {
    await this.db.delete(loginThrottle).where(eq(loginThrottle.key, this.keys(s).client));
  }

  /** Drops counters whose windows ended long ago. */
  async sweep(): Promise<void> {
    await this.db.delete(loginThrottle).where(lt(loginThrottle.windowStart, new Date(this.clock.now() - 2 * HOUR)));
  }

  private async get(key: string) {
    const r = await this.db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).limit(1);
    return r[0];
  }

  /** One atomic upsert, so concurrent failures all count (no read-then-write race). */
  private async bump(key: string, windowMs: number, now: number) {
    const at = new Date(now);
    const expiredBefore = new Date(Number.isFinite(windowMs) ? now - windowMs : 0);
    const rows = await this.db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStart: at })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${loginThrottle.windowStart} <= ${expiredBefore} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStart: sql`case when ${loginThrottle.windowStart} <= ${expiredBefore} then ${at} else ${loginThrottle.windowStart} end`,
        },
      })
      .returning();
    return rows[0]!;
  }
}
