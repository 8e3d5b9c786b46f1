// The voicemail-detection flow (agent-workspace §4): a machine verdict on the agent's call starts a countdown;
// at 0 the call is hung up, the lead is disposed as Voicemail, saved 1 s later through the dispositions
// plugin, and the agent continues or stays in after-call work by the autoDialAfterVoicemail flag. While it
// counts and saves, it holds the lead's disposition, so the panel offers no second one.
import { reaction } from "mobx";
import type { z } from "zod";
import type { VoicemailDetectionPush } from "../../src/contract/calls";
import { idempotencyKey, watching, type PluginContext } from "../../src/sdk";
import { dispositionSaved, type DispositionBody, type DispositionsApi } from "../dispositions/api";
import type { VoicemailDetectionApi, VoicemailDetectionState } from "./api";
import type { VoicemailConfig } from "./config";
import { startCountdown } from "./countdown";
import { voicemailApplies } from "./eligibility";
import type { VoicemailStore } from "./model";

/** The specification's "voicemail auto-save delay" (§9). */
export const SAVE_DELAY_MS = 1000;

export interface VoicemailService extends VoicemailDetectionApi {
  /** A "voicemail-detection" push, already parsed. */
  handle(push: z.output<typeof VoicemailDetectionPush>): void;
  dispose(): void;
}

/** The automatic Voicemail as the gateway takes it: no notes, no reason, tied to the call. */
export function voicemailBody(callId: number): DispositionBody {
  return {
    disposition: {
      disposition: "Voicemail",
      notes: "",
      date_time: null,
      reason: null,
      reason_other: null,
      reschedule_followup: false,
      short_call: false,
    },
    call_id: callId,
  };
}

export function createVoicemailService(
  ctx: PluginContext<VoicemailStore, VoicemailConfig>,
  dispositions: DispositionsApi,
): VoicemailService {
  const { store, call, clock } = ctx;
  let stopCountdown: (() => void) | null = null;
  let stopWatchingCall: (() => void) | null = null;
  /** The disposition being saved: its key is reused by every retry, the agent's included. */
  let pending: { leadId: number; callId: number; key: string } | null = null;

  const halt = () => {
    stopCountdown?.();
    stopCountdown = null;
  };

  const save = async () => {
    if (!pending) return;
    const outcome = await dispositions.save(pending.leadId, voicemailBody(pending.callId), {
      key: pending.key,
    });
    if (!outcome.ok) {
      store.failed(outcome.retryable);
      ctx.notify.error(ctx.t("notify.failed"));
      return;
    }
    pending = null;
    store.saved();
    ctx.notify.success(ctx.t("notify.saved"));
    // The gateway already moved the agent to after-call work at hangup: "stop" has nothing left to do.
    if (ctx.config.autoDialAfterVoicemail) void ctx.status.request("ready").catch(() => {});
  };

  const expire = () => {
    stopCountdown = null;
    store.disposing();
    pending = { leadId: store.leadId!, callId: store.callId!, key: idempotencyKey() };
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
      seconds: ctx.config.countdownSeconds,
    });
    stopCountdown = startCountdown(clock, ctx.config.countdownSeconds, (left) => store.tick(left), expire);
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

  // The lead's disposition is this flow's while it counts and saves; a failed save hands it back to the
  // agent's panel.
  let release: (() => void) | null = null;
  const stopHolding = reaction(
    () => (store.busy ? store.leadId : null),
    (leadId) => {
      release?.();
      release = leadId === null ? null : dispositions.hold(leadId, () => ctx.t("hold"));
    },
    { fireImmediately: true },
  );
  // The agent disposed the lead from the panel after a failed save: nothing is left to try again.
  const stopListening = ctx.events.on(dispositionSaved, (saved) => {
    if (store.phase !== "failed" || saved.leadId !== store.leadId || saved.rescheduled) return;
    pending = null;
    store.clear();
  });

  // The call is watched, and a machine counted down, only while a panel is on screen.
  const watched = watching(
    () => {
      stopWatchingCall = watchCall();
    },
    () => {
      stopWatchingCall?.();
      stopWatchingCall = null;
      cancelCountdown();
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
          if (watched.active) activate(push);
          break;
        case "AMD-Human-voice": // a later human verdict wins: never hang up on a person
        case "hangup":
          if (store.callId === push.callId) cancelCountdown();
          break;
        case "talk":
          break;
      }
    },
    watch: watched.watch,
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
    dispose() {
      halt();
      stopWatchingCall?.();
      stopHolding();
      stopListening();
      release?.();
    },
  };
}
