// Language: bilingual agents take any lead; the others take leads of their own language.
import { AUTO_ONLY, fail, pass, type LeadRule } from "../facts";

export const language: LeadRule = {
  name: "language",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: true,
  check(ctx, lead) {
    const agent = ctx.agent!;
    if (lead.ownerId === agent.id) return pass("own_lead");
    if (agent.isBilingual) return pass("language_bilingual");
    return lead.language === agent.language
      ? pass("language_same", { language: lead.language })
      : fail("language_other", { language: lead.language, agentLanguage: agent.language });
  },
};
