// Clips played into an agent's call (the `audio-playback` socket event; agent-workspace §2 disclosure popup
// "Start/Stop audio"). The core knows no clip: their owner (the disclosures plugin) registers them by name
// with the tenants they are offered to, and the browser names one. The PBX plays it into the call, so the
// lead hears it and the agent too; the call's snapshot says what plays (`playback`), until the PBX says the
// clip finished (played out, stopped, or the call ended).
//
// Where the state lives: the clip under way is in the call's row too (calls.playback) until it finishes, so that
// the gateway that follows the call next (a restart, the standby that takes the lease over) follows the clip on
// (PbxDriver.followPlayback) and its owner still gets the proof that it played, however it ended meanwhile.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Clock } from "../../../src/shared/clock";
import type { Db } from "../../db/client";
import { calls } from "../../db/schema";
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

/** calls.playback: the clip under way. */
const StoredPlayback = z.object({ id: z.string(), media: z.string(), startedAt: z.number() });

/** Whose call a clip played into (a call followed now, or the row of one that ended while none was). */
type CallOfClip = Pick<ActiveCall, "id" | "tenantId" | "agentId" | "leadId">;

export class CallPlayback {
  private readonly clips = new Map<string, { media: PlaybackMedia; owner: ClipOwner }>();
  /** The playbacks agents started, by PBX id, until they finish: whose they are and since when. */
  private readonly started = new Map<string, { call: CallOfClip; media: string; at: number }>();

  constructor(
    private readonly calls: CallsForPlayback,
    private readonly d: { db: Db; pbx: PbxDriver; clock: Clock; background: BackgroundWork },
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
      const at = this.d.clock.now();
      call.playback = { id, media: name };
      this.started.set(id, { call, media: name, at });
      await this.d.db
        .update(calls)
        .set({ playback: { id, media: name, startedAt: at } })
        .where(eq(calls.id, call.id));
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

  /**
   * The call is followed again (a restart, a takeover) with the clip its row says was started: followed on while it
   * still plays; otherwise it finished while no gateway followed the call, and its owner is told so: played to its
   * end when its length has passed since it started, stopped before that.
   */
  async resumed(call: ActiveCall, row: unknown): Promise<void> {
    const stored = StoredPlayback.safeParse(row);
    if (!stored.success) return;
    const { id, media } = stored.data;
    // Known before the driver follows it: its end may be reported as soon as the driver does.
    this.started.set(id, { call, media, at: stored.data.startedAt });
    if (!isOver(call) && (await this.d.pbx.followPlayback(call.pbxCallId, id, media).catch(() => false))) {
      call.playback = { id, media };
      return;
    }
    this.finishedUnfollowed(call, stored.data, "stopped");
  }

  /** A call that ended while no gateway followed it, with a clip its row says was playing: it ended with the call. */
  endedUnfollowed(call: CallOfClip, row: unknown): void {
    const stored = StoredPlayback.safeParse(row);
    if (stored.success) this.finishedUnfollowed(call, stored.data, "ended");
  }

  /**
   * A clip that finished while no gateway followed its call: played to its end when its length has passed since it
   * started, cut short (`short`) otherwise.
   */
  private finishedUnfollowed(call: CallOfClip, clip: z.infer<typeof StoredPlayback>, short: PlaybackEnd): void {
    const { id, media, startedAt } = clip;
    this.started.set(id, { call, media, at: startedAt });
    const end = startedAt + (this.clips.get(media)?.media.durationMs ?? 0);
    const now = this.d.clock.now();
    this.finished(id, now >= end ? "done" : short, Math.min(now, end));
  }

  /** Tells the clip's owner, once, that a playback an agent started has finished; the call's row lets it go. */
  private finished(playbackId: string, end: PlaybackEnd, at: number): void {
    const p = this.started.get(playbackId);
    if (!p) return;
    this.started.delete(playbackId);
    const { db, background } = this.d;
    background.run("finished clip", () =>
      db
        .update(calls)
        .set({ playback: null })
        .where(and(eq(calls.id, p.call.id), sql`${calls.playback}->>'id' = ${playbackId}`)),
    );
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
