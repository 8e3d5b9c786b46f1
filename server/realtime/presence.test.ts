// Presence: one claim per user, and a manager's claim counting it as watching its call centre's floor. The same
// cases on the in-process map and, when REDIS_URL is set, on Redis, where a claim whose instance died lapses.
import { randomUUID } from "node:crypto";
import { createClient, type RedisClientType } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalPresence, PRESENCE_TTL_MS, RedisPresence, type Presence } from "./presence";

const redisUrl = process.env.REDIS_URL;
let redis: RedisClientType | undefined;
beforeAll(async () => {
  if (!redisUrl) return;
  redis = createClient({ url: redisUrl }) as RedisClientType;
  await redis.connect();
});
afterAll(async () => {
  await redis?.quit();
});
/** Redis's own clock, in milliseconds: what the watchers' expiries are written in. */
async function redisNow() {
  const [seconds, micros] = (await redis!.sendCommand(["TIME"])) as [string, string];
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
}

const kinds: [string, () => { presence: Presence; prefix: string }][] = [
  ["in one process", () => ({ presence: new LocalPresence(), prefix: "" })],
];
if (redisUrl)
  kinds.push([
    "on Redis",
    () => {
      const prefix = `presence-test-${randomUUID()}`;
      return {
        presence: new RedisPresence(redis!, prefix, (err) => {
          throw err;
        }),
        prefix,
      };
    },
  ]);

describe.each(kinds)("presence %s", (_, make) => {
  const manager = { userId: 10, managerOf: 1 };
  const agent = { userId: 20 };

  it("gives a user's claim to one holder at a time, and takes it back from that holder only", async () => {
    const { presence } = make();
    expect(await presence.claim(agent, "a")).toBe(true);
    expect(await presence.claim(agent, "a")).toBe(true);
    expect(await presence.claim(agent, "b")).toBe(false);
    expect(await presence.holderOf(agent.userId)).toBe("a");
    await presence.release(agent, "b");
    expect(await presence.isLive(agent.userId)).toBe(true);
    await presence.release(agent, "a");
    expect(await presence.isLive(agent.userId)).toBe(false);
    expect(await presence.claim(agent, "b")).toBe(true);
    await presence.close();
  });

  it("counts a manager with a claim as watching its call centre only, and an agent never", async () => {
    const { presence } = make();
    expect(await presence.claim(agent, "a")).toBe(true);
    expect(await presence.managersOnline(1)).toBe(false);
    expect(await presence.claim(manager, "m")).toBe(true);
    expect(await presence.managersOnline(1)).toBe(true);
    expect(await presence.managersOnline(2)).toBe(false);
    // A refused second tab leaves the watching manager counted; the holder's release ends it.
    expect(await presence.claim(manager, "m2")).toBe(false);
    await presence.release(manager, "m2");
    expect(await presence.managersOnline(1)).toBe(true);
    await presence.release(manager, "m");
    expect(await presence.managersOnline(1)).toBe(false);
    // A page taking its own claim over (release of the old holder, claim of the new) keeps it counted.
    expect(await presence.claim(manager, "old")).toBe(true);
    await presence.release(manager, "old");
    expect(await presence.claim(manager, "new")).toBe(true);
    expect(await presence.managersOnline(1)).toBe(true);
    await presence.close();
    expect(await make().presence.managersOnline(1)).toBe(false);
  });
});

describe.skipIf(!redisUrl)("presence on Redis, across instances", () => {
  it("sees a manager claimed on another instance, and stops counting one whose instance died with its claim", async () => {
    const prefix = `presence-test-${randomUUID()}`;
    const fail = (err: unknown) => {
      throw err;
    };
    const first = new RedisPresence(redis!, prefix, fail);
    const second = new RedisPresence(redis!, prefix, fail);
    expect(await first.claim({ userId: 10, managerOf: 1 }, "first:m")).toBe(true);
    expect(await second.managersOnline(1)).toBe(true);
    // The instance died: nothing released the claim, and its watcher's expiry (Redis's time) has passed.
    const key = `${prefix}:managers-online:1`;
    await redis!.zAdd(key, { score: (await redisNow()) - 1, value: "10" });
    expect(await second.managersOnline(1)).toBe(false);
    expect(await redis!.zCard(key)).toBe(0);
    // A live claim's watcher expires with the claim's TTL, which the holder's refresh moves on.
    expect(await first.claim({ userId: 11, managerOf: 1 }, "first:m2")).toBe(true);
    const score = await redis!.zScore(key, "11");
    const now = await redisNow();
    expect(score! - now).toBeGreaterThan(PRESENCE_TTL_MS - 1_000);
    expect(score! - now).toBeLessThanOrEqual(PRESENCE_TTL_MS + 1_000);
    await Promise.all([first.close(), second.close()]);
    expect(await second.managersOnline(1)).toBe(false);
  });
});
