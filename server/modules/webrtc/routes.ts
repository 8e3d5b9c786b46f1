// GET /webrtc/credentials: the signed-in agent's softphone credentials. Short-lived (12 h, a shift) and
// stateless (server/pbx/edge/credentials.ts): nothing is stored, the SIP edge recomputes the password to check
// a digest. Ask again before expires_at, or when a REGISTER is refused with 403.
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { readWebRtcCredentials, type WebRtcCredentials } from "../../../src/contract/calls";
import { users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { HttpError } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";
import { CREDENTIAL_TTL_MS, SIP_REALM, sipPassword, sipUsername } from "../../pbx/edge/credentials";
import { webrtcUserRoutes } from "./users";

export const NO_SOFTPHONE = "No WebRTC softphone is set up for this account.";
export const NO_SIP_ENDPOINT = "No SIP endpoint is configured.";
/** The PBX (Asterisk) refused or did not answer the push of the softphone's credentials. */
export const PBX_REFUSED_CREDENTIALS = "The phone system did not accept the softphone's credentials.";

/** Where the softphone connects: SIP_WS_URL, else this gateway's own endpoint as the browser reached it. */
export function sipWsUrlFor(gw: Gateway, req: FastifyRequest): string {
  if (gw.config.sipWsUrl) return gw.config.sipWsUrl;
  const forwarded = String(req.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]!
    .trim()
    .toLowerCase();
  const secure = forwarded ? forwarded === "https" || forwarded === "wss" : req.protocol === "https";
  return `${secure ? "wss" : "ws"}://${req.host}${gw.config.sipPath}`;
}

/** The SIP domain: the real PBX's host when one is configured, else the embedded edge's realm. */
export function sipRealmFor(gw: Gateway): string {
  if (gw.config.sipWsUrl) {
    try {
      return new URL(gw.config.sipWsUrl).hostname || SIP_REALM;
    } catch {
      return SIP_REALM;
    }
  }
  return SIP_REALM;
}

export function webrtcRoutes(gw: Gateway): RouteDef[] {
  return [
    ...webrtcUserRoutes(gw),
    defineRoute(readWebRtcCredentials, {
      // Managers too (not in the specification): their softphone supervises agents' calls (issue 35).
      access: { roles: ["setter", "advisor", "manager"] },
      async handler({ caller, raw }) {
        const [me] = await gw.db
          .select({ extension: users.extension, hasWebrtc: users.hasWebrtc, tenantId: users.tenantId })
          .from(users)
          .where(eq(users.id, caller.id))
          .limit(1);
        if (!me?.extension || !me.hasWebrtc) throw new HttpError(404, NO_SOFTPHONE);
        if (!gw.config.sipEdge && !gw.config.sipWsUrl) throw new HttpError(409, NO_SIP_ENDPOINT);
        // Whole seconds: the username carries the expiry in seconds.
        const expiresAt = Math.floor((gw.clock.now() + CREDENTIAL_TTL_MS) / 1000) * 1000;
        const realm = sipRealmFor(gw);
        const data: WebRtcCredentials = {
          username: sipUsername(me.extension, expiresAt),
          password: sipPassword((v) => gw.tokens.mac(v), me.extension, me.tenantId, expiresAt),
          realm,
          uri: `sip:${me.extension}@${realm}`,
          ws_url: sipWsUrlFor(gw, raw),
          expires_at: new Date(expiresAt).toISOString(),
        };
        // A PBX that checks the digest itself (Asterisk) learns the password before the softphone uses it.
        if (gw.pbx.provisionSoftphone) {
          try {
            await gw.pbx.provisionSoftphone(me.extension, { username: data.username, password: data.password });
          } catch {
            throw new HttpError(502, PBX_REFUSED_CREDENTIALS);
          }
        }
        return { data };
      },
    }),
  ];
}
