// One live socket per agent (reliability.md E6): a claim per agent, held by one socket. In one process a
// map; across a cluster a Redis key with a TTL that the holding instance refreshes, so a crashed instance's
// claims lapse by themselves. Redis keys expire in Redis's own time, so the refresh runs on a real timer.
import type { RedisClientType } from "redis";

export interface Presence {
  /** True when the claim is now this holder's (or already was). */
  claim(userId: number, holder: string): Promise<boolean>;
  /** Gives the claim up, only if this holder has it. */
  release(userId: number, holder: string): Promise<void>;
  /** Whether any socket anywhere holds the agent's claim. */
  isLive(userId: number): Promise<boolean>;
  /** Who holds the agent's claim now, if anyone. */
  holderOf(userId: number): Promise<string | undefined>;
  close(): Promise<void>;
}

export class LocalPresence implements Presence {
  private readonly holders = new Map<number, string>();

  async claim(userId: number, holder: string) {
    const current = this.holders.get(userId);
    if (current !== undefined && current !== holder) return false;
    this.holders.set(userId, holder);
    return true;
  }

  async release(userId: number, holder: string) {
    if (this.holders.get(userId) === holder) this.holders.delete(userId);
  }

  async isLive(userId: number) {
    return this.holders.has(userId);
  }

  async holderOf(userId: number) {
    return this.holders.get(userId);
  }

  async close() {
    this.holders.clear();
  }
}

const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;
const REFRESH = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;

export const PRESENCE_TTL_MS = 15_000;
export const PRESENCE_REFRESH_MS = 5_000;

export class RedisPresence implements Presence {
  private readonly held = new Map<number, string>();
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

  async claim(userId: number, holder: string) {
    const set = await this.redis.set(this.key(userId), holder, { condition: "NX", expiration: { type: "PX", value: PRESENCE_TTL_MS } });
    if (set === "OK") {
      this.held.set(userId, holder);
      return true;
    }
    if ((await this.redis.get(this.key(userId))) === holder) {
      this.held.set(userId, holder);
      return true;
    }
    return false;
  }

  async release(userId: number, holder: string) {
    if (this.held.get(userId) === holder) this.held.delete(userId);
    await this.redis.eval(RELEASE, { keys: [this.key(userId)], arguments: [holder] });
  }

  async isLive(userId: number) {
    return (await this.redis.exists(this.key(userId))) === 1;
  }

  async holderOf(userId: number) {
    return (await this.redis.get(this.key(userId))) ?? undefined;
  }

  private async refresh() {
    await Promise.all(
      [...this.held].map(([userId, holder]) =>
        this.redis.eval(REFRESH, { keys: [this.key(userId)], arguments: [holder, String(PRESENCE_TTL_MS)] }),
      ),
    );
  }

  async close() {
    clearInterval(this.refresher);
    await Promise.allSettled([...this.held].map(([userId, holder]) => this.release(userId, holder)));
  }
}
