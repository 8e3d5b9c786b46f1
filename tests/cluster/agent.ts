// An agent as the cluster tier drives one through the proxy: signs in as the page does (the bearer token it
// rotates, the fingerprint cookie), keeps a socket.io WebSocket open that reconnects as the page's does, says
// hello, and calls the API. Each request lands on whichever instance HAProxy picks.
import { randomUUID } from "node:crypto";
import { io, type Socket } from "socket.io-client";
import { API_BASE } from "../../src/contract/common";
import { SOCKET_PATH } from "../../src/contract/socket";

/** Past the proxy's own server timeout (60 s in deploy/haproxy/dialer.cfg) would mean the proxy hangs too. */
const REQUEST_LIMIT_MS = 30_000;
/** How many times a write is sent again while no instance can run it (each after its Retry-After, or 1 s). */
const UNAVAILABLE_RETRIES = 10;

export interface Answer {
  status: number;
  body: unknown;
}

/** What an ack that never came reads as (the page's words, src/realtime/client.ts). */
export const NO_ANSWER = "no answer";

export class TierAgent {
  token = "";
  private fp = "";
  socket: Socket | null = null;
  /** Every push the socket received, in order. */
  readonly pushes: { event: string; payload: unknown; at: number }[] = [];
  /** 401s met: a session ended, which a failover or a restart must never do. */
  unauthenticated = 0;
  /** Socket disconnections (a killed or restarted instance cuts its sockets; the page reconnects). */
  disconnects = 0;

  constructor(
    private readonly base: string,
    readonly email: string,
    readonly ext: string,
  ) {}

  async signIn(password: string): Promise<void> {
    const res = await fetch(`${this.base}${API_BASE}/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: this.email, password }),
    });
    if (res.status !== 201)
      throw new Error(`sign-in of ${this.email} answered ${res.status}: ${await res.text()}`);
    this.token = ((await res.json()) as { access_token: string }).access_token;
    const fp = res.headers
      .getSetCookie()
      .map((c) => /^dialer_fp=([^;]*)/.exec(c)?.[1])
      .find(Boolean);
    if (!fp) throw new Error("no fingerprint cookie in the sign-in answer");
    this.fp = fp;
  }

  /**
   * Through the proxy, or straight to one instance (`via`, its base URL): a scenario that must cross instances
   * says which one takes each request.
   */
  async request(
    method: string,
    route: string,
    body?: unknown,
    o: { idempotent?: boolean; via?: string; retryUnavailable?: boolean } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.token}`,
      cookie: `dialer_fp=${this.fp}`,
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    // One key for every attempt: a retry after a lost answer gets the first result back.
    if (o.idempotent) headers["idempotency-key"] = randomUUID();
    // As the page does for a write with an Idempotency-Key (src/api/idempotent.ts): while the phones move to
    // another instance (503 with Retry-After) or no instance answers, the same request is sent again.
    const retry = o.retryUnavailable ?? o.idempotent ?? false;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(`${o.via ?? this.base}${API_BASE}${route}`, {
          method,
          headers: { ...headers, authorization: `Bearer ${this.token}` },
          ...(body !== undefined && { body: JSON.stringify(body) }),
          // Never left hanging: a request the cluster does not answer is a failure the scenario reports.
          signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
        });
      } catch (e) {
        // No answer at all (a keep-alive connection the proxy closed as an instance went, a reset): a browser sends
        // the request again on a new connection; so does the tier, a few times.
        if (attempt >= (retry ? UNAVAILABLE_RETRIES : 3)) throw e;
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      const auth = res.headers.get("authorization");
      if (auth) this.token = auth.replace(/^Bearer\s+/i, "");
      if (retry && res.status >= 502 && res.status <= 504 && attempt < UNAVAILABLE_RETRIES) {
        const after = Number(res.headers.get("retry-after"));
        await res.arrayBuffer();
        await new Promise((r) => setTimeout(r, Number.isFinite(after) && after > 0 ? after * 1_000 : 1_000));
        continue;
      }
      if (res.status === 401) this.unauthenticated++;
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: kept as text */
      }
      return { status: res.status, body: parsed };
    }
  }

  /** Opens the page's socket and says hello; it reconnects by itself (to any instance) when its instance goes. */
  async connect(): Promise<void> {
    const s = io(this.base, {
      path: SOCKET_PATH,
      transports: ["websocket"],
      forceNew: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1_000,
      extraHeaders: { cookie: `dialer_fp=${this.fp}` },
      // A reconnection is not a new page: the gateway keeps the agent's status (as the page's client says).
      auth: (cb) => cb({ token: this.token, reconnect: this.disconnects > 0 }),
    });
    this.socket = s;
    s.onAny((event: string, payload: unknown) => this.pushes.push({ event, payload, at: Date.now() }));
    s.on("disconnect", () => this.disconnects++);
    s.on("connect", () => {
      // A reconnection says hello again, as the page does; one cut short by the next disconnection says it at the
      // reconnection after.
      if (this.disconnects > 0) this.hello().catch(() => {});
    });
    await new Promise<void>((resolve, reject) => {
      s.once("connect", () => resolve());
      s.once("connect_error", reject);
    });
    await this.hello();
  }

  private async hello() {
    const ack = (await this.socket!.timeout(15_000).emitWithAck("hello", {
      extension: this.ext,
      hasWebRtc: false,
    })) as {
      ok: boolean;
    };
    if (!ack.ok) throw new Error(`hello of ${this.ext} refused: ${JSON.stringify(ack)}`);
  }

  /**
   * A socket event and its ack. An ack that never comes (the instance stopped under the socket, or no answer in
   * time) is `server_error` "no answer", as the page reads it (src/realtime/client.ts): the agent presses again.
   */
  async emit(
    event: string,
    payload: unknown,
  ): Promise<{ ok: boolean; data?: unknown; error?: string; message?: string }> {
    try {
      return (await this.socket!.timeout(20_000).emitWithAck(event, payload)) as { ok: boolean };
    } catch {
      return { ok: false, error: "server_error", message: NO_ANSWER };
    }
  }

  /** Steps away (not offered calls any more) and closes the page. */
  async leave(): Promise<void> {
    await this.request("POST", "/agent-statuses", { status: "meeting" });
    this.close();
  }

  close() {
    this.socket?.disconnect();
  }
}
