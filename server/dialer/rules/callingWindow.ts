// The calling window (TCPA, state rules with their 24-hour caps, CRTC) in the lead's own time zone and in every
// zone of the number dialled (its area code's), from the calling-window rules through the adapter. Applies to
// every dial. The number's zones are the compliance gate's (server/compliance/numberWindow.ts): a lead the
// engine picks is one the gate lets through.
import { numberWindow } from "../../compliance/numberWindow";
import { numberRegion } from "../../geo/numbers";
import { toE164 } from "../../modules/calls/phone";
import { callingWindowVerdict } from "../callingWindows";
import { ALL_MODES, fail, worded, type LeadRule } from "../facts";

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
    if (v.callable) {
      const own = numberWindow(numberRegion(toE164(lead.phone)), ctx.now, lead.callsLast24h);
      if (!own.callable)
        return own.noZone
          ? fail("window_number_no_zone", { phone: lead.phone })
          : worded(false, own.verdict.reason, own.verdict.summary);
    }
    // English keeps the detailed sentence; other languages say the summary of the zone that decided.
    return worded(v.callable, v.reason, v.summary);
  },
};
