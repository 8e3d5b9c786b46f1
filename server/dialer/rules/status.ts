// A lead whose status closes it (a sale, a transfer, not interested…) is not dialled again, unless the agent
// owes it a follow-up. Which statuses close a lead is the disposition traits' `final` (src/contract).
import { FINAL_STATUSES } from "../../../src/contract/dispositions";
import { AUTO_ONLY, fail, pass, type LeadRule } from "../facts";

const FINAL = new Set<string>(FINAL_STATUSES);

export const status: LeadRule = {
  name: "status",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: false,
  check(ctx, lead) {
    const f = lead.followUp;
    if (f && (!ctx.agent || f.agentId === ctx.agent.id)) return pass("status_follow_up");
    if (FINAL.has(lead.status)) return fail("status_closed", { status: lead.status });
    return pass("status_ok", { status: lead.status });
  },
};
