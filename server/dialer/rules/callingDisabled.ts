// A manager can disable calling for an agent's extension (users.deactivated); the agent places no calls.
import { ALL_MODES, fail, pass, type AgentRule } from "../facts";

export const callingDisabled: AgentRule = {
  name: "calling-disabled",
  scope: "agent",
  modes: ALL_MODES,
  check: (_ctx, agent) =>
    agent.deactivated ? fail("calling_disabled") : pass("calling_enabled"),
};
