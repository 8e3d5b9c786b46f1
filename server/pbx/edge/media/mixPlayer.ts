// Plays what an agent leg hears (a LegMix): one Player per source, keyed by the source's leg (or by the tone
// for the PBX's own sounds), mixed a 20 ms frame at a time. A source still in the next mix keeps its place,
// so the lead's voice runs on uninterrupted when a third party joins or leaves; a new source starts at its
// beginning, as a new programme always has.
import { mixOfSound, primarySoundOf, type LegMix, type LegSound } from "../../driver";
import { mixUlaw } from "./mixer";
import { FRAME_SAMPLES } from "./g711";
import { Player } from "./sounds";

const keyOf = (s: LegMix[number]) => s.legId ?? (s.media ? `playback:${s.media.name}` : `tone:${s.sound}`);

export class MixPlayer {
  private players = new Map<string, Player>();
  private current: LegMix = [];

  /** The main sound of the mix (LegMediaStats.sound). */
  get sound(): LegSound {
    return primarySoundOf(this.current);
  }

  /** The sounds mixed now, in order. */
  get sounds(): LegSound[] {
    return this.current.map((s) => s.sound);
  }

  /** One sound, from its beginning (the single-source form; replays even when it was already playing). */
  play(sound: LegSound): void {
    this.players.clear();
    this.hear(mixOfSound(sound));
  }

  hear(mix: LegMix): void {
    const next = new Map<string, Player>();
    for (const s of mix) {
      const key = keyOf(s);
      if (next.has(key)) continue; // a source named twice is heard once
      let p = this.players.get(key);
      if (!p || p.sound !== s.sound) {
        p = new Player();
        p.play(s.sound, s.media);
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
}
