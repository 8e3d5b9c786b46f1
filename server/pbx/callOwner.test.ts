// How a standby's call command reaches the instance that drives the calls, and what its caller gets when none
// answers: never a silent drop.
import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { sendToCallOwner } from "../http/forwarding";
import { HttpError } from "../http/errors";
import {
  CALL_OWNER_UNAVAILABLE,
  CallOwnerUnavailable,
  OWNER_HEADER,
  RedisCallOwner,
  type CallOwner,
} from "./callOwner";

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("call commands over Redis", () => {
  const opened: RedisCallOwner[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((o) => o.close()));
  });
  async function instances(n: number, timeoutMs = 400) {
    const keyPrefix = `dialer-test-${randomUUID()}`;
    const made = await Promise.all(
      Array.from({ length: n }, () =>
        RedisCallOwner.connect({ redisUrl: redisUrl!, keyPrefix, mark: "m", onError: () => {}, timeoutMs }),
      ),
    );
    opened.push(...made);
    return made;
  }

  it("a command reaches the instance that serves, and its answer comes back to the sender alone", async () => {
    const [holder, standby, other] = await instances(3);
    await holder!.serve(async (c) => ({ echoed: c }));
    expect([holder!.drivesHere(), standby!.drivesHere()]).toEqual([true, false]);
    const [x, y] = await Promise.all([standby!.send({ n: 1 }), other!.send({ n: 2 })]);
    expect(x).toEqual({ echoed: { n: 1 } });
    expect(y).toEqual({ echoed: { n: 2 } });
  });

  it("nobody serves: offered again until the timeout, then CallOwnerUnavailable(no_owner)", async () => {
    const [standby] = await instances(1, 500);
    const started = Date.now();
    await expect(standby!.send({})).rejects.toMatchObject({
      why: "no_owner",
      message: CALL_OWNER_UNAVAILABLE,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it("a takeover under way: a command sent before anyone serves is answered once the new holder serves", async () => {
    const [next, standby] = await instances(2, 3_000);
    const answer = standby!.send({ q: 1 });
    await new Promise((r) => setTimeout(r, 300));
    await next!.serve(async () => "carried on");
    expect(await answer).toBe("carried on");
  });

  it("the holder heard it but did not answer in time: CallOwnerUnavailable(timeout); its failure is the sender's error", async () => {
    const [holder, standby] = await instances(2);
    await holder!.serve((c) =>
      (c as { fail?: boolean }).fail ? Promise.reject(new Error("boom")) : new Promise(() => {}),
    );
    await expect(standby!.send({})).rejects.toMatchObject({ why: "timeout" });
    await expect(standby!.send({ fail: true })).rejects.toThrow("boom");
  });

  it("a holder that stands down answers the commands under way, and the next ones go to the next holder", async () => {
    const [holder, next, standby] = await instances(3, 3_000);
    let finish!: () => void;
    await holder!.serve(() => new Promise((r) => (finish = () => r("done by the old holder"))));
    const underWay = standby!.send({ n: 1 });
    await new Promise((r) => setTimeout(r, 100));
    const stoodDown = holder!.standDown();
    await new Promise((r) => setTimeout(r, 100));
    // Still waiting for the command under way.
    expect(holder!.drivesHere()).toBe(false);
    finish();
    await stoodDown;
    expect(await underWay).toBe("done by the old holder");
    const afterwards = standby!.send({ n: 2 });
    await next!.serve(async () => "done by the next holder");
    expect(await afterwards).toBe("done by the next holder");
  });

  it("a holder that stands down waits for the commands begun here too; a standby, or a holder that stood down, begins none", async () => {
    const [holder, standby] = await instances(2, 3_000);
    expect(standby!.beginHere()).toBeNull();
    await holder!.serve(async () => "served");
    const done = holder!.beginHere()!;
    expect(done).toBeTypeOf("function");
    let stood = false;
    const stoodDown = holder!.standDown().then(() => (stood = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(stood).toBe(false);
    expect(holder!.beginHere()).toBeNull();
    done();
    await stoodDown;
    expect(stood).toBe(true);
    // A second word that it is done changes nothing; a later stand-down waits for nothing.
    done();
    await holder!.serve(async () => "served");
    const at = Date.now();
    await holder!.standDown();
    expect(Date.now() - at).toBeLessThan(1_000);
  });

  it("a holder that stood down no longer hears commands", async () => {
    const [holder, standby] = await instances(2);
    await holder!.serve(async () => 1);
    expect(await standby!.send({})).toBe(1);
    await holder!.standDown();
    expect(holder!.drivesHere()).toBe(false);
    await expect(standby!.send({})).rejects.toBeInstanceOf(CallOwnerUnavailable);
  });
});

describe("a route on the live calls, on a standby", () => {
  async function standby(owner: CallOwner) {
    const app = Fastify();
    app.setErrorHandler((e, _req, reply) => {
      if (e instanceof HttpError)
        return reply
          .code(e.statusCode)
          .headers(e.headers ?? {})
          .send({ message: e.message });
      return reply.code(500).send({ message: "failed" });
    });
    let ranHere = 0;
    app.post("/x", {
      preValidation: async (req, reply) => {
        if (await sendToCallOwner(owner, req, reply)) return reply;
      },
      handler: async () => ({ ranHere: ++ranHere }),
    });
    await app.ready();
    return app;
  }
  const owner = (send: CallOwner["send"], drives = false): CallOwner => ({
    drivesHere: () => drives,
    beginHere: () => (drives ? () => {} : null),
    send,
    mark: "secret",
  });

  it("answers the holder's status, headers and body as they are", async () => {
    const sent: unknown[] = [];
    const app = await standby(
      owner(async (c) => {
        sent.push(c);
        return {
          status: 409,
          headers: { "content-type": "application/json", authorization: "Bearer rotated" },
          body: '{"message":"on a call"}',
        };
      }),
    );
    const res = await app.inject({
      method: "POST",
      url: "/x",
      payload: { a: 1 },
      headers: { authorization: "Bearer t", "idempotency-key": "k1" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.headers.authorization).toBe("Bearer rotated");
    expect(res.json()).toEqual({ message: "on a call" });
    expect(sent[0]).toMatchObject({ kind: "http", method: "POST", url: "/x", payload: '{"a":1}' });
    expect((sent[0] as { headers: Record<string, string> }).headers).toMatchObject({
      authorization: "Bearer t",
      "idempotency-key": "k1",
    });
    expect((sent[0] as { headers: Record<string, string> }).headers).not.toHaveProperty("host");
  });

  it("no answer in time: 503 with a message the agent can act on and Retry-After, never a silent drop", async () => {
    const app = await standby(owner(() => Promise.reject(new CallOwnerUnavailable("timeout"))));
    const res = await app.inject({ method: "POST", url: "/x", payload: {} });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("2");
    expect(res.json()).toEqual({ message: CALL_OWNER_UNAVAILABLE });
  });

  it("runs here on the instance that drives the calls; a request sent on by a standby is never sent on again", async () => {
    const never = () => Promise.reject(new Error("must not be sent"));
    expect(
      (await (await standby(owner(never, true))).inject({ method: "POST", url: "/x", payload: {} })).json(),
    ).toEqual({ ranHere: 1 });
    const stoodDown = await standby(owner(never));
    const res = await stoodDown.inject({
      method: "POST",
      url: "/x",
      payload: {},
      headers: { [OWNER_HEADER]: "secret" },
    });
    expect(res.statusCode).toBe(503);
  });
});
