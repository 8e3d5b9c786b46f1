// The agent's SIP sessions: the gateway's INVITEs (answered at once when X-Dialer-Auto-Answer is "true",
// ringing otherwise), the voicemail box, and what the agent does on a call (agent-workspace §2, §4).
import type { CallControl, Clock, Notify } from "../../src/sdk";
import { SIP_HEADERS, VOICEMAIL_SHORTCUT } from "../../src/contract/calls";
import { ANSWER_TRIGGER_RESET_MS, RINGER_INTERACTION_RESET_MS } from "./constants";
import type { SoftphoneDriver } from "./driver";
import { microphoneConstraints } from "./media/constraints";
import type { SessionDetailIn, SoftphoneStore } from "./model";
import type { Unsubscribe } from "./emitter";
import type { SipSession, SipUa } from "./ports";
import { namedTimers } from "./timers";

export interface CallsDeps {
  clock: Clock;
  store: SoftphoneStore;
  driver: SoftphoneDriver;
  call: CallControl;
  notify: Notify;
  t: (key: string, options?: Record<string, unknown>) => string;
  ua(): SipUa | null;
}

const toId = (v: string | null) => {
  const n = v === null ? NaN : Number.parseInt(v, 10);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

export function createCalls(d: CallsDeps) {
  const { store, clock, driver } = d;
  const timers = namedTimers(clock);
  const sessions = new Map<string, SipSession>();
  /** Sessions rung back into an answered call: when, by this page's clock, the call was answered. */
  const talkedSince = new Map<string, number>();
  const offs = new Map<string, Unsubscribe[]>();
  let ringing = false;
  let lastStream: MediaStream | null = null;

  const media = () => microphoneConstraints(store.microphoneId);

  function playRemote(stream: MediaStream) {
    lastStream = stream;
    driver.audio.play(stream).then(
      () => store.setAudioBlocked(false),
      // Autoplay: the browser wants a gesture first; the widget offers "Enable sound".
      () => store.setAudioBlocked(true),
    );
  }

  /** The ringtone follows whether any inbound call rings. */
  function syncRingtone() {
    const shouldRing = store.ringing.length > 0;
    if (shouldRing === ringing) return;
    ringing = shouldRing;
    if (shouldRing) driver.tones.startRinging().catch(() => store.setAudioBlocked(true));
    else driver.tones.stopRinging();
  }

  function established(id: string) {
    const s = store.sessionDetails.get(id);
    const talkedFrom = talkedSince.get(id);
    talkedSince.delete(id);
    if (s && s.state !== "established")
      store.updateSession(id, { state: "established", answeredAt: talkedFrom ?? clock.now() });
    syncRingtone();
  }

  function finished(id: string) {
    offs.get(id)?.forEach((off) => off());
    offs.delete(id);
    sessions.delete(id);
    talkedSince.delete(id);
    timers.clear(`auto-answer:${id}`);
    store.removeSession(id);
    syncRingtone();
    if (sessions.size === 0) {
      driver.audio.stop();
      lastStream = null;
      // DTMF digits (a voicemail PIN among them) do not outlive the call.
      store.setDialText("");
    }
  }

  function track(s: SipSession, detail: SessionDetailIn) {
    sessions.set(s.id, s);
    store.addSession(detail);
    offs.set(s.id, [
      s.on("accepted", () => established(s.id)),
      s.on("confirmed", () => established(s.id)),
      s.on("ended", () => finished(s.id)),
      s.on("failed", () => finished(s.id)),
      s.on("hold", () => store.updateSession(s.id, { onHold: true })),
      s.on("unhold", () => store.updateSession(s.id, { onHold: false })),
      s.on("muted", () => store.updateSession(s.id, { muted: true })),
      s.on("unmuted", () => store.updateSession(s.id, { muted: false })),
      s.on("remoteStream", playRemote),
    ]);
  }

  /** Answers once: a click and the auto-answer timer (or two clicks) must not answer twice. */
  function answerSession(id: string) {
    const s = sessions.get(id);
    if (!s || store.answering === id) return;
    store.setAnswering(id);
    timers.set(
      "answer-trigger",
      ANSWER_TRIGGER_RESET_MS,
      () => store.answering === id && store.setAnswering(null),
    );
    timers.clear(`auto-answer:${id}`);
    store.updateSession(id, { state: "connecting" });
    syncRingtone();
    s.answer(media());
  }

  /** Answer and Reject stay disabled a moment after the agent used one of them. */
  function ringerInteraction(): boolean {
    if (store.ringerInteraction) return false;
    store.setRingerInteraction(true);
    timers.set("ringer", RINGER_INTERACTION_RESET_MS, () => store.setRingerInteraction(false));
    return true;
  }

  const activeSession = () => {
    const id = store.active?.id;
    return id ? sessions.get(id) : undefined;
  };

  return {
    sessions: () => [...sessions.values()],
    /** The call the agent is on (not one ringing or held aside), for the health report's audio figures. */
    activeSession,

    incoming(s: SipSession) {
      const auto = s.header(SIP_HEADERS.autoAnswer)?.trim().toLowerCase() === "true";
      // Rung back into a call that was already answered (the page reloaded mid-call): its timer goes on.
      const talked = Number(s.header(SIP_HEADERS.talkedMs));
      if (Number.isFinite(talked) && talked > 0) talkedSince.set(s.id, clock.now() - talked);
      track(s, {
        id: s.id,
        direction: "incoming",
        number: s.remoteUser,
        name: s.remoteName,
        state: auto ? "connecting" : "ringing",
        autoAnswer: auto,
        callId: toId(s.header(SIP_HEADERS.callId)),
        leadId: toId(s.header(SIP_HEADERS.leadId)),
        callType: s.header(SIP_HEADERS.callType),
        createdAt: clock.now(),
      });
      // A call the agent asked for (manual or auto dial): the agent's leg is answered at once.
      if (auto) return answerSession(s.id);
      syncRingtone();
      if (driver.page.hidden()) {
        driver.notifier.show(
          d.t("notification.title"),
          d.t("notification.body", { number: s.remoteName || s.remoteUser }),
          () => {},
        );
      }
      if (store.autoAnswer) {
        const delay = store.autoAnswerTime * 1000;
        if (delay <= 0) answerSession(s.id);
        else timers.set(`auto-answer:${s.id}`, delay, () => answerSession(s.id));
      }
    },

    answer(id: string) {
      if (ringerInteraction()) answerSession(id);
    },

    reject(id: string) {
      const s = sessions.get(id);
      if (!s || !ringerInteraction()) return;
      timers.clear(`auto-answer:${id}`);
      s.reject();
    },

    /** BYE (or CANCEL) on the session; without a SIP leg, the gateway ends the call. */
    async hangup(id?: string) {
      const s = id ? sessions.get(id) : activeSession();
      if (s) return s.terminate();
      await d.call.hangup().catch(() => {
        // The core shows refusals itself.
      });
    },

    toggleHold(id: string) {
      const s = sessions.get(id);
      const detail = store.sessionDetails.get(id);
      if (!s || !detail) return;
      if (detail.onHold) s.unhold();
      else s.hold();
    },

    toggleMute(id: string) {
      const s = sessions.get(id);
      const detail = store.sessionDetails.get(id);
      if (!s || !detail) return;
      if (detail.muted) s.unmute();
      else s.mute();
    },

    /** A dial pad key on an answered call goes out as SIP INFO. */
    dtmf(key: string) {
      if (store.active?.state !== "established") return;
      activeSession()?.sendDtmf(key);
    },

    transfer() {
      const target = store.transferTarget;
      const s = activeSession();
      if (!target || !s || store.active?.state !== "established") return;
      s.refer(target);
      store.setTransferTarget("");
    },

    /** The only INVITE the softphone sends itself: the voicemail box. */
    voicemail() {
      const ua = d.ua();
      if (!ua || !store.connected || sessions.size > 0) return;
      let s: SipSession;
      try {
        s = ua.call(VOICEMAIL_SHORTCUT, media());
      } catch {
        return;
      }
      store.setDialText(VOICEMAIL_SHORTCUT);
      track(s, {
        id: s.id,
        direction: "outgoing",
        number: VOICEMAIL_SHORTCUT,
        name: "",
        state: "ringing",
        voicemail: true,
        createdAt: clock.now(),
      });
    },

    /** After a user gesture: the ringtone and the remote audio may play now. */
    unlockAudio() {
      driver.tones.unlock().then(
        () => {
          if (!store.audioBlocked) return;
          store.setAudioBlocked(false);
          if (ringing) driver.tones.startRinging().catch(() => store.setAudioBlocked(true));
          if (lastStream) playRemote(lastStream);
        },
        () => {},
      );
    },

    dispose() {
      timers.clearAll();
      for (const s of sessions.values()) s.terminate();
      driver.tones.stopRinging();
      driver.audio.stop();
    },
  };
}
export type Calls = ReturnType<typeof createCalls>;
