// The REST half of our own ARI client (production-telephony.md §1 "Clients": the npm clients are unmaintained,
// so ~300 lines of fetch + ws of our own). Query parameters are ARI's names; a JSON body carries channel
// variables. Failures are AriError with Asterisk's status and message, so the driver can tell a 404 (the
// channel is gone: already hung up) from a real refusal. Tracks requests in flight for tests that wait until
// the driver is quiet.
import { AriError } from "./types";

export type Query = Record<string, string | number | boolean | undefined>;

export interface AriHttpOptions {
  /** `http://pbx:8088/ari` (no trailing slash needed). */
  url: string;
  user: string;
  password: string;
  /** Per request; Asterisk answers in milliseconds, a hung HTTP server must not hang a call. */
  timeoutMs?: number;
}

export class AriHttp {
  private readonly base: string;
  private readonly auth: string;
  private inFlight = 0;
  private readonly idleWaiters: Array<() => void> = [];

  constructor(private readonly opts: AriHttpOptions) {
    this.base = opts.url.replace(/\/+$/, "");
    this.auth = `Basic ${Buffer.from(`${opts.user}:${opts.password}`).toString("base64")}`;
  }

  /** `path` is ARI's, e.g. `/channels/{id}/dial`; ids are encoded here. */
  async request<T = unknown>(method: string, path: string, query: Query = {}, body?: unknown): Promise<T> {
    const text = (await this.send(method, path, query, body)).toString("utf8");
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A request whose answer is a file (a stored recording): its bytes. */
  bytes(method: string, path: string, query: Query = {}): Promise<Buffer> {
    return this.send(method, path, query);
  }

  private async send(method: string, path: string, query: Query, body?: unknown): Promise<Buffer> {
    const url = new URL(this.base + path);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    // Ids in the path are ours (call and leg ids); numbers travel only in the query, never in the message.
    const operation = `${method} ${path}`;
    this.inFlight++;
    try {
      const res = await fetch(url, {
        method,
        headers: {
          authorization: this.auth,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
      const data = Buffer.from(await res.arrayBuffer());
      if (!res.ok) {
        let message = res.statusText;
        try {
          message = (JSON.parse(data.toString("utf8")) as { message?: string }).message ?? message;
        } catch {
          // Not JSON (a proxy's page): keep the status text.
        }
        throw new AriError(res.status, message, operation);
      }
      return data;
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) for (const w of this.idleWaiters.splice(0)) w();
    }
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }

  /** Resolves once no request is in flight. */
  idle(): Promise<void> {
    return this.inFlight === 0 ? Promise.resolve() : new Promise((r) => this.idleWaiters.push(r));
  }
}

/** ARI ids in a path: our leg ids hold ':' (`c1:L2`), which must be percent-encoded. */
export const seg = (id: string) => encodeURIComponent(id);
