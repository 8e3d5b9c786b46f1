// One live socket per agent (reliability.md E6): a claim per agent, held by one socket. In one process a
// map; across a cluster a Redis key with a TTL that the holding instance refreshes, so a crashed instance's
// claims lapse by themselves. Redis keys expire in Redis's own time, so the refresh runs on a real timer.
// A manager's claim also counts the manager as watching its call centre (the floor reads rows only then): in a
// Redis sorted set per call centre whose scores are the claims' expiry in Redis's own time, lapsing with them.
import type { RedisClientType } from "redis";

/** Who claims: the user, and for a manager (or above) the call centre whose floor it may watch. */
export interface Claimant {
  userId: number;
  /** The manager's call centre; absent for an agent. */
  managerOf?: number;
}

export interface Presence {
  /** True when the claim is now this holder's (or already was). */
  claim(who: Claimant, holder: string): Promise<boolean>;
  /** Gives the claim up, only if this holder has it. */
  release(who: Claimant, holder: string): Promise<void>;
  /** Whether any socket anywhere holds the agent's claim. */
  isLive(userId: number): Promise<boolean>;
  /** Who holds the agent's claim now, if anyone. */
  holderOf(userId: number): Promise<string | undefined>;
  /** Whether a manager of the call centre has a live socket anywhere. */
  managersOnline(tenantId: number): Promise<boolean>;
  close(): Promise<void>;
}

export class LocalPresence implements Presence {
  private readonly holders = new Map<number, string>();
  private readonly managers = new Map<number, Set<number>>();

  async claim({ userId, managerOf }: Claimant, holder: string) {
    const current = this.holders.get(userId);
    if (current !== undefined && current !== holder) return false;
    this.holders.set(userId, holder);
    if (managerOf !== undefined) this.managers.set(managerOf, (this.managers.get(managerOf) ?? new Set()).add(userId));
    return true;
  }

  async release({ userId, managerOf }: Claimant, holder: string) {
    if (this.holders.get(userId) !== holder) return;
    this.holders.delete(userId);
    if (managerOf !== undefined) this.managers.get(managerOf)?.delete(userId);
  }

  async managersOnline(tenantId: number) {
    return (this.managers.get(tenantId)?.size ?? 0) > 0;
  }

  async isLive(userId: number) {
    return this.holders.has(userId);
  }

  async holderOf(userId: number) {
    return this.holders.get(userId);
  }

  async close() {
    this.holders.clear();
    this.managers.clear();
  }
}

// KEYS[1] the user's claim, KEYS[2] (a manager's only) its call centre's watchers; ARGV: holder, TTL, user id.
// Each keeps the watcher's score at the claim's expiry in Redis's time, so no instance's clock is trusted.
const NOW_MS = `local t = redis.call("time") local now = t[1] * 1000 + math.floor(t[2] / 1000)`;
const CLAIM = `local cur = redis.call("get", KEYS[1])
if cur and cur ~= ARGV[1] then return 0 end
redis.call("set", KEYS[1], ARGV[1], "px", ARGV[2])
if KEYS[2] then ${NOW_MS} redis.call("zadd", KEYS[2], now + ARGV[2], ARGV[3]) end
return 1`;
const RELEASE = `if redis.call("get", KEYS[1]) ~= ARGV[1] then return 0 end
redis.call("del", KEYS[1])
if KEYS[2] then redis.call("zrem", KEYS[2], ARGV[3]) end
return 1`;
const REFRESH = `if redis.call("get", KEYS[1]) ~= ARGV[1] then return 0 end
redis.call("pexpire", KEYS[1], ARGV[2])
if KEYS[2] then ${NOW_MS} redis.call("zadd", KEYS[2], now + ARGV[2], ARGV[3]) end
return 1`;
// KEYS[1] a call centre's watchers: those whose claim lapsed (their instance died) are dropped, the rest counted.
const WATCHERS = `${NOW_MS} redis.call("zremrangebyscore", KEYS[1], "-inf", now) return redis.call("zcard", KEYS[1])`;

export const PRESENCE_TTL_MS = 15_000;
export const PRESENCE_REFRESH_MS = 5_000;

export class RedisPresence implements Presence {
  private readonly held = new Map<number, { who: Claimant; holder: string }>();
  private readonly refresher: ReturnType<typeof setInterval>;

  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
    onError: (err: unknown) => void,
  ) {
    this.refresher = setInterval(() => {
      this.refresh().catch(onError);
    }, PRESENCE_REFRESH_MS);
    this.refresher.unref();
  }

  private key(userId: number) {
    return `${this.prefix}:agent-socket:${userId}`;
  }

  private watchersKey(tenantId: number) {
    return `${this.prefix}:managers-online:${tenantId}`;
  }

  /** The script's keys and arguments for a claimant and holder. */
  private args(who: Claimant, holder: string) {
    const keys = [this.key(who.userId)];
    if (who.managerOf !== undefined) keys.push(this.watchersKey(who.managerOf));
    return { keys, arguments: [holder, String(PRESENCE_TTL_MS), String(who.userId)] };
  }

  async claim(who: Claimant, holder: string) {
    if ((await this.redis.eval(CLAIM, this.args(who, holder))) !== 1) return false;
    this.held.set(who.userId, { who, holder });
    return true;
  }

  async release(who: Claimant, holder: string) {
    if (this.held.get(who.userId)?.holder === holder) this.held.delete(who.userId);
    await this.redis.eval(RELEASE, this.args(who, holder));
  }

  async managersOnline(tenantId: number) {
    return (await this.redis.eval(WATCHERS, { keys: [this.watchersKey(tenantId)] })) !== 0;
  }

  async isLive(userId: number) {
    return (await this.redis.exists(this.key(userId))) === 1;
  }

  async holderOf(userId: number) {
    return (await this.redis.get(this.key(userId))) ?? undefined;
  }

  private async refresh() {
    await Promise.all([...this.held.values()].map(({ who, holder }) => this.redis.eval(REFRESH, this.args(who, holder))));
  }

  async close() {
    clearInterval(this.refresher);
    await Promise.allSettled([...this.held.values()].map(({ who, holder }) => this.release(who, holder)));
  }
}
