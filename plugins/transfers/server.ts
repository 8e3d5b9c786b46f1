// The transfers plugin's gateway side: the targets the transfers widget offers (agent-workspace §7 GET
// /external/transfers, GET /external/agents/sunlife), and the Sunlife and Matcha transfers' socket controls
// (partners.server.ts). The targets are the call centre's `external-transfers` settings document, read only here:
// the settings module writes it (PUT /settings/external-transfers, server/README.md). The core's transfers
// (external-transfer-*, third-party-*, POST /leads/{id}/transfers, POST /transfer-hangups/{phone}) and the
// conference every transfer runs on need the PBX, so they live with the calls module
// (server/modules/calls/transfers.ts), which the plugin reaches through `ctx.calls.transfers`.
import {
  DEFAULT_TRANSFER_TARGETS,
  TRANSFER_TARGETS_SETTING_KEY,
  type TransferTargetSettings,
} from "../../src/contract/settings";
import { definePluginServer, defineRoute, type PluginServerContext, type RouteDef } from "../../server/sdk";
import { listExternalTransfers, listSunlifeAgents } from "./contract/targets";
import { partnerTransfers } from "./partners.server";

/** Agents transfer; managers and above see the same lists. */
const AGENTS = { roles: ["setter", "advisor"] } as const;

export function transfersRoutes(ctx: PluginServerContext): RouteDef[] {
  partnerTransfers(ctx);
  const targetsOf = (tenantId: number) =>
    ctx.settings.read<TransferTargetSettings>(
      tenantId,
      TRANSFER_TARGETS_SETTING_KEY,
      DEFAULT_TRANSFER_TARGETS,
    );

  return [
    defineRoute(listExternalTransfers, {
      access: AGENTS,
      async handler({ caller }) {
        return { data: (await targetsOf(caller.tenantId)).external };
      },
    }),
    defineRoute(listSunlifeAgents, {
      access: AGENTS,
      async handler({ caller }) {
        const { sunlife } = await targetsOf(caller.tenantId);
        return { data: Object.fromEntries(sunlife.map((a) => [a.phone, a.name])) };
      },
    }),
  ];
}

export default definePluginServer(transfersRoutes);
