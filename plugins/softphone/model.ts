// The softphone slice (agent-workspace §3 Softphone state plus what the widget shows): state and synchronous
// actions only; the SIP user agent, media and timers live in the service.
import { types, type Instance, type SnapshotIn } from "mobx-state-tree";
import { DEFAULT_VOLUME } from "./constants";
import type { Point } from "./rules";

export interface AudioDevice {
  id: string;
  label: string;
  kind: "audioinput" | "audiooutput";
}

/** The gate's refusal of the number in the dial pad or the conference field: a reason key and its values. */
export interface ComplianceRefusal {
  field: "dial" | "conference";
  /** The text the verdict is about (a later edit makes it stale). */
  text: string;
  reason: string;
  values: Readonly<Record<string, string | number>>;
}

/** One SIP session of the agent's phone: the gateway's agent leg, or the voicemail box. */
export const SessionDetail = types.model("SoftphoneSession", {
  id: types.identifier,
  direction: types.enumeration(["incoming", "outgoing"]),
  /** The remote party as SIP names it; the call box prefers the gateway's lead when the call ids match. */
  number: "",
  name: "",
  state: types.enumeration(["ringing", "connecting", "established"]),
  onHold: false,
  muted: false,
  /** X-Dialer-Auto-Answer: a call the agent asked for. */
  autoAnswer: false,
  voicemail: false,
  callId: types.maybeNull(types.number),
  leadId: types.maybeNull(types.number),
  callType: types.maybeNull(types.string),
  createdAt: types.number,
  answeredAt: types.maybeNull(types.number),
});
export type SessionDetail = Instance<typeof SessionDetail>;
export type SessionDetailIn = SnapshotIn<typeof SessionDetail>;

export const SoftphoneModel = types
  .model("Softphone", {
    // agent-workspace §3
    autoAnswer: false,
    autoAnswerTime: 0,
    hostname: "",
    ringerInteraction: false,
    sessionIds: types.array(types.string),
    sessionDetails: types.map(SessionDetail),
    volume: DEFAULT_VOLUME,
    // the phone
    /** WebRTC is on and the agent has an extension; otherwise the widget shows nothing. */
    enabled: false,
    /**
     * A manager's phone: it only takes the calls the gateway rings it with (supervising an agent's call), so the
     * widget offers no number to dial, no dial pad and no transfer.
     */
    listenOnly: false,
    registration: types.optional(
      types.enumeration(["idle", "connecting", "connected", "registered", "reconnecting", "stopped"]),
      "idle",
    ),
    microphone: types.optional(types.enumeration(["unknown", "granted", "denied", "unavailable"]), "unknown"),
    credentials: types.optional(types.enumeration(["unknown", "loaded", "missing"]), "unknown"),
    wrongCredentials: false,
    /** Desktop notifications: the browser's permission as last read (unsupported: no Notification API). */
    notifications: types.optional(types.enumeration(["granted", "default", "denied", "unsupported"]), "unsupported"),
    /** The browser refused to play sound before a user gesture (autoplay). */
    audioBlocked: false,
    /** The session whose answer is under way (the answer trigger). */
    answering: types.maybeNull(types.string),
    // the widget
    /** Expanded below its bar. Collapsed by default: the bar alone sits in the top bar and covers no panel. */
    open: false,
    /** Expanded by a ringing call or a phone problem, not by the agent: it collapses again once that is over. */
    openedForAttention: false,
    /** Where the agent dragged it (viewport pixels); null: docked in the top bar. */
    position: types.maybeNull(types.frozen<Point>()),
    showDevices: false,
    devices: types.frozen<AudioDevice[]>([]),
    microphoneId: types.maybeNull(types.string),
    speakerId: types.maybeNull(types.string),
    sinkSupported: false,
    dialText: "",
    transferTarget: "",
    conferenceTarget: "",
    dialing: false,
    /** Why the gateway's compliance gate would refuse the number in a field (shown next to it; not dialled). */
    refusal: types.maybeNull(types.frozen<ComplianceRefusal>()),
  })
  .views((self) => ({
    /** agent-workspace §4: microphone permission, credentials and registration all hold. */
    get connected() {
      return (
        self.enabled &&
        self.microphone === "granted" &&
        self.credentials === "loaded" &&
        self.registration === "registered"
      );
    },
    get sessions(): SessionDetail[] {
      return self.sessionIds.map((id) => self.sessionDetails.get(id)).filter((s): s is SessionDetail => !!s);
    },
    /** Error keys of the persistent alerts, in the spec's catalogue order. */
    get problems(): string[] {
      const out: string[] = [];
      if (self.microphone === "denied") out.push("webrtc.microphone.permission_denied");
      if (self.microphone === "unavailable") out.push("webrtc.microphone.unavailable");
      if (self.credentials === "missing") out.push("webrtc.authentication.missing_credentials");
      if (self.wrongCredentials && self.registration !== "registered")
        out.push("webrtc.authentication.wrong_credentials");
      return out;
    },
  }))
  .views((self) => ({
    get ringing() {
      return self.sessions.filter((s) => s.state === "ringing" && s.direction === "incoming");
    },
    /** The session the in-call controls act on: the first one that is answered or being answered. */
    get active(): SessionDetail | undefined {
      return self.sessions.find((s) => s.state !== "ringing" || s.direction === "outgoing");
    },
    get established() {
      return self.sessions.some((s) => s.state === "established");
    },
    /** What the connection indicator says. */
    get phoneState(): "off" | "connected" | "connecting" | "reconnecting" | "disconnected" {
      if (!self.enabled) return "off";
      if (self.connected) return "connected";
      if (self.registration === "reconnecting") return "reconnecting";
      if (self.problems.length || self.registration === "stopped") return "disconnected";
      return "connecting";
    },
  }))
  .views((self) => ({
    /** Something the agent must see at once: a call ringing, or a phone that cannot work. */
    get needsAttention() {
      return self.problems.length > 0 || self.ringing.length > 0;
    },
    /** The call shown in the bar: a ringing one first (it must be answered), else the one in progress. */
    get primary(): SessionDetail | undefined {
      return self.ringing[0] ?? self.active;
    },
  }))
  .actions((self) => ({
    configure(o: { enabled: boolean; autoAnswer: boolean; autoAnswerTime: number; listenOnly?: boolean }) {
      self.enabled = o.enabled;
      self.listenOnly = o.listenOnly ?? false;
      self.autoAnswer = o.autoAnswer;
      self.autoAnswerTime = Math.max(0, o.autoAnswerTime);
    },
    restore(o: {
      position?: Point | null;
      collapsed?: boolean;
      volume?: number;
      microphoneId?: string | null;
      speakerId?: string | null;
    }) {
      if (o.position !== undefined) self.position = o.position;
      if (typeof o.collapsed === "boolean") self.open = !o.collapsed;
      if (o.volume !== undefined) self.volume = o.volume;
      if (o.microphoneId !== undefined) self.microphoneId = o.microphoneId;
      if (o.speakerId !== undefined) self.speakerId = o.speakerId;
    },
    setRegistration(state: (typeof self)["registration"]) {
      self.registration = state;
      if (state === "registered") self.wrongCredentials = false;
    },
    setMicrophone(state: (typeof self)["microphone"]) {
      self.microphone = state;
    },
    setCredentials(state: (typeof self)["credentials"], hostname?: string) {
      self.credentials = state;
      if (hostname !== undefined) self.hostname = hostname;
    },
    setWrongCredentials(on: boolean) {
      self.wrongCredentials = on;
    },
    setNotifications(permission: "granted" | "default" | "denied" | "unsupported") {
      self.notifications = permission;
    },
    setAudioBlocked(on: boolean) {
      self.audioBlocked = on;
    },
    setRingerInteraction(on: boolean) {
      self.ringerInteraction = on;
    },
    setAnswering(id: string | null) {
      self.answering = id;
    },
    addSession(s: SessionDetailIn) {
      self.sessionDetails.put(s);
      if (!self.sessionIds.includes(s.id)) self.sessionIds.push(s.id);
    },
    updateSession(
      id: string,
      patch: Partial<Pick<SessionDetail, "state" | "onHold" | "muted" | "answeredAt">>,
    ) {
      const s = self.sessionDetails.get(id);
      if (s) Object.assign(s, patch);
    },
    removeSession(id: string) {
      self.sessionIds.remove(id);
      self.sessionDetails.delete(id);
      if (self.answering === id) self.answering = null;
    },
    /** The agent's own choice: it stays until the agent changes it. */
    setOpen(open: boolean) {
      self.open = open;
      self.openedForAttention = false;
    },
    openForAttention() {
      if (self.open) return;
      self.open = true;
      self.openedForAttention = true;
    },
    attentionOver() {
      if (!self.openedForAttention) return;
      self.open = false;
      self.openedForAttention = false;
    },
    setPosition(p: Point | null) {
      self.position = p;
    },
    setShowDevices(on: boolean) {
      self.showDevices = on;
    },
    setDevices(devices: AudioDevice[]) {
      self.devices = devices;
    },
    setMicrophoneId(id: string | null) {
      self.microphoneId = id;
    },
    setSpeakerId(id: string | null) {
      self.speakerId = id;
    },
    setSinkSupported(on: boolean) {
      self.sinkSupported = on;
    },
    setVolume(v: number) {
      self.volume = v;
    },
    setDialText(text: string) {
      self.dialText = text;
    },
    setTransferTarget(text: string) {
      self.transferTarget = text;
    },
    setConferenceTarget(digits: string) {
      self.conferenceTarget = digits;
    },
    setDialing(on: boolean) {
      self.dialing = on;
    },
    setRefusal(refusal: ComplianceRefusal | null) {
      self.refusal = refusal;
    },
  }));
export type SoftphoneStore = Instance<typeof SoftphoneModel>;
