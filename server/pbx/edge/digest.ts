// HTTP digest for SIP (RFC 2617 / RFC 3261 §22.4, MD5, qop=auth), as JsSIP answers it. Nonces are stateless:
// issue time plus a keyed hash of it, so any gateway instance can check one without storage; an old nonce is
// "stale" (the client retries at once with a fresh one, without asking the user again).
import { createHash } from "node:crypto";
import { parseDigestParams } from "./sip/headers";

export const NONCE_TTL_MS = 5 * 60_000;

const md5 = (s: string) => createHash("md5").update(s).digest("hex");

export type Mac = (value: string) => string;

export function makeNonce(mac: Mac, nowMs: number): string {
  const t = nowMs.toString(36);
  return `${t}.${mac(`sip-nonce|${t}`).slice(0, 22)}`;
}

export function checkNonce(mac: Mac, nonce: string, nowMs: number): "ok" | "stale" | "invalid" {
  const [t, sig] = nonce.split(".");
  if (!t || !sig || mac(`sip-nonce|${t}`).slice(0, 22) !== sig) return "invalid";
  const issued = parseInt(t, 36);
  if (!Number.isFinite(issued) || issued > nowMs + 60_000) return "invalid";
  return nowMs - issued > NONCE_TTL_MS ? "stale" : "ok";
}

export function challengeHeader(realm: string, nonce: string, stale = false): string {
  return `Digest realm="${realm}", nonce="${nonce}", algorithm=MD5, qop="auth"${stale ? ", stale=true" : ""}`;
}

export interface DigestAnswer {
  username: string;
  realm: string;
  nonce: string;
  uri: string;
  response: string;
  qop?: string;
  nc?: string;
  cnonce?: string;
  algorithm?: string;
}

export function parseAuthorization(value: string | undefined): DigestAnswer | null {
  const p = value ? parseDigestParams(value) : null;
  if (!p?.username || !p.realm || !p.nonce || !p.uri || !p.response) return null;
  if (p.algorithm && p.algorithm.toUpperCase() !== "MD5") return null;
  return {
    username: p.username,
    realm: p.realm,
    nonce: p.nonce,
    uri: p.uri,
    response: p.response,
    qop: p.qop,
    nc: p.nc,
    cnonce: p.cnonce,
  };
}

/** The response value a client computes for `method` with `password`. */
export function digestResponse(a: Omit<DigestAnswer, "response">, method: string, password: string): string {
  const ha1 = md5(`${a.username}:${a.realm}:${password}`);
  const ha2 = md5(`${method}:${a.uri}`);
  if (a.qop === "auth") return md5(`${ha1}:${a.nonce}:${a.nc ?? ""}:${a.cnonce ?? ""}:auth:${ha2}`);
  return md5(`${ha1}:${a.nonce}:${ha2}`);
}

export function verifyDigest(a: DigestAnswer, method: string, password: string): boolean {
  const expected = digestResponse(a, method, password);
  // Both are 32 hex digits; compare without early exit.
  let diff = expected.length ^ a.response.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (a.response.charCodeAt(i) || 0);
  return diff === 0;
}
