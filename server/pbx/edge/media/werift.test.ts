import { RTCPeerConnection, usePCMU, type MediaStreamTrack } from "werift";
import { describe, expect, it } from "vitest";
import type { LegMix } from "../../driver";
import { waitFor } from "../testing/jssipNode";
import { mixUlaw } from "./mixer";
import { MixPlayer } from "./mixPlayer";
import { Pacer } from "./pacer";
import { directionOf, withDirection } from "./sdp";
import { Player } from "./sounds";
import { weriftMedia } from "./werift";

/** A bare werift peer standing in for the softphone: answers the edge's offer and keeps every RTP payload. */
async function listener(offer: string) {
  const pc = new RTCPeerConnection({
    codecs: { audio: [usePCMU()] },
    headerExtensions: { audio: [] },
    iceServers: [],
    iceAdditionalHostAddresses: ["127.0.0.1"],
    iceUseIpv6: false,
  });
  const packets: Array<{ seq: number; payload: Buffer }> = [];
  const seen = new WeakSet<MediaStreamTrack>();
  const watch = (t: MediaStreamTrack) => {
    if (seen.has(t)) return;
    seen.add(t);
    t.onReceiveRtp.subscribe((rtp) =>
      packets.push({ seq: rtp.header.sequenceNumber, payload: Buffer.from(rtp.payload) }),
    );
  };
  pc.onTrack.subscribe(watch);
  await pc.setRemoteDescription({ type: "offer", sdp: offer });
  pc.getReceivers().forEach((r) => r.tracks.forEach(watch));
  await pc.setLocalDescription(await pc.createAnswer());
  return { pc, packets, answer: pc.localDescription!.sdp };
}

/** The frames a programme of one sound sends from its beginning. */
function soloFrames(sound: "human" | "third-party", n: number): Buffer[] {
  const p = new Player();
  p.play(sound);
  return Array.from({ length: n }, () => p.nextFrame());
}

describe("werift media endpoint", () => {
  it("offers PCMU only, with a loopback host candidate and no STUN", async () => {
    const pacer = new Pacer();
    const ep = weriftMedia(pacer, () => {})("offer");
    const sdp = await ep.createOffer();
    expect(sdp).toMatch(/m=audio \d+ UDP\/TLS\/RTP\/SAVPF 0\r\n/);
    expect(sdp).toContain("a=rtpmap:0 PCMU/8000");
    expect(sdp).not.toMatch(/opus/i);
    expect(sdp).toMatch(/a=candidate:\S+ 1 udp \d+ 127\.0\.0\.1 \d+ typ host/);
    expect(sdp).not.toMatch(/typ srflx/);
    expect(ep.stats()).toMatchObject({ sent: 0, received: 0, sound: "silence" });
    ep.close();
    pacer.stop();
  });

  it("two endpoints connect and carry their programmes; a held one sends nothing", async () => {
    const pacer = new Pacer();
    const media = weriftMedia(pacer, () => {});
    const a = media("a");
    const b = media("b");
    a.play("ringback");
    b.play("human");
    await a.acceptAnswer(await b.answer(await a.createOffer()));
    await waitFor("packets a → b", () => b.stats().received >= 5 && a.stats().received >= 5);
    expect(a.stats()).toMatchObject({ state: "connected", sound: "ringback" });
    a.setHeld(true);
    const sent = a.stats().sent;
    await waitFor("b keeps sending", () => a.stats().received >= 15);
    expect(a.stats().sent).toBe(sent); // held: nothing sent
    a.close();
    b.close();
    pacer.stop();
  });

  it("records both directions, a frame per tick: the softphone's voice left, what the leg hears right", async () => {
    const pacer = new Pacer();
    const media = weriftMedia(pacer, () => {});
    const edge = media("edge");
    const phone = media("phone"); // stands in for the browser: it sends the agent's voice
    edge.play("human");
    phone.play("third-party");
    await edge.acceptAnswer(await phone.answer(await edge.createOffer()));
    await waitFor("audio both ways", () => edge.stats().received >= 5 && phone.stats().received >= 5);
    const frames: Array<{ agent: number; heard: number }> = [];
    const energy = (pcm: Int16Array) => pcm.reduce((e, x) => e + Math.abs(x), 0);
    edge.record({
      key: "t.wav",
      write: (agent, heard) => frames.push({ agent: energy(agent), heard: energy(heard) }),
      close: () => ({ key: "t.wav", bytes: 0, durationMs: 0 }),
    });
    await waitFor("a second recorded", () => frames.length >= 50);
    edge.record(null);
    const n = frames.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(frames.length).toBe(n); // stopped: nothing more written
    expect(frames.filter((f) => f.agent > 0).length).toBeGreaterThan(10);
    expect(frames.filter((f) => f.heard > 0).length).toBeGreaterThan(10);
    edge.close();
    phone.close();
    pacer.stop();
  });

  it("answers a hold offer (a=sendonly) with a=recvonly", async () => {
    const pacer = new Pacer();
    const media = weriftMedia(pacer, () => {});
    const [offerer, answerer] = [media("offerer"), media("answerer")];
    const answer = await answerer.answer(withDirection(await offerer.createOffer(), "sendonly"));
    expect(directionOf(answer)).toBe("recvonly");
    offerer.close();
    answerer.close();
    pacer.stop();
  });

  it("sends the mix of what the leg hears: each frame the sum of the lead's and the party's, not either alone", async () => {
    const pacer = new Pacer();
    const edge = weriftMedia(pacer, () => {})("mixing");
    const mix: LegMix = [
      { sound: "human", legId: "c1:L2" },
      { sound: "third-party", legId: "c1:L3" },
    ];
    edge.hear(mix);
    const phone = await listener(await edge.createOffer());
    await edge.acceptAnswer(phone.answer);
    await waitFor("mixed RTP at the phone", () => phone.packets.length >= 40);
    expect(edge.stats()).toMatchObject({ sound: "third-party", mix: ["human", "third-party"] });

    // The edge sends frame k of the mix as its k-th packet (it starts playing once connected).
    const expected = new MixPlayer();
    expected.hear(mix);
    const N = 2000;
    const frames = Array.from({ length: N }, () => expected.nextFrame());
    const human = soloFrames("human", N);
    const third = soloFrames("third-party", N);
    const got = phone.packets.slice(0, 40);
    const first = got[0]!;
    const k0 = frames.findIndex((_, k) =>
      got.every((p) => frames[k + ((p.seq - first.seq + 0x10000) & 0xffff)]?.equals(p.payload)),
    );
    expect(k0, "the packets are consecutive frames of the mix").toBeGreaterThanOrEqual(0);
    const at = (p: (typeof got)[number]) => k0 + ((p.seq - first.seq + 0x10000) & 0xffff);
    const mixedOnly = got.filter((p) => !p.payload.equals(human[at(p)]!) && !p.payload.equals(third[at(p)]!));
    expect(mixedOnly.length).toBeGreaterThan(20);
    for (const p of got) expect(p.payload.equals(mixUlaw([human[at(p)]!, third[at(p)]!]))).toBe(true);

    // The party leaves: the lead's voice goes on alone, from where it was.
    edge.hear([mix[0]!]);
    const before = phone.packets.length;
    await waitFor("the lead alone", () => phone.packets.length >= before + 60);
    const after = phone.packets.slice(before + 5, before + 60);
    const a0 = after[0]!;
    const matchesAt = (j: number) =>
      after.every((p) => human[j + ((p.seq - a0.seq + 0x10000) & 0xffff)]?.equals(p.payload));
    expect(after.some((p) => p.payload.some((u) => (u | 0x80) !== 0xff))).toBe(true); // speech, not a pause
    // Consecutive frames of the lead's voice, carried on from where it was (a restart would match near 0).
    expect(human.some((_, j) => j >= 40 && matchesAt(j))).toBe(true);
    expect(human.some((_, j) => j < 20 && matchesAt(j))).toBe(false);
    edge.close();
    await phone.pc.close();
    pacer.stop();
  });
});
