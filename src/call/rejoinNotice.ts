// What the agent is told when its phone dropped mid-call (issue 38: a page reload, a browser crash, the
// network): while the lead waits on hold and the gateway rings the phone back, a persistent warning; once back,
// the warning goes; a call that ended while the phone was away says so until the next call, since its lead
// still awaits a disposition.
import type { TFunction } from "i18next";
import type { AlertService } from "../alerts/alertService";
import type { CallSnapshot } from "../contract/calls";

/** The one alert about the agent's phone and its call (replaced, never stacked). */
export const REJOIN_ALERT_KEY = "call-rejoin";

export function createRejoinNotice(alerts: AlertService, t: TFunction) {
  let shown: "waiting" | "ended" | null = null;
  let callId: number | null = null;
  return {
    /** Every snapshot of the agent's call, as it arrives (pushes, the page's first read). */
    seen(s: CallSnapshot) {
      const r = s.rejoin ?? null;
      const next = r && s.status === "ended" ? "ended" : r && !r.missed ? "waiting" : null;
      if (next === shown && s.callId === callId) return;
      // Another call, or the phone is back: what was said of the last one goes.
      if (shown && (next === null || s.callId !== callId)) alerts.dismissKey(REJOIN_ALERT_KEY);
      shown = next;
      callId = s.callId;
      if (next === "waiting")
        alerts.show(() => t("calls.rejoin.waiting"), {
          type: "warning",
          timeout: null,
          key: REJOIN_ALERT_KEY,
        });
      else if (next === "ended")
        alerts.show(() => t(r!.missed ? "calls.rejoin.missed" : "calls.rejoin.lead_left"), {
          type: "error",
          timeout: null,
          key: REJOIN_ALERT_KEY,
        });
    },
  };
}
