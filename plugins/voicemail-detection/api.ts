// The voicemail-detection plugin's public face: what it is doing for the agent's current call. (The
// disposition panel learns that an automatic Voicemail owns a lead from the hold this plugin takes on it.)
import { serviceKey } from "../../src/sdk";

export type VoicemailPhase = "idle" | "counting" | "saving" | "failed";

/** What the plugin is doing now (agent-workspace §3 Voicemail detection: active, channel, status, flags). */
export interface VoicemailDetectionState {
  readonly phase: VoicemailPhase;
  /** Counting down: an answering machine picked up and the agent may still cancel. */
  readonly active: boolean;
  readonly callId: number | null;
  readonly leadId: number | null;
  /** The AMD channel of the call that activated detection. */
  readonly channel: string | null;
  /** The last detection event for the agent's current call. */
  readonly status: string | null;
  /** Seconds left while counting. */
  readonly remaining: number;
  /** "Voicemail" once the countdown ran out, until the save has settled. */
  readonly disposition: "Voicemail" | null;
  /** The last lead this plugin disposed as Voicemail. */
  readonly lastDisposed: { readonly leadId: number; readonly callId: number } | null;
}

export interface VoicemailDetectionApi {
  readonly state: VoicemailDetectionState;
  /** True while counting or saving: an automatic Voicemail owns the current lead. */
  readonly busy: boolean;
  /** Keeps detection on while a panel shows it; returns the function that stops watching. */
  watch(): () => void;
  /** The agent's 'Not a voicemail': cancels the countdown; the call goes on. */
  notAVoicemail(): void;
  /** Saves a failed automatic disposition again, under the same idempotency key. */
  retry(): void;
}

export const voicemailDetectionApi = serviceKey<VoicemailDetectionApi>("voicemail-detection.api");
