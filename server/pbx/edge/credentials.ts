// Short-lived SIP credentials for an agent's softphone, stateless like TURN REST credentials: the
// authorization user carries the extension and the expiry, the password is a keyed hash of
// extension|tenant|expiry under the gateway's signing key. The edge recomputes it to check a digest, so
// nothing is stored, rotating the gateway secret revokes every password, and a stolen one dies at expiry.
import type { Mac } from "./digest";

/** Long enough for a shift; the softphone fetches fresh credentials before expiry (or after a 403). */
export const CREDENTIAL_TTL_MS = 12 * 60 * 60_000;
/** The digest realm and SIP domain of the embedded edge (any value works; it only has to be stable). */
export const SIP_REALM = "dialer";

const PASSWORD_CHARS = 24;

/** `1001.1767700000`: the extension and the expiry in seconds since the epoch. */
export function sipUsername(ext: string, expiresAtMs: number): string {
  return `${ext}.${Math.floor(expiresAtMs / 1000)}`;
}

export function parseSipUsername(username: string): { ext: string; expiresAtMs: number } | null {
  const m = /^(\d{3,6})\.(\d{9,11})$/.exec(username);
  return m ? { ext: m[1]!, expiresAtMs: Number(m[2]) * 1000 } : null;
}

export function sipPassword(mac: Mac, ext: string, tenantId: number, expiresAtMs: number): string {
  return mac(`sip-credentials|${ext}|${tenantId}|${Math.floor(expiresAtMs / 1000)}`).slice(0, PASSWORD_CHARS);
}
