// The softphone service: wires the line (connection.ts), the calls (calls.ts) and the audio devices
// (devices.ts) to the slice, keeps the status selector locked while the phone is not connected, and keeps
// the dial pad rules.
import { reaction } from "mobx";
import { readJson, type PluginContext } from "../../src/sdk";
import type { SoftphoneApi, SoftphoneHealth } from "./api";
import { callMediaFigures, type StatsCounters } from "./health";
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

/** The status guard: while the phone is not connected, the agent cannot change status (agent-workspace §4). */
export const CONNECTION_GUARD = "softphone.connection";

/** What the agent arranged, kept across sign-ins on this computer. */
interface Saved {
  position?: Point | null;
  collapsed?: boolean;
  volume?: number;
  microphoneId?: string | null;
  speakerId?: string | null;
}

export function createSoftphoneService(ctx: PluginContext<SoftphoneStore>, driver: SoftphoneDriver): SoftphoneApi {
  const { store, call, agent } = ctx;
  const enabled = agent.hasWebRtc && !!agent.extension;
  // A manager's phone (no qualifier or advisor role) is rung only to supervise agents' calls.
  const listenOnly = !agent.roles.some((r) => r === "qualifier" || r === "advisor");
  store.configure({ enabled, autoAnswer: agent.autoAnswer, autoAnswerTime: agent.autoAnswerTime, listenOnly });
  // An external phone (Bria): no guard, the status selector does not wait for a softphone.
  if (!enabled) return disabledApi();

  // Read at call time, so texts follow the agent's language.
  const t = ctx.t;
  const saved = readJson(driver.storage, STORAGE_KEY);
  if (saved && typeof saved === "object") store.restore(saved as Saved);

  const calls = createCalls({
    clock: ctx.clock,
    store,
    driver,
    call,
    notify: ctx.notify,
    t,
    ua: () => connection.ua(),
  });
  const connection = createConnection({
    http: ctx.http,
    clock: ctx.clock,
    store,
    driver,
    notify: ctx.notify,
    t,
    onIncoming: calls.incoming,
  });
  const devices = createDevices({ store, driver, sessions: calls.sessions });
  const compliance = createCompliance({ http: ctx.http, clock: ctx.clock, store });
  /** After every edit of the number field: on a call the keys are DTMF, nothing is dialled. */
  const dialEdited = () => compliance.edited("dial", store.dialText, !onCall());

  const onCall = () => store.sessionIds.length > 0 || call.current.active;
  let disposed = false;
  let ready = Promise.resolve();

  // Locked until the phone connects, and again whenever it drops (after dispose too: the line is stopped).
  ctx.status.addGuard({
    id: CONNECTION_GUARD,
    blocks: "all",
    reason: () => (store.connected ? null : t("phone.not_connected")),
  });

  const cleanups = [
    reaction(
      () => ({
        position: store.position,
        // Opened by a ringing call, it was not the agent's choice: the next page starts collapsed.
        collapsed: !store.open || store.openedForAttention,
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
    // A ringing call or a phone that cannot work opens the widget; once over, it closes again unless the
    // agent took it over meanwhile (opened or closed it by hand).
    reaction(
      () => store.needsAttention,
      (needed) => (needed ? store.openForAttention() : store.attentionOver()),
      { fireImmediately: true },
    ),
    // Permission granted: device labels and ids become readable.
    reaction(
      () => store.microphone === "granted",
      (granted) => granted && void devices.refresh(),
    ),
    devices.watch(),
    driver.page.on("online", () => connection.reRegister()),
    driver.page.on("visible", () => connection.reRegister()),
    // Leaving the page stops the line as sign-out does (the registry calls dispose() then), except mid-call:
    // no BYE then, the browser just drops the connection, and the gateway keeps the lead on hold and rings the
    // reloaded page's phone back into the call (issue 38). Closing the tab mid-call does the same: the lead
    // hears the goodbye after the wait.
    driver.page.on("pagehide", () => {
      if (!store.established) api.dispose();
    }),
    // After the first click or key: the ringtone and the call's audio may play (autoplay). Heard on click,
    // not on pointerdown, so that nothing it changes on screen moves a button between the press and the
    // release of the agent's first click.
    driver.page.on("gesture", () => calls.unlockAudio()),
  ];

  // Desktop notifications announce ringing calls while the dialer is in the background. The browser asks only
  // when the agent presses the widget's own button (a permission prompt on a random first click is unwelcome,
  // and its answer used to raise an alert that moved the page under the click).
  store.setNotifications(driver.notifier.permission());
  const allowNotifications = async () => {
    try {
      store.setNotifications(await driver.notifier.request());
    } catch {
      store.setNotifications(driver.notifier.permission());
    }
  };

  // The counters of the last reading per SIP session, so each reading's packet loss is of its own interval.
  const lastStats = new WeakMap<object, StatsCounters>();
  async function health(): Promise<SoftphoneHealth> {
    const session = calls.activeSession();
    let media: SoftphoneHealth["call"] = null;
    if (session && store.established) {
      const report = await session.stats().catch(() => null);
      const read = report ? callMediaFigures(report.values() as Iterable<never>, lastStats.get(session) ?? null) : null;
      if (read) {
        lastStats.set(session, read.counters);
        media = read.figures;
      }
    }
    return { enabled, registration: store.registration, microphone: store.microphone, call: media };
  }

  const api: SoftphoneApi = {
    health,
    enabled: true,
    allowNotifications,
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
    dock: () => store.setPosition(null),
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
    allowNotifications: later,
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
    dock: nothing,
    setShowDevices: nothing,
    health: async () => ({ enabled: false, registration: "idle", microphone: "unknown", call: null }),
  };
}
