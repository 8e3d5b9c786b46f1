// Held: a plugin keeps the lead from the dialer (ctx.leads.hold: the lead-lists plugin's paused list). The pool
// query already leaves held leads out (select.ts); this rule says why in "Why this lead?". A follow-up the agent owes
// the lead still goes: the agent promised the call.
import { AUTO_ONLY, fail, pass, type LeadRule } from "../facts";

export const held: LeadRule = {
  name: "held",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: false,
  check(ctx, lead) {
    if (lead.heldBy === null) return pass("held_none");
    const f = lead.followUp;
    if (f && (!ctx.agent || f.agentId === ctx.agent.id)) return pass("held_follow_up", { list: lead.heldBy });
    return fail("held_by", { list: lead.heldBy });
  },
};
