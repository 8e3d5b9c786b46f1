// AudioOutput on one <audio> element kept off the React tree, so the call's sound survives the widget
// closing, re-rendering or moving.
import type { AudioOutput } from "../ports";

type SinkAudio = HTMLAudioElement & { setSinkId?(id: string): Promise<void> };

export function browserAudioOutput(): AudioOutput {
  let element: SinkAudio | null = null;
  let volume = 1;
  const el = () => {
    if (!element) {
      element = document.createElement("audio") as SinkAudio;
      element.autoplay = true;
      element.volume = volume;
    }
    return element;
  };
  return {
    async play(stream) {
      const a = el();
      if (a.srcObject !== stream) a.srcObject = stream;
      await a.play();
    },
    stop() {
      if (!element) return;
      element.pause();
      element.srcObject = null;
    },
    setVolume(v) {
      volume = v;
      if (element) element.volume = v;
    },
    sinkSupported: typeof HTMLMediaElement !== "undefined" && "setSinkId" in HTMLMediaElement.prototype,
    async setSink(deviceId) {
      const a = el();
      if (!a.setSinkId) return false;
      await a.setSinkId(deviceId);
      return true;
    },
  };
}
