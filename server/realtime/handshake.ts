// Socket handshake authentication: the access token in `auth.token` and the HttpOnly fingerprint cookie of
// the same origin, checked read-only (a socket never rotates the token). Runs on every connection,
// reconnections and recovered sessions included (connectionStateRecovery.skipMiddlewares is false), so a
// revoked or disabled agent cannot come back (reliability.md E1, E5).
import type { ExtendedError, Socket } from "socket.io";
import { HandshakeAuth } from "../../src/contract/socket";
import type { Gateway } from "../gateway";
import { FINGERPRINT_COOKIE } from "../modules/auth/cookies";

/** The value of one cookie from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

const refused = (): ExtendedError => Object.assign(new Error("unauthenticated"), { data: { reason: "unauthenticated" as const } });

export function handshakeAuthenticator(gw: Gateway) {
  return async (socket: Socket, next: (err?: ExtendedError) => void) => {
    try {
      const auth = HandshakeAuth.safeParse(socket.handshake.auth);
      const fingerprint = cookieValue(socket.handshake.headers.cookie, FINGERPRINT_COOKIE);
      const verdict = await gw.sessions.inspect(auth.success ? auth.data.token : undefined, fingerprint);
      if (!verdict.ok) {
        if (verdict.reason !== "invalid_token") {
          await gw.audit.record({ action: "socket.auth", outcome: "denied", ip: socket.handshake.address, detail: { reason: verdict.reason } });
        }
        return next(refused());
      }
      const { user, session } = verdict;
      socket.data = {
        userId: user.id,
        tenantId: user.tenantId,
        sessionId: session.id,
        role: user.role,
        extension: user.extension,
        hasWebrtc: user.hasWebrtc,
        checkedAt: gw.clock.now(),
      };
      next();
    } catch (err) {
      gw.log.error({ err }, "socket handshake failed");
      next(refused());
    }
  };
}
