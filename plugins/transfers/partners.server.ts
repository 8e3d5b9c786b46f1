// The Sunlife and Matcha transfers on the gateway (agent-workspace §4 "External, Sunlife and Matcha transfers", §5,
// §6): the plugin's client events (contract/events.ts). Who may transfer to whom is the plugin's: Sunlife needs the
// agent's canTransferToSunlife and one of the call centre's Sunlife agents; Matcha the agent's canTransferToMatcha,
// the call centre's Matcha switch and its number (the `external-transfers` settings document). The call service
// runs the transfer on the call's conference (`ctx.calls.transfers`: the compliance gate on the number, the three
// levels, the ring timeout), as it runs the core's external one. The gateway has already checked the agent's
// extension, the plugin's switch, a deactivated agent and, for sunlife-start, the number's compliance gate.
import { eq } from "drizzle-orm";
import {
  DEFAULT_TRANSFER_TARGETS,
  TRANSFER_TARGETS_SETTING_KEY,
  type TransferTargetSettings,
} from "../../src/contract/settings";
import type { SocketAck } from "../../src/contract/socket";
import { samePhone, users, type PluginServerContext } from "../../server/sdk";
import {
  matchaEvents,
  MATCHA,
  PARTNER_STEPS,
  PARTNER_TRANSFER_MESSAGES as M,
  sunlifeEvents,
} from "./contract/events";
import { DESTINATION_OF } from "./levels";

const refused = (message: string): SocketAck => ({ ok: false, error: "forbidden", message });
const DONE: SocketAck = { ok: true };

export function partnerTransfers(ctx: PluginServerContext): void {
  const targetsOf = (tenantId: number) =>
    ctx.settings.read<TransferTargetSettings>(tenantId, TRANSFER_TARGETS_SETTING_KEY, DEFAULT_TRANSFER_TARGETS);
  /** The agent's account permissions, read now: a manager's change applies to the very next press. */
  const permissionsOf = async (agentId: number) => {
    const [row] = await ctx.db
      .select({ sunlife: users.canTransferToSunlife, matcha: users.canTransferToMatcha })
      .from(users)
      .where(eq(users.id, agentId))
      .limit(1);
    return row;
  };

  ctx.realtime.onClientEvent(
    sunlifeEvents.start,
    async (agent, { phone }) => {
      const targets = await targetsOf(agent.tenantId);
      if (!(await permissionsOf(agent.id))?.sunlife) return refused(M.sunlifeNotAllowed);
      const target = targets.sunlife.find((t) => samePhone(t.phone, phone));
      if (!target) return refused(M.notASunlifeAgent);
      await ctx.calls.transfers.start(agent, { kind: "sunlife", ...target, reason: DESTINATION_OF.sunlife });
      return DONE;
    },
    // The number is the agent's choice: it passes the compliance gate before anything else.
    { dials: "phone" },
  );

  ctx.realtime.onClientEvent(matchaEvents.start, async (agent) => {
    const targets = await targetsOf(agent.tenantId);
    if (!(await permissionsOf(agent.id))?.matcha) return refused(M.matchaNotAllowed);
    const { enabled, phone } = targets.matcha;
    if (!enabled || !phone) return refused(M.matchaOff);
    // The call centre's own number: the call service passes it through the compliance gate when it dials.
    await ctx.calls.transfers.start(agent, { kind: "matcha", phone, name: MATCHA, reason: DESTINATION_OF.matcha });
    return DONE;
  });

  // join, leave, kick, destroy: the call service checks the call's transfer is this kind's (and to this number).
  for (const step of PARTNER_STEPS) {
    if (step === "start") continue;
    ctx.realtime.onClientEvent(sunlifeEvents[step], async (agent, { phone }) => {
      await ctx.calls.transfers.control(agent.id, "sunlife", step, phone);
      return DONE;
    });
    ctx.realtime.onClientEvent(matchaEvents[step], async (agent) => {
      await ctx.calls.transfers.control(agent.id, "matcha", step);
      return DONE;
    });
  }
}
