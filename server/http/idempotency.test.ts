// The Idempotency-Key rules on their own, against the real database: first answer kept and replayed, another
// body refused, a failed attempt leaves no trace, a key 24 hours old is claimed afresh, and a claim whose
// request can no longer be running (a crash) is taken over instead of answering 409 for 24 hours.
import { and, eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../auth/access";
import { isSoleWriter } from "../db/client";
import { idempotencyKeys, users } from "../db/schema";
import { startTestGateway, type TestGateway } from "../test/harness";
import { HttpError } from "./errors";
import {
  GATEWAY_INSTANCE,
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_MS,
  idempotent,
  type IdempotencyClaim,
} from "./idempotency";

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
  return sendWith(key, body, async () => {
    writes.n++;
    if (fail) throw new Error("write failed");
    return { status: 201, body: { n: writes.n } };
  });
}

async function sendWith(
  key: string,
  body: unknown,
  write: (claim: IdempotencyClaim) => Promise<{ status: number; body: unknown }>,
) {
  const { r, api } = reply();
  try {
    const out = await idempotent(gw.gw, caller, request(key, body), api, write);
    return { status: r.status, body: out, replayed: r.headers["idempotent-replayed"] === "true" };
  } catch (err) {
    if (err instanceof HttpError) return { status: err.statusCode };
    throw err;
  }
}

/** The row an unanswered claim leaves when its process dies in the middle of the write. */
async function leftByCrash(key: string, body: unknown, claimedBy: string | null, leaseUntil: Date | null) {
  const fingerprint = (await import("node:crypto"))
    .createHash("sha256")
    .update(`/api/v1/things\n${JSON.stringify(body)}`)
    .digest("hex");
  await gw.db.insert(idempotencyKeys).values({
    userId: caller.id,
    key,
    route: "POST /api/v1/things",
    fingerprint,
    status: 0,
    body: null,
    createdAt: new Date(gw.clock.now()),
    claimedBy,
    leaseUntil,
  });
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

  it("a claim left without a lease (before leases existed) is taken over: the retry writes once", async () => {
    const writes = { n: 0 };
    await leftByCrash("k-4", { a: 1 }, null, null);
    if (!isSoleWriter(gw.db)) {
      // On PostgreSQL an older gateway of the cluster may still run it: it gets one lease from its start.
      expect(await send("k-4", { a: 1 }, writes)).toEqual({ status: 409 });
      gw.clock.advance(IDEMPOTENCY_LEASE_MS + 1);
    }
    expect(await send("k-4", { a: 1 }, writes)).toEqual({ status: 201, body: { n: 1 }, replayed: false });
    expect(await send("k-4", { a: 1 }, writes)).toMatchObject({ replayed: true, body: { n: 1 } });
    expect(writes.n).toBe(1);
  });

  it("another process's unanswered claim: taken over at once on PGlite (it has died), after its lease on PostgreSQL", async () => {
    const writes = { n: 0 };
    await leftByCrash("k-5", { a: 1 }, "a-crashed-gateway", new Date(gw.clock.now() + IDEMPOTENCY_LEASE_MS));
    if (!isSoleWriter(gw.db)) {
      // Several gateways share PostgreSQL: that instance may still be running the write.
      expect(await send("k-5", { a: 1 }, writes)).toEqual({ status: 409 });
      gw.clock.advance(IDEMPOTENCY_LEASE_MS + 1);
    }
    expect(await send("k-5", { a: 1 }, writes)).toEqual({ status: 201, body: { n: 1 }, replayed: false });
    expect(await rowOf("k-5")).toMatchObject({ status: 201, claimedBy: GATEWAY_INSTANCE, leaseUntil: null });
    expect(await send("k-5", { a: 1 }, writes)).toMatchObject({ replayed: true, body: { n: 1 } });
    expect(writes.n).toBe(1);
  });

  it("an unanswered claim of this process counts as running until its lease runs out", async () => {
    const writes = { n: 0 };
    await leftByCrash("k-6", { a: 1 }, GATEWAY_INSTANCE, new Date(gw.clock.now() + IDEMPOTENCY_LEASE_MS));
    expect(await send("k-6", { a: 1 }, writes)).toEqual({ status: 409 });
    gw.clock.advance(IDEMPOTENCY_LEASE_MS - 1000);
    expect(await send("k-6", { a: 1 }, writes)).toEqual({ status: 409 });
    gw.clock.advance(2000);
    expect(await send("k-6", { a: 1 }, writes)).toEqual({ status: 201, body: { n: 1 }, replayed: false });
    expect(writes.n).toBe(1);
  });

  it("a write still running renews its lease: it is never taken over, however long it takes", async () => {
    const writes = { n: 0 };
    let finish!: () => void;
    const running = sendWith("k-7", {}, async () => {
      writes.n++;
      await new Promise<void>((r) => (finish = r));
      return { status: 201, body: { n: writes.n } };
    });
    await expect.poll(() => writes.n).toBe(1);
    for (let i = 0; i < 9; i++) {
      gw.clock.advance(IDEMPOTENCY_LEASE_MS / 3);
      // The renewal runs in the background: wait until it has stored the lease (a loaded CI machine took over the
      // poll's default second once).
      await expect
        .poll(async () => (await rowOf("k-7"))!.leaseUntil!.getTime(), { timeout: 15_000 })
        .toBeGreaterThan(gw.clock.now());
    }
    expect(await send("k-7", {}, writes)).toEqual({ status: 409 });
    finish();
    expect(await running).toEqual({ status: 201, body: { n: 1 }, replayed: false });
    expect(await send("k-7", {}, writes)).toMatchObject({ replayed: true, body: { n: 1 } });
    expect(writes.n).toBe(1);
  });

  /** A stand-in for the write's own row: it must not outlive a rolled-back transaction. */
  const standIn = () => ({ userId: caller.id, key: "k-9-write", route: "stand-in", fingerprint: "", status: 201 });

  it("an answer kept in the write's transaction commits with it, and not at all once the claim was taken over", async () => {
    const kept = await sendWith("k-8", {}, (claim) =>
      gw.db.transaction(async (tx) => {
        const answer = { status: 201, body: { kept: true } };
        await claim.keepIn(tx as never, answer);
        return answer;
      }),
    );
    expect(kept).toEqual({ status: 201, body: { kept: true }, replayed: false });
    expect(await sendWith("k-8", {}, async () => ({ status: 500, body: null }))).toMatchObject({ replayed: true, body: { kept: true } });

    // The claim is lost while the write runs (another instance took it over after the lease): the write's
    // transaction rolls back, so the write is not committed a second time.
    const lost = await sendWith("k-9", {}, async (claim) => {
      await gw.db.execute(sql`update idempotency_keys set claimed_by = 'another-gateway' where key = 'k-9'`);
      return gw.db.transaction(async (tx) => {
        // The write itself (here a stand-in row), then its answer.
        await tx.insert(idempotencyKeys).values({ ...standIn(), createdAt: new Date(gw.clock.now()) });
        await claim.keepIn(tx as never, { status: 201, body: {} });
        return { status: 201, body: {} };
      });
    });
    expect(lost).toEqual({ status: 409 });
    expect(await rowOf("k-9-write")).toBeUndefined();
    // Not released either: the claim is the other instance's now.
    expect(await rowOf("k-9")).toMatchObject({ status: 0, claimedBy: "another-gateway" });
  });
});
