// Plays what a leg hears (a LegMix): one player per source, keyed by the source's leg (or by the tone for the
// PBX's own sounds), mixed a 20 ms frame at a time. A source still in the next mix keeps its place, so the
// lead's voice runs on uninterrupted when a third party joins or leaves; a new source starts at its
// beginning, as a new programme always has. A "voice" source is another leg's live voice, read from the
// live buffers the media factory shares (by leg id); the frames of it that carried sound are counted per
// source leg (LegMediaStats.heard), so a test can tell whose voice reached whom.
import { mixOfSound, primarySoundOf, type HeardSource, type LegMix, type LegSound } from "../../driver";
import { FRAME_SAMPLES, ULAW_SILENCE } from "./g711";
import type { LiveVoice, LiveVoices, VoiceListener } from "./liveVoice";
import { isSilent, mixUlaw } from "./mixer";
import { Player } from "./sounds";

const keyOf = (s: HeardSource) => s.legId ?? (s.media ? `playback:${s.media.name}` : `tone:${s.sound}`);
const SILENT_FRAME = Buffer.alloc(FRAME_SAMPLES, ULAW_SILENCE);

interface Source {
  readonly sound: LegSound;
  nextFrame(): Buffer;
}

/** Another leg's live voice: silence while it sends nothing new, or while its media does not exist (yet). */
class VoicePlayer implements Source {
  readonly sound = "voice";
  private voice: LiveVoice | undefined;
  private listener: VoiceListener | undefined;

  constructor(
    private readonly legId: string,
    private readonly voices: LiveVoices | undefined,
    private readonly heard: Map<string, number>,
  ) {}

  nextFrame(): Buffer {
    // Looked up each frame: the leg's media may be made after the mix names it, or replaced.
    const voice = this.voices?.get(this.legId);
    if (voice !== this.voice) {
      this.voice = voice;
      this.listener = voice?.listen();
    }
    const frame = this.listener?.read();
    if (!frame) return SILENT_FRAME;
    if (!isSilent(frame)) this.heard.set(this.legId, (this.heard.get(this.legId) ?? 0) + 1);
    return frame;
  }
}

export class MixPlayer {
  private players = new Map<string, Source>();
  private current: LegMix = [];
  /** Non-silent frames of each leg's live voice taken so far, by source leg id. */
  private readonly heardFrames = new Map<string, number>();

  /** `voices`: the live voices a "voice" source is read from (none: such a source is silence). */
  constructor(private readonly voices?: LiveVoices) {}

  /** The main sound of the mix (LegMediaStats.sound). */
  get sound(): LegSound {
    return primarySoundOf(this.current);
  }

  /** The sounds mixed now, in order. */
  get sounds(): LegSound[] {
    return this.current.map((s) => s.sound);
  }

  /** LegMediaStats.heard: non-silent frames of each leg's live voice taken so far. */
  get heard(): Record<string, number> {
    return Object.fromEntries(this.heardFrames);
  }

  /** One sound, from its beginning (the single-source form; replays even when it was already playing). */
  play(sound: LegSound): void {
    this.players.clear();
    this.hear(mixOfSound(sound));
  }

  hear(mix: LegMix): void {
    const next = new Map<string, Source>();
    for (const s of mix) {
      const key = keyOf(s);
      if (next.has(key)) continue; // a source named twice is heard once
      let p = this.players.get(key);
      if (!p || p.sound !== s.sound) {
        if (s.sound === "voice" && s.legId) p = new VoicePlayer(s.legId, this.voices, this.heardFrames);
        else {
          const programme = new Player();
          programme.play(s.sound, s.media);
          p = programme;
        }
      }
      next.set(key, p);
    }
    this.players = next;
    this.current = mix;
  }

  nextFrame(): Buffer {
    return mixUlaw(
      [...this.players.values()].map((p) => p.nextFrame()),
      FRAME_SAMPLES,
    );
  }

  /** Takes one frame of every source without mixing them (a party's ear, which only counts). */
  skipFrame(): void {
    for (const p of this.players.values()) p.nextFrame();
  }
}
