// The holder's mirror of the agents' call views, read by the standbys: written once a change, never overwritten
// by a holder that lost the lease, and unreadable values shown as no call.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { RedisClientType } from "redis";
import type { ActiveCall } from "./active";
import {
  CALL_VIEW_RETRY_MS,
  CallViewMirror,
  mirroredView,
  RedisCallViewStore,
  type CallViewStore,
} from "./views";

function call(over: Partial<ActiveCall> = {}): ActiveCall {
  return {
    id: 7,
    pbxCallId: "c-7",
    tenantId: 1,
    agentId: 3,
    agentExt: "1001",
    agentRole: "qualifier",
    leadId: 11,
    leadStatus: "In Process",
    phone: "+12125550142",
    name: "Pat Doe",
    type: "manual",
    direction: 0,
    status: "answered",
    bridged: true,
    onHold: false,
    startedAt: Date.parse("2026-03-10T14:00:00Z"),
    answeredAt: Date.parse("2026-03-10T14:00:05Z"),
    endedAt: null,
    cause: null,
    inboundAlert: false,
    agentLegId: "a",
    partyLegId: "p",
    partyCause: null,
    conference: null,
    transfer: null,
    playback: null,
    seen: new Set(),
    ...over,
  };
}

/** A store that keeps what it was given, as Redis would without a second holder. */
function memoryStore() {
  const writes: { agentId: number; term: number; view: string }[] = [];
  let failNext = false;
  const store: CallViewStore = {
    async write(agentId, term, view) {
      if (failNext) {
        failNext = false;
        throw new Error("redis down");
      }
      writes.push({ agentId, term, view });
    },
    async read(agentId) {
      return writes.filter((w) => w.agentId === agentId).at(-1)?.view ?? null;
    },
  };
  return { store, writes, failOnce: () => (failNext = true) };
}

/** A mirror of agent 3's call (the map's), on a store in memory; the errors it reports are kept. */
function mirrorOfAgent3() {
  const memory = memoryStore();
  const calls = new Map<number, ActiveCall>([[3, call()]]);
  const errors: unknown[] = [];
  const mirror = new CallViewMirror(
    memory.store,
    (id) => calls.get(id),
    (e) => errors.push(e),
  );
  return { ...memory, calls, errors, mirror };
}

describe("the holder's mirror", () => {
  it("writes a view once per change, only what changed, and a call gone as none", async () => {
    const { store, writes, calls, mirror } = mirrorOfAgent3();
    mirror.drive(4);
    mirror.resumed([]);
    // A change pushes several events: one write.
    mirror.changed(3);
    mirror.changed(3);
    await mirror.settled();
    expect(writes).toHaveLength(1);
    expect(await mirroredView(store, 3)).toMatchObject({ callId: 7, status: "answered", onHold: false });
    // A push that changed nothing of the call (a status push) writes nothing.
    mirror.changed(3);
    await mirror.settled();
    expect(writes).toHaveLength(1);
    calls.get(3)!.onHold = true;
    mirror.changed(3);
    await mirror.settled();
    expect(writes.map((w) => w.term)).toEqual([4, 4]);
    expect(await mirroredView(store, 3)).toMatchObject({ onHold: true });
    calls.delete(3);
    mirror.changed(3);
    await mirror.settled();
    expect(await mirroredView(store, 3)).toBeNull();
  });

  it("while a takeover follows the calls again, writes no view, then the views marked meanwhile and its calls'", async () => {
    const { writes, calls, mirror } = mirrorOfAgent3();
    calls.set(5, call({ id: 9, agentId: 5 }));
    mirror.drive(6);
    // Agent 3 reconnects while its call is not back in memory yet: its status push marks it. Written now, the view
    // would say no call while the agent talks.
    calls.delete(3);
    mirror.changed(3);
    await mirror.settled();
    await new Promise((r) => setTimeout(r, 10));
    expect(writes).toEqual([]);
    // The calls are followed again: agent 3's call is back, and agent 5 (no push) has one too.
    calls.set(3, call());
    mirror.resumed([3, 5]);
    await mirror.settled();
    expect(writes.map((w) => [w.agentId, w.term, JSON.parse(w.view)?.callId])).toEqual([
      [3, 6, 7],
      [5, 6, 9],
    ]);
  });

  it("a change while a write is under way is written after it", async () => {
    const { writes, calls, mirror } = mirrorOfAgent3();
    mirror.drive(1);
    mirror.resumed([]);
    mirror.changed(3);
    await new Promise((r) => setImmediate(r));
    calls.get(3)!.status = "ended";
    mirror.changed(3);
    await mirror.settled();
    expect(writes.map((w) => JSON.parse(w.view).status)).toEqual(["answered", "ended"]);
  });

  it("writes nothing once it stood down, and a failed write is made again at the next change", async () => {
    const { writes, calls, mirror, failOnce, errors } = mirrorOfAgent3();
    mirror.changed(3);
    await mirror.settled();
    expect(writes).toHaveLength(0);
    mirror.drive(2);
    mirror.resumed([]);
    failOnce();
    mirror.changed(3);
    await mirror.settled();
    expect(errors).toHaveLength(1);
    // Written again by itself a moment later, with no change of the call to prompt it.
    await vi.waitFor(() => expect(writes).toHaveLength(1), { timeout: CALL_VIEW_RETRY_MS * 3, interval: 50 });
    mirror.standDown();
    calls.get(3)!.onHold = true;
    mirror.changed(3);
    await mirror.settled();
    expect(writes).toHaveLength(1);
  });

  it("a value it cannot read is no call", async () => {
    for (const raw of ["{", '{"callId":"x"}'])
      expect(await mirroredView({ write: async () => {}, read: async () => raw }, 3)).toBeNull();
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("the views in Redis", () => {
  let redis: RedisClientType;
  const prefix = `dialer-test-${randomUUID()}`;
  afterAll(async () => {
    for (const key of await redis.keys(`${prefix}:*`)) await redis.del(key);
    await redis.quit();
  });

  it("a holder that lost the lease never overwrites the next holder's view, nor its call gone", async () => {
    const { createClient } = await import("redis");
    redis = createClient({ url: redisUrl }) as RedisClientType;
    await redis.connect();
    const store = new RedisCallViewStore(redis, prefix);
    const view = (status: string) => JSON.stringify({ callId: 7, status });
    expect(await store.read(3)).toBeNull();
    await store.write(3, 1, view("answered"));
    await store.write(3, 2, view("ended"));
    await store.write(3, 1, view("answered"));
    expect(JSON.parse((await store.read(3))!).status).toBe("ended");
    await store.write(3, 2, "null");
    await store.write(3, 1, view("answered"));
    expect(await store.read(3)).toBe("null");
    expect(await redis.ttl(`${prefix}:call-view:3`)).toBeGreaterThan(3600);
  });
});
