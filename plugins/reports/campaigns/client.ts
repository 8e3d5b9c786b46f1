// The campaigns page's calls to the gateway: its own endpoints (./contract.ts), and the lead lists' lists and
// publishers' keys, read through the lead-lists plugin's api.ts (their owner).
import { callEndpoint, type EndpointCaller } from "../../../src/sdk";
import { listPublisherKeys, readLeadLists } from "../../lead-lists/api";
import { campaignReport, publisherReport, type SourceReportQuery } from "./contract";

export function campaignsClient(ctx: EndpointCaller) {
  return {
    campaigns: (query: SourceReportQuery) => callEndpoint(ctx, campaignReport, { query }),
    publishers: (query: SourceReportQuery) => callEndpoint(ctx, publisherReport, { query }),
    lists: () => callEndpoint(ctx, readLeadLists, {}),
    publisherKeys: () => callEndpoint(ctx, listPublisherKeys, {}),
  };
}
export type CampaignsClient = ReturnType<typeof campaignsClient>;
