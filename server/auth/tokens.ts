// Access tokens: short-lived HS256 JWTs (RFC 7519, compact JWS). The algorithm, issuer and audience are pinned
// (ASVS V9.1). A token is only half the proof: its `fph` claim must match the hash of the HttpOnly fingerprint cookie.
//
// Signed and checked here with node:crypto's HMAC, synchronously, not through jose: jose runs HMAC as a WebCrypto
// job, and the job's scheduling cost 10 % of the gateway's CPU at 50 dialling agents (every request verifies its
// token and signs the next one; bench/dialer-load). Only this gateway signs these tokens and only HS256 is
// accepted, so the format is small: tokens.test.ts checks it against jose both ways.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const ACCESS_TTL_SECONDS = 15 * 60;
/**
 * How far apart the clocks of two instances of one cluster may be for a token signed by one to pass on the
 * other: the not-before and issued-at claims are checked with this margin. Expiry is not: a token is refused
 * at its `exp` on the verifier's clock. (Instances each started with their own CLOCK_START run as far apart as
 * their start times: CLOCK_START is for one instance.)
 */
export const CLOCK_SKEW_SECONDS = 60;
const ISSUER = "isi-dialer-gateway";
const AUDIENCE = "isi-dialer";
/** The one header this gateway writes, encoded once. */
const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

export interface AccessClaims {
  sub: string; // user id
  sid: string; // session id
  gen: number; // token generation within the session
  fph: string; // fingerprint hash
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A base64url part's JSON object, or null. */
function jsonPart(part: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return isObject(v) ? v : null;
  } catch {
    return null;
  }
}

export class TokenService {
  private readonly secret: Buffer;
  constructor(secret: string, private readonly nowMs: () => number) {
    this.secret = Buffer.from(secret, "utf8");
  }

  private signature(signingInput: string): string {
    return createHmac("sha256", this.secret).update(signingInput).digest("base64url");
  }

  async sign(claims: AccessClaims, purpose = "access", ttlSeconds = ACCESS_TTL_SECONDS): Promise<string> {
    const now = Math.floor(this.nowMs() / 1000);
    const payload = {
      sid: claims.sid,
      gen: claims.gen,
      fph: claims.fph,
      pur: purpose,
      sub: claims.sub,
      iss: ISSUER,
      aud: AUDIENCE,
      iat: now,
      nbf: now - 5,
      exp: now + ttlSeconds,
    };
    const input = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}`;
    return `${input}.${this.signature(input)}`;
  }

  /**
   * Returns the claims, or null for any invalid, expired, foreign or wrong-purpose token. A token another
   * instance signed with its clock up to CLOCK_SKEW_SECONDS ahead passes; none passes at or after its expiry.
   */
  async verify(token: string, purpose = "access"): Promise<AccessClaims | null> {
    if (typeof token !== "string") return null;
    const parts = token.split(".");
    if (parts.length !== 3) return null;
    const [head, body, sig] = parts as [string, string, string];
    // The signature first, compared as the exact base64url text: a part decoded leniently cannot pass.
    const expected = this.signature(`${head}.${body}`);
    if (!safeEqual(expected, sig)) return null;
    const header = jsonPart(head);
    // Only HS256, and no critical extension this verifier would not honour (RFC 7515 §4.1.11).
    if (!header || header.alg !== "HS256" || "crit" in header) return null;
    const payload = jsonPart(body);
    if (!payload) return null;
    const now = Math.floor(this.nowMs() / 1000);
    const { sub, exp, iat, nbf, iss, aud } = payload;
    if (iss !== ISSUER) return null;
    if (aud !== AUDIENCE && !(Array.isArray(aud) && aud.includes(AUDIENCE))) return null;
    if (typeof sub !== "string") return null;
    if (typeof exp !== "number" || exp <= now) return null;
    if (typeof iat !== "number" || iat > now + CLOCK_SKEW_SECONDS) return null;
    if (nbf !== undefined && (typeof nbf !== "number" || nbf > now + CLOCK_SKEW_SECONDS)) return null;
    if (payload.pur !== purpose) return null;
    const { sid, gen, fph } = payload;
    if (typeof sid !== "string" || typeof gen !== "number" || typeof fph !== "string") return null;
    return { sub, sid, gen, fph };
  }

  /** Keyed hash for values stored at rest (reset codes, fingerprints, device cookies). */
  mac(value: string): string {
    return createHmac("sha256", this.secret).update(value).digest("base64url");
  }
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
