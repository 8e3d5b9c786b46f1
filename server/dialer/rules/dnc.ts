// Do Not Call: a lead whose status is Do Not Call, or whose number is on the call centre's list, is never
// dialled, in any mode (reliability.md G2). The claim re-checks it inside its transaction.
import { isDoNotCall } from "../callingWindows";
import { ALL_MODES, fail, iso, pass, type LeadRule } from "../facts";

export const DO_NOT_CALL = "Do Not Call";

export const dnc: LeadRule = {
  name: "dnc",
  scope: "lead",
  modes: ALL_MODES,
  needsAgent: false,
  check(_ctx, lead) {
    if (isDoNotCall(lead.status)) return fail("dnc_status");
    if (lead.dncSince !== null)
      return fail("dnc_listed", { phone: lead.phone, since: iso(lead.dncSince).slice(0, 10) });
    return pass("dnc_clear");
  },
};
