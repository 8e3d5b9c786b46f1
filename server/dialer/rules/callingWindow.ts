// The calling window in the lead's own time zone (TCPA, state rules with their 24-hour caps, CRTC), from the
// calling-window rules through the adapter. Applies to every dial.
import { callingWindowVerdict } from "../callingWindows";
import { ALL_MODES, worded, type LeadRule } from "../facts";

export const callingWindow: LeadRule = {
  name: "calling-window",
  scope: "lead",
  modes: ALL_MODES,
  needsAgent: false,
  check(ctx, lead) {
    const v = callingWindowVerdict(
      { country: lead.country, state: lead.state, timezone: lead.timezone },
      ctx.now,
      { callsLast24h: lead.callsLast24h },
    );
    // English keeps the detailed sentence; other languages say the summary of the zone that decided.
    return worded(v.callable, v.reason, v.summary);
  },
};
