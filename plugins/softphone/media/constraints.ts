/** getUserMedia constraints for the chosen microphone (null: the browser's default). */
export const microphoneConstraints = (deviceId: string | null): MediaStreamConstraints => ({
  audio: deviceId ? { deviceId: { exact: deviceId } } : true,
  video: false,
});
