// Enforced follow-ups (agent-workspace §2, booking-and-reference §4): while the agent has overdue ones, Ready
// is kept away (a status guard, whose reason the selector and Save & Next show) and a persistent unique error
// alert says so; both clear when none are left.
import { reaction } from "mobx";
import type { PluginContext } from "../../src/sdk";

export const OVERDUE_ALERT_KEY = "setters.overdueFollowUpsMessage";

/** Keeps Ready away while `overdue()` holds (observed); returns the function that stops at sign-out. */
export function enforceOverdueFollowUps(ctx: PluginContext, overdue: () => boolean): () => void {
  const message = () => ctx.t("setters.overdueFollowUpsMessage");
  const removeGuard = ctx.status.addGuard({
    id: "user-summary.overdue",
    blocks: "ready",
    reason: () => (overdue() ? message() : null),
  });
  // Shown once when it starts holding, not at every refresh: an alert re-appearing each minute is noise.
  const stopAlert = reaction(overdue, (on) => {
    if (on) ctx.notify.show(message(), { type: "error", timeout: null, key: OVERDUE_ALERT_KEY });
    else ctx.notify.dismissKey(OVERDUE_ALERT_KEY);
  });
  return () => {
    stopAlert();
    removeGuard();
    if (overdue()) ctx.notify.dismissKey(OVERDUE_ALERT_KEY);
  };
}
