// One softphone's WebSocket (RFC 7118): frames in and out as SIP messages, CRLF keep-alive (RFC 5626 §4.4.1:
// a double CRLF ping gets a single CRLF pong), and the client transactions of requests the edge sends,
// matched by Via branch and CSeq method. Which extension it authenticated as is recorded here.
import { randomBytes } from "node:crypto";
import type { WebSocket } from "ws";
import { transactionKey } from "./sip/dialog";
import {
  parseMessage,
  serializeMessage,
  SipParseError,
  type SipMessage,
  type SipRequest,
  type SipResponse,
} from "./sip/message";

export type ResponseHandler = (res: SipResponse) => void;

export class SipConnection {
  readonly id = randomBytes(5).toString("hex");
  /** How this side of the socket names itself in Via and Contact. */
  readonly viaHost = `${this.id}.edge.invalid`;
  /** The extension whose REGISTER succeeded on this socket; requests are accepted only from it. */
  ext: string | null = null;
  /** Registered at least once (a socket that never does is disconnected after a while). */
  registered = false;
  closed = false;
  private readonly transactions = new Map<string, ResponseHandler>();

  constructor(
    private readonly ws: WebSocket,
    private readonly handlers: {
      request(conn: SipConnection, req: SipRequest): void;
      closed(conn: SipConnection): void;
      log(msg: string, err?: unknown): void;
    },
  ) {
    ws.on("message", (data: Buffer | ArrayBuffer | Buffer[]) =>
      this.receive(Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer)),
    );
    ws.on("close", () => this.onClose());
    ws.on("error", (e) => handlers.log(`sip ws ${this.id}: socket error`, e));
  }

  get contact(): string {
    return `<sip:gateway@${this.viaHost};transport=ws>`;
  }

  send(m: SipMessage): void {
    if (this.closed) return;
    try {
      this.ws.send(serializeMessage(m));
    } catch (e) {
      this.handlers.log(`sip ws ${this.id}: send failed`, e);
    }
  }

  /** Sends a request; `onResponse` sees every response to it until `forget` (finals of non-INVITEs end it). */
  request(req: SipRequest, onResponse?: ResponseHandler): void {
    const key = transactionKey(req);
    if (key && onResponse) this.transactions.set(key, onResponse);
    this.send(req);
  }

  forget(req: SipRequest): void {
    const key = transactionKey(req);
    if (key) this.transactions.delete(key);
  }

  close(code = 1001): void {
    try {
      this.ws.close(code);
    } catch {
      this.ws.terminate();
    }
  }

  terminate(): void {
    this.ws.terminate();
  }

  private receive(data: Buffer): void {
    const text = data.toString("utf8");
    if (/^(\r\n)+$/.test(text)) {
      if (text === "\r\n\r\n" && !this.closed) this.ws.send("\r\n");
      return;
    }
    let m: SipMessage;
    try {
      m = parseMessage(text);
    } catch (e) {
      if (e instanceof SipParseError)
        this.handlers.log(`sip ws ${this.id}: unparsable message dropped: ${e.message}`);
      else this.handlers.log(`sip ws ${this.id}: parse error`, e);
      return;
    }
    try {
      if (m.type === "request") this.handlers.request(this, m);
      else this.response(m);
    } catch (e) {
      this.handlers.log(`sip ws ${this.id}: handling a message failed`, e);
    }
  }

  private response(res: SipResponse): void {
    const key = transactionKey(res);
    const handler = key ? this.transactions.get(key) : undefined;
    if (!handler) return; // stray or late: nothing waits for it
    const method = key!.split("|")[1];
    if (res.status >= 200 && method !== "INVITE") this.transactions.delete(key!);
    handler(res);
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    this.transactions.clear();
    this.handlers.closed(this);
  }
}
