// Campaigns: a pool lead is dialled only while its campaign is active, and by qualifiers only when they are
// assigned to that campaign (campaign_qualifiers). The agent's own leads are its own whatever the campaign.
import { AUTO_ONLY, fail, pass, type LeadRule } from "../facts";

export const campaign: LeadRule = {
  name: "campaign",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: true,
  check(ctx, lead) {
    const agent = ctx.agent!;
    if (lead.ownerId === agent.id) return pass("Your own lead.");
    if (lead.campaignId === null) return fail("The lead is in no campaign.");
    const c = ctx.tenant.campaigns.get(lead.campaignId);
    if (!c) return fail("The lead's campaign does not exist.");
    if (!c.active) return fail(`Campaign '${c.name}' is not active.`);
    if (agent.role === "qualifier" && !agent.campaignIds.has(lead.campaignId))
      return fail(`You are not assigned to campaign '${c.name}'.`);
    return pass(`Campaign '${c.name}'.`);
  },
};
