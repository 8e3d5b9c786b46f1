// The interfaces the service leans on: the SIP user agent (JsSIP in sip/jssipUa.ts) and the browser's media,
// page and notification APIs (media/*.ts), so tests can hand in fakes (test/fakeSip.ts, test/fakeDriver.ts).
import type { Unsubscribe } from "./emitter";
import type { AudioDevice } from "./model";

export interface UaOptions {
  /** SIP-over-WebSocket endpoint (ws_url). */
  wsUrl: string;
  /** sip:<extension>@<realm> */
  uri: string;
  username: string;
  password: string;
  realm: string;
  registerExpires: number;
}

export interface UaEvents {
  connecting: void;
  connected: void;
  disconnected: void;
  registered: void;
  unregistered: void;
  /** The cause, e.g. "Authentication Error". */
  registrationFailed: string;
  /** An INVITE for the agent (the gateway's agent leg, an inbound or transfer call). */
  incoming: SipSession;
}

export interface SipUa {
  start(): void;
  /** Unregisters, ends sessions and closes the socket. */
  stop(): void;
  register(): void;
  isRegistered(): boolean;
  isConnected(): boolean;
  /**
   * New short-lived credentials for the next REGISTER and challenge: both halves, since the authorization user
   * carries the expiry the password was made for (a new password under the old user is refused).
   */
  setCredentials(username: string, password: string): void;
  /** Keep-alive: an OPTIONS to the realm itself (never a bare host string: JsSIP would make it a user). */
  ping(): void;
  /** An INVITE the softphone places itself: only the voicemail box (*97) at the realm. */
  call(user: string, media: MediaStreamConstraints): SipSession;
  on<K extends keyof UaEvents>(event: K, fn: (payload: UaEvents[K]) => void): Unsubscribe;
}

export interface SessionEvents {
  /** 18x on an outgoing call: the far end rings. */
  progress: void;
  accepted: void;
  confirmed: void;
  /** The cause. */
  ended: string;
  failed: string;
  hold: void;
  unhold: void;
  muted: void;
  unmuted: void;
  /** Remote audio to play (on the connection's track event, and again on confirmed). */
  remoteStream: MediaStream;
}

export interface SipSession {
  readonly id: string;
  readonly direction: "incoming" | "outgoing";
  /** The remote URI's user part and display name. */
  readonly remoteUser: string;
  readonly remoteName: string;
  /** A header of the INVITE that created an incoming session. */
  header(name: string): string | null;
  answer(media: MediaStreamConstraints): void;
  /** Declines a ringing incoming call (603). */
  reject(): void;
  /** CANCEL or BYE, whichever the state calls for. */
  terminate(): void;
  hold(): void;
  unhold(): void;
  mute(): void;
  unmute(): void;
  /** One digit as SIP INFO. */
  sendDtmf(tone: string): void;
  /** Blind transfer (REFER) to a number or extension at the realm. */
  refer(target: string): void;
  /** The sender of the microphone track, once media is negotiated (for switching microphones). */
  audioSender(): RTCRtpSender | null;
  /** The call's WebRTC statistics (RTCPeerConnection.getStats), or null before media is negotiated. */
  stats(): Promise<RTCStatsReport | null>;
  on<K extends keyof SessionEvents>(event: K, fn: (payload: SessionEvents[K]) => void): Unsubscribe;
}

export type MicrophoneAccess = "granted" | "denied" | "unavailable";

export interface MediaPort {
  /** getUserMedia({ audio: true }), the tracks released at once: asks for (or checks) the permission. */
  requestMicrophone(): Promise<MicrophoneAccess>;
  listDevices(): Promise<AudioDevice[]>;
  onDeviceChange(fn: () => void): Unsubscribe;
  /** A fresh microphone track, for RTCRtpSender.replaceTrack when the agent switches microphones mid-call. */
  microphoneTrack(deviceId: string | null): Promise<MediaStreamTrack>;
}

/** Where the remote party is heard. */
export interface AudioOutput {
  /** Rejects when the browser refuses to play before a user gesture (autoplay). */
  play(stream: MediaStream): Promise<void>;
  stop(): void;
  /** 0 to 1. */
  setVolume(volume: number): void;
  readonly sinkSupported: boolean;
  /** HTMLMediaElement.setSinkId; false where the browser has none. */
  setSink(deviceId: string): Promise<boolean>;
}

export interface Tones {
  /** Loops the ringtone until stopRinging; rejects when autoplay keeps audio off. */
  startRinging(): Promise<void>;
  stopRinging(): void;
  /** A short DTMF tone for a dial pad key. */
  digit(key: string): void;
  /** Resumes audio after a user gesture. */
  unlock(): Promise<void>;
}

export interface DesktopNotifier {
  permission(): NotificationPermission | "unsupported";
  request(): Promise<NotificationPermission | "unsupported">;
  show(title: string, body: string, onClick: () => void): void;
}

/** Page-level events the connection follows. */
export interface PageEvents {
  on(event: "online" | "visible" | "pagehide" | "gesture", fn: () => void): Unsubscribe;
  hidden(): boolean;
}
