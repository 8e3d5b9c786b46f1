// The centres' calls to the gateway (./contract.ts): the call centres a manager may read, and an admin's grants.
import { callEndpoint, type EndpointCaller } from "../../../src/sdk";
import { grantCentre, listCentreGrants, reportCentres, revokeCentre, type CentreGrantBody } from "./contract";

export function centresClient(ctx: EndpointCaller) {
  return {
    centres: () => callEndpoint(ctx, reportCentres, {}),
    grants: () => callEndpoint(ctx, listCentreGrants, {}),
    grant: (body: CentreGrantBody) => callEndpoint(ctx, grantCentre, { body }),
    revoke: (userId: number) => callEndpoint(ctx, revokeCentre, { params: { id: String(userId) } }),
  };
}
