// The call routes of agent-workspace §7: placing a call, the hangup flow's update, the origination-failure
// report, the agent's last dials (user summary), and (not in the specification, documented in OpenAPI) the
// agent's current call for a page that reloads mid-call and the lead matcher's link of a call to another lead.
import { and, eq, gte } from "drizzle-orm";
import { z } from "zod";
import {
  CreateCallBody,
  CreateCallResponse,
  CurrentCallResponse,
  LeadCallParams,
  LeadIdParams,
  OriginateFailureBody,
  TransferHangupParams,
  TransferHangupResponse,
  transferLeadInternally,
  UpdateCallBody,
  UpdateCallResponse,
  type CallSnapshot,
} from "../../../src/contract/calls";
import { linkCallToLead } from "../../../src/contract/callLink";
import { ErrorBody } from "../../../src/contract/common";
import { checkCompliance, ComplianceRefusal } from "../../../src/contract/compliance";
import { listLastDials } from "../../../src/contract/dialer";
import { leadAccess } from "../../auth/access";
import { checkDial } from "../../compliance/gate";
import { dispositions, leads } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { HttpError, MESSAGES } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { defineRoute, type RouteDef } from "../../http/route";
import { snapshotOf } from "./active";
import { returnToCallbackStack } from "./callbackStack";
import { lastDialsOf } from "./lastDials";
import { CALL_MESSAGES, CallRefused } from "./service";
import { TransferRefused } from "./transferTargets";
import { mirroredView, withRowEnd } from "./views";

const AGENTS = { roles: ["setter", "advisor"] } as const;

const asHttp = (e: unknown) =>
  e instanceof CallRefused
    ? new HttpError(e.statusCode, e.message, e.field ? { [e.field]: [e.message] } : undefined, undefined, e.reason)
    : e instanceof TransferRefused
      ? new HttpError(
          e.status,
          e.message,
          e.extra.field ? { [e.extra.field]: [e.message] } : undefined,
          e.extra.retryAfterSeconds !== undefined ? { "retry-after": String(e.extra.retryAfterSeconds) } : undefined,
        )
      : e;

export function callRoutes(gw: Gateway): RouteDef[] {
  return [
    defineRoute({
      method: "POST",
      url: "/leads/:leadId/calls",
      summary:
        "Places a call to the lead (direction 0): the gateway rings the agent's phone first, then dials the number (normalised to E.164) with answering-machine detection; 201 with the callId. Direction 1 records the inbound call the agent is taking from this lead and answers its callId. 409 while the agent is already on a call or its phone is unreachable ('Bria is closed or inactive' / 'Your phone is disconnected, please refresh the dialer and retry'); 403 when calling is disabled. Every dial passes the compliance gate (see GET /calls/compliance): 409 {message: 'calls.refused.<reason>', reason, values, errors: {phone}} for Do Not Call, a country the call centre does not dial, a number without a known zone, or outside the calling window of the number's zones or of the lead's; 422 (same shape, reason 'invalid') for text that is no diallable number. Feature codes (*97) and the call centre's own extensions pass. Takes an Idempotency-Key.",
      tags: ["calls"],
      access: { ...AGENTS, leadParam: "leadId" },
      drivesCalls: true,
      params: LeadIdParams,
      body: CreateCallBody,
      response: { 201: CreateCallResponse, 403: ErrorBody, 404: ErrorBody, 409: ComplianceRefusal, 422: ComplianceRefusal },
      example: { body: { phone: "2125550142", name: "Pat Doe", direction: 0, qualifier_extension: null } },
      async handler({ caller, params, body, raw }, reply) {
        return idempotent(gw, caller, raw, reply, async () => {
          if (body.direction === 1) {
            const inbound = gw.calls.activeCallOf(caller.id);
            if (!inbound || inbound.direction !== 1 || inbound.leadId !== params.leadId)
              throw new HttpError(409, CALL_MESSAGES.noInbound);
            return { status: 201, body: { callId: inbound.id, data: { callId: inbound.id } } };
          }
          try {
            const callId = await gw.calls.dial(caller, {
              leadId: params.leadId,
              phone: body.phone,
              name: body.name,
              type: body.type ?? "manual",
              qualifierExtension: body.qualifier_extension,
            });
            return { status: 201, body: { callId, data: { callId } } };
          } catch (e) {
            throw asHttp(e);
          }
        });
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/leads/:leadId/calls/:callId",
      summary:
        "The hangup flow's update of an ended call: its extra recording index and live-transfer flag. 202 with the call's duration in whole seconds from answer to end (0 when never answered). 409 while the call is still in progress.",
      tags: ["calls"],
      access: { ...AGENTS, leadParam: "leadId" },
      drivesCalls: true,
      params: LeadCallParams,
      body: UpdateCallBody,
      response: { 202: UpdateCallResponse, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      example: { body: { extra_recording_index: 0 } },
      async handler({ caller, params, body }, reply) {
        try {
          const duration = await gw.calls.settle(caller, params.leadId, params.callId, {
            extraRecordingIndex: body.extra_recording_index,
            liveTransfer: body.live_transfer,
          });
          reply.code(202);
          return { duration, data: { duration } };
        } catch (e) {
          throw asHttp(e);
        }
      },
    }),
    defineRoute(checkCompliance, {
      access: AGENTS,
      example: { query: { phone: "2125550142" } },
      async handler({ caller, query }) {
        // The lead is a query parameter: the same ownership rule as a route's leadParam, checked here.
        if (query.leadId !== undefined) {
          const access = await leadAccess(gw.db, AGENTS, caller, query.leadId);
          if (access === "missing") throw new HttpError(404, MESSAGES.resourceNotFound);
          if (access === "denied") throw new HttpError(403, MESSAGES.forbidden);
        }
        const v = await checkDial(gw.db, {
          tenantId: caller.tenantId,
          phone: query.phone,
          leadId: query.leadId ?? null,
          at: gw.clock.now(),
        });
        const { status: _status, ...data } = v;
        return { data };
      },
    }),
    defineRoute(linkCallToLead, {
      access: AGENTS,
      drivesCalls: true,
      example: { body: { lead_id: 1 } },
      async handler({ caller, params, body, raw }, reply) {
        return idempotent(gw, caller, raw, reply, async (claim) => ({
          status: 200,
          body: await gw.calls.relinks.link(caller, params.callId, body.lead_id, claim),
        }));
      },
    }),
    defineRoute({
      method: "GET",
      url: "/calls/current",
      summary:
        "Not in the specification: the agent's current call (or the one that just ended and is not disposed yet), null when none. A call that never reached the lead (not answered, busy, failed) is null once over: it asks no disposition.",
      tags: ["calls"],
      access: AGENTS,
      response: { 200: CurrentCallResponse },
      async handler({ caller }) {
        // The holder answers from its live calls; a standby from the holder's mirror (views.ts), also while the
        // phones move to another instance.
        let last: CallSnapshot | null;
        if (gw.callOwner.drivesHere()) {
          const live = gw.calls.current(caller.id);
          last = live ? snapshotOf(live) : null;
        } else {
          const view = await mirroredView(gw.callViews, caller.id);
          last = view && (await withRowEnd(gw.db, view));
        }
        if (!last) return { data: null };
        // A call that never reached the lead asks no disposition (its lead went back to the callback stack).
        if (last.status === "not_answered") return { data: null };
        // An ended call matters to a reloaded page only while its lead still waits for a disposition.
        if (last.status === "ended" && last.leadId !== null) {
          const [disposed] = await gw.db
            .select({ id: dispositions.id })
            .from(dispositions)
            .where(and(eq(dispositions.leadId, last.leadId), eq(dispositions.agentId, caller.id), gte(dispositions.createdAt, new Date(last.startedAt))))
            .limit(1);
          if (disposed) return { data: null };
        }
        return { data: last };
      },
    }),
    defineRoute(transferLeadInternally, {
      // The lead is checked in the handler (as leadParam would: 404 another tenant's, 403 a colleague's),
      // after a retry's Idempotency-Key is answered: once handed over, the lead is no longer the caller's.
      access: AGENTS,
      drivesCalls: true,
      example: { body: { to: 999_999 } },
      async handler({ caller, params, body, raw }, reply) {
        return idempotent(gw, caller, raw, reply, async (claim) => {
          try {
            const checkLead = async () => {
              const access = await leadAccess(gw.db, AGENTS, caller, params.leadId);
              if (access === "missing") throw new HttpError(404, MESSAGES.resourceNotFound);
              if (access === "denied") throw new HttpError(403, MESSAGES.forbidden);
            };
            const done = await gw.calls.internalTransfer(caller, { leadId: params.leadId, to: body.to, claim, checkLead });
            return { status: 201, body: { data: done } };
          } catch (e) {
            throw asHttp(e);
          }
        });
      },
    }),
    defineRoute({
      method: "POST",
      url: "/transfer-hangups/:phone",
      summary:
        "Ends the transfer leg to {phone} (the party of the caller's external, Sunlife, Matcha or third-party transfer): the party leaves, the lead comes off hold and the transfer is back at level 1. 201 {data: {ended: true}}; 409 when no transfer to that number is under way on the caller's call.",
      tags: ["calls"],
      access: AGENTS,
      drivesCalls: true,
      params: TransferHangupParams,
      response: { 201: TransferHangupResponse, 409: ErrorBody, 422: ErrorBody },
      async handler({ caller, params }, reply) {
        try {
          await gw.calls.transfers.hangUpLeg(caller.id, params.phone);
        } catch (e) {
          throw asHttp(e);
        }
        reply.code(201);
        return { data: { ended: true as const } };
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/callback/originate-failure",
      summary:
        "The dial did not reach the lead (not answered, declined, busy, failed, phone not synced): the lead goes back to the callback stack (an In Process lead becomes Callback again) 204. The gateway has already done so when the call ended; a second report changes nothing.",
      tags: ["calls"],
      access: AGENTS,
      body: OriginateFailureBody,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { lead_id: 1, message: "not_answered" } },
      async handler({ caller, body }, reply) {
        const [lead] = await gw.db
          .select({ id: leads.id, ownerId: leads.ownerId, status: leads.status })
          .from(leads)
          .where(and(eq(leads.id, body.lead_id), eq(leads.tenantId, caller.tenantId)))
          .limit(1);
        if (!lead || (lead.ownerId !== null && lead.ownerId !== caller.id))
          throw new HttpError(404, "Not found.");
        await returnToCallbackStack(gw.db, lead.id);
        reply.code(204);
        return null;
      },
    }),
    defineRoute(listLastDials, {
      access: AGENTS,
      async handler({ caller, query }) {
        return { data: await lastDialsOf(gw.db, caller, query.limit) };
      },
    }),
  ];
}
