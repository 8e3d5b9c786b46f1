// The reports pages' calls to the gateway, by their endpoints (./contract.ts).
import { callEndpoint, type EndpointCaller } from "../../src/sdk";
import { agentReport, type AgentReportQuery } from "./contract";

export function reportsClient(ctx: EndpointCaller) {
  return {
    agents: (query: AgentReportQuery) => callEndpoint(ctx, agentReport, { query }),
  };
}
export type ReportsClient = ReturnType<typeof reportsClient>;
