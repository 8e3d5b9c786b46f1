// Recordings and playbacks (res_stasis_recording.c, res_stasis_playback.c): a record answers 201 with a
// queued LiveRecording, then RecordingStarted; stop → RecordingFinished and a stored recording; a channel that
// is bridged cannot record (22.10.1 answers 201, then RecordingFailed "Cannot record channel while in bridge").
// Playbacks last what the world says `sound:<name>` lasts, then PlaybackFinished (state "done", also when stopped).
import type { AsteriskModel, FakePlayback, FakeRecording } from "./model";
import { fail, ok, type Reply } from "./reply";

type Params = Record<string, string>;

function startRecording(model: AsteriskModel, source: string, targetUri: string, p: Params, failCause?: string): Reply {
  const ifExists = p.ifExists ?? "fail";
  if (p.maxDurationSeconds !== undefined && Number(p.maxDurationSeconds) < 0) return fail(400, "max_duration_seconds cannot be negative");
  if (p.maxSilenceSeconds !== undefined && Number(p.maxSilenceSeconds) < 0) return fail(400, "max_silence_seconds cannot be negative");
  if (!["wav", "gsm", "ulaw", "alaw", "sln", "g722", "g729", "opus"].includes(p.format)) {
    return fail(422, "specified format is unknown on this system");
  }
  if (p.name.includes("..")) return fail(400, "Recording name invalid");
  if (model.recordings.has(p.name) || (model.stored.has(p.name) && ifExists === "fail")) {
    return fail(409, `Recording '${p.name}' already exists and can not be overwritten`);
  }
  const r: FakeRecording = {
    name: p.name, format: p.format, target_uri: targetUri, state: "queued", startedAt: model.clock.now(),
    pausedMs: 0, pausedAt: null, maxDurationTimer: null, source,
  };
  const queued = model.recordingJson(r);
  return {
    status: 201,
    body: queued,
    after: () => {
      if (failCause !== undefined) {
        r.state = "failed";
        r.cause = failCause;
        model.publish([source], "RecordingFailed", { recording: model.recordingJson(r) });
        return;
      }
      model.recordings.set(r.name, r);
      r.state = "recording";
      r.startedAt = model.clock.now();
      model.publish([source], "RecordingStarted", { recording: model.recordingJson(r) });
      const max = Number(p.maxDurationSeconds ?? "0");
      if (max > 0) r.maxDurationTimer = model.clock.setTimeout(() => r.state !== "done" && model.finishRecording(r), max * 1000);
    },
  };
}

export function recordBridge(model: AsteriskModel, id: string, p: Params): Reply {
  const b = model.bridges.get(id);
  if (!b) return fail(404, "Bridge not found");
  const reply = startRecording(model, `bridge:${id}`, `bridge:${id}`, p);
  if (reply.status === 201) b.recordings.add(p.name);
  return reply;
}

export function recordChannel(model: AsteriskModel, id: string, p: Params): Reply {
  const ch = model.channels.get(id);
  if (!ch) return fail(404, "Channel not found");
  if (ch.stasisApp === null) return fail(409, "Channel not in Stasis application");
  return startRecording(model, `channel:${id}`, `channel:${id}`, p, ch.bridgeId !== null ? "Cannot record channel while in bridge" : undefined);
}

const live = (model: AsteriskModel, name: string) => model.recordings.get(name);

export function stopRecording(model: AsteriskModel, name: string): Reply {
  const r = live(model, name);
  if (!r) return fail(404, "Recording not found");
  return { status: 204, after: () => model.finishRecording(r) };
}
export function cancelRecording(model: AsteriskModel, name: string): Reply {
  const r = live(model, name);
  if (!r) return fail(404, "Recording not found");
  return { status: 204, after: () => model.finishRecording(r, "canceled") };
}
export function pauseRecording(model: AsteriskModel, name: string, pause: boolean): Reply {
  const r = live(model, name);
  if (!r) return fail(404, "Recording not found");
  if (pause && r.state === "recording") {
    r.state = "paused";
    r.pausedAt = model.clock.now();
  } else if (!pause && r.state === "paused") {
    r.pausedMs += model.clock.now() - (r.pausedAt ?? model.clock.now());
    r.pausedAt = null;
    r.state = "recording";
  }
  return ok();
}
export function getLiveRecording(model: AsteriskModel, name: string): Reply {
  const r = live(model, name);
  return r ? ok(model.recordingJson(r)) : fail(404, "Recording not found");
}

export function listStored(model: AsteriskModel): Reply {
  return ok([...model.stored].map(([name, s]) => ({ name, format: s.format })));
}
export function getStored(model: AsteriskModel, name: string): Reply {
  const s = model.stored.get(name);
  return s ? ok({ name, format: s.format }) : fail(404, "Recording not found");
}
export function deleteStored(model: AsteriskModel, name: string): Reply {
  if (!model.stored.delete(name)) return fail(404, "Recording not found");
  return ok();
}
/** GET /recordings/stored/{name}/file: a WAV of silence (8 kHz, 16-bit mono) as long as the recording. */
export function storedFile(model: AsteriskModel, name: string): Reply {
  const s = model.stored.get(name);
  if (!s) return fail(404, "Recording not found");
  return { status: 200, raw: { contentType: "audio/x-wav", data: silentWav(s.durationMs) } };
}
export function silentWav(durationMs: number): Buffer {
  const rate = 8000;
  const samples = Math.round((rate * durationMs) / 1000);
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write("RIFF", 0);
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write("WAVEfmt ", 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write("data", 36);
  buf.writeUInt32LE(samples * 2, 40);
  return buf;
}

// ------------------------------------------------------------------ playbacks

export function play(model: AsteriskModel, source: string, p: Params, playbackId?: string): Reply {
  const id = playbackId ?? p.playbackId ?? model.newUniqueId();
  if (model.playbacks.has(id)) return fail(409, `Playback with id '${id}' already exists`);
  const media = p.media.split(",")[0];
  const pb: FakePlayback = {
    id, media_uri: media, target_uri: source, language: p.lang ?? model.language, state: "queued", timer: null, source,
  };
  const queued = model.playbackJson(pb);
  return {
    status: 201,
    body: queued,
    after: () => {
      model.playbacks.set(id, pb);
      pb.state = "playing";
      model.publish([source], "PlaybackStarted", { playback: model.playbackJson(pb) });
      const ms = media.startsWith("sound:") ? (model.world.mediaDurationMs?.(media.slice(6)) ?? 1000) : 1000;
      pb.timer = model.clock.setTimeout(() => model.playbacks.get(id) === pb && model.finishPlayback(pb), ms);
    },
  };
}
export function getPlayback(model: AsteriskModel, id: string): Reply {
  const pb = model.playbacks.get(id);
  return pb ? ok(model.playbackJson(pb)) : fail(404, "Playback not found");
}
export function stopPlayback(model: AsteriskModel, id: string): Reply {
  const pb = model.playbacks.get(id);
  if (!pb) return fail(404, "Playback not found");
  return { status: 204, after: () => model.finishPlayback(pb) };
}
