// The extra recordings on the wire (agent-workspace §7: POST /calls/{extension}/extra-recordings {index} 201,
// DELETE /calls/{extension}/extra-recordings/{index} 204, PUT /calls/recordings/{extension} {recording} 204),
// plus the playback of a recording from the lead's history (GET /recordings/{id}/audio, not in the
// specification).
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { defineEndpoint } from "../../src/contract/endpoint";
import { RecordId } from "../../src/contract/ids";
import { Extension } from "../../src/contract/status";

/** The n-th extra recording of the call (1, 2, …): the call's extra_recording_index once it started. */
export const RecordingIndex = z.coerce.number().int().min(1).max(1000);

export const ExtraRecordingParams = z.strictObject({ extension: Extension });
export const ExtraRecordingBody = z.strictObject({ index: RecordingIndex });
export const ExtraRecordingResponse = z.object({
  data: z.object({ id: z.number().int(), index: z.number().int() }),
});
export type ExtraRecordingResponse = z.infer<typeof ExtraRecordingResponse>;
export const StopExtraRecordingParams = z.strictObject({ extension: Extension, index: RecordingIndex });
export const RecordingStateBody = z.strictObject({ recording: z.boolean() });
export const RecordingAudioParams = z.strictObject({ id: RecordId });

/** Starts the call's n-th extra recording (the panel's Start). Idempotent by its index: no Idempotency-Key. */
export const startExtraRecording = defineEndpoint({
  method: "POST",
  path: "/calls/:extension/extra-recordings",
  summary:
    "Starts the n-th extra recording (`index`: 1, 2, …) of the caller's answered call: the call's audio, both directions, is written to a file. 201 {data: {id, index}}; the same index on the same call again answers the same recording (idempotent). 403 for another agent's extension, 404 with the call centre's recordings off, 409 without an answered call.",
  tags: ["recordings"],
  params: ExtraRecordingParams,
  body: ExtraRecordingBody,
  responses: { 201: ExtraRecordingResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
});

/** Stops the n-th extra recording (the panel's Stop). */
export const stopExtraRecording = defineEndpoint({
  method: "DELETE",
  path: "/calls/:extension/extra-recordings/:index",
  summary:
    "Stops the caller's n-th extra recording of its latest call: 204 (also when it had already stopped, with the call's end). 403 for another agent's extension, 404 for a recording never started or with the call centre's recordings off.",
  tags: ["recordings"],
  params: StopExtraRecordingParams,
  responses: { 204: z.null(), 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
});

/** Whether the caller's extra recording runs (the call's end makes sure none does). */
export const saveRecordingState = defineEndpoint({
  method: "PUT",
  path: "/calls/recordings/:extension",
  summary:
    "Whether the caller's extra recording runs, as the browser has it. `recording: false` stops any still running (the hangup flow's safety net: none outlives the agent's intent); `recording: true` confirms one runs, else 404. 204.",
  tags: ["recordings"],
  params: ExtraRecordingParams,
  body: RecordingStateBody,
  responses: { 204: z.null(), 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
});

/**
 * A recording's audio (the lead history's Play). Its answer is a stream, not JSON (no schema to check it
 * against): the browser reads it raw as a blob, at this endpoint's path.
 */
export const readRecordingAudio = defineEndpoint({
  method: "GET",
  path: "/recordings/:id/audio",
  summary:
    "Not in the specification: a recording's audio (audio/wav: 8 kHz, 16-bit, the agent left and what it heard right), for the lead's agent or a manager, with byte ranges (206). 404 for a recording of another call centre, one without audio or whose file is gone; 403 for another agent's lead.",
  tags: ["recordings"],
  params: RecordingAudioParams,
  responses: { 200: z.unknown(), 206: z.unknown(), 403: ErrorBody, 404: ErrorBody, 416: ErrorBody },
});

export const RECORDING_MESSAGES = {
  off: "Recordings are not available for this call centre.",
  noCall: "There is no answered call to record.",
  notRecording: "This recording is not running.",
  notYours: "This is not your extension.",
  missing: "The recording's audio is not available.",
} as const;

/** An extra recording of a call: its audio plays from GET /recordings/{id}/audio. */
export const CallRecording = z.object({
  id: z.number().int(),
  /** The n-th extra recording of the call. */
  index: z.number().int(),
  /** ISO instant it started. */
  at: z.string(),
  /** Seconds of audio; null while it records or when there is none. */
  seconds: z.number().nonnegative().nullable(),
  /** recording (under way), complete, incomplete (a crash cut it; what was written is kept), no_audio. */
  state: z.enum(["recording", "complete", "incomplete", "no_audio"]),
});
export type CallRecording = z.infer<typeof CallRecording>;

/** What this plugin keeps with a call, in the lead history (`facets.recordings` of GET /leads/{id}/history). */
export const RecordingsFacet = z.object({ recordings: z.array(CallRecording) });
export type RecordingsFacet = z.infer<typeof RecordingsFacet>;
