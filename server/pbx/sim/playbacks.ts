// Clips played into a call (PbxCalls.playback: a carrier disclosure). The simulation has no media: it knows a
// clip by its length, ends it then, and puts it in every agent's mix (the media edge plays the clip's file).
// The lead hears it too on a real PBX; here the lead is simulated and has no ears.
import type { PlaybackMedia } from "../driver";
import type { CallModel } from "./model";
import { SimPbxError, type Call } from "./types";

export class Playbacks {
  private next = 0;
  private readonly byId = new Map<string, Call>();

  constructor(private readonly m: CallModel) {}

  start(callId: string, media: PlaybackMedia): string {
    const { m } = this;
    const call = m.call(callId);
    if (call.ended || call.ending) throw new SimPbxError(`nothing to play into: call ${call.id} has ended`);
    if (!m.leadAnswered(call))
      throw new SimPbxError(`nobody to play to: the lead of call ${call.id} has not answered`);
    if (!(media.durationMs > 0)) throw new SimPbxError(`clip ${media.name} has no length`);
    if (call.playback) m.finishPlayback(call, "stopped");
    const id = `play-${++this.next}`;
    const playback: Call["playback"] = { id, callId: call.id, media, active: true };
    call.playback = playback;
    this.byId.set(id, call);
    m.bus.emit({ kind: "PlaybackStarted", callId: call.id, playbackId: id, media: media.name });
    playback!.timer = m.schedule(call, media.durationMs, () => m.finishPlayback(call, "done"));
    m.refreshSound(call);
    return id;
  }

  /** Whether the clip still plays (the simulation outlives a gateway only in tests: pbxOutlivesGateway). */
  playing(playbackId: string): boolean {
    const call = this.byId.get(playbackId);
    return call?.playback?.id === playbackId && call.playback.active;
  }

  stop(playbackId: string): void {
    const call = this.byId.get(playbackId);
    if (!call) throw new SimPbxError(`unknown playback ${playbackId}`);
    if (call.playback?.id === playbackId) this.m.finishPlayback(call, "stopped");
  }
}
