// What an agent leg hears, as μ-law programmes of 20 ms frames: call-progress tones synthesised here, voice
// clips read from the files scripts/gen-voice-clips.mjs generated next to this module. Built once, shared.
import { readFileSync } from "node:fs";
import type { LegSound, PlaybackMedia } from "../../driver";
import { encodeUlaw, FRAME_SAMPLES, SAMPLE_RATE, ULAW_SILENCE } from "./g711";

export interface Programme {
  data: Buffer;
  /** Loops forever; otherwise silence after the end. */
  loop: boolean;
}

const silence = (seconds: number) => Buffer.alloc(Math.round(seconds * SAMPLE_RATE), ULAW_SILENCE);

/** Sum of sines (each at `amplitude`) for `on` seconds, then `off` seconds of silence. */
function tone(freqs: number[], on: number, off: number, amplitude = 3500): Buffer {
  const n = Math.round(on * SAMPLE_RATE);
  const pcm = new Float64Array(n);
  const ramp = 0.005 * SAMPLE_RATE; // no clicks at the edges
  for (let i = 0; i < n; i++) {
    const env = Math.min(1, i / ramp, (n - 1 - i) / ramp);
    pcm[i] = env * amplitude * freqs.reduce((s, f) => s + Math.sin((2 * Math.PI * f * i) / SAMPLE_RATE), 0);
  }
  return Buffer.concat([encodeUlaw(pcm), silence(off)]);
}

let warned = false;
function clip(name: string, fallback: () => Buffer): Buffer {
  try {
    return readFileSync(new URL(`./${name}.ulaw`, import.meta.url));
  } catch (e) {
    if (!warned)
      console.warn(
        `sip edge: voice clip ${name}.ulaw missing (run scripts/gen-voice-clips.mjs); using a tone`,
        e,
      );
    warned = true;
    return fallback();
  }
}

function build(): Record<LegSound, Programme> {
  const murmur = () => tone([180, 360], 0.8, 0.4, 2500);
  return {
    silence: { data: silence(0.02), loop: true },
    // North American call progress (ANSI T1.401): ringback 440+480 Hz 2 s on 4 s off, busy 480+620 Hz 0.5/0.5.
    ringback: { data: tone([440, 480], 2, 4), loop: true },
    busy: { data: tone([480, 620], 0.5, 0.5), loop: true },
    human: { data: Buffer.concat([clip("human", murmur), silence(1.5)]), loop: true },
    // The greeting, a pause, the beep; then the machine records in silence.
    machine: {
      data: Buffer.concat([clip("machine", murmur), silence(0.4), tone([1000], 0.5, 0, 6000)]),
      loop: false,
    },
    "voicemail-box": { data: Buffer.concat([clip("voicemail-box", murmur), silence(2)]), loop: true },
    "third-party": { data: Buffer.concat([clip("third-party", murmur), silence(1.2)]), loop: true },
    // Without its media a playback is silence: playbackProgramme reads the clip's file.
    playback: { data: silence(0.02), loop: true },
    // A live voice is another leg's RTP (MixPlayer reads it); as a programme it is silence.
    voice: { data: silence(0.02), loop: true },
  };
}

/** Clips played into calls (disclosures), read once per file: a few hundred kB each at most. */
const playbackCache = new Map<string, Programme>();
let warnedPlayback = false;
function playbackProgramme(media: PlaybackMedia): Programme {
  let p = playbackCache.get(media.file);
  if (!p) {
    try {
      p = { data: readFileSync(media.file), loop: false };
    } catch (e) {
      // A missing clip must not end the call: the agent hears nothing, and the log says which file.
      if (!warnedPlayback) console.warn(`sip edge: clip ${media.name} unreadable; playing silence`, e);
      warnedPlayback = true;
      p = { data: silence(0.02), loop: false };
    }
    playbackCache.set(media.file, p);
  }
  return p;
}

let programmes: Record<LegSound, Programme> | undefined;
export function programmeOf(sound: LegSound): Programme {
  programmes ??= build();
  return programmes[sound] ?? programmes.silence;
}

/** Plays one programme after another, a frame at a time. */
export class Player {
  private programme: Programme = programmeOf("silence");
  private pos = 0;
  sound: LegSound = "silence";

  /** `media` names the clip of a "playback". */
  play(sound: LegSound, media?: PlaybackMedia): void {
    this.sound = sound;
    this.programme = sound === "playback" && media ? playbackProgramme(media) : programmeOf(sound);
    this.pos = 0;
  }

  nextFrame(): Buffer {
    const frame = Buffer.alloc(FRAME_SAMPLES, ULAW_SILENCE);
    const { data, loop } = this.programme;
    for (let i = 0; i < FRAME_SAMPLES; i++) {
      if (this.pos >= data.length) {
        if (!loop) break;
        this.pos = 0;
      }
      frame[i] = data[this.pos++]!;
    }
    return frame;
  }
}
