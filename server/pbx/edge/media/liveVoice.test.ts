// A softphone's live voice relayed to the legs that hear it: the per-leg buffer (every listener gets every
// frame, a late one skips the oldest, a starved one hears silence), MixPlayer's "voice" sources and what
// they count, and a party's ear.
import { describe, expect, it } from "vitest";
import { FRAME_SAMPLES, ULAW_SILENCE } from "./g711";
import { LIVE_VOICE_FRAMES, LiveVoice, type LiveVoices } from "./liveVoice";
import { mixUlaw } from "./mixer";
import { MixPlayer } from "./mixPlayer";
import { PartyEar } from "./partyEar";
import { Player } from "./sounds";

/** A loud 20 ms frame whose every byte is `n` (μ-law 0x00–0x7e: a negative sample, never silence). */
const loud = (n: number) => Buffer.alloc(FRAME_SAMPLES, n);
const silent = () => Buffer.alloc(FRAME_SAMPLES, ULAW_SILENCE);

describe("LiveVoice", () => {
  it("gives every listener every frame, each at its own pace", () => {
    const v = new LiveVoice();
    const a = v.listen();
    const b = v.listen();
    v.push(loud(1));
    v.push(loud(2));
    expect(a.read()).toEqual(loud(1));
    expect(a.read()).toEqual(loud(2));
    expect(b.read()).toEqual(loud(1));
    v.push(loud(3));
    expect(b.read()).toEqual(loud(2));
    expect(b.read()).toEqual(loud(3));
    expect(a.read()).toEqual(loud(3));
  });

  it("a listener starts at the frames sent after it; with nothing new it gets nothing", () => {
    const v = new LiveVoice();
    v.push(loud(1));
    const late = v.listen();
    expect(late.read()).toBeUndefined();
    v.push(loud(2));
    expect(late.read()).toEqual(loud(2));
    expect(late.read()).toBeUndefined();
  });

  it("keeps a few frames of jitter: a listener further behind skips the oldest", () => {
    const v = new LiveVoice();
    const l = v.listen();
    for (let i = 1; i <= LIVE_VOICE_FRAMES + 3; i++) v.push(loud(i));
    const got: number[] = [];
    for (let f = l.read(); f; f = l.read()) got.push(f[0]!);
    // Frames 1–3 were dropped; the last LIVE_VOICE_FRAMES remain.
    expect(got).toEqual(Array.from({ length: LIVE_VOICE_FRAMES }, (_, i) => i + 4));
  });

  it("cuts or pads a frame of another length to 20 ms", () => {
    const v = new LiveVoice();
    const l = v.listen();
    v.push(Buffer.alloc(80, 5));
    v.push(Buffer.alloc(400, 6));
    const short = l.read()!;
    expect(short).toHaveLength(FRAME_SAMPLES);
    expect([short[79], short[80]]).toEqual([5, ULAW_SILENCE]);
    expect(l.read()).toEqual(loud(6));
  });
});

describe("MixPlayer with live voices", () => {
  it("plays another leg's voice and counts its non-silent frames; starved or silent frames count nothing", () => {
    const voices: LiveVoices = new Map([["agent", new LiveVoice()]]);
    const p = new MixPlayer(voices);
    p.hear([{ sound: "voice", legId: "agent" }]);
    expect(p.nextFrame()).toEqual(silent()); // the first frame read finds nothing new: silence
    voices.get("agent")!.push(loud(9));
    expect(p.nextFrame()).toEqual(loud(9));
    voices.get("agent")!.push(silent());
    expect(p.nextFrame()).toEqual(silent());
    expect(p.nextFrame()).toEqual(silent());
    expect(p.heard).toEqual({ agent: 1 });
    expect(p.sound).toBe("voice");
  });

  it("two listeners of one voice each get every frame", () => {
    const voice = new LiveVoice();
    const voices: LiveVoices = new Map([["agent", voice]]);
    const supervisor = new MixPlayer(voices);
    const lead = new PartyEar(voices);
    supervisor.hear([{ sound: "voice", legId: "agent" }]);
    lead.hear([{ sound: "voice", legId: "agent" }]);
    supervisor.nextFrame();
    lead.tick(); // both listening
    for (let i = 0; i < 4; i++) {
      voice.push(loud(10 + i));
      expect(supervisor.nextFrame()).toEqual(loud(10 + i));
      lead.tick();
    }
    expect(supervisor.heard).toEqual({ agent: 4 });
    expect(lead.stats()).toMatchObject({ sent: 0, received: 5, state: "ear", heard: { agent: 4 }, mix: ["voice"] });
  });

  it("mixes a voice with a programme, and picks up a voice whose media is made after the mix named it", () => {
    const voices: LiveVoices = new Map();
    const p = new MixPlayer(voices);
    p.hear([
      { sound: "human", legId: "lead" },
      { sound: "voice", legId: "sup" },
    ]);
    const lead = new Player();
    lead.play("human");
    expect(p.nextFrame()).toEqual(lead.nextFrame()); // no media for "sup" yet: silence under the lead
    const sup = new LiveVoice();
    voices.set("sup", sup);
    p.nextFrame(); // now listening
    lead.nextFrame();
    sup.push(loud(20));
    expect(p.nextFrame()).toEqual(mixUlaw([lead.nextFrame(), loud(20)]));
    expect(p.heard).toEqual({ sup: 1 });
    // Without the lookup (an injected media factory) a voice is silence.
    const alone = new MixPlayer();
    alone.hear([{ sound: "voice", legId: "sup" }]);
    expect(alone.nextFrame()).toEqual(silent());
  });

  it("a party's ear takes in only live voices, and nothing while it hears nobody", () => {
    const voices: LiveVoices = new Map([["agent", new LiveVoice()]]);
    const ear = new PartyEar(voices);
    ear.tick();
    ear.hear([
      { sound: "ringback", legId: null },
      { sound: "voice", legId: "agent" },
    ]);
    ear.tick();
    voices.get("agent")!.push(loud(3));
    ear.tick();
    ear.hear([]);
    voices.get("agent")!.push(loud(3));
    ear.tick();
    expect(ear.stats()).toEqual({ sent: 0, received: 2, state: "ear", sound: "silence", mix: [], heard: { agent: 1 } });
  });
});
