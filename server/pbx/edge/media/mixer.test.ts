// The conference mix: μ-law frames decoded, summed with clipping, re-encoded; and the MixPlayer that keeps
// each source's place while the mix around it changes.
import { describe, expect, it } from "vitest";
import { encodeUlaw, FRAME_SAMPLES, linearToUlaw, ulawToLinear, ULAW_SILENCE } from "./g711";
import { clip16, mixUlaw } from "./mixer";
import { MixPlayer } from "./mixPlayer";
import { Player, programmeOf } from "./sounds";

const pcm = (b: Buffer) => Array.from(b, (u) => ulawToLinear(u));
const frame = (f: (i: number) => number) => encodeUlaw(Array.from({ length: FRAME_SAMPLES }, (_, i) => f(i)));
const silent = () => Buffer.alloc(FRAME_SAMPLES, ULAW_SILENCE);
/** The first `n` frames of a programme, as a Player sends them. */
function framesOf(sound: Parameters<Player["play"]>[0], n: number, skip = 0): Buffer[] {
  const p = new Player();
  p.play(sound);
  for (let i = 0; i < skip; i++) p.nextFrame();
  return Array.from({ length: n }, () => p.nextFrame());
}

describe("mixUlaw", () => {
  it("a mix of two voices is neither voice, and is their sum within μ-law's quantisation", () => {
    const a = frame((i) => 4000 * Math.sin(i / 5));
    const b = frame((i) => 3000 * Math.cos(i / 7));
    const mix = mixUlaw([a, b]);
    expect(mix).toHaveLength(FRAME_SAMPLES);
    expect(mix.equals(a)).toBe(false);
    expect(mix.equals(b)).toBe(false);
    const [pa, pb, pm] = [pcm(a), pcm(b), pcm(mix)];
    for (let i = 0; i < FRAME_SAMPLES; i++) {
      const sum = pa[i]! + pb[i]!;
      expect(Math.abs(pm[i]! - sum)).toBeLessThanOrEqual(Math.max(8, Math.abs(sum) / 16));
    }
  });

  it("silence + a voice is the voice, bit for bit; one source passes through; none is silence", () => {
    const voice = framesOf("human", 400).find((f) => pcm(f).filter((s) => s !== 0).length > 100)!;
    expect(voice).toBeDefined();
    expect(mixUlaw([silent(), voice]).equals(voice)).toBe(true);
    expect(mixUlaw([voice, silent(), silent()]).equals(voice)).toBe(true);
    expect(mixUlaw([voice])).toBe(voice);
    expect(mixUlaw([], FRAME_SAMPLES).equals(silent())).toBe(true);
  });

  it("clips at the 16-bit range instead of wrapping round", () => {
    expect(clip16(40_000)).toBe(32767);
    expect(clip16(-40_000)).toBe(-32768);
    expect(clip16(1234)).toBe(1234);
    const loud = frame(() => 30_000);
    const mix = pcm(mixUlaw([loud, loud, loud]));
    expect(mix.every((s) => s === ulawToLinear(linearToUlaw(32767)))).toBe(true);
    const low = frame(() => -30_000);
    expect(pcm(mixUlaw([low, low])).every((s) => s < -30_000)).toBe(true);
    // Opposite voices cancel out rather than overflowing.
    expect(pcm(mixUlaw([loud, low])).every((s) => Math.abs(s) <= 8)).toBe(true);
  });
});

describe("MixPlayer", () => {
  it("plays one source exactly as a Player does, and the mix of two as mixUlaw of their frames", () => {
    const one = new MixPlayer();
    one.hear([{ sound: "human", legId: "L2" }]);
    const human = framesOf("human", 20);
    for (const f of human) expect(one.nextFrame().equals(f)).toBe(true);

    const two = new MixPlayer();
    two.hear([
      { sound: "human", legId: "L2" },
      { sound: "third-party", legId: "L3" },
    ]);
    expect(two.sound).toBe("third-party");
    expect(two.sounds).toEqual(["human", "third-party"]);
    const third = framesOf("third-party", 20);
    let differs = 0;
    for (let i = 0; i < 20; i++) {
      const f = two.nextFrame();
      expect(f.equals(mixUlaw([human[i]!, third[i]!]))).toBe(true);
      if (!f.equals(human[i]!) && !f.equals(third[i]!)) differs++;
    }
    expect(differs).toBeGreaterThan(10);
  });

  it("a source still in the mix carries on where it was; a new one starts at its beginning; empty is silence", () => {
    const p = new MixPlayer();
    p.hear([{ sound: "human", legId: "L2" }]);
    for (let i = 0; i < 30; i++) p.nextFrame();
    p.hear([
      { sound: "human", legId: "L2" },
      { sound: "third-party", legId: "L3" },
    ]);
    const human = framesOf("human", 1, 30)[0]!;
    const third = framesOf("third-party", 1)[0]!;
    expect(p.nextFrame().equals(mixUlaw([human, third]))).toBe(true);
    p.hear([{ sound: "human", legId: "L2" }]);
    expect(p.nextFrame().equals(framesOf("human", 1, 31)[0]!)).toBe(true);
    // Two parties that sound alike are two sources (their leg ids), not one.
    p.hear([
      { sound: "human", legId: "L2" },
      { sound: "human", legId: "L4" },
    ]);
    expect(p.nextFrame().equals(mixUlaw([framesOf("human", 1, 32)[0]!, framesOf("human", 1)[0]!]))).toBe(
      true,
    );
    p.hear([]);
    expect(p.sound).toBe("silence");
    expect(p.nextFrame().equals(silent())).toBe(true);
    p.play("ringback");
    expect(p.nextFrame().equals(programmeOf("ringback").data.subarray(0, FRAME_SAMPLES))).toBe(true);
  });
});

describe("a clip played into the call", () => {
  it("is heard from its file, over the voice, then silence once it played out", async () => {
    const { fileURLToPath } = await import("node:url");
    const { readFileSync } = await import("node:fs");
    const file = fileURLToPath(new URL("../../../../plugins/disclosures/audio/aa-en.ulaw", import.meta.url));
    const bytes = readFileSync(file);
    const media = { name: "disclosures/aa-en", file, durationMs: bytes.length / 8 };
    const alone = new MixPlayer();
    alone.hear([{ sound: "playback", legId: null, media }]);
    expect(alone.sounds).toEqual(["playback"]);
    const frames = Math.ceil(bytes.length / FRAME_SAMPLES);
    const played = Buffer.concat(Array.from({ length: frames }, () => alone.nextFrame()));
    expect(played.subarray(0, bytes.length).equals(bytes)).toBe(true);
    expect(alone.nextFrame().equals(silent())).toBe(true);

    const over = new MixPlayer();
    over.hear([
      { sound: "human", legId: "lead" },
      { sound: "playback", legId: null, media },
    ]);
    expect(
      over.nextFrame().equals(mixUlaw([framesOf("human", 1)[0]!, bytes.subarray(0, FRAME_SAMPLES)])),
    ).toBe(true);
  });

  it("a clip that cannot be read is silence, not a failure", () => {
    const p = new MixPlayer();
    p.hear([
      {
        sound: "playback",
        legId: null,
        media: { name: "gone", file: "/nonexistent/clip.ulaw", durationMs: 1000 },
      },
    ]);
    expect(p.nextFrame().equals(silent())).toBe(true);
  });
});
