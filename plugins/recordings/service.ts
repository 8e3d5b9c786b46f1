// The extra recordings' effects (agent-workspace §2 extra recordings panel): Start posts the call's next
// recording (POST /calls/{extension}/extra-recordings {index}), Stop ends it (DELETE …/{index}); the call's
// extra_recording_index follows (callState.ts: the hangup flow sends it with the call's settle). The call's end
// stops a recording still running (the gateway stops it with the call; PUT /calls/recordings/{extension}
// {recording: false} makes sure). A recording in the lead's history plays from GET /recordings/{id}/audio.
import { endpointPath } from "../../src/contract/endpoint";
import { callEndpoint, callEnded, type PluginContext } from "../../src/sdk";
import { recordingsOnCall } from "./callState";
import { readRecordingAudio, saveRecordingState, startExtraRecording, stopExtraRecording } from "./contract";
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
    const extension = ext();
    if (call.callId === null || !extension) return;
    const index = ctx.call.state(recordingsOnCall).extraRecordingIndex + 1;
    store.busy_(true);
    const started = await callEndpoint(ctx, startExtraRecording, { params: { extension }, body: { index } });
    if (!started.ok) {
      store.busy_(false);
      ctx.notify.error(ctx.t(started.status === 409 ? "no_call" : "start_failed"));
      return;
    }
    ctx.call.setState(recordingsOnCall, { extraRecordingIndex: index });
    store.started(call.callId, index, clock.now());
  }

  async function stop(): Promise<void> {
    const extension = ext();
    if (store.index === null || !extension) return;
    store.busy_(true);
    const stopped = await callEndpoint(ctx, stopExtraRecording, { params: { extension, index: store.index } });
    if (stopped.ok) store.stopped();
    else {
      store.busy_(false);
      ctx.notify.error(ctx.t("stop_failed"));
    }
  }

  const offEnded = ctx.events.on(callEnded, () => {
    const was = store.recording;
    store.reset();
    const extension = ext();
    // Best effort: the gateway stops a recording with the call anyway.
    if (was && extension)
      void callEndpoint(ctx, saveRecordingState, { params: { extension }, body: { recording: false } });
  });

  return {
    canToggle: () => ctx.call.current.isConnected && !store.busy,
    toggle: () => (store.recording ? stop() : start()),
    elapsedSeconds: () =>
      store.startedAt === null ? 0 : Math.max(0, Math.floor((clock.now() - store.startedAt) / 1000)),
    async recordingAudio(id) {
      // Stays a raw call: the answer is audio, not JSON (callEndpoint parses JSON answers); the path is the
      // endpoint's.
      const { data } = await ctx.http.get<Blob>(endpointPath(readRecordingAudio, { id }), { responseType: "blob" });
      return URL.createObjectURL(data);
    },
    dispose: () => offEnded(),
  };
}
