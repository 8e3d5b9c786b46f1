// Do Not Call: a lead whose status is Do Not Call, or whose number is on one of the call centre's lists, is never
// dialled, in any mode (reliability.md G2). The claim judges it again, and the compliance gate once more under the
// number's lock just before the call is placed.
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
    if (lead.dncSince !== null) {
      const since = iso(lead.dncSince).slice(0, 10);
      return lead.dncList
        ? fail("dnc_listed_on", { phone: lead.phone, since, list: lead.dncList })
        : fail("dnc_listed", { phone: lead.phone, since });
    }
    return pass("dnc_clear");
  },
};
