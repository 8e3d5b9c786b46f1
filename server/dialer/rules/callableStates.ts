// Callable states: an agent limited to some states or provinces is given leads of those only.
import { AUTO_ONLY, fail, pass, type LeadRule } from "../facts";

export const callableStates: LeadRule = {
  name: "callable-states",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: true,
  check(ctx, lead) {
    const allowed = ctx.agent!.callableStates;
    if (allowed === null) return pass("You may call every state.");
    if (!lead.state) return fail("The lead has no state, and you may call only some states.");
    return allowed.includes(lead.state)
      ? pass(`${lead.state.toUpperCase()} is one of your callable states.`)
      : fail(`${lead.state.toUpperCase()} is not one of your callable states.`);
  },
};
