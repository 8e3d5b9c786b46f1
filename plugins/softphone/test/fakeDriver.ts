// A SoftphoneDriver made of fakes: hand `driver` to renderPlugin through softphoneDriverKey and steer the
// microphone, devices, page events and user agent from the test.
import { memoryStorage } from "../../../src/sdk";
import type { SoftphoneDriver } from "../driver";
import type { AudioDevice } from "../model";
import { Emitter } from "../emitter";
import type { MicrophoneAccess, UaOptions } from "../ports";
import { FakeUa } from "./fakeSip";

export const DEVICES: AudioDevice[] = [
  { id: "mic-1", label: "Headset microphone", kind: "audioinput" },
  { id: "mic-2", label: "Laptop microphone", kind: "audioinput" },
  { id: "spk-1", label: "Headset earphones", kind: "audiooutput" },
  { id: "spk-2", label: "Laptop speakers", kind: "audiooutput" },
];

export function fakeDriver(
  o: {
    microphone?: MicrophoneAccess;
    autoplay?: boolean;
    notifications?: NotificationPermission | "unsupported";
  } = {},
) {
  const uas: FakeUa[] = [];
  const page = new Emitter<{ online: void; visible: void; pagehide: void; gesture: void }>();
  const deviceChange = new Emitter<{ change: void }>();
  const state = {
    microphone: o.microphone ?? ("granted" as MicrophoneAccess),
    autoplay: o.autoplay ?? true,
    notifications: o.notifications ?? ("granted" as NotificationPermission | "unsupported"),
    hidden: false,
    devices: DEVICES,
    /** What the agent hears and the tones played. */
    played: [] as MediaStream[],
    volume: 1,
    sink: null as string | null,
    ringing: false,
    digits: [] as string[],
    tracks: [] as { deviceId: string | null; track: MediaStreamTrack }[],
    notifications_shown: [] as { title: string; body: string }[],
    permissionRequests: 0,
  };
  const storage = memoryStorage();

  const driver: SoftphoneDriver = {
    async createUa(options: UaOptions) {
      const ua = new FakeUa(options);
      uas.push(ua);
      return ua;
    },
    media: {
      requestMicrophone: async () => state.microphone,
      listDevices: async () => state.devices,
      onDeviceChange: (fn) => deviceChange.on("change", fn),
      async microphoneTrack(deviceId) {
        const track = { kind: "audio", enabled: true, stop() {} } as unknown as MediaStreamTrack;
        state.tracks.push({ deviceId, track });
        return track;
      },
    },
    audio: {
      async play(stream) {
        if (!state.autoplay) throw new DOMException("play() needs a user gesture", "NotAllowedError");
        state.played.push(stream);
      },
      stop() {},
      setVolume(v) {
        state.volume = v;
      },
      sinkSupported: true,
      async setSink(id) {
        state.sink = id;
        return true;
      },
    },
    tones: {
      async startRinging() {
        if (!state.autoplay) throw new Error("autoplay refused");
        state.ringing = true;
      },
      stopRinging() {
        state.ringing = false;
      },
      digit(key) {
        state.digits.push(key);
      },
      async unlock() {
        state.autoplay = true;
      },
    },
    notifier: {
      permission: () => state.notifications,
      async request() {
        state.permissionRequests++;
        // The agent answers the browser's prompt with Allow.
        if (state.notifications === "default") state.notifications = "granted";
        return state.notifications;
      },
      show(title, body) {
        state.notifications_shown.push({ title, body });
      },
    },
    page: {
      on: (event, fn) => page.on(event, fn),
      hidden: () => state.hidden,
    },
    storage,
  };

  return {
    driver,
    uas,
    state,
    storage,
    /** The user agent the softphone created last. */
    get ua() {
      const ua = uas.at(-1);
      if (!ua) throw new Error("the softphone has not started a user agent");
      return ua;
    },
    fire: (event: "online" | "visible" | "pagehide" | "gesture") => page.emit(event, undefined),
    devicesChanged: () => deviceChange.emit("change", undefined),
  };
}
export type FakeDriver = ReturnType<typeof fakeDriver>;

export const CREDENTIALS = {
  username: "2042",
  password: "s3cret",
  realm: "pbx.test",
  uri: "sip:2042@pbx.test",
  ws_url: "wss://pbx.test:443/ws",
  expires_at: "2026-01-05T15:00:00.000Z",
};
