// The conference mix of one agent leg, sample by sample: each source's μ-law frame decoded to 16-bit PCM,
// summed, clipped to the 16-bit range (a hard clip: two loud voices at once saturate, as a PBX's bridge
// does without gain control), re-encoded. One source passes through untouched (no requantisation).
import { linearToUlaw, ulawToLinear, ULAW_SILENCE } from "./g711";

const DECODE = Int16Array.from({ length: 256 }, (_, u) => ulawToLinear(u));
const MAX = 32767;
const MIN = -32768;

/** Sums 16-bit samples with clipping. */
export function clip16(sum: number): number {
  return sum > MAX ? MAX : sum < MIN ? MIN : sum;
}

/** Every sample is zero (0xFF, or 0x7F: μ-law's negative zero). */
export function isSilent(frame: Buffer): boolean {
  for (let i = 0; i < frame.length; i++) if ((frame[i]! | 0x80) !== 0xff) return false;
  return true;
}

/**
 * The mix of equal-length μ-law frames; no frames mix to silence of `length` samples. Silent frames (a voice
 * between its sentences) add nothing and are skipped, so silence + a voice is that voice, bit for bit.
 */
export function mixUlaw(frames: readonly Buffer[], length = frames[0]?.length ?? 0): Buffer {
  if (frames.length > 1) frames = frames.filter((f) => !isSilent(f));
  if (frames.length === 0) return Buffer.alloc(length, ULAW_SILENCE);
  if (frames.length === 1) return frames[0]!;
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    let sum = 0;
    for (const f of frames) sum += DECODE[f[i] ?? ULAW_SILENCE]!;
    out[i] = linearToUlaw(clip16(sum));
  }
  return out;
}
