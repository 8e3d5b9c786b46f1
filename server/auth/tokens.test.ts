// Tokens across instances whose clocks differ a little: two gateways over one database, each with its own
// CLOCK_START pinned at its own process start, run some seconds apart. A token signed by one must pass on the
// other within CLOCK_SKEW_SECONDS, and no token outlives its expiry on the clock of whoever checks it.
import { createHmac } from "node:crypto";
import fc from "fast-check";
import { SignJWT, jwtVerify } from "jose";
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

/** A token signed by jose with this service's secret, for the checks the service must make itself. */
const joseToken = (header: Record<string, unknown>, payload: Record<string, unknown>) =>
  new SignJWT(payload).setProtectedHeader({ alg: "HS256", ...header }).sign(new TextEncoder().encode(SECRET));

describe("TokenService: the compact JWS it writes and reads is the standard's (checked against jose)", () => {
  const now = Math.floor(T0 / 1000);
  const standard = { sid: "s", gen: 1, fph: "f", pur: "access", sub: "7", iss: "isi-dialer-gateway", aud: "isi-dialer", iat: now, exp: now + 60 };

  it("jose verifies what it signs, and it verifies what jose signs, for any claims", async () => {
    const claims = fc.record({
      sub: fc.string({ minLength: 1 }),
      sid: fc.string(),
      gen: fc.integer({ min: 0, max: 2 ** 31 }),
      fph: fc.string(),
    });
    await fc.assert(
      fc.asyncProperty(claims, async (c) => {
        const svc = instance(() => T0);
        const { payload, protectedHeader } = await jwtVerify(await svc.sign(c), new TextEncoder().encode(SECRET), {
          algorithms: ["HS256"],
          issuer: "isi-dialer-gateway",
          audience: "isi-dialer",
          currentDate: new Date(T0),
        });
        expect(protectedHeader).toEqual({ alg: "HS256", typ: "JWT" });
        expect(payload).toMatchObject({ ...c, pur: "access", exp: now + ACCESS_TTL_SECONDS });
        const theirs = await joseToken({ typ: "JWT" }, { ...standard, ...c });
        expect(await svc.verify(theirs)).toEqual(c);
      }),
      { numRuns: 200 },
    );
  });

  it("refuses a token signed with the right key but another algorithm, a critical extension, or no signature", async () => {
    const svc = instance(() => T0);
    expect(await svc.verify(await joseToken({}, standard))).toEqual({ sub: "7", sid: "s", gen: 1, fph: "f" });
    const hs512 = await new SignJWT(standard).setProtectedHeader({ alg: "HS512" }).sign(new TextEncoder().encode(SECRET));
    expect(await svc.verify(hs512)).toBeNull();
    // jose will not sign an extension it does not know: written by hand, with the right key.
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const input = `${b64({ alg: "HS256", crit: ["x-ext"], "x-ext": 1 })}.${b64(standard)}`;
    const crit = `${input}.${createHmac("sha256", SECRET).update(input).digest("base64url")}`;
    expect(await svc.verify(crit)).toBeNull();
    const [, body] = (await svc.sign(CLAIMS)).split(".");
    const none = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${body}.`;
    expect(await svc.verify(none)).toBeNull();
    for (const bad of ["", "a.b", "a.b.c.d", "...", "not a token"]) expect(await svc.verify(bad), bad).toBeNull();
  });

  it("refuses the right key's token for another issuer or audience, without a subject or expiry, or not yet valid", async () => {
    const svc = instance(() => T0);
    expect(await svc.verify(await joseToken({}, { ...standard, iss: "elsewhere" }))).toBeNull();
    expect(await svc.verify(await joseToken({}, { ...standard, aud: "elsewhere" }))).toBeNull();
    expect(await svc.verify(await joseToken({}, { ...standard, aud: ["x", "isi-dialer"] }))).not.toBeNull();
    const { sub: _s, ...noSub } = standard;
    expect(await svc.verify(await joseToken({}, noSub))).toBeNull();
    const { exp: _e, ...noExp } = standard;
    expect(await svc.verify(await joseToken({}, noExp))).toBeNull();
    const { iat: _i, ...noIat } = standard;
    expect(await svc.verify(await joseToken({}, noIat))).toBeNull();
    expect(await svc.verify(await joseToken({}, { ...standard, nbf: "soon" }))).toBeNull();
    expect(await svc.verify(await joseToken({}, { ...standard, gen: "1" }))).toBeNull();
  });

  it("a signature re-encoded with other padding bits is not the signature", async () => {
    const svc = instance(() => T0);
    const token = await svc.sign(CLAIMS);
    expect(await svc.verify(`${token}=`)).toBeNull();
    // The last character of a 32-byte base64url value carries 2 unused bits: a different letter decodes alike.
    const last = token.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const twin = alphabet[(alphabet.indexOf(last) & ~3) | ((alphabet.indexOf(last) + 1) & 3)]!;
    expect(await svc.verify(token.slice(0, -1) + twin)).toBeNull();
  });
});
