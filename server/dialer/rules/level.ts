// Dials per level: an agent of level n is given leads dialled at least the level's minimum number of times
// (index n-1 of the setting; a level past the list has no minimum).
import { AUTO_ONLY, fail, pass, type LeadRule } from "../facts";

export const level: LeadRule = {
  name: "level",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: true,
  check(ctx, lead) {
    const agent = ctx.agent!;
    if (lead.ownerId === agent.id) return pass("own_lead");
    const min = ctx.settings.dialsPerLevel.params[agent.level - 1] ?? 0;
    return lead.dials >= min
      ? pass("level_ok", { level: agent.level, min, dials: lead.dials })
      : fail("level_low", { level: agent.level, min, dials: lead.dials });
  },
};
