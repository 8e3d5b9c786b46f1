// Publisher suppression: keep a minimum of agents of each role available (Ready or after-call work) for the
// publishers' inbound calls; a state's own number raises the minimum for its leads. Below it, the agent is
// kept for inbound instead of being given an outbound lead.
import { AUTO_ONLY, fail, pass, type LeadRule } from "../facts";

export const publisherSuppression: LeadRule = {
  name: "publisher-suppression",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: true,
  check(ctx, lead) {
    const agent = ctx.agent!;
    const params = ctx.settings.publisherSuppression.params;
    const roleKey = `${agent.role}s`;
    const roleMin = params[roleKey] ?? 0;
    const stateMin = lead.state ? (params[lead.state] ?? 0) : 0;
    const need = Math.max(roleMin, stateMin);
    if (need === 0) return pass("suppression_none");
    const values = { available: agent.availableOthers, need };
    if (stateMin > roleMin) {
      const state = lead.state!.toUpperCase();
      return agent.availableOthers >= need
        ? pass("suppression_ok_state", { ...values, state })
        : fail("suppression_kept_state", { ...values, state });
    }
    return agent.availableOthers >= need ? pass("suppression_ok", values) : fail("suppression_kept", values);
  },
};
