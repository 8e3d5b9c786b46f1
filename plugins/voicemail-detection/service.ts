// The voicemail-detection flow (agent-workspace §4): a machine verdict on the agent's call starts a countdown;
// at 0 the call is hung up, the lead is disposed as Voicemail, saved 1 s later, and the agent continues or
// stays in after-call work by the autoDialAfterVoicemail flag.
import type { AxiosInstance } from "axios";
import { reaction } from "mobx";
import type { VoicemailDetectionPush } from "../../src/contract/calls";
import type { Clock } from "../../src/core/clock";
import type { CallControl, Notify, StatusControl } from "../../src/core/services";
import type { z } from "zod";
import type { VoicemailDetectionApi, VoicemailDetectionState } from "./api";
import type { VoicemailConfig } from "./config";
import { startCountdown } from "./countdown";
import { voicemailApplies } from "./eligibility";
import type { VoicemailStore } from "./model";
import { newIdempotencyKey, saveVoicemail, type VoicemailSave } from "./saveVoicemail";

/** The specification's "voicemail auto-save delay" (§9). */
export const SAVE_DELAY_MS = 1000;

export interface VoicemailService extends VoicemailDetectionApi {
  /** A "voicemail-detection" push, already parsed. */
  handle(push: z.output<typeof VoicemailDetectionPush>): void;
}

export function createVoicemailService(deps: {
  store: VoicemailStore;
  call: CallControl;
  clock: Clock;
  http: AxiosInstance;
  notify: Notify;
  status: StatusControl;
  config: VoicemailConfig;
  /** Translates a key of the plugin's namespace. */
  t: (key: string) => string;
  newKey?: () => string;
}): VoicemailService {
  const { store, call, clock } = deps;
  const newKey = deps.newKey ?? newIdempotencyKey;
  let watchers = 0;
  let stopCountdown: (() => void) | null = null;
  let stopWatchingCall: (() => void) | null = null;
  /** The disposition being saved: its key is reused by every retry. */
  let pending: VoicemailSave | null = null;

  const halt = () => {
    stopCountdown?.();
    stopCountdown = null;
  };

  const save = async () => {
    if (!pending) return;
    const outcome = await saveVoicemail(deps.http, clock, pending);
    if (!outcome.ok) {
      store.failed(outcome.retryable);
      deps.notify.error(deps.t("notify.failed"));
      return;
    }
    pending = null;
    store.saved();
    deps.notify.success(deps.t("notify.saved"));
    // The gateway already moved the agent to after-call work at hangup: "stop" has nothing left to do.
    if (deps.config.autoDialAfterVoicemail) void deps.status.request("ready").catch(() => {});
  };

  const expire = () => {
    stopCountdown = null;
    store.disposing();
    pending = { leadId: store.leadId!, callId: store.callId!, key: newKey() };
    // A refused hangup is shown by the core; the machine still answered, so the lead is disposed anyway.
    void call.hangup().catch(() => {});
    clock.setTimeout(() => void save(), SAVE_DELAY_MS);
  };

  const activate = (push: z.output<typeof VoicemailDetectionPush>) => {
    const current = call.current;
    const leadId = push.leadId ?? current.currentLeadId;
    if (store.phase !== "idle" || store.declinedCallId === push.callId) return;
    if (!voicemailApplies(current, leadId)) return;
    store.activate({
      callId: push.callId,
      leadId: leadId!,
      channel: push.channel,
      seconds: deps.config.countdownSeconds,
    });
    stopCountdown = startCountdown(clock, deps.config.countdownSeconds, (left) => store.tick(left), expire);
  };

  // Only a countdown may still be cancelled: once the call is hung up, the save must finish.
  const cancelCountdown = () => {
    if (store.phase !== "counting") return;
    halt();
    store.clear();
  };

  const watchCall = () =>
    reaction(
      () => ({ callId: call.current.callId, status: call.current.status }),
      (now, before) => {
        if (now.callId !== before.callId) store.newCall();
        if (store.phase !== "counting") return;
        if (now.callId !== store.callId || now.status !== "answered") cancelCountdown();
      },
    );

  return {
    get state(): VoicemailDetectionState {
      return store;
    },
    get busy() {
      return store.busy;
    },
    handle(push) {
      if (push.callId !== call.current.callId) return; // another (older) call of the agent
      store.heard(push.event);
      switch (push.event) {
        case "AMD-Machine-Vm-WA":
          // Only with a panel on screen: nobody hangs up an agent's call without a countdown they can stop.
          if (watchers > 0) activate(push);
          break;
        case "AMD-Human-voice": // a later human verdict wins: never hang up on a person
        case "hangup":
          if (store.callId === push.callId) cancelCountdown();
          break;
        case "talk":
          break;
      }
    },
    watch() {
      if (watchers++ === 0) stopWatchingCall = watchCall();
      return () => {
        if (--watchers > 0) return;
        stopWatchingCall?.();
        stopWatchingCall = null;
        cancelCountdown();
      };
    },
    notAVoicemail() {
      if (store.phase !== "counting") return;
      halt();
      store.decline();
    },
    retry() {
      if (store.phase !== "failed" || !store.retryable || !pending) return;
      store.disposing();
      void save();
    },
  };
}
