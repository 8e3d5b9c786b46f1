// The fake Asterisk's HTTP + WebSocket face on 127.0.0.1:0: `/ari/...` REST with basic auth or api_key,
// `GET /ari/events?app=` for events. Every request is validated against the pinned facts first (404/405/400
// as Asterisk), then answered by the model. Time and timers come from the injected clock only.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import type { Clock } from "../../../../src/shared/clock";
import { AsteriskModel, type FakeBridge, type FakeChannel, type FakeRecording } from "./model";
import { inbound, receiveDtmf } from "./modelChannels";
import { setContact } from "./modelPresence";
import { EventOutbox } from "./outbox";
import type { Reply } from "./reply";
import { route } from "./routes";
import { validateRequest } from "./schema";
import type { FakeWorld } from "./world";

export interface FakeAriFaults {
  /** Send StasisStart (and any event of the request) before the HTTP response is written (pitfall 3). */
  stasisStartBeforeResponse?: boolean;
  /** Hold every HTTP response this long on the clock. */
  delayResponseMs?: number;
}

export interface FakeAriOptions {
  clock: Clock;
  world: FakeWorld;
  /** The Stasis app that exists from the start (default "dialer"). */
  app?: string;
  user: string;
  password: string;
  faults?: FakeAriFaults;
  /** Context whose s,1 runs AMD() then Stasis(dialer,amd,${AMDSTATUS},${AMDCAUSE}) (default "dialer-amd"). */
  amdContext?: string;
  /** ari.conf channelvars. */
  channelvars?: string[];
  /** PJSIP extensions configured (known, offline until registerContact). */
  extensions?: string[];
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
}

export interface FakeAri {
  /** `http://127.0.0.1:<port>/ari` */
  readonly url: string;
  readonly model: AsteriskModel;
  readonly faults: FakeAriFaults;
  /** Every REST request, in order. */
  readonly requests: RequestLogEntry[];
  /** Every event written to a socket, in order. */
  readonly sent: readonly Record<string, unknown>[];
  /** A request is being answered or an event is still on its way to a socket (for harnesses that poll until quiet). */
  readonly busy: boolean;
  close(): Promise<void>;
  /** Resolves once every event sent so far is written to its socket; rejects if the fake built an invalid event. */
  settled(): Promise<void>;
  registerContact(ext: string): void;
  unregisterContact(ext: string): void;
  /** A trunk call to `did` from `from`: enters Stasis(dialer,inbound,${EXTEN}); returns its channel id. */
  inbound(call: { from: string; did: string }): string;
  /** The far end of an answered (or any) channel hangs up. */
  farHangup(channelId: string, cause?: number): void;
  /** The far party of a channel presses keys. */
  farDtmf(channelId: string, digits: string): void;
  channels(): FakeChannel[];
  bridges(): FakeBridge[];
  recordings(): { live: FakeRecording[]; stored: { name: string; format: string; durationMs: number }[] };
  /** Closes the events socket(s) from the server side; events meanwhile are lost. */
  dropSocket(): void;
  duplicateNext(n?: number): void;
  /** Swaps the next two events, or the two after `after` more events written in order. */
  reorderNext(after?: number): void;
  /** Whether a WebSocket for `app` is connected now. */
  connected(app?: string): boolean;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Basic auth or `?api_key=user:password` (res_ari.c parse_api_keys). */
function authorised(req: IncomingMessage, url: URL, user: string, password: string): boolean {
  const key = url.searchParams.get("api_key");
  if (key !== null) return key === `${user}:${password}`;
  const h = req.headers.authorization;
  if (!h?.startsWith("Basic ")) return false;
  return Buffer.from(h.slice(6), "base64").toString("utf8") === `${user}:${password}`;
}

export async function startFakeAri(opts: FakeAriOptions): Promise<FakeAri> {
  const { clock } = opts;
  const faults: FakeAriFaults = { ...opts.faults };
  const model = new AsteriskModel({ clock, world: opts.world, amdContext: opts.amdContext, channelvars: opts.channelvars });
  const defaultApp = opts.app ?? "dialer";
  model.app(defaultApp);
  for (const ext of opts.extensions ?? []) model.endpoints.set(`PJSIP/${ext}`, { technology: "PJSIP", resource: ext, state: "offline" });
  const outbox = new EventOutbox();
  model.sink = (app, event) => outbox.push(app, event);
  const requests: RequestLogEntry[] = [];

  const write = (res: ServerResponse, reply: Reply, done: () => void) => {
    if (reply.raw) {
      res.writeHead(reply.status, { "content-type": reply.raw.contentType, "content-length": reply.raw.data.length });
      res.end(reply.raw.data, done);
    } else if (reply.body === undefined) {
      res.writeHead(reply.status);
      res.end(done);
    } else {
      const data = JSON.stringify(reply.body);
      res.writeHead(reply.status, { "content-type": "application/json", "content-length": Buffer.byteLength(data) });
      res.end(data, done);
    }
  };

  let inFlight = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== "api_key"));
    const path = url.pathname.replace(/^\/ari(?=\/|$)/, "");
    const method = req.method ?? "GET";
    const text = await readBody(req);
    const log = (status: number) => requests.push({ method, path, query, status });
    if (!url.pathname.startsWith("/ari/")) {
      log(404);
      return write(res, { status: 404, body: { message: "Not found" } }, () => {});
    }
    if (!authorised(req, url, opts.user, opts.password)) {
      log(401);
      res.setHeader("WWW-Authenticate", 'Basic realm="Asterisk REST Interface"');
      return write(res, { status: 401, body: { message: "Authentication required" } }, () => {});
    }
    let body: unknown = undefined;
    if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch {
        log(400);
        return write(res, { status: 400, body: { message: "Error parsing request body" } }, () => {});
      }
    }
    const check = validateRequest(method, path, query, body);
    outbox.hold();
    const reply: Reply = check.ok ? route(model, check.request) : { status: check.status, body: { message: check.message } };
    log(reply.status);
    const finish = () => {
      reply.after?.();
      outbox.release();
    };
    const respond = () => {
      if (faults.stasisStartBeforeResponse) {
        finish();
        write(res, reply, () => {});
      } else {
        write(res, reply, finish);
      }
    };
    if (faults.delayResponseMs) clock.setTimeout(respond, faults.delayResponseMs);
    else respond();
  };

  const http = createServer((req, res) => {
    inFlight++;
    res.on("close", () => inFlight--);
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) write(res, { status: 500, body: { message: String(e) } }, () => {});
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  http.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const reject = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Length: 0\r\n\r\n`);
    };
    if (url.pathname !== "/ari/events") return reject(404, "Not Found");
    if (!authorised(req, url, opts.user, opts.password)) return reject(401, "Unauthorized");
    const apps = (url.searchParams.get("app") ?? "").split(",").filter((a) => a.length > 0);
    if (apps.length === 0) return reject(400, "Bad Request");
    const subscribeAll = ["true", "yes", "1"].includes(url.searchParams.get("subscribeAll") ?? "");
    wss.handleUpgrade(req, socket, head, (ws) => {
      for (const app of apps) {
        model.app(app).subscribeAll = subscribeAll;
        outbox.attach(app, ws);
      }
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const port = (http.address() as AddressInfo).port;

  const channel = (id: string) => {
    const ch = model.channels.get(id);
    if (!ch) throw new Error(`fake ARI: no channel ${id}`);
    return ch;
  };

  return {
    url: `http://127.0.0.1:${port}/ari`,
    model,
    faults,
    requests,
    sent: outbox.sent,
    async close() {
      outbox.dropSockets();
      wss.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
    get busy() {
      return inFlight > 0 || !outbox.idle;
    },
    settled: () => outbox.settled(),
    registerContact: (ext) => setContact(model, ext, true),
    unregisterContact: (ext) => setContact(model, ext, false),
    inbound: ({ from, did }) => inbound(model, from, did, defaultApp).id,
    farHangup: (id, cause = 16) => model.hangup(channel(id), cause, { request: true }),
    farDtmf: (id, digits) => receiveDtmf(model, channel(id), digits),
    channels: () => [...model.channels.values()],
    bridges: () => [...model.bridges.values()],
    recordings: () => ({
      live: [...model.recordings.values()],
      stored: [...model.stored].map(([name, s]) => ({ name, ...s })),
    }),
    dropSocket: () => outbox.dropSockets(),
    duplicateNext: (n = 1) => outbox.duplicateNext(n),
    reorderNext: (after = 0) => outbox.reorderNext(after),
    connected: (app = defaultApp) => outbox.connected(app),
  };
}
