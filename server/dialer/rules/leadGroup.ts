// Lead groups: an advisor is given pool leads whose marketing prefix is in one of its lead groups.
import { AUTO_ONLY, fail, pass, type LeadRule } from "../facts";

export const leadGroup: LeadRule = {
  name: "lead-group",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: true,
  check(ctx, lead) {
    const agent = ctx.agent!;
    if (lead.ownerId === agent.id) return pass("own_lead");
    if (agent.role !== "advisor") return pass("lead_group_advisors");
    if (!lead.prefix) return fail("lead_group_no_prefix");
    return agent.groupPrefixes.has(lead.prefix)
      ? pass("lead_group_in", { prefix: lead.prefix })
      : fail("lead_group_out", { prefix: lead.prefix });
  },
};
