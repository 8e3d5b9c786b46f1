// What the extra recordings keep about the agent's call: how many were started on it, which the hangup flow sends
// as the call's extra_recording_index (agent-workspace §4 Hangup flow). Fresh on each call.
import { defineCallState } from "../../src/sdk";

export const recordingsOnCall = defineCallState("recordings.call", {
  initial: { extraRecordingIndex: 0 },
  settle: (s) => ({ extra_recording_index: s.extraRecordingIndex }),
});
