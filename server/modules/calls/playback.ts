// Clips played into an agent's call (the `audio-playback` socket event; agent-workspace §2 disclosure popup
// "Start/Stop audio"). The core knows no clip: their owner (the disclosures plugin) registers them by name
// with the tenants they are offered to, and the browser names one. The PBX plays it into the call, so the
// lead hears it and the agent too; the call's snapshot says what plays (`playback`), until the PBX says the
// clip finished (played out, stopped, or the call ended).
import type { Clock } from "../../../src/shared/clock";
import type { CallEvent, PbxDriver, PlaybackEnd, PlaybackMedia } from "../../pbx/driver";
import type { BackgroundWork } from "../status/background";
import { isOver, type ActiveCall } from "./active";

export type PlaybackAnswer = "playing" | "stopped" | "no_call" | "unknown_clip";

/** A clip that finished playing into an agent's call, as its owner is told (to keep the proof). */
export interface PlayedClip {
  /** calls.id of the agent who played it. */
  callId: number;
  tenantId: number;
  agentId: number;
  leadId: number | null;
  media: string;
  startedAt: number;
  endedAt: number;
  end: PlaybackEnd;
}

export interface ClipOwner {
  /** Whether the call centre is offered the clips (a feature flag). */
  offered(tenantId: number): Promise<boolean>;
  /** Each clip played, once it finished; runs as background work. */
  played?(clip: PlayedClip): Promise<void>;
}

interface CallsForPlayback {
  activeCallOf(agentId: number): ActiveCall | undefined;
  serially(call: ActiveCall, work: () => Promise<void>): Promise<void>;
  publish(call: ActiveCall): void;
}

export class CallPlayback {
  private readonly clips = new Map<string, { media: PlaybackMedia; owner: ClipOwner }>();
  /** The playbacks agents started, by PBX id, until they finish: whose they are and since when. */
  private readonly started = new Map<string, { call: ActiveCall; media: string; at: number }>();

  constructor(
    private readonly calls: CallsForPlayback,
    private readonly d: { pbx: PbxDriver; clock: Clock; background: BackgroundWork },
  ) {}

  /** Clips that may be played by name, to the call centres their owner offers them to. */
  register(clips: readonly PlaybackMedia[], owner: ClipOwner): void {
    for (const media of clips) this.clips.set(media.name, { media, owner });
  }

  /** Plays `name` into the agent's answered call (replacing a clip under way), or stops what plays. */
  async request(
    agent: { id: number; tenantId: number },
    operation: "play" | "stop",
    name: string,
  ): Promise<PlaybackAnswer> {
    const { id: agentId, tenantId } = agent;
    const clip = this.clips.get(name);
    if (operation === "play" && (!clip || !(await clip.owner.offered(tenantId)))) return "unknown_clip";
    const call = this.calls.activeCallOf(agentId);
    if (!call?.bridged || isOver(call)) return "no_call";
    let answer: PlaybackAnswer = "no_call";
    await this.calls.serially(call, async () => {
      if (isOver(call)) return;
      if (operation === "stop") {
        const id = call.playback?.id;
        if (id) await this.d.pbx.stopPlayback(id);
        answer = "stopped";
        return;
      }
      let id: string;
      try {
        id = await this.d.pbx.playback(call.pbxCallId, clip!.media);
      } catch {
        return; // the lead is not (or no longer) on the call: nothing to play to
      }
      call.playback = { id, media: name };
      this.started.set(id, { call, media: name, at: this.d.clock.now() });
      this.calls.publish(call);
      answer = "playing";
    });
    return answer;
  }

  /** A playback event on one agent's view of the call: true when the view changed (to be pushed). */
  applied(
    call: ActiveCall,
    e: Extract<CallEvent, { kind: "PlaybackStarted" | "PlaybackFinished" }>,
  ): boolean {
    if (e.kind === "PlaybackFinished") this.finished(e.playbackId, e.reason, e.ts);
    if (isOver(call)) return false;
    if (e.kind === "PlaybackStarted") {
      if (call.playback?.id === e.playbackId) return false;
      call.playback = { id: e.playbackId, media: e.media };
      return true;
    }
    if (call.playback && call.playback.id !== e.playbackId) return false; // a newer clip replaced it
    const had = call.playback !== null;
    call.playback = null;
    return had;
  }

  /** Tells the clip's owner, once, that a playback an agent started has finished. */
  private finished(playbackId: string, end: PlaybackEnd, at: number): void {
    const p = this.started.get(playbackId);
    if (!p) return;
    this.started.delete(playbackId);
    const played = this.clips.get(p.media)?.owner.played;
    if (!played) return;
    const { call } = p;
    const clip: PlayedClip = {
      callId: call.id,
      tenantId: call.tenantId,
      agentId: call.agentId,
      leadId: call.leadId,
      media: p.media,
      startedAt: p.at,
      endedAt: Math.max(p.at, at),
      end,
    };
    this.d.background.run("played clip", () => played(clip));
  }
}
