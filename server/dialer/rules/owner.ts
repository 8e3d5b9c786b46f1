// An agent's lead (an advisor's client, a qualifier's follow-up) is dialled by that agent only.
import { ALL_MODES, fail, pass, type LeadRule } from "../facts";

export const owner: LeadRule = {
  name: "owner",
  scope: "lead",
  modes: ALL_MODES,
  needsAgent: true,
  check(ctx, lead) {
    if (lead.ownerId === null) return pass("nobody_owns");
    return lead.ownerId === ctx.agent!.id ? pass("own_lead") : fail("owned_by_other");
  },
};
