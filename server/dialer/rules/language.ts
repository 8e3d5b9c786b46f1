// Language: bilingual agents take any lead; the others take leads of their own language.
import { AUTO_ONLY, fail, pass, type LeadRule } from "../facts";

export const language: LeadRule = {
  name: "language",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: true,
  check(ctx, lead) {
    const agent = ctx.agent!;
    if (lead.ownerId === agent.id) return pass("Your own lead.");
    if (agent.isBilingual) return pass("You are bilingual.");
    return lead.language === agent.language
      ? pass(`The lead speaks ${lead.language}, as you do.`)
      : fail(`The lead speaks ${lead.language}; you take ${agent.language} leads.`);
  },
};
