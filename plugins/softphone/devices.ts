// Audio devices and volume: the microphone and speaker lists (refreshed on devicechange), switching either
// mid-call without renegotiating (replaceTrack, setSinkId: reference/telephony.md §4 pitfall 3).
import { VOLUME_STEP } from "./constants";
import type { SoftphoneDriver } from "./driver";
import type { SoftphoneStore } from "./model";
import type { SipSession } from "./ports";

export function createDevices(d: {
  store: SoftphoneStore;
  driver: SoftphoneDriver;
  sessions(): SipSession[];
}) {
  const { store, driver } = d;
  store.setSinkSupported(driver.audio.sinkSupported);
  driver.audio.setVolume(store.volume / 100);

  async function refresh() {
    store.setDevices(await driver.media.listDevices().catch(() => []));
  }

  return {
    refresh,
    /** Follows headsets being plugged in and out. */
    watch: () => driver.media.onDeviceChange(() => void refresh()),

    /** New calls use it; calls in progress get a new track on their existing sender (no new m-line). */
    async selectMicrophone(id: string | null) {
      store.setMicrophoneId(id);
      const senders = d
        .sessions()
        .map((s) => ({ s, sender: s.audioSender() }))
        .filter((x) => x.sender);
      if (!senders.length) return;
      try {
        const track = await driver.media.microphoneTrack(id);
        for (const { s, sender } of senders) {
          const old = sender!.track;
          track.enabled = !store.sessionDetails.get(s.id)?.muted;
          await sender!.replaceTrack(track);
          old?.stop();
        }
      } catch {
        // The device vanished or was refused: the call keeps its current microphone.
      }
    },

    async selectSpeaker(id: string | null) {
      store.setSpeakerId(id);
      if (driver.audio.sinkSupported) await driver.audio.setSink(id ?? "").catch(() => false);
    },

    setVolume(volume: number) {
      const v = Math.min(100, Math.max(0, Math.round(volume / VOLUME_STEP) * VOLUME_STEP));
      store.setVolume(v);
      driver.audio.setVolume(v / 100);
    },
  };
}
export type Devices = ReturnType<typeof createDevices>;
