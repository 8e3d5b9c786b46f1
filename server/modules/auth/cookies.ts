// The two cookies of sign-in. Both HttpOnly and SameSite=Strict; Secure whenever the request came over TLS.
// - dialer_fp: the session fingerprint. An access token is useless without it (reliability.md A7).
// - dialer_device: marks a browser the account signed in from, exempting it from the per-account lockout.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { TokenService } from "../../auth/tokens";

export const FINGERPRINT_COOKIE = "dialer_fp";
export const DEVICE_COOKIE = "dialer_device";
const YEAR_SECONDS = 365 * 24 * 3600;

const secure = (req: FastifyRequest) => req.protocol === "https";

export function setFingerprint(req: FastifyRequest, reply: FastifyReply, value: string) {
  reply.setCookie(FINGERPRINT_COOKIE, value, { path: "/", httpOnly: true, sameSite: "strict", secure: secure(req) });
}

export function clearFingerprint(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(FINGERPRINT_COOKIE, { path: "/", httpOnly: true, sameSite: "strict", secure: secure(req) });
}

export function setDevice(req: FastifyRequest, reply: FastifyReply, tokens: TokenService, userId: number, deviceId: string) {
  const value = `${userId}.${deviceId}.${tokens.mac(`device:${userId}.${deviceId}`)}`;
  reply.setCookie(DEVICE_COOKIE, value, {
    path: "/api/v1/login",
    httpOnly: true,
    sameSite: "strict",
    secure: secure(req),
    maxAge: YEAR_SECONDS,
  });
}

/** The device id when the browser holds a valid device cookie for this account. */
export function trustedDevice(req: FastifyRequest, tokens: TokenService, userId: number | undefined): string | undefined {
  const raw = req.cookies[DEVICE_COOKIE];
  if (!raw || userId === undefined) return undefined;
  const [uid, deviceId, mac] = raw.split(".");
  if (Number(uid) !== userId || !deviceId || !mac) return undefined;
  return tokens.mac(`device:${uid}.${deviceId}`) === mac ? deviceId : undefined;
}
