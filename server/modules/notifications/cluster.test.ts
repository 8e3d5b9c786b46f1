// Two gateway instances with the Redis adapter (only when REDIS_URL is set): a notification posted through one
// reaches an agent whose socket is on the other.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connected, next } from "../../realtime/testing";
import { startTestGateway, type TestGateway } from "../../test/harness";

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("manager notifications across gateway instances", () => {
  let a: TestGateway;
  let b: TestGateway;
  beforeAll(async () => {
    const redisKeyPrefix = `dialer-test-${randomUUID()}`;
    a = await startTestGateway({ listen: true, redisUrl, redisKeyPrefix });
    b = await startTestGateway({ listen: true, redisUrl, redisKeyPrefix, peerOf: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("posted on instance A, heard by an agent connected to instance B", async () => {
    const manager = await a.signIn("manager.isius@demo.test");
    const agent = await b.signIn("qualifier2.isius@demo.test");
    const s = b.socket(agent);
    await connected(s);
    const heard = next(s, "notification");
    const res = await manager.request("POST", "/notifications", {
      message: "Across the cluster, hello",
      type: "success",
      timeout: 5,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await heard).toMatchObject({
      id: res.json().data.id,
      message: "Across the cluster, hello",
      remainingMs: 5_000,
    });
    s.disconnect();
  });
});
