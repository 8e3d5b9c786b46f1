// A SIP user agent and sessions for tests: they record what the softphone asks for, and the test plays the
// registrar and the far end (connect, register, invite, confirm, hang up).
import { Emitter } from "../emitter";
import type { SessionEvents, SipSession, SipUa, UaEvents, UaOptions } from "../ports";

let nextId = 1;

export class FakeSession implements SipSession {
  readonly id: string;
  readonly events = new Emitter<SessionEvents>();
  readonly answered: MediaStreamConstraints[] = [];
  readonly dtmf: string[] = [];
  readonly refers: string[] = [];
  rejected = 0;
  terminated = 0;
  holds = 0;
  unholds = 0;
  mutes = 0;
  unmutes = 0;
  sender: RTCRtpSender | null = null;

  constructor(
    readonly direction: "incoming" | "outgoing",
    readonly remoteUser = "",
    readonly remoteName = "",
    private readonly headers: Record<string, string> = {},
  ) {
    this.id = `session-${nextId++}`;
  }

  header(name: string) {
    const key = Object.keys(this.headers).find((k) => k.toLowerCase() === name.toLowerCase());
    return key === undefined ? null : this.headers[key];
  }
  answer(media: MediaStreamConstraints) {
    this.answered.push(media);
  }
  reject() {
    this.rejected++;
    this.events.emit("failed", "Rejected");
  }
  terminate() {
    this.terminated++;
    this.events.emit("ended", "Terminated");
  }
  hold() {
    this.holds++;
    this.events.emit("hold", undefined);
  }
  unhold() {
    this.unholds++;
    this.events.emit("unhold", undefined);
  }
  mute() {
    this.mutes++;
    this.events.emit("muted", undefined);
  }
  unmute() {
    this.unmutes++;
    this.events.emit("unmuted", undefined);
  }
  sendDtmf(tone: string) {
    this.dtmf.push(tone);
  }
  refer(target: string) {
    this.refers.push(target);
  }
  audioSender() {
    return this.sender;
  }
  /** What getStats answers: a test sets the stats' entries (RTCStatsReport is a map of id → stats). */
  statsEntries: Record<string, unknown>[] | null = null;
  async stats() {
    return this.statsEntries ? (new Map(this.statsEntries.map((e, i) => [String(i), e])) as unknown as RTCStatsReport) : null;
  }
  on<K extends keyof SessionEvents>(event: K, fn: (payload: SessionEvents[K]) => void) {
    return this.events.on(event, fn);
  }

  // The far end.
  progress() {
    this.events.emit("progress", undefined);
  }
  /** 200 OK / ACK: the call is up, with remote audio. */
  confirm(stream = { id: `stream-${this.id}` } as unknown as MediaStream) {
    this.events.emit("accepted", undefined);
    this.events.emit("remoteStream", stream);
    this.events.emit("confirmed", undefined);
  }
  /** BYE from the other side. */
  remoteHangup() {
    this.events.emit("ended", "Terminated");
  }
}

export class FakeUa implements SipUa {
  readonly events = new Emitter<UaEvents>();
  readonly calls: { user: string; media: MediaStreamConstraints; session: FakeSession }[] = [];
  readonly credentials: { username: string; password: string }[] = [];
  started = false;
  stopped = false;
  connected = false;
  registered = false;
  registers = 0;
  pings = 0;

  constructor(readonly options: UaOptions) {}

  start() {
    this.started = true;
  }
  stop() {
    this.stopped = true;
    this.registered = false;
    this.connected = false;
  }
  register() {
    this.registers++;
  }
  isRegistered() {
    return this.registered;
  }
  isConnected() {
    return this.connected;
  }
  setCredentials(username: string, password: string) {
    this.credentials.push({ username, password });
  }
  ping() {
    this.pings++;
  }
  call(user: string, media: MediaStreamConstraints) {
    const session = new FakeSession("outgoing", user);
    this.calls.push({ user, media, session });
    return session;
  }
  on<K extends keyof UaEvents>(event: K, fn: (payload: UaEvents[K]) => void) {
    return this.events.on(event, fn);
  }

  // The network and the registrar.
  connect() {
    this.connected = true;
    this.events.emit("connected", undefined);
  }
  acceptRegistration() {
    this.registered = true;
    this.events.emit("registered", undefined);
  }
  refuseRegistration(cause = "Authentication Error") {
    this.registered = false;
    this.events.emit("registrationFailed", cause);
  }
  /** The socket drops: JsSIP says disconnected, then unregistered at once. */
  dropSocket() {
    this.connected = false;
    this.registered = false;
    this.events.emit("disconnected", undefined);
    this.events.emit("unregistered", undefined);
  }
  /** An INVITE from the gateway's SIP endpoint. */
  invite(o: { headers?: Record<string, string>; user?: string; name?: string } = {}) {
    const session = new FakeSession("incoming", o.user ?? "gateway", o.name ?? "", o.headers ?? {});
    this.events.emit("incoming", session);
    return session;
  }
}
