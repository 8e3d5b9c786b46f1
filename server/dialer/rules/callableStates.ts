// Callable states: an agent limited to some states or provinces is given leads of those only.
import { AUTO_ONLY, fail, pass, type LeadRule } from "../facts";

export const callableStates: LeadRule = {
  name: "callable-states",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: true,
  check(ctx, lead) {
    const allowed = ctx.agent!.callableStates;
    if (allowed === null) return pass("states_all");
    if (!lead.state) return fail("states_no_state");
    return allowed.includes(lead.state)
      ? pass("states_in", { state: lead.state.toUpperCase() })
      : fail("states_out", { state: lead.state.toUpperCase() });
  },
};
