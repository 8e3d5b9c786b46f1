// Access tokens: short-lived HS256 JWTs (jose). The algorithm, issuer and audience are pinned (ASVS V9.1).
// A token is only half the proof: its `fph` claim must match the hash of the HttpOnly fingerprint cookie.
import { SignJWT, jwtVerify, errors } from "jose";
import { createHash, createHmac, randomBytes, timingSafeEqual, webcrypto } from "node:crypto";

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

export interface AccessClaims {
  sub: string; // user id
  sid: string; // session id
  gen: number; // token generation within the session
  fph: string; // fingerprint hash
}

export class TokenService {
  /**
   * The WebCrypto key, imported once: given the secret's bytes (or a Node key object), jose imports one at every
   * sign and verify, two per request (1.5 % of the gateway's CPU at 2,000 agents, bench/dialer-load).
   */
  private readonly key: Promise<CryptoKey>;
  private readonly secret: Uint8Array;
  constructor(secret: string, private readonly nowMs: () => number) {
    this.secret = new TextEncoder().encode(secret);
    this.key = webcrypto.subtle.importKey("raw", this.secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  }

  async sign(claims: AccessClaims, purpose = "access", ttlSeconds = ACCESS_TTL_SECONDS): Promise<string> {
    const now = Math.floor(this.nowMs() / 1000);
    return new SignJWT({ sid: claims.sid, gen: claims.gen, fph: claims.fph, pur: purpose })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setNotBefore(now - 5)
      .setExpirationTime(now + ttlSeconds)
      .sign(await this.key);
  }

  /**
   * Returns the claims, or null for any invalid, expired, foreign or wrong-purpose token. A token another
   * instance signed with its clock up to CLOCK_SKEW_SECONDS ahead passes; none passes at or after its expiry.
   */
  async verify(token: string, purpose = "access"): Promise<AccessClaims | null> {
    const nowMs = this.nowMs();
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ["HS256"],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(nowMs),
        requiredClaims: ["sub", "exp", "iat"],
        // jose applies the tolerance to nbf and exp alike: exp is checked again below without it.
        clockTolerance: CLOCK_SKEW_SECONDS,
      });
      // As jose's epoch: whole seconds, rounded down.
      const now = Math.floor(nowMs / 1000);
      if (typeof payload.exp !== "number" || payload.exp <= now) return null;
      if (typeof payload.iat !== "number" || payload.iat > now + CLOCK_SKEW_SECONDS) return null;
      if (payload.pur !== purpose) return null;
      if (typeof payload.sid !== "string" || typeof payload.gen !== "number" || typeof payload.fph !== "string") {
        return null;
      }
      return { sub: payload.sub!, sid: payload.sid, gen: payload.gen, fph: payload.fph };
    } catch (e) {
      if (e instanceof errors.JOSEError || e instanceof TypeError) return null;
      throw e;
    }
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
