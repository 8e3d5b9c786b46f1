// Ringtone and dial pad tones generated with Web Audio: no sound files to load, volumes from §9.
import type { Clock } from "../../../src/sdk";
import { DIGIT_TONE_VOLUME, RINGTONE_VOLUME } from "../constants";
import type { Tones } from "../ports";

const ROWS: Record<string, number> = {
  "1": 697,
  "2": 697,
  "3": 697,
  "4": 770,
  "5": 770,
  "6": 770,
  "7": 852,
  "8": 852,
  "9": 852,
  "*": 941,
  "0": 941,
  "#": 941,
};
const COLS: Record<string, number> = {
  "1": 1209,
  "4": 1209,
  "7": 1209,
  "*": 1209,
  "2": 1336,
  "5": 1336,
  "8": 1336,
  "0": 1336,
  "3": 1477,
  "6": 1477,
  "9": 1477,
  "#": 1477,
};
/** A resume() that has not settled by then was refused (no user gesture yet). */
const RESUME_WAIT_MS = 500;

export function webAudioTones(clock: Clock): Tones {
  let ctx: AudioContext | null = null;
  let ring: AudioBufferSourceNode | null = null;
  const context = () => {
    const Ctor =
      globalThis.AudioContext ??
      (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) throw new Error("no Web Audio");
    return (ctx ??= new Ctor());
  };
  const running = async (c: AudioContext) => {
    if (c.state === "running") return;
    await Promise.race([
      c.resume(),
      new Promise<void>((resolve) => clock.setTimeout(resolve, RESUME_WAIT_MS)),
    ]);
    // Read again: resume() changed it, which TypeScript's narrowing cannot see.
    if ((c.state as AudioContextState) !== "running") throw new Error("autoplay refused");
  };
  /** A 6 s cadence, 2 s of 440 + 480 Hz then 4 s of silence, looped. */
  const ringBuffer = (c: AudioContext) => {
    const rate = c.sampleRate;
    const buffer = c.createBuffer(1, rate * 6, rate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < rate * 2; i++)
      data[i] = 0.5 * (Math.sin((2 * Math.PI * 440 * i) / rate) + Math.sin((2 * Math.PI * 480 * i) / rate));
    return buffer;
  };
  return {
    async startRinging() {
      const c = context();
      await running(c);
      if (ring) return;
      const gain = c.createGain();
      gain.gain.value = RINGTONE_VOLUME;
      gain.connect(c.destination);
      ring = c.createBufferSource();
      ring.buffer = ringBuffer(c);
      ring.loop = true;
      ring.connect(gain);
      ring.start();
    },
    stopRinging() {
      ring?.stop();
      ring?.disconnect();
      ring = null;
    },
    digit(key) {
      if (!ctx || ctx.state !== "running" || !ROWS[key]) return;
      const c = ctx;
      const gain = c.createGain();
      gain.gain.value = DIGIT_TONE_VOLUME;
      gain.connect(c.destination);
      for (const f of [ROWS[key], COLS[key]]) {
        const osc = c.createOscillator();
        osc.frequency.value = f;
        osc.connect(gain);
        osc.start();
        osc.stop(c.currentTime + 0.12);
      }
    },
    async unlock() {
      await context().resume();
    },
  };
}
