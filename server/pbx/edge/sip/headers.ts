// The parts of the header values the edge reads: name-addr (From, To, Contact, Refer-To), SIP URIs, Via,
// CSeq and ;key=value parameters. Tolerant: anything unparsable yields null and the caller answers 400.

export interface SipUri {
  scheme: string;
  user: string | null;
  host: string;
  port: number | null;
  params: Record<string, string | null>;
}

export interface NameAddr {
  display: string | null;
  /** The URI as written (without angle brackets). */
  uri: string;
  /** Header parameters after the URI (tag, expires…). */
  params: Record<string, string | null>;
}

export interface Via {
  transport: string;
  host: string;
  params: Record<string, string | null>;
}

/** `;a=1;b;c="x"` → {a: "1", b: null, c: "x"}; keys lower-cased. */
export function parseParams(text: string): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const part of splitOutsideQuotes(text, ";")) {
    const p = part.trim();
    if (!p) continue;
    const eq = p.indexOf("=");
    if (eq < 0) out[p.toLowerCase()] = null;
    else out[p.slice(0, eq).trim().toLowerCase()] = unquote(p.slice(eq + 1).trim());
  }
  return out;
}

export function formatParams(params: Record<string, string | null>): string {
  return Object.entries(params)
    .map(([k, v]) => (v === null ? `;${k}` : `;${k}=${v}`))
    .join("");
}

export function unquote(s: string): string {
  return s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1).replace(/\\(.)/g, "$1") : s;
}

function splitOutsideQuotes(text: string, sep: string): string[] {
  const out: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === "\\") i++;
    else if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === sep) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

export function parseUri(text: string): SipUri | null {
  const m = /^(sips?):(?:([^@]*)@)?([^;?]+)(;[^?]*)?(\?.*)?$/i.exec(text.trim());
  if (!m) return null;
  const hostPort = m[3]!;
  let host = hostPort;
  let port: number | null = null;
  const hp = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(hostPort);
  if (hp) {
    host = hp[1]!;
    port = hp[2] ? Number(hp[2]) : null;
  }
  let user: string | null = m[2] ?? null;
  if (user !== null) {
    // user:password is deprecated; keep the user. Percent-escapes (%2A for *) are decoded.
    user = user.split(":")[0]!;
    try {
      user = decodeURIComponent(user);
    } catch {
      return null;
    }
  }
  return {
    scheme: m[1]!.toLowerCase(),
    user,
    host: host.toLowerCase(),
    port,
    params: parseParams(m[4] ?? ""),
  };
}

export function parseNameAddr(text: string): NameAddr | null {
  const t = text.trim();
  const lt = t.indexOf("<");
  if (lt >= 0) {
    const gt = t.indexOf(">", lt);
    if (gt < 0) return null;
    const display = unquote(t.slice(0, lt).trim()) || null;
    return { display, uri: t.slice(lt + 1, gt).trim(), params: parseParams(t.slice(gt + 1)) };
  }
  // addr-spec without brackets: parameters after the URI belong to the header (RFC 3261 §20).
  const semi = t.indexOf(";");
  return {
    display: null,
    uri: semi < 0 ? t : t.slice(0, semi),
    params: parseParams(semi < 0 ? "" : t.slice(semi)),
  };
}

export function formatNameAddr(n: NameAddr): string {
  const display = n.display ? `"${n.display.replace(/(["\\])/g, "\\$1")}" ` : "";
  return `${display}<${n.uri}>${formatParams(n.params)}`;
}

export function parseVia(text: string): Via | null {
  const m = /^SIP\s*\/\s*2\.0\s*\/\s*([A-Za-z]+)\s+([^;]+)(.*)$/i.exec(text.trim());
  if (!m) return null;
  return { transport: m[1]!.toUpperCase(), host: m[2]!.trim(), params: parseParams(m[3] ?? "") };
}

export function parseCSeq(text: string): { seq: number; method: string } | null {
  const m = /^(\d+)\s+([A-Za-z]+)$/.exec(text.trim());
  return m ? { seq: Number(m[1]), method: m[2]!.toUpperCase() } : null;
}

/** `Digest a="1", b=2` → {a: "1", b: "2"} (keys lower-cased); null unless the scheme is Digest. */
export function parseDigestParams(text: string): Record<string, string> | null {
  const m = /^Digest\s+(.*)$/is.exec(text.trim());
  if (!m) return null;
  const out: Record<string, string> = {};
  for (const part of splitOutsideQuotes(m[1]!, ",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    out[part.slice(0, eq).trim().toLowerCase()] = unquote(part.slice(eq + 1).trim());
  }
  return out;
}
