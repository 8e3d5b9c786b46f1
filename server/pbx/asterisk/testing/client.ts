// A minimal ARI client for the fake's own tests and scenarios (not the driver's client): REST with basic
// auth, and the events WebSocket collecting every event it receives.
import WebSocket from "ws";
import type { FakeAri } from "./server";

export interface AriResponse {
  status: number;
  body: unknown;
}

export interface TestAriClient {
  readonly events: Record<string, unknown>[];
  request(method: string, uri: string, params?: Record<string, string | number | boolean>, body?: unknown): Promise<AriResponse>;
  /** Waits until this socket has received every event the fake sent (single-socket tests). */
  caughtUp(): Promise<void>;
  close(): void;
}

export async function connectClient(fake: FakeAri, opts: { user: string; password: string; app?: string; subscribeAll?: boolean }): Promise<TestAriClient> {
  const auth = "Basic " + Buffer.from(`${opts.user}:${opts.password}`).toString("base64");
  const wsUrl = `${fake.url.replace(/^http/, "ws")}/events?app=${opts.app ?? "dialer"}${opts.subscribeAll ? "&subscribeAll=true" : ""}`;
  const ws = new WebSocket(wsUrl, { headers: { authorization: auth } });
  const events: Record<string, unknown>[] = [];
  ws.on("message", (data: WebSocket.RawData) => events.push(JSON.parse(String(data)) as Record<string, unknown>));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return {
    events,
    async request(method, uri, params = {}, body) {
      const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
      const res = await fetch(`${fake.url}/${uri.replace(/^\//, "")}${qs ? `?${qs}` : ""}`, {
        method: method.toUpperCase(),
        headers: { authorization: auth, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* a WAV or other bytes: keep the text */
      }
      return { status: res.status, body: parsed };
    },
    async caughtUp() {
      await fake.settled();
      for (let i = 0; i < 2000 && events.length < fake.sent.length; i++) await new Promise((r) => setTimeout(r, 1));
    },
    close: () => ws.close(),
  };
}
