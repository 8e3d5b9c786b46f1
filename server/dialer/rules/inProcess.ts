// Two agents never hold the same lead: a lead in process (claimed by a dial, not yet disposed) is skipped. The
// agent's own claim blocks a second auto pick, not the agent's own follow-up dial or redial. A claim older
// than CLAIM_TTL_MS has lapsed (load.ts leaves it out).
import { ALL_MODES, fail, hhmmIn, pass, type LeadRule } from "../facts";

export const inProcess: LeadRule = {
  name: "in-process",
  scope: "lead",
  modes: ALL_MODES,
  needsAgent: false,
  check(ctx, lead) {
    const c = lead.claim;
    if (!c) return pass("in_process_free");
    const since = `${hhmmIn(c.since, ctx.tenant.timezone)} ${ctx.tenant.timezone}`;
    if (ctx.agent && c.agentId === ctx.agent.id)
      return ctx.mode === "auto"
        ? fail("in_process_mine_auto", { since })
        : pass("in_process_mine");
    return fail("in_process_other", { since });
  },
};
