// Security headers on every answer (issue 11, finding 9), with @fastify/helmet. The SPA runs under a strict
// Content-Security-Policy: its own scripts only (Vite emits no inline script), no plugin objects, no
// framing, forms and sockets to its own origin. WebSockets (/socket.io, /sip) are same-origin, which 'self'
// covers. Styles the app sets go through the CSSOM (React's style prop), which the policy does not govern.
// HSTS only when the request came over HTTPS (directly, or through a proxy trusted by TRUST_PROXY): sent over
// plain HTTP on a demo machine it would only be ignored, and a wrong max-age there would pin browsers.
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  // Blueprint draws checkbox ticks and select arrows as data: SVG in its CSS; audio and snapshots use blob:.
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'", "data:"],
  mediaSrc: ["'self'", "blob:", "data:"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", "blob:"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
} as const;

export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The policy's directives for this gateway: a softphone registering to a real PBX (SIP_WS_URL, another origin:
 * wss://pbx.example.com:8089/ws) may open that one WebSocket, and nothing else beyond the gateway's own.
 */
export function cspDirectives(sipWsUrl?: string) {
  const origin = sipWsUrl && URL.canParse(sipWsUrl) ? new URL(sipWsUrl).origin : null;
  return {
    ...CONTENT_SECURITY_POLICY,
    connectSrc: origin && origin !== "null" ? ["'self'", origin] : [...CONTENT_SECURITY_POLICY.connectSrc],
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, opts: { sipWsUrl?: string } = {}) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.sipWsUrl) },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
    strictTransportSecurity: false,
  });
  app.addHook("onSend", async (req, reply) => {
    if (req.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}

/**
 * The API docs page (Swagger UI) keeps its own policy with its script hashes, the SPA's framing rule, no
 * upgrade of a plain-HTTP demo's requests, and inline styles (Swagger UI sets some no hash covers; styles
 * only, on a developer page, never scripts).
 */
export const docsCsp = (header: string) =>
  header
    .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
    .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
    .replace(/\s*upgrade-insecure-requests;?/, "");
