// Inbound-only agents (admin-and-sign-in §3, "block outbound") are given no outbound leads.
import { AUTO_ONLY, fail, pass, type AgentRule } from "../facts";

export const inboundOnly: AgentRule = {
  name: "inbound-only",
  scope: "agent",
  modes: AUTO_ONLY,
  check: (_ctx, agent) =>
    agent.inboundOnly
      ? fail("inbound_only")
      : pass("outbound_allowed"),
};
