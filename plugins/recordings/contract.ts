// The extra recordings on the wire (agent-workspace §7: POST /calls/{extension}/extra-recordings {index} 201,
// DELETE /calls/{extension}/extra-recordings/{index} 204, PUT /calls/recordings/{extension} {recording} 204),
// plus the playback of a recording from the lead's history (GET /recordings/{id}/audio, not in the
// specification).
import { z } from "zod";
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
