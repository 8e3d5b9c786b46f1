// Two gateway instances on one database with the Redis adapter (only when REDIS_URL is set): what one
// instance emits reaches an agent connected to the other, and one-socket-per-agent holds across both.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../db/schema";
import { startTestGateway, type AgentClientSocket, type TestClient, type TestGateway } from "../test/harness";
import { ack, connected, disconnected, next } from "./testing";

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("two gateway instances with the Redis adapter", () => {
  let a: TestGateway;
  let b: TestGateway;
  const opened: AgentClientSocket[] = [];

  beforeAll(async () => {
    // A prefix of its own: test files and runs sharing this Redis never hear each other.
    const redisKeyPrefix = `dialer-test-${randomUUID()}`;
    a = await startTestGateway({ listen: true, redisUrl, redisKeyPrefix });
    b = await startTestGateway({ listen: true, redisUrl, redisKeyPrefix, peerOf: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  afterEach(async () => {
    for (const s of opened.splice(0)) s.disconnect();
    await vi.waitFor(() => expect(a.realtime.io.of("/").sockets.size + b.realtime.io.of("/").sockets.size).toBe(0));
    await a.gw.background.idle();
    await b.gw.background.idle();
  });

  const socketOn = (g: TestGateway, c: TestClient) => {
    const s = g.socket(c);
    opened.push(s);
    return s;
  };
  const idOf = async (email: string) => (await a.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  it("uses the Redis adapter on both instances", () => {
    expect(a.realtime.clustered && b.realtime.clustered).toBe(true);
    expect(a.realtime.instanceId).not.toBe(b.realtime.instanceId);
  });

  it("an event emitted on one instance reaches an agent connected to the other", async () => {
    const agent = await a.signIn("qualifier2.isius@demo.test");
    const manager = await a.signIn("manager.isius@demo.test");
    const id = await idOf("qualifier2.isius@demo.test");
    const onB = socketOn(b, agent);
    const managerOnA = socketOn(a, manager);
    await connected(onB);
    await connected(managerOnA);
    // A status change made through instance A: the agent on B and the manager on A both hear of it.
    const status = next(onB, "status");
    const feed = next(managerOnA, "agent-status");
    expect((await agent.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
    expect(await status).toMatchObject({ status: "ready", source: "agent" });
    expect(await feed).toMatchObject({ agent_id: id, status: "ready" });
    // A manager's calling toggle handled by A reaches the agent on B at once.
    const calling = next(onB, "calling-status");
    expect((await manager.request("PATCH", `/agents/${id}/calling-statuses`, { deactivated: true })).statusCode).toBe(204);
    expect(await calling).toEqual({ deactivated: true, message: "A manager disabled calling for your extension" });
    await manager.request("PATCH", `/agents/${id}/calling-statuses`, { deactivated: false });
  });

  it("one live socket per agent across instances", async () => {
    const tab1 = await a.signIn("qualifier3.isius@demo.test");
    const tab2 = await a.signIn("qualifier3.isius@demo.test");
    const first = socketOn(a, tab1);
    await connected(first);
    const second = socketOn(b, tab2);
    const dup = next(second, "duplicate-tab");
    second.connect();
    expect((await dup).message).toBe("The Dialer is already open in another tab. Please close this tab!");
    first.disconnect();
    await vi.waitFor(() => expect(a.realtime.io.of("/").sockets.size).toBe(0));
    await a.gw.background.idle();
    const third = socketOn(b, tab2);
    await connected(third);
    expect(await ack(third, "heartbeat")).toMatchObject({ ok: true });
  });

  it("the agent's page whose instance died reconnects to the other at once: its session's claim is its own", async () => {
    const page = await a.signIn("qualifier5.isius@demo.test");
    const onA = socketOn(a, page);
    await connected(onA);
    // Instance A dies: its socket's claim stays in Redis until it lapses (15 s); the page reconnects to B meanwhile.
    // (A's socket stays open here, as a dead instance's would look to Redis.)
    const onB = socketOn(b, page);
    const refused = vi.fn();
    onB.on("duplicate-tab", refused);
    await connected(onB);
    expect(await ack(onB, "heartbeat")).toMatchObject({ ok: true });
    expect(refused).not.toHaveBeenCalled();
    // Another session of the same agent (another browser) is still a second tab.
    const other = socketOn(b, await a.signIn("qualifier5.isius@demo.test"));
    const dup = next(other, "duplicate-tab");
    other.connect();
    expect((await dup).message).toBe("The Dialer is already open in another tab. Please close this tab!");
  });

  it("a logout on one instance ends the agent's socket on the other", async () => {
    const c = await a.signIn("qualifier4.isius@demo.test");
    const onB = socketOn(b, c);
    await connected(onB);
    const ended = next(onB, "session-ended");
    const gone = disconnected(onB);
    expect((await c.request("POST", "/logout")).statusCode).toBe(204);
    expect(await ended).toEqual({ reason: "logout" });
    expect(await gone).toBe("io server disconnect");
  });
});
