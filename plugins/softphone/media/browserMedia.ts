// MediaPort on navigator.mediaDevices; a browser without it (or an insecure page) has no microphone.
import type { AudioDevice } from "../model";
import { microphoneConstraints } from "./constraints";
import type { MediaPort, MicrophoneAccess } from "../ports";

const devices = () => (globalThis.navigator as Navigator | undefined)?.mediaDevices;

export function browserMedia(): MediaPort {
  return {
    async requestMicrophone(): Promise<MicrophoneAccess> {
      const md = devices();
      if (!md?.getUserMedia) return "unavailable";
      try {
        const stream = await md.getUserMedia({ audio: true });
        // Only the permission matters here; each call asks for its own stream.
        stream.getTracks().forEach((t) => t.stop());
        return "granted";
      } catch (e) {
        const name = (e as { name?: string }).name;
        return name === "NotAllowedError" || name === "SecurityError" ? "denied" : "unavailable";
      }
    },
    async listDevices() {
      const md = devices();
      if (!md?.enumerateDevices) return [];
      const all = await md.enumerateDevices();
      return all
        .filter(
          (d): d is MediaDeviceInfo & { kind: AudioDevice["kind"] } =>
            d.kind === "audioinput" || d.kind === "audiooutput",
        )
        .map((d) => ({ id: d.deviceId, label: d.label, kind: d.kind }));
    },
    onDeviceChange(fn) {
      const md = devices();
      md?.addEventListener?.("devicechange", fn);
      return () => md?.removeEventListener?.("devicechange", fn);
    },
    async microphoneTrack(deviceId) {
      const md = devices();
      if (!md?.getUserMedia) throw new Error("no microphone");
      const [track] = (await md.getUserMedia(microphoneConstraints(deviceId))).getAudioTracks();
      if (!track) throw new Error("no microphone");
      return track;
    },
  };
}
