// REGISTER (RFC 3261 §10.3) with digest authentication: no Authorization → 401 and a challenge; a stale
// nonce → 401 stale=true; wrong or expired credentials → 403. Success binds the contact to this WebSocket
// (expires 0 or Contact * unbinds) and marks the socket as that extension's: everything else it sends is
// accepted only from that extension. One extension per socket.
import type { SipConnection } from "./connection";
import {
  challengeHeader,
  checkNonce,
  makeNonce,
  parseAuthorization,
  type DigestAnswer,
  type Mac,
} from "./digest";
import { parseNameAddr, parseUri } from "./sip/headers";
import { newTag, responseTo } from "./sip/dialog";
import { getHeader, getHeaders, type SipRequest } from "./sip/message";
import type { EdgeContext } from "./session";

export const DEFAULT_EXPIRES = 600;
export const MAX_EXPIRES = 3600;
export const MIN_EXPIRES = 30;

export type DigestCheck = (
  answer: DigestAnswer,
  method: string,
) => Promise<{ ext: string } | "expired" | null>;

export interface RegisterDeps {
  ctx: EdgeContext;
  mac: Mac;
  check: DigestCheck;
  /** Real time for nonces (the edge is I/O). */
  now(): number;
}

export async function handleRegister(d: RegisterDeps, conn: SipConnection, req: SipRequest): Promise<void> {
  const { ctx } = d;
  const reply = (
    status: number,
    extra: { reason?: string; headers?: { name: string; value: string }[] } = {},
  ) => conn.send(responseTo(req, status, { toTag: newTag(), ...extra }));
  const challenge = (stale = false) =>
    reply(401, {
      headers: [
        { name: "WWW-Authenticate", value: challengeHeader(ctx.realm, makeNonce(d.mac, d.now()), stale) },
      ],
    });

  const aor = parseUri(parseNameAddr(getHeader(req, "To") ?? "")?.uri ?? "");
  if (!aor?.user) return reply(400, { reason: "Bad To" });

  const answer = parseAuthorization(getHeader(req, "Authorization"));
  if (!answer) return challenge();
  const nonce = checkNonce(d.mac, answer.nonce, d.now());
  if (nonce === "invalid") return challenge();
  if (nonce === "stale") return challenge(true);
  const who = await d.check(answer, "REGISTER");
  if (conn.closed) return;
  if (who === "expired") return reply(403, { reason: "Credentials Expired" });
  if (!who || who.ext !== aor.user) return reply(403, { reason: "Bad Credentials" });
  if (conn.ext && conn.ext !== who.ext) return reply(403, { reason: "One Extension Per Connection" });

  const contacts = getHeaders(req, "Contact");
  const headerExpires = getHeader(req, "Expires");
  if (contacts.length === 0) return reply(200); // a query: nothing bound is reported
  if (contacts.length === 1 && contacts[0] === "*") {
    ctx.registrar.remove(who.ext, conn);
    conn.ext = null;
    return reply(200);
  }
  const contact = parseNameAddr(contacts[0]!);
  if (!contact || !parseUri(contact.uri)) return reply(400, { reason: "Bad Contact" });
  const requested = Number(contact.params.expires ?? headerExpires ?? DEFAULT_EXPIRES);
  if (!Number.isFinite(requested) || requested < 0) return reply(400, { reason: "Bad Expires" });
  if (requested === 0) {
    ctx.registrar.remove(who.ext, conn);
    conn.ext = null;
    return reply(200);
  }
  if (requested < MIN_EXPIRES)
    return reply(423, { headers: [{ name: "Min-Expires", value: String(MIN_EXPIRES) }] });
  const granted = Math.min(Math.floor(requested), MAX_EXPIRES);
  conn.ext = who.ext;
  conn.registered = true;
  ctx.registrar.bind(who.ext, conn, contact.uri, contacts[0]!, granted);
  // Echo the contact with the granted expiry (JsSIP finds its own by URI user and reads ;expires).
  const echoed = contacts[0]!.replace(/;\s*expires=\d+/i, "") + `;expires=${granted}`;
  reply(200, {
    headers: [
      { name: "Contact", value: echoed },
      { name: "Expires", value: String(granted) },
    ],
  });
}
