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
    if (e === "none") return fail("Your outbound eligibility is none: no outbound leads.");
    if (lead.ownerId === agent.id) return pass("Your own lead.");
    if (e === "old" && lead.dials === 0)
      return fail("You take only leads already dialled (eligibility old); this one was never dialled.");
    if (e === "new" && lead.dials > 0)
      return fail(`You take only new leads (eligibility new); this one was dialled ${lead.dials} times.`);
    return pass(`Eligibility ${e} allows a lead dialled ${lead.dials} times.`);
  },
};
