// The live-transfer routes (agent-workspace §7): start and stop (the qualifier), confirm (the advisor), the
// qualifier leaving (transfer-answers), and the advisors' live-transfer availability (admin-and-sign-in §2's
// checkboxes, PUT /agents/transfer-availability/{internal|external}). The flow is server/modules/liveTransfers/
// service.ts, owned by the call service (it rings the advisor into the qualifier's call).
import { and, eq } from "drizzle-orm";
import {
  answerLiveTransfer,
  confirmLiveTransfer,
  LIVE_TRANSFER_MESSAGES,
  saveTransferAvailability,
  startLiveTransfer,
  stopLiveTransfer,
} from "../../../src/contract/liveTransfers";
import { mayActOnAgent } from "../../auth/access";
import { users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { HttpError, MESSAGES } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";
import { LiveTransferRefused } from "./service";

const QUALIFIERS = { roles: ["setter"], leadParam: "leadId" } as const;

const asHttp = (e: unknown) => (e instanceof LiveTransferRefused ? new HttpError(e.statusCode, e.message) : e);

export function liveTransferRoutes(gw: Gateway): RouteDef[] {
  return [
    defineRoute(startLiveTransfer, {
      access: QUALIFIERS,
      drivesCalls: true,
      example: { body: { notes: "Wants a whole life quote", team: "advisors" } },
      async handler({ caller, params, body }, reply) {
        try {
          const data = await gw.calls.live.startTransfer(caller, params.leadId, {
            notes: body.notes ?? "",
            team: body.team ?? "advisors",
          });
          reply.code(201);
          return { data };
        } catch (e) {
          throw asHttp(e);
        }
      },
    }),
    defineRoute(stopLiveTransfer, {
      access: QUALIFIERS,
      drivesCalls: true,
      async handler({ caller, params }, reply) {
        try {
          await gw.calls.live.stopTransfer(caller, params.leadId);
        } catch (e) {
          throw asHttp(e);
        }
        reply.code(204);
        return null;
      },
    }),
    defineRoute(confirmLiveTransfer, {
      // The lead is not the advisor's until the handover: the offer is the right to accept it.
      access: { roles: ["advisor"] },
      drivesCalls: true,
      async handler({ caller, params }, reply) {
        try {
          const data = await gw.calls.live.confirm(caller, params.leadId);
          reply.code(201);
          return { data };
        } catch (e) {
          throw asHttp(e);
        }
      },
    }),
    defineRoute(answerLiveTransfer, {
      access: { roles: ["setter", "advisor"] },
      drivesCalls: true,
      example: { body: { qualifierExtension: "1001", phone: "2125550100" } },
      async handler({ caller, params, body }, reply) {
        try {
          const data = await gw.calls.live.answer(caller, params.leadId, body);
          reply.code(201);
          return { data };
        } catch (e) {
          throw asHttp(e);
        }
      },
    }),
    defineRoute(saveTransferAvailability, {
      access: { roles: ["advisor", "manager"] },
      example: { body: { value: true } },
      async handler({ caller, params, body }, reply) {
        const agentId = body.agent_id ?? caller.id;
        if (!(await mayActOnAgent(gw.db, {}, caller, agentId))) throw new HttpError(403, MESSAGES.forbidden);
        const column = params.source === "internal" ? { internalLiveTransfers: body.value } : { externalLiveTransfers: body.value };
        const done = await gw.db
          .update(users)
          .set(column)
          .where(and(eq(users.id, agentId), eq(users.tenantId, caller.tenantId), eq(users.role, "advisor")))
          .returning({ id: users.id });
        if (!done[0]) throw new HttpError(422, LIVE_TRANSFER_MESSAGES.notAnAdvisor, { agent_id: [LIVE_TRANSFER_MESSAGES.notAnAdvisor] });
        reply.code(204);
        return null;
      },
    }),
  ];
}
