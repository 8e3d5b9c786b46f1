// Lead groups: an advisor is given pool leads whose marketing prefix is in one of its lead groups.
import { AUTO_ONLY, fail, pass, type LeadRule } from "../facts";

export const leadGroup: LeadRule = {
  name: "lead-group",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: true,
  check(ctx, lead) {
    const agent = ctx.agent!;
    if (lead.ownerId === agent.id) return pass("Your own lead.");
    if (agent.role !== "advisor") return pass("Lead groups apply to advisors.");
    if (!lead.prefix) return fail("The lead has no marketing prefix.");
    return agent.groupPrefixes.has(lead.prefix)
      ? pass(`Prefix ${lead.prefix} is in one of your lead groups.`)
      : fail(`Prefix ${lead.prefix} is in none of your lead groups.`);
  },
};
