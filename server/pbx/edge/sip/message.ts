// SIP messages as they travel over a WebSocket (RFC 3261 §7, RFC 7118: one message per frame): parse and
// serialise requests and responses, compact header names, header lists split at top-level commas,
// Content-Length in bytes. Only what the edge needs; the values stay strings, see headers.ts for their parts.

export interface SipHeader {
  name: string;
  value: string;
}

interface SipBase {
  headers: SipHeader[];
  body: string;
}

export interface SipRequest extends SipBase {
  type: "request";
  method: string;
  uri: string;
}

export interface SipResponse extends SipBase {
  type: "response";
  status: number;
  reason: string;
}

export type SipMessage = SipRequest | SipResponse;

export class SipParseError extends Error {}

/** Compact forms (RFC 3261 §7.3.3 and extensions) → full names. */
const COMPACT: Record<string, string> = {
  i: "Call-ID",
  m: "Contact",
  e: "Content-Encoding",
  l: "Content-Length",
  c: "Content-Type",
  f: "From",
  s: "Subject",
  k: "Supported",
  t: "To",
  v: "Via",
  o: "Event",
  r: "Refer-To",
  b: "Referred-By",
  u: "Allow-Events",
  x: "Session-Expires",
};

/** Canonical spelling of names whose case is not simply Title-Case. */
const CANONICAL = new Map(
  [
    "Call-ID",
    "CSeq",
    "WWW-Authenticate",
    "MIME-Version",
    "Max-Forwards",
    "Min-Expires",
    "Content-Length",
    "Content-Type",
    "Record-Route",
    "Refer-To",
    "Allow-Events",
    "Session-Expires",
    "Subscription-State",
    "Proxy-Authenticate",
    "Proxy-Authorization",
    "User-Agent",
  ].map((n) => [n.toLowerCase(), n]),
);

/** Headers that may carry several comma-separated values on one line (the ones the edge reads as lists). */
const LISTS = new Set(["via", "contact", "route", "record-route", "path", "allow", "supported", "require"]);

export function canonicalName(name: string): string {
  const n = name.trim();
  const lower = n.toLowerCase();
  if (lower.length === 1 && COMPACT[lower]) return COMPACT[lower];
  return CANONICAL.get(lower) ?? n;
}

/** Splits at commas outside quotes and angle brackets. */
export function splitList(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (quoted) {
      if (ch === "\\") i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === "<") depth++;
    else if (ch === ">") depth = Math.max(0, depth - 1);
    else if (ch === "," && depth === 0) {
      out.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(value.slice(start).trim());
  return out.filter((v) => v.length > 0);
}

export function parseMessage(data: string | Buffer): SipMessage {
  const text = typeof data === "string" ? data : data.toString("utf8");
  let sep = text.indexOf("\r\n\r\n");
  let sepLen = 4;
  if (sep < 0) {
    sep = text.indexOf("\n\n");
    sepLen = 2;
  }
  const head = sep < 0 ? text : text.slice(0, sep);
  let body = sep < 0 ? "" : text.slice(sep + sepLen);
  const lines = head.split(/\r?\n/);
  while (lines.length && lines[0] === "") lines.shift();
  const start = lines.shift();
  if (!start) throw new SipParseError("empty message");

  const headers: SipHeader[] = [];
  for (const line of lines) {
    if (/^[ \t]/.test(line) && headers.length) {
      // Folded continuation line (RFC 3261 §7.3.1).
      headers[headers.length - 1]!.value += " " + line.trim();
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) throw new SipParseError(`bad header line: ${line}`);
    const name = canonicalName(line.slice(0, colon));
    const value = line.slice(colon + 1).trim();
    if (LISTS.has(name.toLowerCase()) && value !== "*")
      for (const v of splitList(value)) headers.push({ name, value: v });
    else headers.push({ name, value });
  }

  const length = headers.find((h) => h.name === "Content-Length")?.value;
  if (length !== undefined) {
    const n = Number(length);
    if (!Number.isInteger(n) || n < 0) throw new SipParseError(`bad Content-Length: ${length}`);
    const bytes = Buffer.from(body, "utf8");
    if (bytes.length < n) throw new SipParseError("body shorter than Content-Length");
    body = bytes.subarray(0, n).toString("utf8");
  }

  const status = /^SIP\/2\.0\s+(\d{3})\s*(.*)$/i.exec(start);
  if (status) return { type: "response", status: Number(status[1]), reason: status[2] ?? "", headers, body };
  const request = /^([A-Za-z]+)\s+(\S+)\s+SIP\/2\.0$/i.exec(start);
  if (!request) throw new SipParseError(`bad start line: ${start}`);
  for (const required of ["Via", "From", "To", "Call-ID", "CSeq"]) {
    if (!headers.some((h) => h.name === required)) throw new SipParseError(`missing ${required}`);
  }
  return { type: "request", method: request[1]!.toUpperCase(), uri: request[2]!, headers, body };
}

export function serializeMessage(m: SipMessage): string {
  const start = m.type === "request" ? `${m.method} ${m.uri} SIP/2.0` : `SIP/2.0 ${m.status} ${m.reason}`;
  const lines = [start];
  for (const h of m.headers) if (h.name !== "Content-Length") lines.push(`${h.name}: ${h.value}`);
  lines.push(`Content-Length: ${Buffer.byteLength(m.body, "utf8")}`);
  return lines.join("\r\n") + "\r\n\r\n" + m.body;
}

// ---------------------------------------------------------------- header access

export function getHeader(m: SipMessage, name: string): string | undefined {
  const n = canonicalName(name).toLowerCase();
  return m.headers.find((h) => h.name.toLowerCase() === n)?.value;
}

export function getHeaders(m: SipMessage, name: string): string[] {
  const n = canonicalName(name).toLowerCase();
  return m.headers.filter((h) => h.name.toLowerCase() === n).map((h) => h.value);
}

/** Replaces every value of `name` with one value (appended when absent). */
export function setHeader(m: SipMessage, name: string, value: string): void {
  const canon = canonicalName(name);
  const n = canon.toLowerCase();
  const at = m.headers.findIndex((h) => h.name.toLowerCase() === n);
  m.headers = m.headers.filter((h, i) => i === at || h.name.toLowerCase() !== n);
  if (at >= 0) m.headers[at] = { name: canon, value };
  else m.headers.push({ name: canon, value });
}

export const REASONS: Record<number, string> = {
  100: "Trying",
  180: "Ringing",
  183: "Session Progress",
  200: "OK",
  202: "Accepted",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  415: "Unsupported Media Type",
  423: "Interval Too Brief",
  480: "Temporarily Unavailable",
  481: "Call/Transaction Does Not Exist",
  486: "Busy Here",
  487: "Request Terminated",
  488: "Not Acceptable Here",
  489: "Bad Event",
  491: "Request Pending",
  500: "Server Internal Error",
  501: "Not Implemented",
  503: "Service Unavailable",
  603: "Decline",
};
