// The live-transfer routes (agent-workspace §7): start and stop (the qualifier), confirm (the advisor), the
// qualifier leaving (transfer-answers), and the advisors' live-transfer availability (admin-and-sign-in §2's
// checkboxes, PUT /agents/transfer-availability/{internal|external}). The flow is server/modules/liveTransfers/
// service.ts, owned by the call service (it rings the advisor into the qualifier's call).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { LeadIdParams } from "../../../src/contract/calls";
import { ErrorBody } from "../../../src/contract/common";
import {
  ConfirmLiveTransferResponse,
  LIVE_TRANSFER_MESSAGES,
  LiveTransferResponse,
  StartLiveTransferBody,
  TransferAnswerBody,
  TransferAnswerResponse,
  saveTransferAvailability,
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
    defineRoute({
      method: "POST",
      url: "/live-transfers/:leadId",
      summary:
        "The qualifier asks for an advisor for the lead on its answered call: 201 {data: {id, lead_id, state: 'looking_for_advisor', team, notes, advisor: null, offered, started_at}}. The gateway offers the lead (socket 'confirm-live-transfer') to the advisors who may take it: live transfers enabled, Ready (or notified on the desktop in after-call work, follow-up, restroom, meeting, offline), not on a call, licensed for the lead's state when the lead is about health insurance; one at a time with the tenant's auto-forward on (passed on after its delay), all at once otherwise. 409 without an answered call with this lead, with another transfer on the call, or when one is already under way; 422 'live_transfers.zip_state_requirements' when the lead's state is not known (validate the postal code first).",
      tags: ["transfers"],
      access: QUALIFIERS,
      params: LeadIdParams,
      body: StartLiveTransferBody,
      response: { 201: LiveTransferResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
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
    defineRoute({
      method: "DELETE",
      url: "/live-transfers/:leadId",
      summary:
        "The qualifier stops looking for an advisor: 204; the offers are withdrawn and the call snapshot's transfer reads canceled ('live_transfers.canceled'). 409 when none is under way, or once an advisor accepted.",
      tags: ["transfers"],
      access: QUALIFIERS,
      params: LeadIdParams,
      response: { 204: z.null(), 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
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
    defineRoute({
      method: "POST",
      url: "/confirm-live-transfers/:leadId",
      summary:
        "An advisor accepts the live transfer offered to it: the first accept wins; the advisor's phone is rung into the qualifier's call (answering by itself) and the lead, its record and its booking open in the advisor's workspace. 201 {data: {lead_id, call_id}}. 409 'Another advisor already took this live transfer.', 'live_transfers.canceled' (stopped or ended), or while the advisor is on a call; 403 when it was not offered to the caller; 404 when no live transfer of the lead exists.",
      tags: ["transfers"],
      // The lead is not the advisor's until the handover: the offer is the right to accept it.
      access: { roles: ["advisor"] },
      params: LeadIdParams,
      response: { 201: ConfirmLiveTransferResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
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
    defineRoute({
      method: "POST",
      url: "/transfer-answers/:leadId",
      summary:
        "The advisor is on the call and the qualifier introduced the lead: the qualifier leaves (asked by the qualifier or the advisor). In one transaction the qualifier's Live_Transfer disposition is stored and the lead becomes the advisor's; the lead and the advisor stay connected. 201 {data: {lead_id, advisor_id, disposition_id}}. 422 when qualifierExtension and phone are not the transfer's qualifier's extension and the lead's number; 409 before the advisor answered or without a live transfer; 403 for another agent.",
      tags: ["transfers"],
      access: { roles: ["setter", "advisor"] },
      params: LeadIdParams,
      body: TransferAnswerBody,
      response: { 201: TransferAnswerResponse, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
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
