// The Idempotency-Key rules on their own, against the real database: first answer kept and replayed, another
// body refused, a failed attempt leaves no trace, and a key 24 hours old is claimed afresh.
import { and, eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../auth/access";
import { idempotencyKeys, users } from "../db/schema";
import { startTestGateway, type TestGateway } from "../test/harness";
import { HttpError } from "./errors";
import { IDEMPOTENCY_TTL_MS, idempotent } from "./idempotency";

let gw: TestGateway;
let caller: Caller;
beforeAll(async () => {
  gw = await startTestGateway();
  const [u] = await gw.db
    .select({ id: users.id, tenantId: users.tenantId, role: users.role })
    .from(users)
    .limit(1);
  caller = { ...u!, roles: [], permissions: [] };
});
afterAll(() => gw.close());

const request = (key: string, body: unknown) =>
  ({
    headers: { "idempotency-key": key },
    method: "POST",
    url: "/api/v1/things",
    routeOptions: { url: "/api/v1/things" },
    body,
  }) as unknown as FastifyRequest;

function reply() {
  const r = { status: 0, headers: {} as Record<string, string> };
  const api = {
    code: (s: number) => ((r.status = s), api),
    header: (k: string, v: string) => ((r.headers[k] = v), api),
  };
  return { r, api: api as unknown as FastifyReply };
}

/** Runs one request; `writes` counts how often the write itself ran. */
async function send(key: string, body: unknown, writes: { n: number }, fail = false) {
  const { r, api } = reply();
  try {
    const out = await idempotent(gw.gw, caller, request(key, body), api, async () => {
      writes.n++;
      if (fail) throw new Error("write failed");
      return { status: 201, body: { n: writes.n } };
    });
    return { status: r.status, body: out, replayed: r.headers["idempotent-replayed"] === "true" };
  } catch (err) {
    if (err instanceof HttpError) return { status: err.statusCode };
    throw err;
  }
}

const rowOf = async (key: string) =>
  (
    await gw.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, caller.id), eq(idempotencyKeys.key, key)))
  )[0];

describe("idempotent()", () => {
  it("writes once per key, replays the first answer, refuses another body", async () => {
    const writes = { n: 0 };
    expect(await send("k-1", { a: 1 }, writes)).toEqual({ status: 201, body: { n: 1 }, replayed: false });
    expect(await send("k-1", { a: 1 }, writes)).toEqual({ status: 201, body: { n: 1 }, replayed: true });
    expect(await send("k-1", { a: 2 }, writes)).toEqual({ status: 422 });
    expect(writes.n).toBe(1);
  });

  it("a failed write leaves no trace, so the retry runs", async () => {
    const writes = { n: 0 };
    await expect(send("k-2", {}, writes, true)).rejects.toThrow("write failed");
    expect(await rowOf("k-2")).toBeUndefined();
    expect(await send("k-2", {}, writes)).toEqual({ status: 201, body: { n: 2 }, replayed: false });
  });

  it("a key older than 24 hours is claimed afresh, with another body too", async () => {
    const writes = { n: 0 };
    await send("k-3", { a: 1 }, writes);
    gw.clock.advance(IDEMPOTENCY_TTL_MS - 1000);
    expect(await send("k-3", { a: 1 }, writes)).toMatchObject({ replayed: true, body: { n: 1 } });
    gw.clock.advance(2000);
    expect(await send("k-3", { a: 2 }, writes)).toEqual({ status: 201, body: { n: 2 }, replayed: false });
    const row = await rowOf("k-3");
    expect(row).toMatchObject({ status: 201, body: { n: 2 } });
    expect(row!.createdAt.getTime()).toBe(gw.clock.now());
    expect(await send("k-3", { a: 2 }, writes)).toMatchObject({ replayed: true, body: { n: 2 } });
  });
});
