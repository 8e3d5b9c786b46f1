// The recordings plugin's public face: what another plugin needs to play a recording back (the reports' call
// detail, issue 37). The audio is a stream, not JSON: fetch it with the manager's session (`ctx.http.get(path,
// { responseType: "blob" })`) and hand an object URL to an <audio> element, as this plugin's lead-history entry does.
import { endpointPath } from "../../src/contract/endpoint";
import { readRecordingAudio } from "./contract";

export { readRecordingAudio };

/** The path (under the API's base) of a recording's audio: GET /recordings/{id}/audio, for its lead's agent or a manager. */
export const recordingAudioPath = (id: number) => endpointPath(readRecordingAudio, { id });
