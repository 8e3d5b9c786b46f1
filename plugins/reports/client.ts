// The reports pages' calls to the gateway, by their endpoints (./contract.ts).
import { callEndpoint, type EndpointCaller } from "../../src/sdk";
import { agentReport, hoursReport, type AgentReportQuery, type HoursReportQuery } from "./contract";

export function reportsClient(ctx: EndpointCaller) {
  return {
    agents: (query: AgentReportQuery) => callEndpoint(ctx, agentReport, { query }),
    hours: (query: HoursReportQuery) => callEndpoint(ctx, hoursReport, { query }),
  };
}
export type ReportsClient = ReturnType<typeof reportsClient>;
