// The events half of our ARI client: one WebSocket to `/events?app=…`, reconnected for ever (ari-client gives
// up after 10 tries, about a minute of an Asterisk restart: production-telephony.md §1 "Clients"), with a
// backoff on the injected clock. Asterisk keeps no queue for a disconnected application (pitfall 1), so every
// (re)connection is reported: the driver then reconciles its calls with GET /channels and /bridges.
import WebSocket from "ws";
import type { Clock, ClockTimer } from "../../../../src/shared/clock";
import type { AriEvent } from "./types";

export interface AriEventsOptions {
  url: string;
  user: string;
  password: string;
  app: string;
  clock: Clock;
  /** Backoff: first retry after `minMs`, doubling up to `maxMs`. */
  backoff?: { minMs: number; maxMs: number };
}

export interface AriEventHandlers {
  event(e: AriEvent): void;
  /** The socket is open (first time and after every reconnection). */
  open(reconnected: boolean): void;
  /** The socket closed; a retry is scheduled. */
  closed?(): void;
}

const DEFAULT_BACKOFF = { minMs: 250, maxMs: 10_000 };

export class AriEvents {
  private ws: WebSocket | null = null;
  private retry: ClockTimer | null = null;
  private attempts = 0;
  private opened = false;
  private stopped = false;
  /** Messages received and not handled yet (tests wait for 0). */
  private pending = 0;

  constructor(
    private readonly opts: AriEventsOptions,
    private readonly on: AriEventHandlers,
  ) {}

  /** Opens the socket; resolves at the first open, rejects when the first attempt fails (bad URL, auth). */
  start(): Promise<void> {
    this.stopped = false;
    return new Promise((resolve, reject) => this.open(resolve, reject));
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) this.opts.clock.clearTimeout(this.retry);
    this.retry = null;
    this.ws?.removeAllListeners();
    this.ws?.on("error", () => {});
    this.ws?.terminate();
    this.ws = null;
  }

  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  get busy(): boolean {
    return this.pending > 0;
  }

  private open(resolve?: () => void, reject?: (e: Error) => void): void {
    const u = new URL(this.opts.url.replace(/^http/, "ws").replace(/\/+$/, "") + "/events");
    u.searchParams.set("app", this.opts.app);
    u.searchParams.set("api_key", `${this.opts.user}:${this.opts.password}`);
    const ws = new WebSocket(u);
    this.ws = ws;
    ws.on("open", () => {
      this.attempts = 0;
      const reconnected = this.opened;
      this.opened = true;
      resolve?.();
      resolve = undefined;
      reject = undefined;
      this.on.open(reconnected);
    });
    ws.on("message", (data) => {
      this.pending++;
      try {
        this.on.event(JSON.parse(String(data)) as AriEvent);
      } finally {
        this.pending--;
      }
    });
    ws.on("error", (err) => {
      if (reject && !this.opened) {
        reject(err);
        reject = undefined;
        resolve = undefined;
        this.stopped = true;
      }
    });
    ws.on("close", () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      this.on.closed?.();
      this.scheduleRetry();
    });
  }

  private scheduleRetry(): void {
    const { minMs, maxMs } = this.opts.backoff ?? DEFAULT_BACKOFF;
    const ms = Math.min(maxMs, minMs * 2 ** this.attempts++);
    this.retry = this.opts.clock.setTimeout(() => {
      this.retry = null;
      if (!this.stopped) this.open();
    }, ms);
  }
}
