// Only qualifiers and advisors place outbound calls (booking-and-reference §1, §6).
import { ALL_MODES, fail, pass, type AgentRule } from "../facts";

const OUTBOUND_ROLES = new Set(["qualifier", "advisor"]);

export const role: AgentRule = {
  name: "role",
  scope: "agent",
  modes: ALL_MODES,
  check: (_ctx, agent) =>
    OUTBOUND_ROLES.has(agent.role)
      ? pass("role_ok")
      : fail("role_other", { role: agent.role }),
};
