// The extra recordings' effects (agent-workspace §2 extra recordings panel): Start posts the call's next
// recording (POST /calls/{extension}/extra-recordings {index}), Stop ends it (DELETE …/{index}); the call's
// extra_recording_index follows (callState.ts: the hangup flow sends it with the call's settle). The call's end
// stops a recording still running (the gateway stops it with the call; PUT /calls/recordings/{extension}
// {recording: false} makes sure). A recording in the lead's history plays from GET /recordings/{id}/audio.
import { callEnded, httpStatus, type PluginContext } from "../../src/sdk";
import { recordingsOnCall } from "./callState";
import { ExtraRecordingResponse } from "./contract";
import type { RecordingsStore } from "./model";

export interface RecordingsService {
  /** The panel's button works: an answered call, and nothing on its way. */
  canToggle(): boolean;
  toggle(): Promise<void>;
  /** Whole seconds recorded so far (the panel's counter). */
  elapsedSeconds(): number;
  /**
   * A recording of a lead's call (GET /recordings/{id}/audio), as an object URL an audio element plays; the caller
   * revokes it (URL.revokeObjectURL) when done. Rejects when it cannot be read.
   */
  recordingAudio(id: number): Promise<string>;
  dispose(): void;
}

export function createRecordingsService(ctx: PluginContext<RecordingsStore>): RecordingsService {
  const { store, clock } = ctx;
  const ext = () => ctx.agent.extension;

  async function start(): Promise<void> {
    const call = ctx.call.current;
    if (call.callId === null || !ext()) return;
    const index = ctx.call.state(recordingsOnCall).extraRecordingIndex + 1;
    store.busy_(true);
    try {
      const { data } = await ctx.http.post(`/calls/${ext()}/extra-recordings`, { index });
      ExtraRecordingResponse.parse(data);
      ctx.call.setState(recordingsOnCall, { extraRecordingIndex: index });
      store.started(call.callId, index, clock.now());
    } catch (e) {
      store.busy_(false);
      ctx.notify.error(ctx.t(httpStatus(e) === 409 ? "no_call" : "start_failed"));
    }
  }

  async function stop(): Promise<void> {
    if (store.index === null || !ext()) return;
    store.busy_(true);
    try {
      await ctx.http.delete(`/calls/${ext()}/extra-recordings/${store.index}`);
      store.stopped();
    } catch {
      store.busy_(false);
      ctx.notify.error(ctx.t("stop_failed"));
    }
  }

  const offEnded = ctx.events.on(callEnded, () => {
    const was = store.recording;
    store.reset();
    if (was && ext()) void ctx.http.put(`/calls/recordings/${ext()}`, { recording: false }).catch(() => {});
  });

  return {
    canToggle: () => ctx.call.current.isConnected && !store.busy,
    toggle: () => (store.recording ? stop() : start()),
    elapsedSeconds: () =>
      store.startedAt === null ? 0 : Math.max(0, Math.floor((clock.now() - store.startedAt) / 1000)),
    async recordingAudio(id) {
      const { data } = await ctx.http.get<Blob>(`/recordings/${id}/audio`, { responseType: "blob" });
      return URL.createObjectURL(data);
    },
    dispose: () => offEnded(),
  };
}
