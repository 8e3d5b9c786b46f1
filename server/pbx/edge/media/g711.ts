// G.711 μ-law (PCMU), the one codec the edge offers: 8 kHz, one byte per sample, 160 bytes per 20 ms frame.
// scripts/gen-voice-clips.mjs carries the same encoder (it runs without a TypeScript loader).

export const SAMPLE_RATE = 8000;
export const FRAME_SAMPLES = 160;
export const FRAME_MS = 20;
/** μ-law of 0. */
export const ULAW_SILENCE = 0xff;

const BIAS = 0x84;
const CLIP = 32635;

export function linearToUlaw(sample: number): number {
  let s = Math.max(-32768, Math.min(32767, Math.round(sample)));
  const sign = s < 0 ? 0x80 : 0;
  if (sign) s = -s;
  if (s > CLIP) s = CLIP;
  s += BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

export function ulawToLinear(u: number): number {
  const v = ~u & 0xff;
  const sign = v & 0x80;
  const exponent = (v >> 4) & 0x07;
  const mantissa = v & 0x0f;
  const s = (((mantissa << 3) + BIAS) << exponent) - BIAS;
  return sign ? -s : s;
}

export function encodeUlaw(samples: ArrayLike<number>): Buffer {
  const out = Buffer.alloc(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = linearToUlaw(samples[i]!);
  return out;
}
