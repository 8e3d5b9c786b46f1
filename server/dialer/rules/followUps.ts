// Follow-ups: a lead whose follow-up is not due yet waits for it; another agent's follow-up is that agent's;
// with enforced follow-ups an agent who has overdue ones gets only its follow-ups until they are dialled or
// rescheduled (booking-and-reference §8).
import { AUTO_ONLY, fail, iso, pass, type LeadRule } from "../facts";

export const followUps: LeadRule = {
  name: "follow-ups",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: false,
  check(ctx, lead) {
    const f = lead.followUp;
    const window = ctx.settings.followUpWindowMs;
    const mine = !!f && (!ctx.agent || f.agentId === ctx.agent.id);
    if (f && !mine) return fail("follow_up_other");
    if (f && ctx.now < f.startsAt - window)
      return fail("follow_up_later", { at: iso(f.startsAt), from: iso(f.startsAt - window) });
    const overdue = ctx.agent?.overdueFollowUps ?? 0;
    if (ctx.settings.dialer["enforced-follow-ups"] && overdue > 0 && !mine)
      return fail(overdue === 1 ? "follow_up_overdue_one" : "follow_up_overdue_other", { count: overdue });
    return pass(f ? "follow_up_due" : "follow_up_none");
  },
};
