// Writes that must not double (ARCHITECTURE.md decision 15): with an Idempotency-Key header, the first
// answer is kept per agent and route, and a retry with the same key gets that answer again without a second
// write. The same key with another body is a client error; a retry while the first is still running waits
// its turn by answering 409, and a failed first attempt leaves no trace so it can be retried.
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Caller } from "../auth/access";
import { idempotencyKeys } from "../db/schema";
import type { Gateway } from "../gateway";
import { HttpError } from "./errors";

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
const IN_PROGRESS = 0;

export const IDEMPOTENCY_MESSAGES = {
  reused: "This Idempotency-Key was already used for another request.",
  inProgress: "A request with this Idempotency-Key is still being processed.",
  invalid: "The Idempotency-Key header must be 1 to 255 visible characters.",
} as const;

/** Runs `write` once per Idempotency-Key; without the header it simply runs. */
export async function idempotent<T>(
  gw: Gateway,
  caller: Caller,
  raw: FastifyRequest,
  reply: FastifyReply,
  write: () => Promise<{ status: number; body: T }>,
): Promise<T> {
  const header = raw.headers["idempotency-key"];
  if (header === undefined) {
    const r = await write();
    reply.code(r.status);
    return r.body;
  }
  const key = Array.isArray(header) ? header[0]! : header;
  if (!/^[\x21-\x7E]{1,255}$/.test(key))
    throw new HttpError(422, IDEMPOTENCY_MESSAGES.invalid, {
      "Idempotency-Key": [IDEMPOTENCY_MESSAGES.invalid],
    });
  const route = `${raw.method} ${raw.routeOptions.url ?? raw.url}`;
  const fingerprint = createHash("sha256")
    .update(`${raw.url}\n${JSON.stringify(raw.body ?? null)}`)
    .digest("hex");
  const now = gw.clock.now();
  const where = and(
    eq(idempotencyKeys.userId, caller.id),
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.route, route),
  );
  await gw.db
    .delete(idempotencyKeys)
    .where(and(where, lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS))));
  const claimed = await gw.db
    .insert(idempotencyKeys)
    .values({
      userId: caller.id,
      key,
      route,
      fingerprint,
      status: IN_PROGRESS,
      body: null,
      createdAt: new Date(now),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const [first] = await gw.db.select().from(idempotencyKeys).where(where).limit(1);
    if (!first) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress);
    if (first.fingerprint !== fingerprint)
      throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused, {
        "Idempotency-Key": [IDEMPOTENCY_MESSAGES.reused],
      });
    if (first.status === IN_PROGRESS) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress);
    reply.code(first.status);
    reply.header("idempotent-replayed", "true");
    return first.body as T;
  }
  try {
    const r = await write();
    await gw.db
      .update(idempotencyKeys)
      .set({ status: r.status, body: r.body as object })
      .where(where);
    reply.code(r.status);
    return r.body;
  } catch (err) {
    await gw.db.delete(idempotencyKeys).where(where);
    throw err;
  }
}
