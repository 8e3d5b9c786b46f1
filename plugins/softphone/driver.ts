// Everything the softphone needs from the browser and from JsSIP, in one object. Production uses
// browserDriver(); a test hands its fakes in through `softphoneDriverKey` (an optional service), e.g.
// renderPlugin(softphone, { services: [provide(softphoneDriverKey, fakeDriver)] }).
import { memoryStorage, serviceKey, type Clock, type KeyValueStorage } from "../../src/sdk";
import { browserAudioOutput } from "./media/browserAudio";
import { browserMedia } from "./media/browserMedia";
import { browserNotifier, browserPage } from "./media/browserPage";
import type { AudioOutput, DesktopNotifier, MediaPort, PageEvents, Tones } from "./ports";
import { webAudioTones } from "./media/webAudioTones";
import type { SipUa, UaOptions } from "./ports";

export interface SoftphoneDriver {
  createUa(options: UaOptions): Promise<SipUa>;
  media: MediaPort;
  audio: AudioOutput;
  tones: Tones;
  notifier: DesktopNotifier;
  page: PageEvents;
  storage: KeyValueStorage;
}

/** Replaces parts of the browser driver; nobody provides it in production. */
export const softphoneDriverKey = serviceKey<Partial<SoftphoneDriver>>("softphone.driver");

function localStorageOrMemory(): KeyValueStorage {
  try {
    if (globalThis.localStorage) return globalThis.localStorage;
  } catch {
    // Storage blocked (privacy settings): keep the agent's choices for this page only.
  }
  return memoryStorage();
}

export function browserDriver(clock: Clock, overrides: Partial<SoftphoneDriver> = {}): SoftphoneDriver {
  return {
    // JsSIP is loaded with the first connection, not with the plugin's manifest.
    createUa: async (options) => (await import("./sip/jssipUa")).createJsSipUa(options, clock),
    media: overrides.media ?? browserMedia(),
    audio: overrides.audio ?? browserAudioOutput(),
    tones: overrides.tones ?? webAudioTones(clock),
    notifier: overrides.notifier ?? browserNotifier(),
    page: overrides.page ?? browserPage(),
    storage: overrides.storage ?? localStorageOrMemory(),
    ...overrides,
  };
}
