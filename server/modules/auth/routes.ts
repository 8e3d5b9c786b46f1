// Sign-in: POST /login and /logout (specified), plus create-password and the two-step reset (designed here,
// under /login/… so the browser may send them without a token).
import { oncePer } from "../../http/oncePer";
import { randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import {
  CreatePasswordRequest,
  LoginChallenge,
  LoginRequest,
  LoginResponse,
  MailboxMessage,
  ResetPasswordConfirm,
  ResetPasswordRequest,
} from "../../../src/contract/auth";
import { ErrorBody } from "../../../src/contract/common";
import { permissionsOf } from "../../auth/access";
import { hashPassword, isCommonPassword, verifyPassword } from "../../auth/passwords";
import { randomToken, sha256 } from "../../auth/tokens";
import { devMailbox, passwordResets, users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { HttpError, MESSAGES, fieldError } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";
import { resetCodeMail } from "../../mail/mailer";
import { gatewayOutbox, type Outbox } from "../../mail/outbox";
import { accountOf } from "./account";
import { clearFingerprint, setDevice, setFingerprint, trustedDevice } from "./cookies";

export const AUTH_MESSAGES = {
  notFound: "The username does not exist.",
  incorrect: "The username/password combination is incorrect.",
  disabled: "This account is disabled. Please contact your manager.",
  throttled: "Too many sign-in attempts. Please wait before trying again.",
  resetThrottled: "Too many password reset requests. Please wait before trying again.",
  resetSent: "The password reset request has been sent. You should receive the code.",
  badCode: "The code is invalid or has expired.",
  challengeExpired: "This step has expired. Please log in again.",
  commonPassword: "This password is too common. Please choose another one.",
} as const;

const CHALLENGE_TTL_SECONDS = 10 * 60;
const RESET_TTL_MS = 15 * 60_000;
const RESET_MAX_ATTEMPTS = 5;
const RESET_MAX_REQUESTS = 3;

const normaliseEmail = (e: string) => e.trim().toLowerCase();

/** The socket's own peer, never X-Forwarded-For: a proxy on this machine makes every client look local. */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
export const isLoopback = (address: string | undefined) => address !== undefined && LOOPBACK.test(address);

export function authRoutes(gw: Gateway): RouteDef[] {
  const throttledAudit = oncePer(60_000);
  const outbox = gatewayOutbox(gw);
  const devMailboxOn = gw.config.devMailbox && !gw.config.production;

  const findUser = async (email: string) =>
    (await gw.db.select().from(users).where(eq(users.email, normaliseEmail(email))).limit(1))[0];

  const checkNewPassword = (password: string, email: string) => {
    if (isCommonPassword(password) || password.toLowerCase() === email.toLowerCase()) {
      throw fieldError("password", AUTH_MESSAGES.commonPassword);
    }
  };

  const login = defineRoute({
    method: "POST",
    url: "/login",
    summary: "Sign in. 201 with the account; 202 with a challenge when a password must be created or reset.",
    tags: ["sign-in"],
    access: { public: true },
    body: LoginRequest,
    response: { 201: LoginResponse, 202: LoginChallenge, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody },
    async handler({ body, raw }, reply) {
      const user = await findUser(body.email);
      const subject = { email: normaliseEmail(body.email), ip: raw.ip, trustedDevice: trustedDevice(raw, gw.tokens, user?.id) };
      // Counted before the password is checked (finding 2): parallel guesses each take a place in the count.
      const admission = await gw.throttle.admit(subject);
      if (!admission.admitted) {
        // One row per client and account a minute: a flood of refused guesses must not become a flood of writes.
        if (throttledAudit.due(`${subject.ip}|${subject.email}`, gw.clock.now()))
          await gw.audit.record({ action: "login", outcome: "denied", userId: user?.id, ip: raw.ip, detail: { reason: "throttled" } });
        throw new HttpError(429, AUTH_MESSAGES.throttled, undefined, { "retry-after": String(admission.retryAfter) });
      }
      const passwordOk = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !passwordOk) {
        await gw.audit.record({
          action: "login",
          outcome: "failure",
          userId: user?.id,
          tenantId: user?.tenantId,
          ip: raw.ip,
          detail: { reason: user ? "wrong_password" : "unknown_user" },
        });
        if (!user) throw new HttpError(404, AUTH_MESSAGES.notFound, { email: [AUTH_MESSAGES.notFound] });
        throw new HttpError(422, AUTH_MESSAGES.incorrect, { password: [AUTH_MESSAGES.incorrect] });
      }
      if (user.disabled) {
        await gw.audit.record({ action: "login", outcome: "denied", userId: user.id, ip: raw.ip, detail: { reason: "disabled" } });
        throw new HttpError(403, AUTH_MESSAGES.disabled);
      }
      await gw.throttle.succeeded(subject);
      if (!subject.trustedDevice) setDevice(raw, reply, gw.tokens, user.id, randomToken(12));

      if (user.passwordState !== "active") {
        // The challenge token is bound to the current password hash, so it works once and only for this step.
        const session = await gw.tokens.sign(
          { sub: String(user.id), sid: "challenge", gen: 0, fph: sha256(user.passwordHash) },
          "challenge",
          CHALLENGE_TTL_SECONDS,
        );
        await gw.audit.record({ action: "login", outcome: "success", userId: user.id, ip: raw.ip, detail: { challenge: user.passwordState } });
        reply.code(202);
        return {
          challenge: user.passwordState as "new_password_required" | "password_reset_required",
          user: { email: user.email, first_name: user.firstName, last_name: user.lastName },
          session,
        };
      }

      const fingerprint = randomToken();
      const { token } = await gw.sessions.create(user, fingerprint, { ip: raw.ip, userAgent: raw.headers["user-agent"] });
      setFingerprint(raw, reply, fingerprint);
      reply.header("authorization", `Bearer ${token}`);
      await gw.audit.record({ action: "login", outcome: "success", userId: user.id, tenantId: user.tenantId, ip: raw.ip });
      reply.code(201);
      return accountOf(user, await permissionsOf(gw.db, user.id, user.role), token);
    },
  });

  const logout = defineRoute({
    method: "POST",
    url: "/logout",
    summary: "Sign out: ends the session on the gateway.",
    tags: ["sign-in"],
    access: {},
    response: { 204: z.null() },
    async handler({ caller, raw }, reply) {
      await gw.sessions.revoke(raw.sessionId!, "logout");
      clearFingerprint(raw, reply);
      reply.removeHeader("authorization");
      await gw.audit.record({ action: "logout", outcome: "success", userId: caller.id, tenantId: caller.tenantId, ip: raw.ip });
      reply.code(204);
      return null;
    },
  });

  const createPassword = defineRoute({
    method: "POST",
    url: "/login/create-password",
    summary: "Answers the new_password_required challenge with the account's first password.",
    tags: ["sign-in"],
    access: { public: true },
    body: CreatePasswordRequest,
    response: { 204: z.null(), 401: ErrorBody, 422: ErrorBody },
    async handler({ body, raw }, reply) {
      const claims = await gw.tokens.verify(body.session, "challenge");
      const user = await findUser(body.email);
      if (!claims || !user || String(user.id) !== claims.sub || claims.fph !== sha256(user.passwordHash) || user.passwordState !== "new_password_required") {
        throw new HttpError(401, AUTH_MESSAGES.challengeExpired);
      }
      checkNewPassword(body.password, user.email);
      await gw.db
        .update(users)
        .set({ passwordHash: await hashPassword(body.password), passwordState: "active" })
        .where(eq(users.id, user.id));
      await gw.sessions.revokeAllOf(user.id, "password_created");
      await gw.audit.record({ action: "password.create", outcome: "success", userId: user.id, ip: raw.ip });
      reply.code(204);
      return null;
    },
  });

  const requestReset = defineRoute({
    method: "POST",
    url: "/login/reset-password",
    summary:
      "Step 1 of a reset: e-mails a 6-digit code to the account. 202 whether or not it exists; 429 with Retry-After when an address or client asks too often.",
    tags: ["sign-in"],
    access: { public: true },
    body: ResetPasswordRequest,
    response: { 202: z.object({ message: z.string() }), 429: ErrorBody },
    async handler({ body, raw }, reply) {
      // Throttled by the address asked for, known or not, so the answer says nothing about the account;
      // a refused request writes nothing else (finding 11: a flood wrote an audit row each).
      const wait = await gw.throttle.admitReset(normaliseEmail(body.email), raw.ip);
      if (wait > 0) throw new HttpError(429, AUTH_MESSAGES.resetThrottled, undefined, { "retry-after": String(wait) });
      const user = await findUser(body.email);
      const now = gw.clock.now();
      reply.code(202);
      if (!user || user.disabled) {
        await gw.audit.record({ action: "password.reset_request", outcome: "failure", ip: raw.ip, detail: { reason: "unknown_or_disabled" } });
        return { message: AUTH_MESSAGES.resetSent };
      }
      const recent = await gw.db
        .select({ id: passwordResets.id })
        .from(passwordResets)
        .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(now - RESET_TTL_MS))));
      if (recent.length >= RESET_MAX_REQUESTS) {
        await gw.audit.record({ action: "password.reset_request", outcome: "denied", userId: user.id, ip: raw.ip, detail: { reason: "too_many" } });
        return { message: AUTH_MESSAGES.resetSent };
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      await gw.db.transaction(async (tx) => {
        // A new code replaces the previous ones.
        await tx
          .update(passwordResets)
          .set({ usedAt: new Date(now) })
          .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({
          userId: user.id,
          codeHash: gw.tokens.mac(`reset:${user.id}:${code}`),
          createdAt: new Date(now),
          expiresAt: new Date(now + RESET_TTL_MS),
        });
      });
      await deliverResetCode(outbox, user, code);
      await gw.audit.record({ action: "password.reset_request", outcome: "success", userId: user.id, ip: raw.ip });
      return { message: AUTH_MESSAGES.resetSent };
    },
  });

  const confirmReset = defineRoute({
    method: "POST",
    url: "/login/reset-password/confirm",
    summary: "Step 2 of a reset: the code from the mailbox and the new password.",
    tags: ["sign-in"],
    access: { public: true },
    body: ResetPasswordConfirm,
    response: { 204: z.null(), 422: ErrorBody },
    async handler({ body, raw }, reply) {
      const user = await findUser(body.email);
      const now = gw.clock.now();
      const reset = user
        ? (
            await gw.db
              .select()
              .from(passwordResets)
              .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date(now))))
              .orderBy(desc(passwordResets.createdAt))
              .limit(1)
          )[0]
        : undefined;
      if (!user || !reset || reset.attempts >= RESET_MAX_ATTEMPTS) throw fieldError("code", AUTH_MESSAGES.badCode);
      if (gw.tokens.mac(`reset:${user.id}:${body.code}`) !== reset.codeHash) {
        await gw.db.update(passwordResets).set({ attempts: reset.attempts + 1 }).where(eq(passwordResets.id, reset.id));
        await gw.audit.record({ action: "password.reset", outcome: "failure", userId: user.id, ip: raw.ip, detail: { reason: "wrong_code" } });
        throw fieldError("code", AUTH_MESSAGES.badCode);
      }
      checkNewPassword(body.password, user.email);
      const passwordHash = await hashPassword(body.password);
      await gw.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, passwordState: "active" }).where(eq(users.id, user.id));
        await tx.update(passwordResets).set({ usedAt: new Date(now) }).where(eq(passwordResets.id, reset.id));
      });
      await gw.sessions.revokeAllOf(user.id, "password_reset");
      await gw.audit.record({ action: "password.reset", outcome: "success", userId: user.id, ip: raw.ip });
      reply.code(204);
      return null;
    },
  });

  const routes = [login, logout, createPassword, requestReset, confirmReset];
  if (devMailboxOn) {
    routes.push(
      defineRoute({
        method: "GET",
        url: "/login/dev-mailbox",
        summary:
          "Development only (DEV_MAILBOX=true, never with NODE_ENV=production): the reset codes sent to an address, for clients on this machine.",
        tags: ["development"],
        // Public, because whoever resets a password is not signed in; the mailbox holds codes that take over
        // accounts, so it answers only a client on this machine (finding 1), as if absent to anyone else.
        access: { public: true },
        querystring: z.strictObject({ email: z.string().trim().min(1).max(100) }),
        response: { 200: z.object({ data: z.array(MailboxMessage) }), 404: ErrorBody },
        async handler({ query, raw }) {
          if (!isLoopback(raw.socket.remoteAddress)) throw new HttpError(404, MESSAGES.notFound);
          const rows = await gw.db
            .select()
            .from(devMailbox)
            .where(eq(devMailbox.to, normaliseEmail(query.email)))
            .orderBy(desc(devMailbox.id))
            .limit(20);
          return {
            data: rows.map((r) => ({ to: r.to, subject: r.subject, body: r.body, code: r.code ?? undefined, sent_at: r.sentAt.toISOString() })),
          };
        },
      }),
    );
  }
  return routes;
}

/**
 * Sends the code by e-mail when a transport is configured, keeps it in the development mailbox when that is on,
 * and never writes it to the log. The e-mail goes out after the answer, so a slow mail server neither delays
 * the request nor tells by its timing that the account exists.
 */
async function deliverResetCode(outbox: Outbox, user: { id: number; email: string }, code: string) {
  await outbox.send(resetCodeMail(user.email, code, RESET_TTL_MS / 60_000), { what: "password reset e-mail", userId: user.id, code });
}
