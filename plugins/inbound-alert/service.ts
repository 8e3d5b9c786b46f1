// Shows the 'Inbound Call Alert' when an inbound call rings for this agent's extension (the gateway sets
// inboundAlert only for the extension the tenant configured), and beeps every 500 ms until the agent
// dismisses it. The beeping also stops once that call is no longer ringing (answered, ended, or another
// call): a tone for a call that can no longer be answered only distracts. The popup itself stays until
// Dismiss, as the specification says, so the agent still sees who called.
import { reaction } from "mobx";
import type { PluginContext } from "../../src/sdk";
import type { InboundAlertApi, TonePlayer } from "./api";
import type { InboundAlertStore } from "./model";
import { repeatEvery } from "./repeat";

export const REPEAT_MS = 500;

export function createInboundAlertService(ctx: PluginContext<InboundAlertStore>, tone: TonePlayer): InboundAlertApi {
  const { store, call, clock } = ctx;
  let stopSound: (() => void) | null = null;

  const beep = () => {
    // A blocked or failing beep must never break the loop or the page.
    try {
      tone.play().catch(() => {});
    } catch {
      // ignored, as above
    }
  };
  const silence = () => {
    stopSound?.();
    stopSound = null;
    store.silence();
  };

  /** The call that should be alerting now, or null. */
  const ringing = () => {
    const c = call.current;
    return c.status === "incoming" && c.direction === 1 && c.inboundAlert ? c.callId : null;
  };

  const follow = () => {
    const callId = ringing();
    if (callId !== null && callId !== store.callId) {
      silence();
      store.show({ callId, phone: call.current.phone, name: call.current.name });
      stopSound = repeatEvery(clock, REPEAT_MS, beep);
    } else if (store.sounding && callId !== store.callId) {
      silence();
    }
  };

  return {
    watch() {
      const stop = reaction(
        () => [call.current.callId, call.current.status, call.current.direction, call.current.inboundAlert],
        follow,
        { fireImmediately: true },
      );
      return () => {
        stop();
        silence();
      };
    },
    dismiss() {
      silence();
      store.dismiss();
    },
  };
}
