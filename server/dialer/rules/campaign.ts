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
    if (lead.ownerId === agent.id) return pass("own_lead");
    if (lead.campaignId === null) return fail("campaign_none");
    const c = ctx.tenant.campaigns.get(lead.campaignId);
    if (!c) return fail("campaign_missing");
    if (!c.active) return fail("campaign_inactive", { campaign: c.name });
    if (agent.role === "qualifier" && !agent.campaignIds.has(lead.campaignId))
      return fail("campaign_not_assigned", { campaign: c.name });
    return pass("campaign_ok", { campaign: c.name });
  },
};
