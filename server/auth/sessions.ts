// Server-side sessions behind the rotating access token (ARCHITECTURE.md decision 11, reliability.md A4–A6).
// Every request checks the session and its user, so logout, deactivation and role changes apply at once: from
// this instance's copy (./sessionCache.ts), which the database's notices drop the moment any of those changes, or
// from the database while they cannot arrive. The upkeep (last seen, generation) is written in batches
// (./sessionUpkeep.ts): a request costs no statement of its own.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { attributes, sessions, userAttributes, users } from "../db/schema";
import { permittedScopes, type PermissionGrant } from "./access";
import { TokenService, safeEqual, sha256 } from "./tokens";
import type { Clock } from "../../src/shared/clock";
import type { DbNotifications } from "../db/notifications";
import { SessionCache } from "./sessionCache";
import { laterUpkeep, SessionUpkeep } from "./sessionUpkeep";

export const SESSION_LIMITS = {
  /** An idle session ends after 30 minutes without a request (ASVS 4 V3.3.2). The open dialer keeps it alive. */
  idleMs: 30 * 60_000,
  /** A shift of 8 hours plus overtime: 10 hours, under ASVS's 12-hour ceiling. */
  absoluteMs: 10 * 60 * 60_000,
  /**
   * Generations advance at most this often (every response still gets a freshly signed token). A superseded
   * token stays valid until it expires as long as it comes with its own session's fingerprint cookie: under
   * overload a request may reach the gateway minutes after it was sent, and that must slow the agent down,
   * never sign it out (issue 11, finding 10). Theft is what ends a session: a token with another client's
   * fingerprint cookie, or any token of a session that ended.
   */
  rotateEveryMs: 20_000,
  /** The idle clock is written at most this often, so a burst of requests reads the session without writing it. */
  lastSeenWriteMs: 10_000,
} as const;

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;

/** What a request's authentication reads of the account and the session: only what access needs. */
export type AuthUser = Pick<User, "id" | "tenantId" | "role" | "disabled" | "outboundEligibility" | "inboundOnly">;
export type AuthSession = Pick<Session, "id" | "userId" | "gen" | "genAt" | "revokedAt" | "expiresAt" | "lastSeenAt">;

export type AuthOutcome =
  | { ok: true; user: AuthUser; session: AuthSession; token: string; permissions: string[] }
  | { ok: false; reason: "invalid_token" | "no_session" | "revoked" | "expired" | "idle" | "disabled" | "fingerprint" };

/** What a read-only check reads: only the columns it needs (it runs for every socket). */
export type StandingUser = Pick<User, "id" | "tenantId" | "role" | "extension" | "hasWebrtc" | "disabled" | "deactivated">;
export type StandingSession = Pick<Session, "id" | "userId" | "gen" | "revokedAt" | "expiresAt" | "lastSeenAt">;

/** A read-only verdict on a session (sockets): never rotates, never writes. */
export type SessionVerdict =
  | { ok: true; user: StandingUser; session: StandingSession }
  | { ok: false; reason: Exclude<AuthOutcome, { ok: true }>["reason"] };

const standingColumns = {
  session: {
    id: sessions.id,
    userId: sessions.userId,
    gen: sessions.gen,
    revokedAt: sessions.revokedAt,
    expiresAt: sessions.expiresAt,
    lastSeenAt: sessions.lastSeenAt,
  },
  user: {
    id: users.id,
    tenantId: users.tenantId,
    role: users.role,
    extension: users.extension,
    hasWebrtc: users.hasWebrtc,
    disabled: users.disabled,
    deactivated: users.deactivated,
  },
};

/** What one read brings, and the cache keeps: the session, its account and its permissions. */
interface SessionRow {
  session: AuthSession;
  user: AuthUser & StandingUser;
  grants: PermissionGrant[] | null;
}

/** The account's PERMISSION attributes, read with the session in the same statement (every request). */
const grantsOfUser = sql<PermissionGrant[] | null>`(
  select json_agg(json_build_array(${attributes.scope}, ${attributes.roles}))
  from ${userAttributes} inner join ${attributes} on ${attributes.id} = ${userAttributes.attributeId}
  where ${userAttributes.userId} = ${users.id} and ${attributes.type} = 'PERMISSION'
)`;

/** Told when sessions end (sockets of the session are closed, a logout sets the agent offline); awaited. */
export type RevocationListener = (e: { sessionId?: string; userId: number; reason: string }) => void | Promise<void>;

export class SessionService {
  private readonly revocationListeners = new Set<RevocationListener>();

  /** Every request needs this read unless the session is kept: prepared once, planned once per connection. */
  private readonly sessionRead;
  private readonly cache: SessionCache<SessionRow>;
  private readonly upkeep: SessionUpkeep;

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
    opts: { notifications?: DbNotifications; onUpkeepError?: (err: unknown) => void } = {},
  ) {
    this.sessionRead = db
      .select({
        session: { ...standingColumns.session, genAt: sessions.genAt },
        user: {
          ...standingColumns.user,
          outboundEligibility: users.outboundEligibility,
          inboundOnly: users.inboundOnly,
        },
        grants: grantsOfUser,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder("sid")))
      .limit(1)
      .prepare("auth_session_read");
    this.cache = new SessionCache(opts.notifications, () => clock.now());
    this.upkeep = new SessionUpkeep(db, clock, opts.onUpkeepError ?? (() => undefined));
  }

  /**
   * The session with its account and permissions: this instance's copy, or the database's row. `fresh` reads the
   * database whatever is kept (a verdict the copy alone would make against the agent: idle, an unknown
   * generation).
   */
  private async read(sessionId: string, fresh = false): Promise<SessionRow | undefined> {
    if (!fresh) {
      const kept = this.cache.get(sessionId);
      if (kept) return kept;
    }
    const epoch = this.cache.epoch;
    const [read] = await this.sessionRead.execute({ sid: sessionId });
    const row = read && { ...read, session: this.withOwnUpkeep(read.session) };
    if (row) this.cache.set(sessionId, row.user.id, row, epoch);
    return row;
  }

  /** The session as this instance knows it: its own last seen not written yet is newer than the database's. */
  private withOwnUpkeep<S extends Pick<Session, "id" | "lastSeenAt" | "gen">>(session: S): S {
    const mine = this.upkeep.known(session.id);
    if (!mine) return session;
    const genAt = "genAt" in session ? (session.genAt as Date) : mine.genAt;
    return { ...session, ...laterUpkeep({ lastSeenAt: session.lastSeenAt, gen: session.gen, genAt }, mine) };
  }

  /** Writes what is pending of the sessions' upkeep (the gateway's stop) and stops listening. */
  async close() {
    this.upkeep.stop();
    await this.upkeep.flush();
    this.cache.close();
  }

  async create(user: User, fingerprint: string, meta: { ip?: string; userAgent?: string }) {
    const now = new Date(this.clock.now());
    const id = randomUUID();
    const fph = sha256(fingerprint);
    await this.db.insert(sessions).values({
      id,
      userId: user.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIMITS.absoluteMs),
      gen: 1,
      genAt: now,
      fingerprintHash: fph,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
    });
    const token = await this.tokens.sign({ sub: String(user.id), sid: id, gen: 1, fph });
    return { sessionId: id, token };
  }

  /** Checks a bearer token and its fingerprint cookie; on success returns the token to send back. */
  async authenticate(bearer: string | undefined, fingerprint: string | undefined): Promise<AuthOutcome> {
    if (!bearer) return { ok: false, reason: "invalid_token" };
    const claims = await this.tokens.verify(bearer);
    if (!claims) return { ok: false, reason: "invalid_token" };
    const theft = await this.fingerprintMismatch(claims, fingerprint);
    if (theft) return theft;

    let row = await this.read(claims.sid);
    if (!row || String(row.user.id) !== claims.sub) return { ok: false, reason: "no_session" };
    const now = this.clock.now();
    // The copy's idle clock or generation may be behind what another instance has written: ask the database.
    if (now - row.session.lastSeenAt.getTime() > SESSION_LIMITS.idleMs || claims.gen > row.session.gen) {
      row = await this.read(claims.sid, true);
      if (!row || String(row.user.id) !== claims.sub) return { ok: false, reason: "no_session" };
    }
    const { session, user } = row;
    if (session.revokedAt) return { ok: false, reason: "revoked" };
    if (user.disabled) return this.fail(session.id, "disabled");
    if (now >= session.expiresAt.getTime()) return this.fail(session.id, "expired");
    if (now - session.lastSeenAt.getTime() > SESSION_LIMITS.idleMs) return this.fail(session.id, "idle");

    // A generation the row does not hold yet is still this session's own: only this gateway signs tokens, and
    // this one came with the session's fingerprint cookie. Its upkeep was not written yet (it is written once a
    // second) or was lost with an instance that crashed before writing it. A superseded generation (claims.gen <
    // gen) is accepted too: it is the agent's request that a busy gateway reached late, or a parallel one.
    let gen = Math.max(session.gen, claims.gen);
    let genAt = claims.gen > session.gen ? new Date(now) : session.genAt;
    let rotating = claims.gen > session.gen;
    if (claims.gen === gen && now - genAt.getTime() >= SESSION_LIMITS.rotateEveryMs) {
      gen += 1;
      genAt = new Date(now);
      rotating = true;
    }
    const permissions = permittedScopes(row.grants, user.role);
    if (!rotating && now - session.lastSeenAt.getTime() < SESSION_LIMITS.lastSeenWriteMs) {
      const token = await this.tokens.sign({ sub: claims.sub, sid: session.id, gen: session.gen, fph: claims.fph });
      return { ok: true, user, session, token, permissions };
    }
    const update = { lastSeenAt: new Date(now), gen, genAt };
    this.upkeep.write(session.id, update);
    this.cache.update(session.id, (r) => ({ ...r, session: { ...r.session, ...update } }));
    const token = await this.tokens.sign({ sub: claims.sub, sid: session.id, gen, fph: claims.fph });
    return { ok: true, user, session: { ...session, ...update }, token, permissions };
  }

  /**
   * Read-only check of a bearer token and its fingerprint, for the socket handshake: the same rules as
   * authenticate() (signature, fingerprint, revoked, disabled, expired, idle, generation within the overlap
   * window) without rotating the token or touching the session row.
   */
  async inspect(bearer: string | undefined, fingerprint: string | undefined): Promise<SessionVerdict> {
    if (!bearer) return { ok: false, reason: "invalid_token" };
    const claims = await this.tokens.verify(bearer);
    if (!claims) return { ok: false, reason: "invalid_token" };
    const theft = await this.fingerprintMismatch(claims, fingerprint);
    if (theft) return theft;
    const verdict = await this.check(claims.sid);
    if (!verdict.ok) return verdict;
    if (String(verdict.user.id) !== claims.sub) return { ok: false, reason: "no_session" };
    return verdict;
  }

  /** Read-only: does this session still stand? (revoked, disabled account, absolute and idle limits) */
  async check(sessionId: string): Promise<SessionVerdict> {
    let row = await this.read(sessionId);
    if (row && this.standing(row.session, row.user) === "idle") row = await this.read(sessionId, true);
    if (!row) return { ok: false, reason: "no_session" };
    const reason = this.standing(row.session, row.user);
    return reason ? { ok: false, reason } : { ok: true, user: row.user, session: row.session };
  }

  /** Read-only, one query: which of these sessions no longer stand, and why (the sockets' periodic sweep). */
  async endedAmong(sessionIds: string[]): Promise<Map<string, string>> {
    const ended = new Map<string, string>();
    if (sessionIds.length === 0) return ended;
    const rows = await this.db
      .select(standingColumns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(sessions.id, sessionIds));
    const found = new Set<string>();
    for (const r of rows) {
      found.add(r.session.id);
      const reason = this.standing(this.withOwnUpkeep(r.session), r.user);
      if (reason) ended.set(r.session.id, reason);
    }
    for (const id of sessionIds) if (!found.has(id)) ended.set(id, "no_session");
    return ended;
  }

  onRevoked(listener: RevocationListener): () => void {
    this.revocationListeners.add(listener);
    return () => this.revocationListeners.delete(listener);
  }

  async revoke(sessionId: string, reason: string) {
    const ended = await this.db
      .update(sessions)
      .set({ revokedAt: new Date(this.clock.now()), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ userId: sessions.userId });
    for (const r of ended) await this.notifyRevoked({ sessionId, userId: r.userId, reason });
  }

  /** Ends every session of a user (password change, account disabled). */
  async revokeAllOf(userId: number, reason: string) {
    const ended = await this.db
      .update(sessions)
      .set({ revokedAt: new Date(this.clock.now()), revokedReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    for (const r of ended) await this.notifyRevoked({ sessionId: r.id, userId, reason });
  }

  private async notifyRevoked(e: { sessionId?: string; userId: number; reason: string }) {
    // This instance at once; the others by the database's notice.
    if (e.sessionId) {
      this.cache.drop(e.sessionId);
      this.upkeep.forget(e.sessionId);
    }
    // A listener's failure never fails a sign-out.
    await Promise.allSettled([...this.revocationListeners].map(async (l) => l(e)));
  }

  private standing(session: StandingSession, user: StandingUser): Exclude<SessionVerdict, { ok: true }>["reason"] | undefined {
    const now = this.clock.now();
    if (session.revokedAt) return "revoked";
    if (user.disabled) return "disabled";
    if (now >= session.expiresAt.getTime()) return "expired";
    if (now - session.lastSeenAt.getTime() > SESSION_LIMITS.idleMs) return "idle";
    return undefined;
  }

  /**
   * The token's fingerprint against the cookie. No cookie: refused, nothing ended (a client that lost its
   * cookie, or a token copied without it). Another client's cookie: the token left the browser it was issued
   * to, so the whole session ends (RFC 9700 §4.14.2).
   */
  private async fingerprintMismatch(claims: { sid: string; fph: string }, fingerprint: string | undefined): Promise<Exclude<AuthOutcome, { ok: true }> | null> {
    if (fingerprint && safeEqual(sha256(fingerprint), claims.fph)) return null;
    if (fingerprint) await this.revoke(claims.sid, "fingerprint");
    return { ok: false, reason: "fingerprint" };
  }

  private async fail(sessionId: string, reason: Exclude<AuthOutcome, { ok: true }>["reason"]): Promise<AuthOutcome> {
    await this.revoke(sessionId, reason);
    return { ok: false, reason };
  }
}
