// Enforced follow-ups (agent-workspace §2, booking-and-reference §4): while the agent has overdue ones, Ready
// is disabled and a persistent unique error alert says so; both clear when none are left.
import type { Notify, StatusControl } from "../../src/core/services";

export const OVERDUE_ALERT_KEY = "setters.overdueFollowUpsMessage";

/** Returns the function each refresh calls with what the gateway said, and one that clears at sign-out. */
export function overdueEnforcer(status: StatusControl, notify: Notify, message: () => string) {
  let shown = false;
  const update = (enforced: boolean, overdue: number) => {
    const on = enforced && overdue > 0;
    status.setOverdueFollowUps(on);
    // Shown once when it starts holding, not at every refresh: an alert re-appearing each minute is noise.
    if (on && !shown) notify.show(message(), { type: "error", timeout: null, key: OVERDUE_ALERT_KEY });
    if (!on && shown) notify.dismissKey(OVERDUE_ALERT_KEY);
    shown = on;
  };
  const clear = () => {
    if (shown) notify.dismissKey(OVERDUE_ALERT_KEY);
    shown = false;
  };
  return { update, clear };
}
