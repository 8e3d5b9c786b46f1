// Outbound eligibility: old = leads already dialled, new = never dialled, both, none = no outbound leads.
import { AUTO_ONLY, fail, pass, type LeadRule } from "../facts";

export const eligibility: LeadRule = {
  name: "eligibility",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: true,
  check(ctx, lead) {
    const agent = ctx.agent!;
    const e = agent.outboundEligibility;
    if (e === "none") return fail("eligibility_none");
    if (lead.ownerId === agent.id) return pass("own_lead");
    if (e === "old" && lead.dials === 0)
      return fail("eligibility_old");
    if (e === "new" && lead.dials > 0)
      return fail("eligibility_new", { dials: lead.dials });
    return pass("eligibility_ok", { eligibility: e, dials: lead.dials });
  },
};
