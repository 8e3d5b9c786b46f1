// Writes that must not double (ARCHITECTURE.md decision 15): with an Idempotency-Key header, the first
// answer is kept per agent and route, and a retry with the same key gets that answer again without a second
// write. The same key with another body is a client error; a retry while the first is still running waits
// its turn by answering 409, and a failed first attempt leaves no trace so it can be retried.
//
// A claim is "still running" only while its request can be: a crash (kill -9, power loss) leaves the claim
// unanswered, and it must not block the agent's retry for 24 hours. Each claim names the gateway process that
// holds it and carries a short lease that the running request renews. On PGlite only one process can open the
// database (server/db/client.ts), so a claim by another process is a crashed one and is taken over at once;
// on PostgreSQL several gateways share the table, so another instance's claim is taken over only once its
// lease has run out. The write stores its answer in its own transaction (`keepIn`) only while its claim still
// holds, so a write and its answer commit together and a claim taken over never commits twice.
import { createHash, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { Caller } from "../auth/access";
import { isSoleWriter, type Db } from "../db/client";
import { given, preparedOn } from "../db/prepared";
import { idempotencyKeys } from "../db/schema";
import type { Clock } from "../../src/shared/clock";
import { HttpError } from "./errors";
import { IDEMPOTENCY_IN_PROGRESS } from "../../src/contract/dispositions";

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/**
 * How long an unanswered claim counts as running without its request renewing it (every third of it).
 * Long enough that a slow database round-trip or a busy event loop never loses a live claim; short enough
 * that a browser retry after a crashed PostgreSQL instance succeeds within half a minute.
 */
export const IDEMPOTENCY_LEASE_MS = 30_000;
const IN_PROGRESS = 0;

/** This gateway process: claims name it, so a process that has died is recognised as such. */
export const GATEWAY_INSTANCE = randomUUID();

export const IDEMPOTENCY_MESSAGES = {
  reused: "This Idempotency-Key was already used for another request.",
  inProgress: IDEMPOTENCY_IN_PROGRESS,
  invalid: "The Idempotency-Key header must be 1 to 255 visible characters.",
} as const;

export interface IdempotentAnswer<T> {
  status: number;
  body: T;
}

/** What a write can do with its claim. */
export interface IdempotencyClaim {
  /**
   * Stores the answer inside the write's own transaction, so the write and its answer commit together: a
   * crash can never keep the write and lose the answer (a retry would write again). When the claim was taken
   * over meanwhile it throws 409 and the transaction rolls back. Without an Idempotency-Key it does nothing.
   */
  keepIn(tx: Db, answer: IdempotentAnswer<unknown>): Promise<void>;
}

/** What a claim needs of the gateway (not the whole Gateway: the call service's parts take claims, and the gateway
 * holds the call service). */
export interface IdempotencyDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}

const VALID_KEY = /^[\x21-\x7E]{1,255}$/;
const routeOf = (raw: FastifyRequest) => `${raw.method} ${raw.routeOptions.url ?? raw.url}`;
/** The request as a key's first answer is tied to it: a retry must send the same URL and body. */
const fingerprintOf = (raw: FastifyRequest) =>
  createHash("sha256")
    .update(`${raw.url}\n${JSON.stringify(raw.body ?? null)}`)
    .digest("hex");

/**
 * Whether the request repeats, under its Idempotency-Key, a write of the caller's that was answered (the same
 * route and body, within the key's 24 hours): `idempotent` answers it with the first answer. A route's object-level
 * access asks this before it refuses, because the first write may have changed who may act on the object (a
 * disposition hands the lead back to the pool): the agent's retry after a lost answer gets that answer, not 403.
 */
export async function answeredBefore(gw: IdempotencyDeps, caller: Caller, raw: FastifyRequest): Promise<boolean> {
  const header = raw.headers["idempotency-key"];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !VALID_KEY.test(key)) return false;
  const [first] = await statementsOf(gw.db).read.execute({ userId: caller.id, key, route: routeOf(raw) });
  return (
    first !== undefined &&
    first.status !== IN_PROGRESS &&
    first.fingerprint === fingerprintOf(raw) &&
    new Date(first.createdAt).getTime() >= gw.clock.now() - IDEMPOTENCY_TTL_MS
  );
}

/** Runs `write` once per Idempotency-Key; without the header it simply runs. */
export async function idempotent<T>(
  gw: IdempotencyDeps,
  caller: Caller,
  raw: FastifyRequest,
  reply: FastifyReply,
  write: (claim: IdempotencyClaim) => Promise<IdempotentAnswer<T>>,
): Promise<T> {
  const header = raw.headers["idempotency-key"];
  if (header === undefined) {
    const r = await write({ keepIn: async () => {} });
    reply.code(r.status);
    return r.body;
  }
  const key = Array.isArray(header) ? header[0]! : header;
  if (!VALID_KEY.test(key))
    throw new HttpError(422, IDEMPOTENCY_MESSAGES.invalid, {
      "Idempotency-Key": [IDEMPOTENCY_MESSAGES.invalid],
    });
  const route = routeOf(raw);
  const fingerprint = fingerprintOf(raw);
  const now = gw.clock.now();
  const q = statementsOf(gw.db);
  const which = { userId: caller.id, key, route };
  // One statement claims the key: a new row, or taken over in place one whose 24 hours are over or whose
  // request can no longer be running.
  const claimed = await q.claim.execute({
    ...which,
    fingerprint,
    createdAt: new Date(now),
    claimedBy: GATEWAY_INSTANCE,
    leaseUntil: new Date(now + IDEMPOTENCY_LEASE_MS),
    expiredBefore: new Date(now - IDEMPOTENCY_TTL_MS).toISOString(),
    now: new Date(now).toISOString(),
    soleWriter: isSoleWriter(gw.db),
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
  // This claim and no later one (a takeover writes another instance or instant).
  const mine = { ...which, claimedBy: GATEWAY_INSTANCE, claimedAt: new Date(now).toISOString() };
  let kept = false;
  const letGo = leasesOf(gw).hold(mine);
  try {
    const r = await write({
      async keepIn(tx, answer) {
        const stored = await statementsOf(tx).answer.execute({ ...mine, status: answer.status, body: answer.body });
        if (stored.length === 0) throw new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress);
        kept = true;
      },
    });
    letGo();
    if (!kept) {
      const stored = await q.answer.execute({ ...mine, status: r.status, body: r.body });
      if (stored.length === 0) gw.log.warn({ route }, "an Idempotency-Key claim was taken over before its answer was stored");
    }
    reply.code(r.status);
    return r.body;
  } catch (err) {
    letGo();
    await q.release.execute(mine);
    throw err;
  }
}

/** A claim of this process, as the statements name it. */
interface Mine {
  userId: number;
  key: string;
  route: string;
  claimedBy: string;
  claimedAt: string;
}

/**
 * The leases of this process's running claims, renewed together: one statement every third of the lease for all
 * of them, instead of one per claim (issue 39: under overload, where requests run for many seconds, those renewals
 * were 11,934 statements in 90 s at 2,000 agents).
 */
class LeaseRenewals {
  private readonly held = new Map<string, Mine>();
  private timer: ReturnType<Clock["setTimeout"]> | undefined;

  constructor(private readonly gw: IdempotencyDeps) {}

  /** Renewed until the returned function is called. */
  hold(mine: Mine): () => void {
    const id = JSON.stringify([mine.userId, mine.key, mine.route, mine.claimedAt]);
    this.held.set(id, mine);
    this.timer ??= this.gw.clock.setTimeout(() => this.renew(), IDEMPOTENCY_LEASE_MS / 3);
    return () => {
      this.held.delete(id);
      if (this.held.size === 0 && this.timer) {
        this.gw.clock.clearTimeout(this.timer);
        this.timer = undefined;
      }
    };
  }

  private renew() {
    this.timer = this.held.size > 0 ? this.gw.clock.setTimeout(() => this.renew(), IDEMPOTENCY_LEASE_MS / 3) : undefined;
    const claims = [...this.held.values()];
    if (claims.length === 0) return;
    const list = <T>(f: (m: Mine) => T) => sql.param(claims.map(f));
    this.gw.db
      .execute(
        sql`update idempotency_keys k set lease_until = ${new Date(this.gw.clock.now() + IDEMPOTENCY_LEASE_MS).toISOString()}::timestamptz
              from unnest(${list((m) => m.userId)}::int[], ${list((m) => m.key)}::text[], ${list((m) => m.route)}::text[],
                          ${list((m) => m.claimedAt)}::timestamptz[]) as c(user_id, key, route, created_at)
             where k.user_id = c.user_id and k.key = c.key and k.route = c.route and k.created_at = c.created_at
               and k.status = ${IN_PROGRESS} and k.claimed_by = ${GATEWAY_INSTANCE}`,
      )
      .catch((e: unknown) => this.gw.log.warn({ err: e }, "could not renew the Idempotency-Key leases"));
  }
}

const leases = new WeakMap<Db, LeaseRenewals>();
const leasesOf = (gw: IdempotencyDeps) => leases.get(gw.db) ?? leases.set(gw.db, new LeaseRenewals(gw)).get(gw.db)!;


/** Every idempotent POST runs these: prepared once per database, not rebuilt per request. */
const statementsOf = preparedOn((db: Db) => prepare(db));

const which = () =>
  and(
    eq(idempotencyKeys.userId, sql.placeholder("userId")),
    eq(idempotencyKeys.key, sql.placeholder("key")),
    eq(idempotencyKeys.route, sql.placeholder("route")),
  );
/** The key's row while it is still this request's unanswered claim. */
const stillMine = () =>
  and(
    which(),
    eq(idempotencyKeys.status, IN_PROGRESS),
    eq(idempotencyKeys.claimedBy, sql.placeholder("claimedBy")),
    eq(idempotencyKeys.createdAt, sql.placeholder("claimedAt")),
  );

function prepare(db: Db) {
  const k = idempotencyKeys;
  return {
    claim: db
      .insert(k)
      .values({
        userId: sql.placeholder("userId"),
        key: sql.placeholder("key"),
        route: sql.placeholder("route"),
        fingerprint: sql.placeholder("fingerprint"),
        status: IN_PROGRESS,
        body: null,
        createdAt: sql.placeholder("createdAt"),
        claimedBy: sql.placeholder("claimedBy"),
        leaseUntil: sql.placeholder("leaseUntil"),
      })
      .onConflictDoUpdate({
        target: [k.userId, k.key, k.route],
        set: {
          fingerprint: sql`excluded.fingerprint`,
          status: sql`excluded.status`,
          body: sql`excluded.body`,
          createdAt: sql`excluded.created_at`,
          claimedBy: sql`excluded.claimed_by`,
          leaseUntil: sql`excluded.lease_until`,
        },
        // Taken over: a key whose 24 hours are over, or an unanswered claim whose request cannot still be
        // running (its lease ran out, or, on a database only one process can open, another process made it).
        // A claim made before leases existed (or by an older gateway of a cluster being upgraded) gets one lease
        // from its start. A live claim is left for the replay below.
        setWhere: sql`${k.createdAt} < ${sql.placeholder("expiredBefore")}
          or (${k.status} = ${sql.raw(String(IN_PROGRESS))} and (
            coalesce(${k.leaseUntil}, ${k.createdAt} + ${sql.raw(`interval '${IDEMPOTENCY_LEASE_MS} milliseconds'`)}) < ${sql.placeholder("now")}
            or (${sql.placeholder("soleWriter")} and ${k.claimedBy} is distinct from ${sql.placeholder("claimedBy")})))`,
      })
      .returning({ key: k.key })
      .prepare("idempotency_claim"),
    read: db.select().from(k).where(which()).limit(1).prepare("idempotency_read"),
    // Stores the answer over this request's claim (in the write's own transaction, bound to its connection); no
    // row when the claim is no longer its own.
    answer: db
      .update(k)
      .set({ status: given<number>("status"), body: given<unknown>("body"), leaseUntil: null })
      .where(stillMine())
      .returning({ key: k.key })
      .prepare("idempotency_answer"),
    release: db.delete(k).where(stillMine()).prepare("idempotency_release"),
  };
}
