// Writes that must not double (ARCHITECTURE.md decision 15): with an Idempotency-Key header, the first
// answer is kept per agent and route, and a retry with the same key gets that answer again without a second
// write. The same key with another body is a client error; a retry while the first is still running waits
// its turn by answering 409, and a failed first attempt leaves no trace so it can be retried.
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Caller } from "../auth/access";
import type { Db } from "../db/client";
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
  const q = statementsOf(gw.db);
  const which = { userId: caller.id, key, route };
  // One statement claims the key: a new row, or one whose 24 hours are over taken over in place.
  const claimed = await q.claim.execute({
    ...which,
    fingerprint,
    createdAt: new Date(now),
    expiredBefore: new Date(now - IDEMPOTENCY_TTL_MS).toISOString(),
  });
  if (claimed.length === 0) {
    const [first] = await q.read.execute(which);
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
    await q.answer.execute({ ...which, status: r.status, body: r.body });
    reply.code(r.status);
    return r.body;
  } catch (err) {
    await q.release.execute(which);
    throw err;
  }
}

/**
 * A placeholder in update().set(): at run time drizzle encodes it by its column (JSON here) exactly as it
 * does in insert().values(); only set()'s types leave placeholders out.
 */
const bound = <T>(name: string) => sql.placeholder(name) as unknown as T;

/** Every idempotent POST runs these: prepared once per database, not rebuilt per request. */
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();
const statementsOf = (db: Db) => prepared.get(db) ?? prepared.set(db, prepare(db)).get(db)!;

function prepare(db: Db) {
  const where = and(
    eq(idempotencyKeys.userId, sql.placeholder("userId")),
    eq(idempotencyKeys.key, sql.placeholder("key")),
    eq(idempotencyKeys.route, sql.placeholder("route")),
  );
  return {
    claim: db
      .insert(idempotencyKeys)
      .values({
        userId: sql.placeholder("userId"),
        key: sql.placeholder("key"),
        route: sql.placeholder("route"),
        fingerprint: sql.placeholder("fingerprint"),
        status: IN_PROGRESS,
        body: null,
        createdAt: sql.placeholder("createdAt"),
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key, idempotencyKeys.route],
        set: {
          fingerprint: sql`excluded.fingerprint`,
          status: sql`excluded.status`,
          body: sql`excluded.body`,
          createdAt: sql`excluded.created_at`,
        },
        // Only an expired key is taken over; a live one is left for the replay below.
        setWhere: lt(idempotencyKeys.createdAt, sql.placeholder("expiredBefore")),
      })
      .returning({ key: idempotencyKeys.key })
      .prepare("idempotency_claim"),
    read: db.select().from(idempotencyKeys).where(where).limit(1).prepare("idempotency_read"),
    answer: db
      .update(idempotencyKeys)
      .set({ status: bound<number>("status"), body: bound<unknown>("body") })
      .where(where)
      .prepare("idempotency_answer"),
    release: db.delete(idempotencyKeys).where(where).prepare("idempotency_release"),
  };
}
