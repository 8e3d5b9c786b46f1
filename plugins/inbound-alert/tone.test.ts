// The WebAudio beep, against a stand-in AudioContext (the test DOM has none).
import { describe, expect, it, vi } from "vitest";
import { TONE_VOLUME, webAudioTone } from "./tone";

function fakeContext(state: "running" | "suspended", resume: () => Promise<void> = async () => {}) {
  const started: number[] = [];
  const gains: number[] = [];
  const made = vi.fn();
  class Ctx {
    state = state;
    currentTime = 3;
    destination = {};
    constructor() {
      made();
    }
    resume = vi.fn(resume);
    createOscillator() {
      const node = {
        frequency: { value: 0 },
        connect: (n: unknown) => n,
        start: (t: number) => started.push(t),
        stop: vi.fn(),
      };
      return node;
    }
    createGain() {
      return {
        gain: { setValueAtTime: (v: number) => gains.push(v), linearRampToValueAtTime: vi.fn() },
        connect: (n: unknown) => n,
      };
    }
  }
  return { Ctx: Ctx as unknown as typeof AudioContext, started, gains, made };
}

describe("webAudioTone", () => {
  it("beeps at the inbound ringtone volume, with one AudioContext for every beep", async () => {
    const f = fakeContext("running");
    const tone = webAudioTone(f.Ctx);
    await tone.play();
    await tone.play();
    expect(f.started).toEqual([3, 3]);
    expect(f.gains).toEqual([TONE_VOLUME, TONE_VOLUME]);
    expect(f.made).toHaveBeenCalledTimes(1);
  });

  it("rejects while the browser refuses to resume audio, so the caller can try again later", async () => {
    const f = fakeContext("suspended", () => Promise.reject(new DOMException("blocked", "NotAllowedError")));
    await expect(webAudioTone(f.Ctx).play()).rejects.toThrow("blocked");
    expect(f.started).toEqual([]);
  });

  it("stays silent without WebAudio", async () => {
    await expect(webAudioTone(undefined).play()).resolves.toBeUndefined();
  });
});
