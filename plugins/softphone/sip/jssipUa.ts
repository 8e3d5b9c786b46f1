// The SipUa of sip/types.ts on JsSIP 3.13 (reference/telephony.md §4 pitfalls handled here: ICE gathering
// timeout, remote audio on the right event, URIs built rather than normalised). Loaded on demand.
import * as JsSIP from "jssip";
import type { IncomingRequest } from "jssip/lib/SIPMessage";
import type { RTCSession } from "jssip/lib/RTCSession";
import type { RTCSessionEvent } from "jssip/lib/UA";
import type { Clock, ClockTimer } from "../../../src/sdk";
import { ICE_GATHERING_TIMEOUT_MS } from "../constants";
import { Emitter } from "../emitter";
import type { SessionEvents, SipSession, SipUa, UaEvents, UaOptions } from "../ports";

/** A URI with a user at the realm, or the realm itself (user null): never through normalizeTarget. */
const sipUri = (user: string | null, host: string) => new JsSIP.URI("sip", user as string, host);

export function createJsSipUa(o: UaOptions, clock: Clock): SipUa {
  const ua = new JsSIP.UA({
    sockets: [new JsSIP.WebSocketInterface(o.wsUrl)],
    uri: o.uri,
    password: o.password,
    authorization_user: o.username,
    realm: o.realm,
    register: true,
    register_expires: o.registerExpires,
    // The gateway tracks calls itself; session timers only add re-INVITEs a WebSocket loss would break.
    session_timers: false,
    user_agent: "isi-dialer softphone",
  });
  const events = new Emitter<UaEvents>();
  ua.on("connecting", () => events.emit("connecting", undefined));
  ua.on("connected", () => events.emit("connected", undefined));
  ua.on("disconnected", () => events.emit("disconnected", undefined));
  ua.on("registered", () => events.emit("registered", undefined));
  ua.on("unregistered", () => events.emit("unregistered", undefined));
  ua.on("registrationFailed", (e) => events.emit("registrationFailed", String(e.cause ?? "")));
  ua.on("newRTCSession", (e: RTCSessionEvent) => {
    // Our own INVITEs are wrapped by call() itself, where the early peerconnection event can still be caught.
    if (e.originator === "remote") events.emit("incoming", wrapSession(e.session, e.request, o.realm, clock));
  });

  return {
    start: () => ua.start(),
    stop: () => ua.stop(),
    register: () => ua.register(),
    isRegistered: () => ua.isRegistered(),
    isConnected: () => ua.isConnected(),
    setCredentials(username, password) {
      ua.set("authorization_user", username);
      // Setting the password also makes JsSIP derive HA1 again (it caches the first challenge's HA1).
      ua.set("password", password);
    },
    // sendOptions is in JsSIP 3.13 but not in its typings.
    ping: () =>
      (ua as unknown as { sendOptions(target: JsSIP.URI): void }).sendOptions(sipUri(null, o.realm)),
    call(user, media) {
      // JsSIP fires 'peerconnection' inside call(), before it returns: catch it through eventHandlers.
      let early: RTCPeerConnection | null = null;
      const session = ua.call(sipUri(user, o.realm) as unknown as string, {
        mediaConstraints: media,
        eventHandlers: { peerconnection: (e) => void (early = e.peerconnection) },
      });
      return wrapSession(session, null, o.realm, clock, early);
    },
    on: (event, fn) => events.on(event, fn),
  };
}

export function wrapSession(
  session: RTCSession,
  request: IncomingRequest | null,
  realm: string,
  clock: Clock,
  early: RTCPeerConnection | null = null,
): SipSession {
  const events = new Emitter<SessionEvents>();
  const watched = new WeakSet<RTCPeerConnection>();
  const watch = (pc: RTCPeerConnection | null | undefined) => {
    if (!pc || watched.has(pc)) return;
    watched.add(pc);
    pc.addEventListener("track", (e) => {
      if (e.track.kind === "audio") events.emit("remoteStream", e.streams[0] ?? new MediaStream([e.track]));
    });
  };
  watch(early);
  watch(session.connection);
  session.on("peerconnection", (e) => watch(e.peerconnection));

  // ICE gathering can hang for tens of seconds on an unreachable STUN/TURN server: go with what we have.
  let iceTimer: ClockTimer | null = null;
  let armedFor: (() => void) | null = null;
  const clearIce = () => {
    if (iceTimer) clock.clearTimeout(iceTimer);
    iceTimer = null;
  };
  session.on("icecandidate", (e) => {
    if (armedFor === e.ready) return;
    clearIce();
    armedFor = e.ready;
    iceTimer = clock.setTimeout(() => {
      iceTimer = null;
      e.ready();
    }, ICE_GATHERING_TIMEOUT_MS);
  });

  session.on("progress", () => events.emit("progress", undefined));
  session.on("accepted", () => events.emit("accepted", undefined));
  session.on("confirmed", () => {
    // Also attach on confirmed: some paths add the remote track before our listener was on the connection.
    const tracks = (session.connection?.getReceivers() ?? [])
      .map((r) => r.track)
      .filter((t) => t?.kind === "audio");
    if (tracks.length) events.emit("remoteStream", new MediaStream(tracks));
    events.emit("confirmed", undefined);
  });
  session.on("ended", (e) => {
    clearIce();
    events.emit("ended", e.cause);
  });
  session.on("failed", (e) => {
    clearIce();
    events.emit("failed", e.cause);
  });
  session.on("hold", (e) => e.originator === "local" && events.emit("hold", undefined));
  session.on("unhold", (e) => e.originator === "local" && events.emit("unhold", undefined));
  session.on("muted", () => events.emit("muted", undefined));
  session.on("unmuted", () => events.emit("unmuted", undefined));

  const identity = session.remote_identity;
  return {
    id: session.id,
    direction: session.direction === "incoming" ? "incoming" : "outgoing",
    remoteUser: identity?.uri?.user ?? "",
    remoteName: identity?.display_name ?? "",
    header: (name) => (request?.hasHeader(name) ? request.getHeader(name) : null),
    answer: (media) => session.answer({ mediaConstraints: media }),
    reject: () => session.terminate({ status_code: 603, reason_phrase: "Decline" }),
    terminate: () => {
      if (!session.isEnded()) session.terminate();
    },
    hold: () => void session.hold(),
    unhold: () => void session.unhold(),
    mute: () => session.mute({ audio: true }),
    unmute: () => session.unmute({ audio: true }),
    sendDtmf: (tone) => session.sendDTMF(tone, { transportType: JsSIP.C.DTMF_TRANSPORT.INFO }),
    refer: (target) => session.refer(sipUri(target, realm)),
    audioSender: () =>
      session.connection?.getSenders().find((s) => s.track?.kind === "audio" || s.track === null) ?? null,
    stats: async () => (session.connection ? session.connection.getStats() : null),
    on: (event, fn) => events.on(event, fn),
  };
}
