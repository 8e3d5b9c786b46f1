// Tokens across instances whose clocks differ a little: two gateways over one database, each with its own
// CLOCK_START pinned at its own process start, run some seconds apart. A token signed by one must pass on the
// other within CLOCK_SKEW_SECONDS, and no token outlives its expiry on the clock of whoever checks it.
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ACCESS_TTL_SECONDS, CLOCK_SKEW_SECONDS, TokenService, type AccessClaims } from "./tokens";

const SECRET = "test-secret-".padEnd(48, "x");
const T0 = Date.UTC(2026, 2, 9, 14, 0, 0);
const CLAIMS: AccessClaims = { sub: "7", sid: "session-1", gen: 3, fph: "fingerprint-hash" };

/** A token service whose clock reads `at()` (milliseconds), like one gateway instance. */
const instance = (at: () => number) => new TokenService(SECRET, at);

describe("TokenService: clock skew between instances", () => {
  it("tolerates 60 seconds, no more", () => {
    expect(CLOCK_SKEW_SECONDS).toBe(60);
  });

  it("accepts a token from an instance whose clock is 25 s ahead (started 25 s earlier with the same CLOCK_START)", async () => {
    const ahead = instance(() => T0 + 25_000);
    const here = instance(() => T0);
    expect(await here.verify(await ahead.sign(CLAIMS))).toEqual(CLAIMS);
    // And the other way round, which always worked.
    expect(await ahead.verify(await here.sign(CLAIMS))).toEqual(CLAIMS);
  });

  it("accepts one just within the bound (60 s ahead) and refuses one issued more than 60 s in the future", async () => {
    const here = instance(() => T0);
    expect(await here.verify(await instance(() => T0 + 60_000).sign(CLAIMS))).toEqual(CLAIMS);
    for (const s of [61, 65, 120, 3600]) {
      expect(await here.verify(await instance(() => T0 + s * 1000).sign(CLAIMS)), `${s} s ahead`).toBeNull();
    }
  });

  it("refuses a token whose not-before is more than 60 s away, whatever its issued-at says", async () => {
    const here = instance(() => T0);
    const now = Math.floor(T0 / 1000);
    const forged = (iat: number, nbf: number) =>
      new SignJWT({ sid: CLAIMS.sid, gen: CLAIMS.gen, fph: CLAIMS.fph, pur: "access" })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(CLAIMS.sub)
        .setIssuer("isi-dialer-gateway")
        .setAudience("isi-dialer")
        .setIssuedAt(iat)
        .setNotBefore(nbf)
        .setExpirationTime(now + ACCESS_TTL_SECONDS)
        .sign(new TextEncoder().encode(SECRET));
    expect(await here.verify(await forged(now, now + 60))).toEqual(CLAIMS);
    expect(await here.verify(await forged(now, now + 61))).toBeNull();
    expect(await here.verify(await forged(now + 61, now))).toBeNull();
  });

  it("keeps expiry strict: a token is refused at its exp on the verifier's clock, not 60 s later", async () => {
    let now = T0;
    const svc = instance(() => now);
    const token = await svc.sign(CLAIMS);
    now = T0 + ACCESS_TTL_SECONDS * 1000 - 1000;
    expect(await svc.verify(token)).toEqual(CLAIMS);
    now = T0 + ACCESS_TTL_SECONDS * 1000;
    expect(await svc.verify(token)).toBeNull();
    now = T0 + ACCESS_TTL_SECONDS * 1000 + 30_000;
    expect(await svc.verify(token)).toBeNull();
  });

  it("keeps expiry strict for a token signed by an instance ahead: it expires at its exp on this clock", async () => {
    let now = T0;
    const here = instance(() => now);
    const token = await instance(() => T0 + 25_000).sign(CLAIMS, "access", 60);
    now = T0 + 84_000;
    expect(await here.verify(token)).toEqual(CLAIMS);
    now = T0 + 85_000;
    expect(await here.verify(token)).toBeNull();
  });

  it("still refuses another purpose, another key and a tampered token", async () => {
    const svc = instance(() => T0);
    const token = await svc.sign(CLAIMS, "challenge", 60);
    expect(await svc.verify(token)).toBeNull();
    expect(await svc.verify(token, "challenge")).toEqual(CLAIMS);
    expect(
      await new TokenService("another-secret".padEnd(48, "y"), () => T0).verify(token, "challenge"),
    ).toBeNull();
    const [head, body, sig] = token.split(".");
    const tampered = `${head}.${body}.${sig.startsWith("A") ? "B" : "A"}${sig.slice(1)}`;
    expect(await svc.verify(tampered, "challenge")).toBeNull();
  });
});
