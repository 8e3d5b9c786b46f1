// The live voice of one agent or supervisor leg: the μ-law frames its softphone sends, kept a few frames deep
// for whoever hears that leg (a supervisor, a coached agent, a party's ear). RTP arrives on the network's
// clock and listeners read on the pacer's, so the buffer absorbs a little jitter; a listener that falls
// further behind skips the oldest frames rather than lagging for the rest of the call. Each listener has its
// own read position, so two listeners of one voice each get every frame.
import { FRAME_SAMPLES, ULAW_SILENCE } from "./g711";

/** Frames kept per voice: 100 ms of jitter, as much as the pacer catches up at once. */
export const LIVE_VOICE_FRAMES = 5;

/** Live voices by leg id (the endpoint's label): registered when its media is made, removed on close. */
export type LiveVoices = Map<string, LiveVoice>;

export class LiveVoice {
  private readonly frames: Buffer[] = [];
  /** Frames received so far: the position the next one takes. */
  private written = 0;

  constructor(private readonly depth = LIVE_VOICE_FRAMES) {}

  /** One frame the softphone sent; a frame of another length is cut or padded to 20 ms. */
  push(payload: Uint8Array): void {
    const frame = Buffer.alloc(FRAME_SAMPLES, ULAW_SILENCE);
    frame.set(payload.subarray(0, FRAME_SAMPLES));
    this.frames[this.written % this.depth] = frame;
    this.written++;
  }

  /** A listener from now on: it reads the frames that arrive after this. */
  listen(): VoiceListener {
    return new VoiceListener(this);
  }

  /** The frame at `pos` for a listener there: undefined when none is new; a listener too far behind skips ahead. */
  read(listener: { pos: number }): Buffer | undefined {
    if (listener.pos >= this.written) return undefined;
    if (listener.pos < this.written - this.depth) listener.pos = this.written - this.depth;
    return this.frames[listener.pos++ % this.depth];
  }

  get position(): number {
    return this.written;
  }
}

export class VoiceListener {
  pos: number;

  constructor(private readonly voice: LiveVoice) {
    this.pos = voice.position;
  }

  /** The next frame of the voice, or undefined when the softphone has sent nothing new (silence). */
  read(): Buffer | undefined {
    return this.voice.read(this);
  }
}
