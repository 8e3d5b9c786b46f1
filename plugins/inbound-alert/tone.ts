// A short beep through WebAudio: no sound file to ship or fetch. The AudioContext is made on the first beep,
// and a context the browser suspended (autoplay policy) is resumed; that rejects until the agent has
// interacted with the page, which the caller catches and retries on the next beep.
import type { TonePlayer } from "./api";

/** The specification's inbound ringtone volume (§9). */
export const TONE_VOLUME = 0.15;
const FREQUENCY_HZ = 880;
const LENGTH_S = 0.2;

type AudioContextClass = typeof AudioContext;

export function webAudioTone(Context: AudioContextClass | undefined = globalThis.AudioContext): TonePlayer {
  let ctx: AudioContext | null = null;
  return {
    async play() {
      if (!Context) return; // no WebAudio (old browser, test DOM): stay silent
      ctx ??= new Context();
      if (ctx.state === "suspended") await ctx.resume();
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const t = ctx.currentTime;
      osc.frequency.value = FREQUENCY_HZ;
      // Fade out instead of cutting off, which clicks.
      gain.gain.setValueAtTime(TONE_VOLUME, t);
      gain.gain.linearRampToValueAtTime(0, t + LENGTH_S);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + LENGTH_S);
    },
  };
}
