// The JsSIP wrapper against JsSIP's own classes where they run without a network, and a stand-in
// RTCSession (an EventEmitter) for the session events.
import { EventEmitter } from "events";
import * as JsSIP from "jssip";
import type { RTCSession } from "jssip/lib/RTCSession";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { manualClock } from "../../../src/sdk/testing";
import type { SessionEvents } from "../ports";
import { createJsSipUa, wrapSession } from "./jssipUa";

const OPTIONS = {
  wsUrl: "wss://pbx.test/ws",
  uri: "sip:2042@pbx.test",
  username: "2042",
  password: "pw",
  realm: "pbx.test",
  registerExpires: 120,
};

beforeAll(() => {
  // jsdom has no WebRTC: a MediaStream that remembers its tracks is enough here.
  if (!("MediaStream" in globalThis)) {
    (globalThis as Record<string, unknown>).MediaStream = class {
      constructor(readonly tracks: unknown[] = []) {}
    };
  }
});
afterEach(() => vi.restoreAllMocks());

/** An RTCSession stand-in: JsSIP's events, and spies for what the wrapper calls. */
function rtcSession(o: { connection?: unknown } = {}) {
  const s = Object.assign(new EventEmitter(), {
    id: "abc",
    direction: "incoming",
    remote_identity: { uri: { user: "+15555550111" }, display_name: "Chris Caller" },
    connection: o.connection ?? null,
    answer: vi.fn(),
    terminate: vi.fn(),
    isEnded: vi.fn(() => false),
    hold: vi.fn(),
    unhold: vi.fn(),
    mute: vi.fn(),
    unmute: vi.fn(),
    sendDTMF: vi.fn(),
    refer: vi.fn(),
  });
  return s;
}
const request = (headers: Record<string, string>) => ({
  hasHeader: (n: string) => n in headers,
  getHeader: (n: string) => headers[n],
});

describe("wrapSession", () => {
  it("reads the remote party and the INVITE's headers", () => {
    const s = wrapSession(
      rtcSession() as unknown as RTCSession,
      request({ "X-Dialer-Auto-Answer": "true" }) as never,
      "pbx.test",
      manualClock(),
    );
    expect(s).toMatchObject({
      id: "abc",
      direction: "incoming",
      remoteUser: "+15555550111",
      remoteName: "Chris Caller",
    });
    expect(s.header("X-Dialer-Auto-Answer")).toBe("true");
    expect(s.header("X-Dialer-Call-Id")).toBeNull();
  });

  it("lets ICE gathering go after 1.5 s instead of waiting for it to finish", () => {
    const clock = manualClock();
    const raw = rtcSession();
    wrapSession(raw as unknown as RTCSession, null, "pbx.test", clock);
    const ready = vi.fn();
    raw.emit("icecandidate", { candidate: {}, ready });
    raw.emit("icecandidate", { candidate: {}, ready });
    clock.advance(1_499);
    expect(ready).not.toHaveBeenCalled();
    clock.advance(1);
    expect(ready).toHaveBeenCalledTimes(1);

    // A later offer (hold) gets its own timer; an ended session none.
    const again = vi.fn();
    raw.emit("icecandidate", { candidate: {}, ready: again });
    raw.emit("ended", { cause: "Terminated" });
    clock.advance(5_000);
    expect(again).not.toHaveBeenCalled();
  });

  it("plays remote audio from the connection's track event and again on confirmed", () => {
    const pc = Object.assign(new EventTarget(), { getReceivers: () => [{ track: { kind: "audio" } }] });
    const raw = rtcSession();
    const s = wrapSession(raw as unknown as RTCSession, null, "pbx.test", manualClock());
    const streams: SessionEvents["remoteStream"][] = [];
    s.on("remoteStream", (m) => void streams.push(m));
    raw.emit("peerconnection", { peerconnection: pc });
    const stream = { id: "remote" };
    pc.dispatchEvent(Object.assign(new Event("track"), { track: { kind: "audio" }, streams: [stream] }));
    expect(streams).toEqual([stream]);

    raw.connection = pc as never;
    const confirmed = vi.fn();
    s.on("confirmed", confirmed);
    raw.emit("confirmed", {});
    expect(streams).toHaveLength(2);
    expect(confirmed).toHaveBeenCalled();
  });

  it("reports only the agent's own hold, and every mute", () => {
    const raw = rtcSession();
    const s = wrapSession(raw as unknown as RTCSession, null, "pbx.test", manualClock());
    const seen: string[] = [];
    for (const e of ["hold", "unhold", "muted", "unmuted"] as const) s.on(e, () => void seen.push(e));
    raw.emit("hold", { originator: "remote" });
    raw.emit("hold", { originator: "local" });
    raw.emit("unhold", { originator: "local" });
    raw.emit("muted", { audio: true });
    raw.emit("unmuted", { audio: true });
    expect(seen).toEqual(["hold", "unhold", "muted", "unmuted"]);
  });

  it("sends DTMF as SIP INFO, declines with 603, and refers to a URI at the realm", () => {
    const raw = rtcSession();
    const s = wrapSession(raw as unknown as RTCSession, null, "pbx.test", manualClock());
    s.sendDtmf("5");
    expect(raw.sendDTMF).toHaveBeenCalledWith("5", { transportType: "INFO" });
    s.reject();
    expect(raw.terminate).toHaveBeenCalledWith({ status_code: 603, reason_phrase: "Decline" });
    s.refer("2001");
    expect(String(raw.refer.mock.calls[0][0])).toBe("sip:2001@pbx.test");
    s.hold();
    s.mute();
    expect(raw.hold).toHaveBeenCalled();
    expect(raw.mute).toHaveBeenCalledWith({ audio: true });
  });
});

describe("createJsSipUa", () => {
  it("pings the realm itself, not a user named after it", () => {
    // In JsSIP 3.13 but not in its typings.
    const proto = JsSIP.UA.prototype as unknown as { sendOptions(target: unknown): void };
    const sendOptions = vi.spyOn(proto, "sendOptions").mockImplementation(() => {});
    const ua = createJsSipUa(OPTIONS, manualClock());
    ua.ping();
    expect(String(sendOptions.mock.calls[0][0])).toBe("sip:pbx.test");
    expect(ua.isRegistered()).toBe(false);
    expect(ua.isConnected()).toBe(false);
  });

  it("dials the voicemail box as *97 at the realm", () => {
    const fake = rtcSession();
    const call = vi.spyOn(JsSIP.UA.prototype, "call").mockImplementation(() => fake as unknown as RTCSession);
    const ua = createJsSipUa(OPTIONS, manualClock());
    const s = ua.call("*97", { audio: true, video: false });
    expect(String(call.mock.calls[0][0])).toBe("sip:*97@pbx.test");
    expect(call.mock.calls[0][1]).toMatchObject({ mediaConstraints: { audio: true, video: false } });
    expect(s.id).toBe("abc");
  });
});
