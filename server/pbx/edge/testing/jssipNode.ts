// JsSIP in Node for the edge's tests (reference/telephony.md §3 "Node tier"): the three shims — window,
// an RTCPeerConnection (werift) that turns JsSIP's null offer/answer options into undefined, and an
// RTCSessionDescription({type, sdp}) — plus WebSocket from `ws`. Also a raw SIP-over-WebSocket client for
// protocol-level checks, and a polling wait for state that has no event.
import * as werift from "werift";
import { WebSocket } from "ws";
import type * as JsSIPTypes from "jssip";
import { parseMessage, type SipMessage } from "../sip/message";

type JsSIPModule = typeof JsSIPTypes;

class NodeSessionDescription {
  type: string;
  sdp: string;
  constructor(init: { type: string; sdp: string }) {
    this.type = init.type;
    this.sdp = init.sdp;
  }
  toJSON() {
    return { type: this.type, sdp: this.sdp };
  }
}

class NodePeerConnection extends werift.RTCPeerConnection {
  constructor(config?: Record<string, unknown>) {
    super({
      ...(config ?? {}),
      codecs: { audio: [werift.usePCMU()] },
      headerExtensions: { audio: [] },
      iceServers: [],
      iceAdditionalHostAddresses: ["127.0.0.1"],
      iceUseIpv6: false,
    });
  }
  override createOffer(options?: unknown) {
    return (super.createOffer as (o?: unknown) => ReturnType<werift.RTCPeerConnection["createOffer"]>)(
      options ?? undefined,
    );
  }
  override createAnswer(options?: unknown) {
    return (super.createAnswer as (o?: unknown) => ReturnType<werift.RTCPeerConnection["createAnswer"]>)(
      options ?? undefined,
    );
  }
}

let loaded: JsSIPModule | undefined;

export async function loadJsSIP(): Promise<JsSIPModule> {
  if (loaded) return loaded;
  const g = globalThis as Record<string, unknown>;
  g.window ??= globalThis;
  g.WebSocket ??= WebSocket;
  g.RTCPeerConnection = NodePeerConnection;
  g.RTCSessionDescription = NodeSessionDescription;
  const mod = (await import("jssip")) as unknown as { default?: JsSIPModule } & JsSIPModule;
  loaded = mod.default ?? mod;
  return loaded;
}

/** A local audio track JsSIP sends from: PCMU frames of a 440 Hz tone every 20 ms while `running`. */
export function toneStream(): { stream: werift.MediaStream; stop(): void } {
  const track = new werift.MediaStreamTrack({ kind: "audio" });
  const payload = Buffer.alloc(160);
  for (let i = 0; i < 160; i++) payload[i] = i % 18 < 9 ? 0x20 : 0xa0; // a loud square-ish wave in μ-law
  let seq = 1;
  let ts = 0;
  const timer = setInterval(() => {
    track.writeRtp(
      new werift.RtpPacket(
        new werift.RtpHeader({ payloadType: 0, sequenceNumber: seq, timestamp: ts }),
        payload,
      ),
    );
    seq = (seq + 1) & 0xffff;
    ts += 160;
  }, 20);
  timer.unref();
  return { stream: new werift.MediaStream([track]), stop: () => clearInterval(timer) };
}

/** Counts RTP packets arriving on a JsSIP session's peer connection. */
export function countIncomingRtp(pc: werift.RTCPeerConnection): { readonly packets: number } {
  const counter = { packets: 0 };
  const seen = new WeakSet<werift.MediaStreamTrack>();
  const watch = (t: werift.MediaStreamTrack) => {
    if (seen.has(t)) return;
    seen.add(t);
    t.onReceiveRtp.subscribe(() => {
      counter.packets++;
    });
  };
  pc.onTrack.subscribe(watch);
  const scan = () => pc.getReceivers().forEach((r) => r.tracks.forEach(watch));
  scan();
  const timer = setInterval(scan, 50);
  timer.unref();
  pc.connectionStateChange.subscribe((s) => {
    if (s === "closed") clearInterval(timer);
  });
  return counter;
}

export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false | null | Promise<T | undefined | false | null>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A bare SIP-over-WebSocket client: send text, await the next message that matches. */
export class RawSipClient {
  private readonly inbox: (SipMessage | string)[] = [];
  private readonly waiters: {
    match: (m: SipMessage | string) => boolean;
    resolve: (m: SipMessage | string) => void;
  }[] = [];
  closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data: Buffer) => {
      const text = data.toString("utf8");
      const m = /^\s*$/.test(text) ? text : parseMessage(text);
      const i = this.waiters.findIndex((w) => w.match(m));
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(m);
      else this.inbox.push(m);
    });
    this.closed = new Promise((resolve) => ws.on("close", (code) => resolve(code)));
  }

  static connect(url: string, protocol: string | null = "sip"): Promise<RawSipClient> {
    return new Promise((resolve, reject) => {
      const ws = protocol ? new WebSocket(url, protocol) : new WebSocket(url);
      ws.once("open", () => resolve(new RawSipClient(ws)));
      ws.once("error", reject);
    });
  }

  send(text: string): void {
    this.ws.send(text);
  }

  next(
    match: (m: SipMessage | string) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<SipMessage | string> {
    const i = this.inbox.findIndex(match);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0]!);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no matching SIP message")), timeoutMs);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}
