// A werift peer per agent leg: PCMU only, loopback host candidates added (werift skips loopback NICs), no
// STUN server (the default is Google's; the edge must not depend on the internet). It sends the leg's mix
// (MixPlayer) as 20 ms RTP frames from the shared pacer, counts what the softphone sends back, and keeps that
// voice live for the legs that hear it (a supervisor, a coached agent, a party: liveVoice.ts).
// Every werift call is guarded: a failing peer degrades to signalling-only media, never to a dead gateway.
import { randomBytes } from "node:crypto";
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket, usePCMU } from "werift";
import type { LegMix, LegSound } from "../../driver";
import type { RecordingWriter } from "../../../recordings/store";
import type { LegMediaStats, MediaEndpoint, MediaFactory, MediaLog } from "./endpoint";
import { FRAME_SAMPLES, ulawToLinear } from "./g711";
import type { Pacer, Paced } from "./pacer";
import { answerDirection, directionOf, signallingOnlySdp, withDirection } from "./sdp";
import { LiveVoice, type LiveVoices } from "./liveVoice";
import { MixPlayer } from "./mixPlayer";

/** The agent's frames a recording may lag behind by before the oldest is dropped (jitter, not a backlog). */
const RECORDED_BACKLOG = 5;
const SILENT_PCM = new Int16Array(FRAME_SAMPLES);

/** A μ-law frame as 16-bit PCM (a short frame is padded with silence). */
function pcmOf(ulaw: Buffer | undefined): Int16Array {
  if (!ulaw) return SILENT_PCM;
  const out = new Int16Array(FRAME_SAMPLES);
  for (let i = 0; i < FRAME_SAMPLES && i < ulaw.length; i++) out[i] = ulawToLinear(ulaw[i]!);
  return out;
}

/** werift gathers host candidates in setLocalDescription; never wait longer than this (pitfall 1). */
const GATHER_TIMEOUT_MS = 3_000;

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

class WeriftEndpoint implements MediaEndpoint, Paced {
  private pc: RTCPeerConnection | null = null;
  private readonly track = new MediaStreamTrack({ kind: "audio" });
  private readonly player: MixPlayer;
  /** What the softphone sends, for whoever hears this leg's voice. */
  private readonly voice = new LiveVoice();
  private readonly watched = new WeakSet<MediaStreamTrack>();
  private seq = randomBytes(2).readUInt16BE();
  private timestamp = randomBytes(4).readUInt32BE();
  private sent = 0;
  private received = 0;
  private held = false;
  private closed = false;
  private recorder: RecordingWriter | null = null;
  /** The agent's voice received since the last tick, for the recording. */
  private agentFrames: Buffer[] = [];
  /** Our last description, for answering a re-offer should werift refuse to renegotiate. */
  private lastLocal: string | null = null;

  constructor(
    private readonly label: string,
    private readonly pacer: Pacer,
    private readonly log: MediaLog,
    private readonly voices?: LiveVoices,
  ) {
    this.player = new MixPlayer(voices);
    voices?.set(label, this.voice);
    try {
      this.pc = new RTCPeerConnection({
        codecs: { audio: [usePCMU()] },
        headerExtensions: { audio: [] },
        iceServers: [],
        iceAdditionalHostAddresses: ["127.0.0.1"],
        iceUseIpv6: false,
      });
      this.pc.onTrack.subscribe((t) => this.watch(t));
      this.pacer.add(this);
    } catch (e) {
      this.fail("peer creation", e);
    }
  }

  async createOffer(): Promise<string> {
    const pc = this.pc;
    if (!pc) return this.remember(signallingOnlySdp("offer"));
    try {
      pc.addTransceiver(this.track, { direction: "sendrecv" });
      await within(pc.setLocalDescription(await pc.createOffer()), GATHER_TIMEOUT_MS, "ICE gathering");
      return this.remember(pc.localDescription!.sdp);
    } catch (e) {
      this.fail("offer", e);
      return this.remember(signallingOnlySdp("offer"));
    }
  }

  async acceptAnswer(sdp: string): Promise<void> {
    const pc = this.pc;
    if (!pc) return;
    try {
      await pc.setRemoteDescription({ type: "answer", sdp });
      this.watchReceivers();
    } catch (e) {
      this.fail("answer", e);
    }
  }

  async answer(offer: string): Promise<string> {
    const direction = answerDirection(directionOf(offer));
    const pc = this.pc;
    if (pc) {
      try {
        await pc.setRemoteDescription({ type: "offer", sdp: offer });
        // On the answering side the remote track exists as soon as the offer is applied (pitfall 10).
        this.watchReceivers();
        if (!pc.getSenders().some((s) => s.track === this.track)) pc.addTrack(this.track);
        await within(pc.setLocalDescription(await pc.createAnswer()), GATHER_TIMEOUT_MS, "ICE gathering");
        return this.remember(withDirection(pc.localDescription!.sdp, direction));
      } catch (e) {
        // A re-offer werift cannot take: answer with our current parameters (ICE and DTLS unchanged).
        this.log(`media ${this.label}: renegotiation failed, answering from the last description`, e);
        if (this.lastLocal)
          return withDirection(this.lastLocal.replace(/a=setup:actpass/g, "a=setup:passive"), direction);
        this.fail("answer", e);
      }
    }
    return this.remember(withDirection(signallingOnlySdp("answer"), direction));
  }

  play(sound: LegSound): void {
    this.player.play(sound);
  }

  hear(mix: LegMix): void {
    this.player.hear(mix);
  }

  setHeld(on: boolean): void {
    this.held = on;
  }

  record(writer: RecordingWriter | null): void {
    this.recorder = writer;
    this.agentFrames = [];
  }

  stats(): LegMediaStats {
    return {
      sent: this.sent,
      received: this.received,
      state: this.pc?.connectionState ?? "none",
      sound: this.player.sound,
      mix: this.player.sounds,
      heard: this.player.heard,
    };
  }

  tick(): void {
    if (this.closed) return;
    const sending = !this.held && this.pc?.connectionState === "connected";
    const frame = sending ? this.player.nextFrame() : undefined;
    // The recording runs on the same 20 ms clock as what is sent, so its length is the call's.
    if (this.recorder) {
      try {
        this.recorder.write(pcmOf(this.agentFrames.shift()), pcmOf(frame));
      } catch (e) {
        this.log(`media ${this.label}: the recording could not be written; it stops here`, e);
        this.recorder = null;
      }
    }
    if (!frame) return;
    const header = new RtpHeader({
      payloadType: 0,
      sequenceNumber: this.seq,
      timestamp: this.timestamp,
      marker: this.sent === 0,
    });
    this.seq = (this.seq + 1) & 0xffff;
    this.timestamp = (this.timestamp + FRAME_SAMPLES) >>> 0;
    this.track.writeRtp(new RtpPacket(header, frame));
    this.sent++;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pacer.remove(this);
    if (this.voices?.get(this.label) === this.voice) this.voices.delete(this.label);
    const pc = this.pc;
    this.pc = null;
    this.track.stop();
    pc?.close().catch((e: unknown) => this.log(`media ${this.label}: close failed`, e));
  }

  private remember(sdp: string): string {
    this.lastLocal = sdp;
    return sdp;
  }

  private watchReceivers(): void {
    for (const t of this.pc?.getTransceivers() ?? [])
      for (const track of t.receiver.tracks) this.watch(track);
  }

  private watch(track: MediaStreamTrack): void {
    if (this.watched.has(track)) return;
    this.watched.add(track);
    track.onReceiveRtp.subscribe((rtp) => {
      this.received++;
      this.voice.push(rtp.payload);
      if (!this.recorder) return;
      this.agentFrames.push(Buffer.from(rtp.payload));
      if (this.agentFrames.length > RECORDED_BACKLOG) this.agentFrames.shift();
    });
  }

  private fail(what: string, e: unknown): void {
    this.log(`media ${this.label}: ${what} failed; the call goes on without audio`, e);
    const pc = this.pc;
    this.pc = null;
    this.pacer.remove(this);
    pc?.close().catch(() => {});
  }
}

/** `voices`: where each endpoint keeps its softphone's live voice, by label (the leg id), and reads others'. */
export function weriftMedia(pacer: Pacer, log: MediaLog, voices?: LiveVoices): MediaFactory {
  return (label) => new WeriftEndpoint(label, pacer, log, voices);
}
