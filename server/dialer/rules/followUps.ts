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
    if (f && !mine) return fail("The lead's follow-up belongs to another agent.");
    if (f && ctx.now < f.startsAt - window)
      return fail(`A follow-up is scheduled for ${iso(f.startsAt)}; it is dialled from ${iso(f.startsAt - window)}.`);
    const overdue = ctx.agent?.overdueFollowUps ?? 0;
    if (ctx.settings.dialer["enforced-follow-ups"] && overdue > 0 && !mine)
      return fail(`You have ${overdue} overdue follow-up${overdue === 1 ? "" : "s"}: dial or reschedule them first.`);
    return pass(f ? "The follow-up is due." : "No follow-up is pending.");
  },
};
