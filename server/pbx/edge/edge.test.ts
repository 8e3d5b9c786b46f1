// The SIP edge on a listening test gateway: raw SIP over WebSocket for the protocol's corners, then JsSIP in
// Node (werift for its media) for what a browser softphone does. Most agent legs are offered through the
// edge's AgentPhoneLine directly (as the PBX does), with the PBX's softphone-driven operations (hangup, hold,
// DTMF, transfer) replaced by spies, so they do not depend on the simulated PBX's call model; one test goes
// through SimPbx.originate end to end.
import { createHash } from "node:crypto";
import type { RTCSession } from "jssip/lib/RTCSession";
import type { UA } from "jssip/lib/UA";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SIP_HEADERS, type WebRtcCredentials } from "../../../src/contract/calls";
import type { HangupCause, PbxEvent } from "../driver";
import { ack, connected } from "../../realtime/testing";
import { startTestGateway, type TestGateway } from "../../test/harness";
import { sipEdgeOf, type SipEdge } from "./index";
import { getHeader, type SipMessage, type SipResponse } from "./sip/message";
import { countIncomingRtp, loadJsSIP, RawSipClient, toneStream, waitFor } from "./testing/jssipNode";

let gw: TestGateway;
let edge: SipEdge;
let wsUrl: string;
let creds: WebRtcCredentials;
let JsSIP: Awaited<ReturnType<typeof loadJsSIP>>;
const pbxOps = {
  hangup: vi.fn(async (_legId: string, _cause?: HangupCause) => {}),
  hold: vi.fn(async (_legId: string, _on: boolean) => {}),
  sendDtmf: vi.fn(async (_legId: string, _digits: string) => {}),
  // Like a PBX: the transferred party goes on elsewhere, the agent leg ends.
  blindTransfer: vi.fn(async (legId: string, _target: string) => {
    setImmediate(() => edge.line.end(legId));
  }),
};

beforeAll(async () => {
  gw = await startTestGateway({ listen: true, sipEdge: true });
  edge = sipEdgeOf(gw.gw)!;
  Object.assign(gw.gw.pbx, pbxOps);
  wsUrl = gw.url!.replace(/^http/, "ws") + "/sip";
  const agent = await gw.signIn("qualifier.isius@demo.test");
  creds = (await agent.request("GET", "/webrtc/credentials")).json().data;
  JsSIP = await loadJsSIP();
});
afterAll(async () => {
  await gw?.close();
});

const registered = async (ext: string) => {
  await edge.settled();
  return (await gw.gw.pbx.getExtensionStatus(ext)).registered;
};

// ---------------------------------------------------------------- raw SIP

let seq = 0;
function sipRequest(
  method: string,
  uri: string,
  o: { ext?: string; callId?: string; cseq?: number; headers?: string[]; body?: string; toTag?: string } = {},
): string {
  const ext = o.ext ?? "1001";
  const body = o.body ?? "";
  return [
    `${method} ${uri} SIP/2.0`,
    `Via: SIP/2.0/WSS raw.invalid;branch=z9hG4bKraw${++seq}`,
    "Max-Forwards: 70",
    `From: <sip:${ext}@dialer>;tag=raw${seq}`,
    `To: <sip:${method === "REGISTER" ? ext : uri.replace(/^sip:([^@]+)@.*/, "$1")}@dialer>${o.toTag ? `;tag=${o.toTag}` : ""}`,
    `Call-ID: ${o.callId ?? `raw-call-${seq}`}`,
    `CSeq: ${o.cseq ?? 1} ${method}`,
    ...(o.headers ?? []),
    `Content-Length: ${Buffer.byteLength(body)}`,
    "",
    body,
  ].join("\r\n");
}

const md5 = (s: string) => createHash("md5").update(s).digest("hex");
function authorization(
  challenge: string,
  username: string,
  password: string,
  method = "REGISTER",
  uri = "sip:dialer",
): string {
  const nonce = /nonce="([^"]+)"/.exec(challenge)![1]!;
  const ha1 = md5(`${username}:dialer:${password}`);
  const response = md5(`${ha1}:${nonce}:00000001:c0ffee:auth:${md5(`${method}:${uri}`)}`);
  return `Authorization: Digest username="${username}", realm="dialer", nonce="${nonce}", uri="${uri}", response="${response}", algorithm=MD5, qop=auth, nc=00000001, cnonce="c0ffee"`;
}

const isResponse = (method: string, status?: number) => (m: SipMessage | string) =>
  typeof m !== "string" &&
  m.type === "response" &&
  getHeader(m, "CSeq")!.endsWith(method) &&
  (status === undefined || m.status === status);

describe("SIP over WebSocket, raw", () => {
  it("takes only the sip subprotocol, leaves socket.io alone, answers keep-alives and OPTIONS", async () => {
    await expect(RawSipClient.connect(wsUrl, null)).rejects.toThrow(/400/);
    const io = gw.socket(await gw.signIn("advisor.isius@demo.test"));
    const connected = new Promise<void>((resolve, reject) => {
      io.once("connect", () => resolve());
      io.once("connect_error", reject);
    });
    io.connect();
    await connected;
    io.disconnect();

    const c = await RawSipClient.connect(wsUrl);
    c.send("\r\n\r\n");
    expect(await c.next((m) => typeof m === "string")).toBe("\r\n");
    c.send(sipRequest("OPTIONS", "sip:dialer"));
    expect(((await c.next(isResponse("OPTIONS"))) as SipResponse).status).toBe(200);
    // Nothing but REGISTER before a registration.
    c.send(
      sipRequest("INVITE", "sip:*97@dialer", { body: "v=0\r\n", headers: ["Content-Type: application/sdp"] }),
    );
    expect(await c.next(isResponse("INVITE"))).toMatchObject({ status: 403, reason: "Register First" });
    c.close();
  });

  it("REGISTER: 401 challenge, 403 for a wrong password, 200 with the granted expiry; then the socket is the extension's", async () => {
    const c = await RawSipClient.connect(wsUrl);
    const contact = "Contact: <sip:rawcontact@raw.invalid;transport=ws>;expires=300";
    c.send(sipRequest("REGISTER", "sip:dialer", { callId: "reg-1", cseq: 1, headers: [contact] }));
    const challenge = (await c.next(isResponse("REGISTER"))) as SipResponse;
    expect(challenge.status).toBe(401);
    const www = getHeader(challenge, "WWW-Authenticate")!;
    expect(www).toMatch(/^Digest realm="dialer", nonce="[^"]+", algorithm=MD5, qop="auth"$/);

    c.send(
      sipRequest("REGISTER", "sip:dialer", {
        callId: "reg-1",
        cseq: 2,
        headers: [contact, authorization(www, creds.username, "wrong-password")],
      }),
    );
    expect(((await c.next(isResponse("REGISTER"))) as SipResponse).status).toBe(403);
    // Another agent's credentials do not register this extension.
    c.send(
      sipRequest("REGISTER", "sip:dialer", {
        ext: "1002",
        callId: "reg-1",
        cseq: 3,
        headers: [contact, authorization(www, creds.username, creds.password)],
      }),
    );
    expect(((await c.next(isResponse("REGISTER"))) as SipResponse).status).toBe(403);
    expect(await registered("1001")).toBe(false);

    c.send(
      sipRequest("REGISTER", "sip:dialer", {
        callId: "reg-1",
        cseq: 4,
        headers: [contact, authorization(www, creds.username, creds.password)],
      }),
    );
    const ok = (await c.next(isResponse("REGISTER"))) as SipResponse;
    expect(ok.status).toBe(200);
    expect(getHeader(ok, "Contact")).toBe("<sip:rawcontact@raw.invalid;transport=ws>;expires=300");
    expect(await registered("1001")).toBe(true);
    expect(edge.isRegistered("1001")).toBe(true);
    // showHostname answers the host the agent's own softphone registered from (its Contact), not the gateway's.
    expect(edge.contactHost("1001")).toBe("raw.invalid");
    const agentSocket = gw.socket(await gw.signIn("qualifier.isius@demo.test"));
    agentSocket.connect();
    await connected(agentSocket);
    expect(await ack(agentSocket, "showHostname", { extension: "1001" })).toMatchObject({
      ok: true,
      data: { extension: "1001", hostname: "raw.invalid" },
    });
    agentSocket.disconnect();

    // Registered: a number other than the voicemail box goes through the gateway; unknown methods are refused.
    c.send(
      sipRequest("INVITE", "sip:+15551234567@dialer", {
        body: "v=0\r\n",
        headers: ["Content-Type: application/sdp"],
      }),
    );
    expect(await c.next(isResponse("INVITE"))).toMatchObject({
      status: 403,
      reason: "Dial through the gateway",
    });
    c.send(sipRequest("MESSAGE", "sip:1002@dialer"));
    expect(((await c.next(isResponse("MESSAGE"))) as SipResponse).status).toBe(405);
    c.send(sipRequest("FROBNICATE", "sip:1002@dialer"));
    expect(((await c.next(isResponse("FROBNICATE"))) as SipResponse).status).toBe(501);
    c.send(sipRequest("BYE", "sip:1002@dialer", { toTag: "nope" }));
    expect(((await c.next(isResponse("BYE"))) as SipResponse).status).toBe(481);

    // expires=0 unregisters.
    c.send(
      sipRequest("REGISTER", "sip:dialer", {
        callId: "reg-1",
        cseq: 5,
        headers: [
          "Contact: <sip:rawcontact@raw.invalid;transport=ws>;expires=0",
          authorization(www, creds.username, creds.password),
        ],
      }),
    );
    expect(((await c.next(isResponse("REGISTER"))) as SipResponse).status).toBe(200);
    expect(await registered("1001")).toBe(false);
    expect(edge.contactHost("1001")).toBeNull();

    // Closing the socket drops its registration.
    c.send(
      sipRequest("REGISTER", "sip:dialer", {
        callId: "reg-1",
        cseq: 6,
        headers: [contact, authorization(www, creds.username, creds.password)],
      }),
    );
    expect(((await c.next(isResponse("REGISTER"))) as SipResponse).status).toBe(200);
    expect(await registered("1001")).toBe(true);
    c.close();
    await c.closed;
    await waitFor("unregistration after close", async () => !(await registered("1001")));
  });
});

// ---------------------------------------------------------------- JsSIP

interface Phone {
  ua: UA;
  incoming: { session: RTCSession; request: { getHeader(name: string): string } }[];
  /** Stops the UA (un-REGISTER at once). JsSIP closes its socket ~2 s later; nothing here waits for that. */
  stop(): void;
}

async function phone(
  password = creds.password,
  register = true,
  as: WebRtcCredentials = creds,
): Promise<Phone & { registration: Promise<"registered" | "failed"> }> {
  const ua = new JsSIP.UA({
    sockets: [new JsSIP.WebSocketInterface(as.ws_url.replace(/^ws:\/\/[^/]+/, wsUrl.replace(/\/sip$/, "")))],
    uri: as.uri,
    authorization_user: as.username,
    password,
    register,
    register_expires: 600,
    session_timers: false,
  });
  const incoming: Phone["incoming"] = [];
  ua.on(
    "newRTCSession",
    (e: { originator: string; session: RTCSession; request: { getHeader(n: string): string } }) => {
      if (e.originator === "remote") incoming.push({ session: e.session, request: e.request });
    },
  );
  const registration = new Promise<"registered" | "failed">((resolve) => {
    ua.on("registered", () => resolve("registered"));
    ua.on("registrationFailed", () => resolve("failed"));
  });
  ua.start();
  return {
    ua,
    incoming,
    registration,
    stop() {
      ua.stop();
    },
  };
}

/** Offers an agent leg as the PBX does; resolves with the softphone's outcome. */
function ring(legId: string, autoAnswer = true, ext = "1001"): Promise<"answered" | HangupCause> {
  return new Promise((resolve) =>
    edge.line.ring(
      {
        callId: `call-${legId}`,
        legId,
        ext,
        from: "+15551230001",
        autoAnswer,
        vars: { callId: "42", leadId: "7", callType: "auto" },
      },
      { answered: () => resolve("answered"), ended: (cause) => resolve(cause) },
    ),
  );
}

function onceEvent<T = unknown>(
  emitter: { once(ev: string, fn: (e: T) => void): unknown },
  ev: string,
): Promise<T> {
  return new Promise((resolve) => emitter.once(ev, resolve));
}

describe("JsSIP softphone against the edge", () => {
  it("registers (a wrong password is refused) and unregisters on stop", async () => {
    const bad = await phone("not-the-password");
    expect(await bad.registration).toBe("failed");
    bad.stop();
    expect(await registered("1001")).toBe(false);

    const p = await phone();
    expect(await p.registration).toBe("registered");
    expect(await registered("1001")).toBe(true);
    p.stop();
    await waitFor("unregistered", async () => !(await registered("1001")));
  });

  it("takes an agent leg with audio both ways, DTMF, hold and a blind transfer (REFER → NOTIFY, then BYE)", async () => {
    const p = await phone();
    expect(await p.registration).toBe("registered");
    const tone = toneStream();
    let heard: { readonly packets: number } = { packets: 0 };
    const outcome = ring("leg-a");
    const { session, request } = await waitFor("the INVITE", () => p.incoming[0]);
    expect(request.getHeader(SIP_HEADERS.callId)).toBe("42");
    expect(request.getHeader(SIP_HEADERS.leadId)).toBe("7");
    expect(request.getHeader(SIP_HEADERS.callType)).toBe("auto");
    expect(request.getHeader(SIP_HEADERS.autoAnswer)).toBe("true");
    expect(session.remote_identity.uri.user).toBe("+15551230001");
    session.on("peerconnection", (e: { peerconnection: unknown }) => {
      heard = countIncomingRtp(e.peerconnection as Parameters<typeof countIncomingRtp>[0]);
    });
    session.answer({ mediaStream: tone.stream as unknown as MediaStream });
    expect(await outcome).toBe("answered");
    edge.line.play("leg-a", "human");

    // Real PCMU both ways: the edge's programme reaches JsSIP, JsSIP's tone reaches the edge.
    await waitFor("RTP at the softphone", () => heard.packets >= 10);
    await waitFor("RTP at the edge", () => (edge.stats("leg-a")?.received ?? 0) >= 10);
    expect(edge.stats("leg-a")).toMatchObject({ state: "connected", sound: "human" });
    expect(edge.stats("leg-a")!.sent).toBeGreaterThanOrEqual(10);

    session.sendDTMF("5");
    await waitFor("DTMF at the PBX", () => pbxOps.sendDtmf.mock.calls.length > 0);
    expect(pbxOps.sendDtmf).toHaveBeenCalledWith("leg-a", "5");

    session.hold();
    await waitFor("hold at the PBX", () => pbxOps.hold.mock.calls.length > 0);
    expect(pbxOps.hold).toHaveBeenLastCalledWith("leg-a", true);
    await waitFor("re-INVITE done", () => session.isReadyToReOffer());
    session.unhold();
    await waitFor("resume at the PBX", () => pbxOps.hold.mock.calls.length > 1);
    expect(pbxOps.hold).toHaveBeenLastCalledWith("leg-a", false);
    await waitFor("re-INVITE done", () => session.isReadyToReOffer());
    // Resumed: audio flows both ways again over the same peer.
    const before = { ...edge.stats("leg-a")!, heard: heard.packets };
    await waitFor(
      "audio after resume",
      () =>
        edge.stats("leg-a")!.sent >= before.sent + 10 &&
        heard.packets >= before.heard + 10 &&
        edge.stats("leg-a")!.received >= before.received + 10,
    );

    const ended = onceEvent<{ originator: string }>(session, "ended");
    // JsSIP's typings say void; it returns the ReferSubscriber (an EventEmitter).
    type Subscriber = { once(ev: string, fn: (e: unknown) => void): unknown };
    // A target the compliance gate refuses (a country the call centre does not dial) is not transferred to.
    const refused = session.refer("+442079460018") as unknown as Subscriber;
    await onceEvent(refused, "requestFailed");
    expect(pbxOps.blindTransfer).not.toHaveBeenCalled();
    const refer = session.refer("+12125550167") as unknown as Subscriber;
    const trying = onceEvent(refer, "trying");
    const accepted = onceEvent(refer, "accepted");
    await trying;
    await accepted;
    expect(pbxOps.blindTransfer).toHaveBeenCalledWith("leg-a", "+12125550167");
    expect((await ended).originator).toBe("remote"); // the PBX ended the agent leg: BYE from the edge
    expect(edge.stats("leg-a")!.received).toBeGreaterThanOrEqual(10); // kept after the leg ended
    tone.stop();
    p.stop();
  });

  it("BYE from the softphone hangs the leg up at the PBX; a declined call, a cancelled one and an absent phone end with their causes", async () => {
    expect(await ring("leg-nobody", true, "1002")).toBe("unavailable");

    const p = await phone();
    expect(await p.registration).toBe("registered");
    const tone = toneStream();

    const answered = ring("leg-b");
    const b = await waitFor("INVITE b", () => p.incoming[0]);
    b.session.answer({ mediaStream: tone.stream as unknown as MediaStream });
    expect(await answered).toBe("answered");
    await waitFor("confirmed", () => b.session.isEstablished());
    b.session.terminate();
    await waitFor("hangup at the PBX", () => pbxOps.hangup.mock.calls.length > 0);
    expect(pbxOps.hangup).toHaveBeenCalledWith("leg-b", "normal");

    const declined = ring("leg-c", false);
    const c = await waitFor("INVITE c", () => p.incoming[1]);
    expect(c.request.getHeader(SIP_HEADERS.autoAnswer)).toBe("false");
    c.session.terminate({ status_code: 486 });
    expect(await declined).toBe("busy");

    const cancelled = ring("leg-d", false);
    const d = await waitFor("INVITE d", () => p.incoming[2]);
    const failed = onceEvent<{ originator: string; cause: string }>(d.session, "failed");
    edge.line.end("leg-d");
    expect(await cancelled).toBe("canceled");
    expect(await failed).toMatchObject({ originator: "remote", cause: JsSIP.C.causes.CANCELED });

    tone.stop();
    p.stop();
  });

  it("a call the simulated PBX originates rings the softphone, plays ringback then the lead's voice, and ends with BYE", async () => {
    const events: PbxEvent[] = [];
    const off = gw.gw.pbx.onEvent((e) => events.push(e));
    const p = await phone();
    expect(await p.registration).toBe("registered");
    const tone = toneStream();
    await gw.gw.pbx.originate({
      callId: "sim-1",
      agentExt: "1001",
      to: "+15551230055",
      mode: "manual",
      vars: { callId: "77", leadId: "9", callType: "manual" },
    });
    const { session, request } = await waitFor("the PBX's INVITE", () => p.incoming[0]);
    expect(request.getHeader(SIP_HEADERS.callId)).toBe("77");
    expect(request.getHeader(SIP_HEADERS.autoAnswer)).toBe("true");
    expect(session.remote_identity.uri.user).toBe("+15551230055");
    session.answer({ mediaStream: tone.stream as unknown as MediaStream });
    const agentLeg = await waitFor("the agent leg answered", () => {
      const created = events.find((e) => e.kind === "LegCreated" && e.role === "agent");
      const legId = created && "legId" in created ? created.legId : undefined;
      return legId && events.some((e) => e.kind === "LegAnswered" && e.legId === legId) ? legId : undefined;
    });
    gw.clock.advance(700); // the PBX's clock: the lead starts ringing (manual profile: 200–600 ms)
    await waitFor(
      "ringback with audio",
      () => edge.stats(agentLeg)?.sound === "ringback" && edge.stats(agentLeg)!.sent >= 5,
    );
    gw.clock.advance(2_500); // the lead (a manual dial: a person) answers within 1–2 s
    await waitFor("the lead's voice", () => edge.stats(agentLeg)?.sound === "human");
    const ended = onceEvent<{ originator: string }>(session, "ended");
    await gw.gw.pbx.hangupCall("sim-1");
    expect((await ended).originator).toBe("remote");
    off();
    tone.stop();
    p.stop();
  });

  it("a live transfer on the simulated PBX: the advisor's softphone rings, and each agent leg plays the mix of the lead and the party", async () => {
    const events: PbxEvent[] = [];
    const off = gw.gw.pbx.onEvent((e) => events.push(e));
    const advisorCreds: WebRtcCredentials = (
      await (await gw.signIn("advisor.isius@demo.test")).request("GET", "/webrtc/credentials")
    ).json().data;
    const q = await phone();
    const a = await phone(advisorCreds.password, true, advisorCreds);
    expect(await q.registration).toBe("registered");
    expect(await a.registration).toBe("registered");
    await edge.settled();
    const tone = toneStream();
    const legOf = (pred: (e: PbxEvent & { kind: "LegCreated" }) => boolean) =>
      events.find((e): e is PbxEvent & { kind: "LegCreated" } => e.kind === "LegCreated" && pred(e))?.legId;
    await gw.gw.pbx.originate({ callId: "sim-mix", agentExt: "1001", to: "+15551230056", mode: "manual" });
    (await waitFor("the qualifier's INVITE", () => q.incoming[0])).session.answer({
      mediaStream: tone.stream as unknown as MediaStream,
    });
    const qualifier = await waitFor("the qualifier's leg", () => legOf((e) => e.role === "agent"));
    await waitFor("answered", () => events.some((e) => e.kind === "LegAnswered" && e.legId === qualifier));
    gw.clock.advance(700);
    gw.clock.advance(2_500); // the lead answers
    await waitFor("the lead's voice", () => edge.stats(qualifier)?.sound === "human");

    const confId = await gw.gw.pbx.conference.start("sim-mix");
    const advisor = await gw.gw.pbx.conference.joinAgent(confId, "1002", {
      vars: { callId: "78", leadId: "9", callType: "transfer" },
    });
    const offer = await waitFor("the advisor's INVITE", () => a.incoming[0]);
    expect(offer.request.getHeader(SIP_HEADERS.autoAnswer)).toBe("false");
    expect(offer.request.getHeader(SIP_HEADERS.callType)).toBe("transfer");
    expect(offer.session.remote_identity.uri.user).toBe("+15551230056");
    let heard: { readonly packets: number } = { packets: 0 };
    offer.session.on("peerconnection", (e: { peerconnection: unknown }) => {
      heard = countIncomingRtp(e.peerconnection as Parameters<typeof countIncomingRtp>[0]);
    });
    offer.session.answer({ mediaStream: tone.stream as unknown as MediaStream });
    await waitFor("the advisor joined", () =>
      events.some((e) => e.kind === "Conference" && e.action === "joined" && e.legId === advisor),
    );
    await waitFor("the advisor hears the lead", () => edge.stats(advisor)?.sound === "human");
    await waitFor("RTP at the advisor's softphone", () => heard.packets >= 10);

    await gw.gw.pbx.conference.join(confId, "+15551230057");
    gw.clock.advance(700);
    gw.clock.advance(2_500); // the party answers
    const both = ["human", "third-party"];
    await waitFor("the qualifier hears the mix", () => edge.stats(qualifier)?.mix.join() === both.join());
    await waitFor("the advisor hears the mix", () => edge.stats(advisor)?.mix.join() === both.join());

    const qualifierGone = onceEvent<{ originator: string }>(q.incoming[0]!.session, "ended");
    await gw.gw.pbx.conference.leave(confId, "1001");
    expect((await qualifierGone).originator).toBe("remote");
    const sent = edge.stats(advisor)!.sent;
    await waitFor("the advisor still hears the mix", () => edge.stats(advisor)!.sent >= sent + 10);
    expect(edge.stats(advisor)).toMatchObject({ state: "connected", mix: both });
    expect(events.some((e) => e.kind === "CallEnded" && e.callId === "sim-mix")).toBe(false);

    await gw.gw.pbx.hangupCall("sim-mix");
    off();
    tone.stop();
    q.stop();
    a.stop();
  });

  it("supervision on the simulated PBX relays the voices: monitor, then whisper (the agent hears the supervisor), then barge (the lead does too)", async () => {
    const events: PbxEvent[] = [];
    const off = gw.gw.pbx.onEvent((e) => events.push(e));
    const supervisorCreds: WebRtcCredentials = (
      await (await gw.signIn("advisor.isius@demo.test")).request("GET", "/webrtc/credentials")
    ).json().data;
    const q = await phone();
    const s = await phone(supervisorCreds.password, true, supervisorCreds);
    expect(await q.registration).toBe("registered");
    expect(await s.registration).toBe("registered");
    await edge.settled();
    // Each softphone sends its own loud tone: what the edge relays is non-silent.
    const agentTone = toneStream();
    const supervisorTone = toneStream();
    const legOf = (role: string) =>
      events.find((e): e is PbxEvent & { kind: "LegCreated" } => e.kind === "LegCreated" && e.callId === "sim-sup" && e.role === role)
        ?.legId;
    await gw.gw.pbx.originate({ callId: "sim-sup", agentExt: "1001", to: "+15551230058", mode: "manual" });
    (await waitFor("the agent's INVITE", () => q.incoming[0])).session.answer({
      mediaStream: agentTone.stream as unknown as MediaStream,
    });
    const agent = await waitFor("the agent's leg", () => legOf("agent"));
    await waitFor("answered", () => events.some((e) => e.kind === "LegAnswered" && e.legId === agent));
    gw.clock.advance(700);
    gw.clock.advance(2_500); // the lead answers
    await waitFor("the lead's voice", () => edge.stats(agent)?.sound === "human");
    const lead = legOf("lead")!;

    const supervisor = await gw.gw.pbx.supervise({ agentLegId: agent, ext: "1002", mode: "monitor" });
    const offer = await waitFor("the supervisor's INVITE", () => s.incoming[0]);
    expect(offer.request.getHeader(SIP_HEADERS.autoAnswer)).toBe("true");
    offer.session.answer({ mediaStream: supervisorTone.stream as unknown as MediaStream });
    await waitFor("supervising", () => events.some((e) => e.kind === "Supervision" && e.legId === supervisor));
    const heard = (legId: string, from: string) => edge.stats(legId)?.heard[from] ?? 0;

    // Monitor: the supervisor hears the agent; neither the agent nor the lead hears the supervisor.
    await waitFor("the supervisor hears the agent", () => heard(supervisor, agent) >= 25);
    await waitFor("the lead's ear takes the agent in", () => heard(lead, agent) >= 25);
    expect(edge.stats(supervisor)!.mix).toEqual(["human", "voice"]);
    expect(heard(agent, supervisor)).toBe(0);
    expect(heard(lead, supervisor)).toBe(0);
    expect(heard(supervisor, supervisor)).toBe(0);

    // Whisper: the agent hears the supervisor; the lead still does not.
    await gw.gw.pbx.supervise({ agentLegId: agent, ext: "1002", mode: "whisper" });
    await waitFor("the agent hears the supervisor", () => heard(agent, supervisor) >= 25);
    expect(heard(lead, supervisor)).toBe(0);
    const agentHeard = heard(supervisor, agent);
    await waitFor("the supervisor still hears the agent", () => heard(supervisor, agent) >= agentHeard + 10);

    // Barge: the lead hears the supervisor too.
    await gw.gw.pbx.supervise({ agentLegId: agent, ext: "1002", mode: "barge" });
    await waitFor("the lead hears the supervisor", () => heard(lead, supervisor) >= 25);

    // The manager's report reads the same counters, leg by leg.
    const manager = await gw.signIn("manager.isius@demo.test");
    const res = await manager.request("GET", "/sim-pbx/calls/sim-sup/media");
    expect(res.statusCode).toBe(200);
    const legs = (res.json() as { data: { legs: { legId: string; heard: Record<string, number> }[] } }).data.legs;
    expect([...legs].sort((a, b) => a.legId.localeCompare(b.legId))).toMatchObject([
      { legId: agent, role: "agent", ext: "1001", state: "answered" },
      { legId: lead, role: "lead", state: "answered", sent: 0 },
      { legId: supervisor, role: "supervisor", ext: "1002", state: "answered" },
    ]);
    const byLeg = new Map(legs.map((l) => [l.legId, l]));
    expect(byLeg.get(lead)!.heard[supervisor]).toBeGreaterThan(0);
    expect(byLeg.get(agent)!.heard[supervisor]).toBeGreaterThan(0);
    expect(byLeg.get(supervisor)!.heard[agent]).toBeGreaterThan(0);
    expect((await manager.request("GET", "/sim-pbx/calls/no-such-call/media")).statusCode).toBe(404);

    // The call ends: the counts stay readable, the lead's ear included.
    await gw.gw.pbx.hangupCall("sim-sup");
    await waitFor("the lead's ear archived", () => edge.stats(lead)?.heard[supervisor]);
    const after = await manager.request("GET", "/sim-pbx/calls/sim-sup/media");
    expect(after.statusCode).toBe(200);
    off();
    agentTone.stop();
    supervisorTone.stop();
    q.stop();
    s.stop();
  });

  it("the voicemail box (*97) answers with its prompt; other numbers are dialled through the gateway", async () => {
    const p = await phone();
    expect(await p.registration).toBe("registered");
    const tone = toneStream();
    let heard: { readonly packets: number } = { packets: 0 };
    const session = p.ua.call("sip:*97@dialer", {
      mediaStream: tone.stream as unknown as MediaStream,
      eventHandlers: {
        peerconnection: (e: { peerconnection: unknown }) => {
          heard = countIncomingRtp(e.peerconnection as Parameters<typeof countIncomingRtp>[0]);
        },
      },
    });
    await waitFor("voicemail box answered", () => session.isEstablished());
    await waitFor("the prompt's RTP", () => heard.packets >= 10);
    session.terminate();

    const other = p.ua.call("sip:+15551234567@dialer", {
      mediaStream: tone.stream as unknown as MediaStream,
    });
    const failed = await onceEvent<{ cause: string; message?: { status_code: number } }>(other, "failed");
    expect(failed.message?.status_code).toBe(403);
    tone.stop();
    p.stop();
  });
});
