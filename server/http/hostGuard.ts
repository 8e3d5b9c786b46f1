// Which Host names the gateway answers to, against DNS rebinding: a page of any site can make its own name resolve
// to 127.0.0.1 and then reach a gateway on this machine from the browser as if same-origin (the development
// mailbox's reset codes, the API, the sockets). The browser still sends that site's name in `Host`, so the gateway
// answers only its own names: loopback names always; IP addresses too when it listens on the network (rebinding
// needs a name, and a LAN gateway is reached by its address); any other name only when ALLOWED_HOSTS lists it.
//
// `hostAllowed` and `parseAllowedHosts` are the policy (pure); `guardHosts` puts it in front of everything an
// HTTP server answers.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { isIPv4, isIPv6 } from "node:net";
import type { Duplex } from "node:stream";
import type { ErrorBody } from "../../src/contract/common";

/** ALLOWED_HOSTS, read: host names, `.domain` (the domain and its subdomains) or `*` (any host). */
export type AllowedHosts = readonly string[];

/** What a refused request is told (it never repeats the Host it came with). */
export const MISDIRECTED_MESSAGE =
  "This gateway does not answer to the host name this request was sent to. It answers to localhost and to the names listed in its ALLOWED_HOSTS setting.";

/** A refused host name as the log holds it: printable characters only, cut short. */
export const LOGGED_HOST_LENGTH = 64;

export interface HostPolicy {
  /** The address the gateway listens on (HOST): loopback, or the network. */
  listenHost: string;
  allowedHosts: AllowedHosts;
}

interface ParsedHost {
  /** Lower case, without port or trailing dot; an IPv6 address in brackets, in its canonical form. */
  name: string;
  ip: boolean;
}

const NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;
const PORT = /^\d{0,5}$/;

/** A Host header value (`name`, `name:port`, `1.2.3.4:port`, `[v6]:port`), or null when it is not one. */
export function parseHost(value: string): ParsedHost | null {
  const host = value.trim().toLowerCase();
  let name: string;
  let port: string | undefined;
  if (host.startsWith("[")) {
    const close = host.indexOf("]");
    if (close < 0) return null;
    const v6 = host.slice(1, close);
    const rest = host.slice(close + 1);
    if (rest !== "" && !rest.startsWith(":")) return null;
    // No zone index (fe80::1%eth0): node:net takes one, a browser never sends one, the URL parser refuses it.
    if (v6.includes("%") || !isIPv6(v6)) return null;
    name = `[${canonicalIPv6(v6)}]`;
    port = rest === "" ? undefined : rest.slice(1);
  } else {
    const colon = host.indexOf(":");
    name = colon < 0 ? host : host.slice(0, colon);
    port = colon < 0 ? undefined : host.slice(colon + 1);
    if (name.endsWith(".")) name = name.slice(0, -1);
    if (!NAME.test(name)) return null;
  }
  if (port !== undefined && (!PORT.test(port) || Number(port) > 65_535)) return null;
  return { name, ip: name.startsWith("[") || isIPv4(name) };
}

/** ::1, 0:0:0:0:0:0:0:1 and ::0001 are one address: the form the URL standard writes (browsers send it). */
function canonicalIPv6(v6: string): string {
  return new URL(`http://[${v6}]/`).hostname.slice(1, -1);
}

/** Whether the gateway listens on loopback only (HOST unset, 127.0.0.1, localhost, ::1). */
export function listensOnLoopback(listenHost: string): boolean {
  const h = listenHost
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  return h === "localhost" || h === "::1" || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(h);
}

/**
 * ALLOWED_HOSTS: comma-separated host names (no scheme, no port), `.example.com` for the domain and all its
 * subdomains, `*` for any host (a gateway behind a proxy that checks it). Throws on an entry that is not one.
 */
export function parseAllowedHosts(raw: string | undefined): string[] {
  const entries = (raw ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== "");
  return entries.map((entry) => {
    if (entry === "*") return entry;
    const domain = entry.startsWith(".");
    const parsed = parseHost(domain ? entry.slice(1) : entry);
    if (!parsed || /:\d*$/.test(entry.replace(/^\[.*\]/, "")) || (domain && parsed.ip)) {
      throw new Error(
        `ALLOWED_HOSTS lists host names without scheme or port, separated by commas (.example.com for a domain and its subdomains, * for any): ${entry.slice(0, 100)}`,
      );
    }
    return domain ? `.${parsed.name}` : parsed.name;
  });
}

/** Whether the gateway answers a request whose Host header is `host` (undefined: none was sent). */
export function hostAllowed(host: string | undefined, policy: HostPolicy): boolean {
  // HTTP/1.0 without Host: not a browser, which always sends one (and rebinding works only through a browser).
  if (host === undefined) return true;
  if (policy.allowedHosts.includes("*")) return true;
  const parsed = parseHost(host);
  if (!parsed) return false;
  const { name } = parsed;
  // *.localhost resolves to loopback by RFC 6761, whatever DNS says.
  if (name === "localhost" || name.endsWith(".localhost") || name === "127.0.0.1" || name === "[::1]")
    return true;
  if (parsed.ip && !listensOnLoopback(policy.listenHost)) return true;
  return policy.allowedHosts.some((entry) =>
    entry.startsWith(".") ? name === entry.slice(1) || name.endsWith(entry) : name === entry,
  );
}

/** A Host value fit for the log: printable ASCII only, at most LOGGED_HOST_LENGTH characters. */
export function loggableHost(host: string): string {
  return host.replace(/[^\x20-\x7e]/g, "?").slice(0, LOGGED_HOST_LENGTH);
}

const BODY = JSON.stringify({ message: MISDIRECTED_MESSAGE } satisfies ErrorBody);
const HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "content-length": String(Buffer.byteLength(BODY)),
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  // The connection was opened for a name this gateway is not: the client may retry on another (RFC 9110 §15.5.20).
  connection: "close",
};
const RAW_RESPONSE =
  "HTTP/1.1 421 Misdirected Request\r\n" +
  Object.entries(HEADERS)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("") +
  "\r\n" +
  BODY;

/** Events of an HTTP server that answer a request (req, res) and those that take its socket (req, socket, head). */
const REQUEST_EVENTS = new Set<string | symbol>(["request", "checkContinue", "checkExpectation"]);
const SOCKET_EVENTS = new Set<string | symbol>(["upgrade", "connect"]);

/**
 * Runs `allows` on every request the server receives, before any of its listeners (Fastify's, socket.io's,
 * the SIP endpoint's, and those attached later): a refused request is answered 421 and goes no further, a
 * refused upgrade gets a 421 on its socket, which is then closed.
 *
 * The check sits in the server's `emit` rather than in a listener that the others are moved behind, so the
 * listeners stay the server's own: one attached later is covered too, and `server.off(...)` (the SIP endpoint
 * detaches itself when it closes) keeps working.
 */
export function guardHosts(
  server: Server,
  allows: (host: string | undefined) => boolean,
  refused: (host: string, kind: "request" | "upgrade") => void,
): void {
  const emit = server.emit;
  server.emit = function guardedEmit(this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (REQUEST_EVENTS.has(event) || SOCKET_EVENTS.has(event)) {
      const req = args[0] as IncomingMessage;
      const host = req.headers.host;
      if (!allows(host)) {
        if (REQUEST_EVENTS.has(event)) {
          const res = args[1] as ServerResponse;
          res.writeHead(421, HEADERS).end(BODY);
          refused(host ?? "", "request");
        } else {
          const socket = args[1] as Duplex;
          socket.on("error", () => {});
          socket.end(RAW_RESPONSE, () => socket.destroy());
          refused(host ?? "", "upgrade");
        }
        return true;
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as Server["emit"];
}
