// The softphone's service: what its widget calls, and what another plugin may reach through softphoneApi.
import { serviceKey } from "../../src/sdk";
import type { CallMediaFigures } from "./health";
import type { Point } from "./rules";

export type { CallMediaFigures } from "./health";

/** What the softphone can tell of its own health (the client-health report; no call content). */
export interface SoftphoneHealth {
  /** WebRTC is on for the agent (otherwise the rest says nothing). */
  enabled: boolean;
  registration: "idle" | "connecting" | "connected" | "registered" | "reconnecting" | "stopped";
  microphone: "unknown" | "granted" | "denied" | "unavailable";
  /** The active call's audio over the interval since the last reading; null between calls. */
  call: CallMediaFigures | null;
}

export type ConferenceAction =
  "initializeConference" | "mergeConference" | "swapConferenceMember" | "kickSecondParty";

export interface SoftphoneApi {
  /** WebRTC is on and the agent has an extension; otherwise there is no phone and every action does nothing. */
  readonly enabled: boolean;
  /** A call is on: a SIP session, or the gateway's call (the dial pad then allows 50 characters and sends DTMF). */
  readonly onCall: boolean;

  /** Settles once the first connection attempt has: a user agent started, or an error shown. */
  readonly ready: Promise<void>;
  /** Microphone, credentials, registration. setup starts it; "Try again" calls it after an error. */
  start(): Promise<void>;
  /** Unregisters and stops the user agent (sign-out, page hide). */
  dispose(): void;

  // The dial pad (agent-workspace §5).
  /** An edit of the number field. */
  typeNumber(text: string): void;
  /** A paste into the number field at the selection. */
  pasteNumber(text: string, selectionStart: number, selectionEnd: number): void;
  /** A dial pad key, clicked or typed: appended to the field, and sent as DTMF on a call. */
  press(key: string): void;
  clearNumber(): void;
  /** Call: a dial through the gateway (callKey.dial); its refusals are shown by the core. */
  dial(): Promise<void>;
  /** Dials the voicemail box (*97). */
  voicemail(): void;

  // Calls, by SIP session id.
  answer(sessionId: string): void;
  reject(sessionId: string): void;
  /** BYE on the session; without a SIP session, the gateway hangs the call up. */
  hangup(sessionId?: string): Promise<void>;
  toggleHold(sessionId: string): void;
  toggleMute(sessionId: string): void;
  setTransferTarget(text: string): void;
  /** Blind transfer (REFER) of the active call to the destination field. */
  transfer(): void;
  setConferenceTarget(text: string): void;
  conference(action: ConferenceAction): Promise<void>;

  // Audio.
  setVolume(volume: number): void;
  selectMicrophone(deviceId: string | null): Promise<void>;
  selectSpeaker(deviceId: string | null): Promise<void>;
  refreshDevices(): Promise<void>;
  /** Asks the browser for desktop notifications (call it from a click: browsers ask only after a gesture). */
  allowNotifications(): Promise<void>;
  /** After a user gesture: lets the ringtone and the call's audio play (autoplay). */
  unlockAudio(): void;

  // The widget.
  /** Expands or collapses the widget below its bar (the agent's choice, remembered on this computer). */
  setOpen(open: boolean): void;
  /** Where the agent dragged the widget, in viewport pixels (remembered on this computer). */
  moveTo(position: Point): void;
  /** Back to its place in the top bar. */
  dock(): void;
  setShowDevices(on: boolean): void;

  /** Reads the softphone's health now; each reading's packet loss counts from the one before. */
  health(): Promise<SoftphoneHealth>;
}

export const softphoneApi = serviceKey<SoftphoneApi>("softphone.api");
