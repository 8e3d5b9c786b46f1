// The dialer engine's routes (agent-workspace §7): the dials, the agent's in-process leads, its follow-ups
// (the dialer writes follow_ups) and explain. Last dials are with the calls, the lead search with the leads,
// and the settings the engine reads with the settings module (server/README.md).
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { redistributeFollowUps as redistributeFollowUpsEndpoint } from "../../src/contract/agentSettings";
import { idParam } from "../../src/contract/ids";
import type { DialResponse as DialResponseBody, NoLeadResponse as NoLeadBody } from "../../src/contract/dialer";
import {
  autoDial,
  dialFollowUp,
  explainLead,
  FollowUpByLeadResponse,
  listFollowUps,
  LIVE_TRANSFER_FIRST_MESSAGE,
  redialLead,
} from "../../src/contract/dialer";
import type { Gateway } from "../gateway";
import { HttpError } from "../http/errors";
import { idempotent } from "../http/idempotency";
import { defineRoute, type RouteDef } from "../http/route";
import { DialAdmission } from "./admission";
import { release } from "./claim";
import { DialerEngine } from "./engine";
import type { AgentFacts } from "./facts";
import { followUpOfLead, followUpsOf } from "./lists";
import { redistributeFollowUps } from "./redistribute";
import { readEngineSettings } from "./settings";

const AGENTS = { roles: ["setter", "advisor"] } as const;
const LeadParams = idParam;
export const NOT_READY_MESSAGE = "Switch to READY to receive leads.";

export function dialerRoutes(gw: Gateway): RouteDef[] {
  const engine = new DialerEngine(gw);
  const admission = new DialAdmission(gw.config.dialsInFlight, () => gw.clock.now());
  const windowMs = async (tenantId: number) => (await readEngineSettings(gw.db, tenantId)).followUpWindowMs;
  return [
    defineRoute(autoDial, {
      access: AGENTS,
      drivesCalls: true,
      async handler({ caller, raw }, reply) {
        // Only a Ready agent is auto-dialed: a dial racing a status change would leave the agent on a call
        // the gateway never saw it ready for (follow-up dials and redials are the agent's own choice).
        // Inside the idempotent write: a retry of a dial that went through replays it, whatever the status now.
        // Past DIALS_IN_FLIGHT under way, 503 with Retry-After before anything is claimed (admission.ts).
        // The status is the one the dial reads ahead, side by side with the key's claim, for its move to "on a
        // call" (readAhead; issue 39), with the call centre and the pool's first page.
        return admission.admit(() => {
          const ahead = engine.readAhead(caller);
          const admit = async (me: AgentFacts) => {
            const status = (await ahead.status)?.current?.status ?? null;
            // A deactivated agent gets the engine's own answer (403, 'A manager disabled calling…').
            if (!me.deactivated && status !== "ready") throw new HttpError(409, NOT_READY_MESSAGE);
            // A live transfer waiting for an advisor comes before the advisor's own next dial.
            if (caller.role === "advisor" && (await gw.calls.live.offerBeforeDial(caller.id, caller.tenantId)))
              throw new HttpError(409, LIVE_TRANSFER_FIRST_MESSAGE);
          };
          return idempotent<DialResponseBody | NoLeadBody>(gw, caller, raw, reply, () =>
            engine.dialNext(caller, admit, ahead),
          );
        });
      },
    }),
    defineRoute(dialFollowUp, {
      access: AGENTS,
      drivesCalls: true,
      example: { body: { leadId: 1 } },
      async handler({ caller, body, raw }, reply) {
        return idempotent<DialResponseBody | NoLeadBody>(gw, caller, raw, reply, () => engine.dialFollowUp(caller, body.leadId));
      },
    }),
    defineRoute(redialLead, {
      access: { roles: ["qualifier"] },
      drivesCalls: true,
      example: { body: { leadId: 1 } },
      async handler({ caller, body, raw }, reply) {
        return idempotent<DialResponseBody | NoLeadBody>(gw, caller, raw, reply, () => engine.redial(caller, body.leadId));
      },
    }),
    defineRoute({
      method: "DELETE",
      url: "/in-process-leads",
      summary:
        "Releases every lead the caller holds in process (claimed by a dial and not disposed): another agent may take them, and a lead the claim took from the pool goes back to it. 204.",
      tags: ["dialer"],
      access: AGENTS,
      response: { 204: z.null() },
      async handler({ caller }, reply) {
        await release(gw.db, { agentId: caller.id });
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "GET",
      url: "/leads/followup-by-lead-id/:id",
      summary: "The lead's pending follow-up as a follow-up item, or data: null when it has none.",
      tags: ["dialer"],
      access: { ...AGENTS, leadParam: "id" },
      params: LeadParams,
      response: { 200: FollowUpByLeadResponse, 404: ErrorBody },
      async handler({ caller, params }) {
        const now = gw.clock.now();
        return { data: await followUpOfLead(gw.db, caller.tenantId, params.id, { now, windowMs: await windowMs(caller.tenantId) }) };
      },
    }),
    defineRoute(listFollowUps, {
      access: AGENTS,
      async handler({ caller, query }) {
        return followUpsOf(gw.db, caller, {
          now: gw.clock.now(),
          windowMs: await windowMs(caller.tenantId),
          limit: query.limit,
          overdue: query.overdue,
        });
      },
    }),
    defineRoute(redistributeFollowUpsEndpoint, {
      access: { roles: ["manager"] },
      example: { body: { to: null } },
      async handler({ caller, params, body, raw }, reply) {
        const done = await redistributeFollowUps(gw.db, {
          tenantId: caller.tenantId,
          from: params.id,
          to: body.to,
          at: new Date(gw.clock.now()),
        });
        if (done.moved) {
          gw.push.toAgent(params.id, "follow-ups-changed", { reason: "redistributed" });
          if (body.to !== null) gw.push.toAgent(body.to, "follow-ups-changed", { reason: "redistributed" });
        }
        await gw.audit.record({
          action: "agent.redistribute_follow_ups",
          outcome: "success",
          userId: caller.id,
          tenantId: caller.tenantId,
          ip: raw.ip,
          detail: { agentId: params.id, to: body.to, moved: done.moved, kept: done.kept },
        });
        reply.code(201);
        return { data: { moved: done.moved, kept: done.kept, to: body.to } };
      },
    }),
    defineRoute(explainLead, {
      access: { ...AGENTS, leadParam: "id" },
      async handler({ caller, params, query }) {
        return engine.explain(caller, params.id, query.agent);
      },
    }),
  ];
}
