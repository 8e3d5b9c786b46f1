// The signed-in agent of plugin tests, and how a test gives it the account fields a plugin reads.
import { agentFlagsReader, type AccountFields } from "../../core/agentFlags";
import type { AgentInfo } from "../../core/services";

/**
 * An agent as a test describes it: what it is about of `AgentInfo`, and `accountFields`, the sign-in response's
 * fields the core keeps for plugins, by their wire names (`{ can_transfer_to_sunlife: true }`), which the plugin
 * reads through its own `defineAgentFlags` schema as in the product.
 */
export type TestAgent = Partial<AgentInfo> & { accountFields?: AccountFields };

/** Dana Reyes (id 42), qualifier, tenant 1, extension 2042, with no account field (every flag at its default). */
export const TEST_AGENT: AgentInfo = Object.freeze({
  id: 42,
  tenantId: 1,
  roles: ["qualifier"],
  permissions: [],
  extension: "2042",
  hasWebRtc: true,
  deactivated: false,
  autoAnswer: false,
  autoAnswerTime: 0,
  flags: agentFlagsReader({}),
});

/** {@link TEST_AGENT} with what the test says; a malformed account field is logged through `log`. */
export function testAgent(o: TestAgent = {}, log?: (message: string) => void): AgentInfo {
  const { accountFields, ...info } = o;
  return {
    ...TEST_AGENT,
    ...(accountFields ? { flags: agentFlagsReader(accountFields, log) } : {}),
    ...info,
  };
}
