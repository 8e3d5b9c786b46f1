// The transfer targets as the transfers widget reads them (agent-workspace §3 Statics, §7): the call centre's
// external transfer targets as a list, and its Sunlife agents as the specification's map of phone to name,
// which the browser turns into the same {name, phone} list.
import { z } from "zod";
import { defineEndpoint } from "../../../src/contract/endpoint";
import { TransferTarget } from "../../../src/contract/settings";

/** GET /external/transfers: 200 {data: [{name, phone}]}, in the order the manager saved them. */
export const ExternalTransfersResponse = z.object({ data: z.array(TransferTarget) });
export type ExternalTransfersResponse = z.infer<typeof ExternalTransfersResponse>;

/** GET /external/agents/sunlife: 200 {data: {phone: name}}. */
export const SunlifeAgentsResponse = z.object({ data: z.record(z.string(), z.string()) });
export type SunlifeAgentsResponse = z.infer<typeof SunlifeAgentsResponse>;

/** The external transfer targets (the widget's External list). */
export const listExternalTransfers = defineEndpoint({
  method: "GET",
  path: "/external/transfers",
  summary:
    "The call centre's external transfer targets: 200 {data: [{name, phone}]} (empty when none are set). Managers set them with PUT /settings/external-transfers.",
  tags: ["transfers"],
  responses: { 200: ExternalTransfersResponse },
});

/** The Sunlife agents (the widget's Sunlife list). */
export const listSunlifeAgents = defineEndpoint({
  method: "GET",
  path: "/external/agents/sunlife",
  summary:
    "The call centre's Sunlife agents: 200 {data: {phone: name}} (the specification's map; the browser lists it as {name, phone}). Managers set them with PUT /settings/external-transfers.",
  tags: ["transfers"],
  responses: { 200: SunlifeAgentsResponse },
});

/** The Sunlife map as the widget lists it: {name, phone}, by name. */
export function sunlifeAgentsOf(map: Record<string, string>): TransferTarget[] {
  return Object.entries(map)
    .map(([phone, name]) => ({ name, phone }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
