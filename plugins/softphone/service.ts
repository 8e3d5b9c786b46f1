// The softphone service: wires the line (connection.ts), the calls (calls.ts) and the audio devices
// (devices.ts) to the slice, reports the phone's state to the status selector, and keeps the dial pad rules.
import type { AxiosInstance } from "axios";
import type { i18n as I18n } from "i18next";
import { reaction } from "mobx";
import type { Clock } from "../../src/core/clock";
import type { AgentInfo, CallControl, Notify, StatusControl } from "../../src/core/services";
import { readJson } from "../../src/store/storage";
import type { SoftphoneApi } from "./api";
import { createCalls } from "./calls";
import { createCompliance } from "./compliance";
import { createConnection } from "./connection";
import { STORAGE_KEY } from "./constants";
import { createDevices } from "./devices";
import type { SoftphoneDriver } from "./driver";
import type { SoftphoneStore } from "./model";
import {
  appendKey,
  conferenceDigits,
  isDialKey,
  pasteDial,
  sanitizeDial,
  sanitizeTransfer,
  voicemailDtmfAllowed,
  type Point,
} from "./rules";

export interface SoftphoneDeps {
  http: AxiosInstance;
  clock: Clock;
  store: SoftphoneStore;
  agent: AgentInfo;
  notify: Notify;
  status: StatusControl;
  call: CallControl;
  i18n: I18n;
  driver: SoftphoneDriver;
}

/** What the agent arranged, kept across sign-ins on this computer. */
interface Saved {
  position?: Point | null;
  volume?: number;
  microphoneId?: string | null;
  speakerId?: string | null;
}

export function createSoftphoneService(d: SoftphoneDeps): SoftphoneApi {
  const { store, driver, call } = d;
  const enabled = d.agent.hasWebRtc && !!d.agent.extension;
  store.configure({ enabled, autoAnswer: d.agent.autoAnswer, autoAnswerTime: d.agent.autoAnswerTime });
  if (!enabled) {
    // An external phone (Bria): the status selector does not wait for a softphone.
    d.status.setPhoneConnected(null);
    return disabledApi();
  }

  const t = (key: string, options?: Record<string, unknown>) =>
    d.i18n.t(key, { ns: "softphone", ...options });
  const saved = readJson(driver.storage, STORAGE_KEY);
  if (saved && typeof saved === "object") store.restore(saved as Saved);

  const calls = createCalls({
    clock: d.clock,
    store,
    driver,
    call,
    notify: d.notify,
    t,
    ua: () => connection.ua(),
  });
  const connection = createConnection({
    http: d.http,
    clock: d.clock,
    store,
    driver,
    notify: d.notify,
    t,
    onIncoming: calls.incoming,
  });
  const devices = createDevices({ store, driver, sessions: calls.sessions });
  const compliance = createCompliance({ http: d.http, clock: d.clock, store });
  /** After every edit of the number field: on a call the keys are DTMF, nothing is dialled. */
  const dialEdited = () => compliance.edited("dial", store.dialText, !onCall());

  const onCall = () => store.sessionIds.length > 0 || call.current.active;
  let disposed = false;
  let gestured = false;
  let ready = Promise.resolve();

  const cleanups = [
    reaction(
      () => store.connected,
      (on) => d.status.setPhoneConnected(on),
      { fireImmediately: true },
    ),
    reaction(
      () => ({
        position: store.position,
        volume: store.volume,
        microphoneId: store.microphoneId,
        speakerId: store.speakerId,
      }),
      (s: Saved) => {
        try {
          driver.storage.setItem(STORAGE_KEY, JSON.stringify(s));
        } catch {
          // Storage full or blocked: the arrangement lasts for this page.
        }
      },
    ),
    // Permission granted: device labels and ids become readable.
    reaction(
      () => store.microphone === "granted",
      (granted) => granted && void devices.refresh(),
    ),
    devices.watch(),
    driver.page.on("online", () => connection.reRegister()),
    driver.page.on("visible", () => connection.reRegister()),
    // The registry has no disposal hook for plugin services: leaving the page is our sign-out.
    driver.page.on("pagehide", () => api.dispose()),
    driver.page.on("gesture", () => {
      calls.unlockAudio();
      if (gestured) return;
      gestured = true;
      askNotifications();
    }),
  ];

  /** Desktop notifications announce ringing calls while the dialer is in the background. */
  function askNotifications() {
    const denied = () => {
      store.setNotificationsDenied(true);
      d.notify.warning(t("webrtc.notifications.permission_denied"));
    };
    const now = driver.notifier.permission();
    if (now === "denied") return denied();
    if (now !== "default") return;
    driver.notifier.request().then(
      (p) => p === "denied" && denied(),
      () => {},
    );
  }

  const api: SoftphoneApi = {
    enabled: true,
    get ready() {
      return ready;
    },
    get onCall() {
      return onCall();
    },
    async start() {
      if (disposed) return;
      await connection.retry();
      if (store.speakerId) await devices.selectSpeaker(store.speakerId);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      cleanups.forEach((c) => c());
      compliance.dispose();
      calls.dispose();
      connection.stop();
      d.status.setPhoneConnected(false);
    },

    typeNumber(text) {
      store.setDialText(sanitizeDial(text, onCall()));
      dialEdited();
    },
    pasteNumber(text, start, end) {
      store.setDialText(pasteDial(store.dialText, start, end, text, onCall()));
      dialEdited();
    },
    press(key) {
      if (!isDialKey(key)) return;
      driver.tones.digit(key);
      const text = store.dialText;
      const voicemail = store.active?.voicemail ?? false;
      // On the voicemail box only the digits after *97 (the PIN) go out (agent-workspace §5).
      if (store.established && (!voicemail || voicemailDtmfAllowed(text + key))) calls.dtmf(key);
      store.setDialText(appendKey(text, key, onCall()));
      dialEdited();
    },
    clearNumber() {
      store.setDialText("");
      dialEdited();
    },
    async dial() {
      const phone = store.dialText;
      if (!phone || store.dialing || onCall()) return;
      store.setDialing(true);
      try {
        // The gate's refusal shows by the field, and nothing is dialled.
        if (!(await compliance.check("dial", phone))) return;
        await call.dial({ phone });
        store.setDialText("");
      } catch {
        // The core shows the refusal (already translated); the number stays for another try.
      } finally {
        store.setDialing(false);
      }
    },
    voicemail: () => calls.voicemail(),

    answer: (id) => calls.answer(id),
    reject: (id) => calls.reject(id),
    hangup: (id) => calls.hangup(id),
    toggleHold: (id) => calls.toggleHold(id),
    toggleMute: (id) => calls.toggleMute(id),
    setTransferTarget: (text) => store.setTransferTarget(sanitizeTransfer(text)),
    transfer: () => calls.transfer(),
    setConferenceTarget(text) {
      store.setConferenceTarget(conferenceDigits(text));
      compliance.edited("conference", store.conferenceTarget, true);
    },
    async conference(action) {
      const phone = action === "initializeConference" ? store.conferenceTarget : undefined;
      if (action === "initializeConference" && !phone) return;
      if (phone && !(await compliance.check("conference", phone))) return;
      try {
        await call.conference(action, phone);
        if (action === "initializeConference") store.setConferenceTarget("");
      } catch {
        // Shown by the core.
      }
    },

    setVolume: (v) => devices.setVolume(v),
    selectMicrophone: (id) => devices.selectMicrophone(id),
    selectSpeaker: (id) => devices.selectSpeaker(id),
    refreshDevices: () => devices.refresh(),
    unlockAudio: () => calls.unlockAudio(),

    setOpen: (open) => store.setOpen(open),
    moveTo: (p) => store.setPosition(p),
    setShowDevices(on) {
      store.setShowDevices(on);
      if (on) void devices.refresh();
    },
  };

  // setup stays cheap: the line opens once the workspace is up.
  ready = Promise.resolve().then(() => api.start());
  return api;
}

function disabledApi(): SoftphoneApi {
  const nothing = () => {};
  const later = async () => {};
  return {
    enabled: false,
    ready: Promise.resolve(),
    onCall: false,
    start: later,
    dispose: nothing,
    typeNumber: nothing,
    pasteNumber: nothing,
    press: nothing,
    clearNumber: nothing,
    dial: later,
    voicemail: nothing,
    answer: nothing,
    reject: nothing,
    hangup: later,
    toggleHold: nothing,
    toggleMute: nothing,
    setTransferTarget: nothing,
    transfer: nothing,
    setConferenceTarget: nothing,
    conference: later,
    setVolume: nothing,
    selectMicrophone: later,
    selectSpeaker: later,
    refreshDevices: later,
    unlockAudio: nothing,
    setOpen: nothing,
    moveTo: nothing,
    setShowDevices: nothing,
  };
}
