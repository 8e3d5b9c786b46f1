// The media side of one agent leg, behind an interface (reference/telephony.md, Risks: werift is pre-1.0):
// call control depends only on this, and a peer that cannot be built falls back to signalling-only media.
import type { LegMix, LegSound } from "../../driver";
import type { RecordingWriter } from "../../../recordings/store";

export interface LegMediaStats {
  /** RTP packets sent to the softphone. */
  sent: number;
  /** RTP packets received from the softphone. */
  received: number;
  /** The peer's connection state ("connected" once ICE and DTLS are up), "none" without a peer. */
  state: string;
  /** The main sound of what the leg hears (primarySoundOf its mix). */
  sound: LegSound;
  /** Every sound mixed into what the leg hears, in order (empty: silence). */
  mix: LegSound[];
  /**
   * For each leg whose live voice this leg hears ("voice" sources), the non-silent 20 ms frames of it that
   * reached this leg: mixed into what was sent to the softphone, or pulled by a party's ear.
   */
  heard: Record<string, number>;
}

export interface MediaEndpoint {
  /** The SDP offer of an INVITE the edge sends. */
  createOffer(): Promise<string>;
  /** Applies the answer to createOffer(). */
  acceptAnswer(sdp: string): Promise<void>;
  /** Answers an offer: the browser's INVITE or re-INVITE (hold / resume). */
  answer(sdp: string): Promise<string>;
  /** One sound from its beginning: `hear` of a single PBX-made source. */
  play(sound: LegSound): void;
  /** The mix of these sources from now on (sources already playing carry on where they were). */
  hear(mix: LegMix): void;
  /** While held the edge sends nothing. */
  setHeld(on: boolean): void;
  /**
   * From now on every 20 ms frame of both directions goes to `writer` (the agent's voice, and what the leg
   * hears: silence while held or before the media is up); null stops. The caller closes the writer.
   */
  record(writer: RecordingWriter | null): void;
  stats(): LegMediaStats;
  close(): void;
}

export type MediaFactory = (label: string) => MediaEndpoint;

export type MediaLog = (msg: string, err?: unknown) => void;
