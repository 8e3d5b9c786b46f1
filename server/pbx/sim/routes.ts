// Control of the simulated PBX (only when it is the gateway's driver): a manager opens or closes an agent's
// external desk phone (Bria) or registers / unregisters its WebRTC softphone, for demonstrations and
// end-to-end tests of 'Bria is closed or inactive' and 'Your phone is disconnected…', and places inbound
// calls as if a caller had dialled the call centre.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ErrorBody, holdsRoleAtLeast } from "../../../src/contract/common";
import { Extension } from "../../../src/contract/status";
import { tenants, users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { fieldError, HttpError, MESSAGES } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";
import { toE164 } from "../../modules/calls/phone";
import { SimPbx } from "./extensions";
import { DIAL_OUTCOMES, type DialOutcome } from "./profile";

export const SimExtensionChange = z
  .strictObject({ open: z.boolean().optional(), registered: z.boolean().optional() })
  .refine((b) => b.open !== undefined || b.registered !== undefined, {
    message: "open or registered is required",
  });

/** Digits with an optional leading +, 3 to 20 characters. */
const SimPhone = z
  .string()
  .min(3)
  .max(20)
  .regex(/^\+?[0-9]+$/, "Invalid phone");

/** What the next dials placed for an extension do, in order (at most 20; empty clears the script). */
export const SimDialScript = z.strictObject({
  outcomes: z.array(z.enum(DIAL_OUTCOMES as unknown as [DialOutcome, ...DialOutcome[]])).max(20),
});

export const SimInboundCall = z.strictObject({ from: SimPhone, did: SimPhone.optional() });
export const SimInboundCallCreated = z.object({ data: z.object({ callId: z.string() }) });

export function simPbxRoutes(gw: Gateway): RouteDef[] {
  const pbx = gw.pbx;
  if (!(pbx instanceof SimPbx)) return [];
  /** The agent of the caller's call centre who holds `extension`, if any. */
  const holderOf = async (tenantId: number, extension: string) =>
    (
      await gw.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.extension, extension), eq(users.tenantId, tenantId)))
        .limit(1)
    )[0];
  return [
    defineRoute({
      method: "PUT",
      url: "/sim-pbx/extensions/:extension",
      summary:
        "Simulated PBX only (managers): opens or closes an agent's external phone ({open}) or registers / unregisters its WebRTC softphone ({registered}). 204; 404 when no agent of the tenant holds the extension.",
      tags: ["simulated PBX"],
      access: { roles: ["manager"] },
      params: z.strictObject({ extension: Extension }),
      body: SimExtensionChange,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { open: false } },
      names: [{ kind: "extension", at: "params.extension", refusal: 404 }],
      async handler({ caller, params, body }, reply) {
        const holder = await holderOf(caller.tenantId, params.extension);
        if (!holder) throw new HttpError(404, MESSAGES.resourceNotFound);
        if (body.open !== undefined) await pbx.setPhoneOpen(params.extension, body.open);
        if (body.registered === true) await pbx.register(params.extension);
        if (body.registered === false) await pbx.unregister(params.extension);
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/sim-pbx/extensions/:extension/dial-outcomes",
      summary: `Simulated PBX only (managers): what the next dials placed for the agent of this extension (by the auto-dialler or by hand) do, in order, whatever number they dial ({outcomes}: up to 20 of ${DIAL_OUTCOMES.join(", ")}; [] clears the script). For demonstrations and end-to-end tests of every dial outcome. 204; 404 when no agent of the tenant holds the extension.`,
      tags: ["simulated PBX"],
      access: { roles: ["manager"] },
      params: z.strictObject({ extension: Extension }),
      body: SimDialScript,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { outcomes: ["machine", "no-answer", "busy", "failed", "human"] } },
      names: [{ kind: "extension", at: "params.extension", refusal: 404 }],
      async handler({ caller, params, body }, reply) {
        const holder = await holderOf(caller.tenantId, params.extension);
        if (!holder) throw new HttpError(404, MESSAGES.resourceNotFound);
        pbx.scriptDials(params.extension, body.outcomes);
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "POST",
      url: "/sim-pbx/extensions/:extension/hangup",
      summary:
        "Simulated PBX only: the agent hangs up on its phone (the Bria hang-up button of an external phone). The agent for its own extension, managers for their tenant's agents. 204; 403 for another agent's extension; 404 when no agent of the tenant holds it; 409 when it is on no call.",
      tags: ["simulated PBX"],
      access: { roles: ["setter", "advisor", "manager"] },
      params: z.strictObject({ extension: Extension }),
      response: { 204: z.null(), 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      // A manager's: another call centre's extension is no agent of the tenant.
      names: [{ kind: "extension", at: "params.extension", refusal: 404 }],
      async handler({ caller, params }, reply) {
        const holder = await holderOf(caller.tenantId, params.extension);
        if (holder?.id !== caller.id && !holdsRoleAtLeast(caller.roles, "manager")) throw new HttpError(403, MESSAGES.forbidden);
        if (!holder) throw new HttpError(404, MESSAGES.resourceNotFound);
        if (!(await gw.calls.hangupFor(holder.id))) throw new HttpError(409, "The agent is on no call.");
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "POST",
      url: "/sim-pbx/inbound-calls",
      summary:
        "Simulated PBX only (managers): a caller ({from}) dials the manager's call centre's inbound number ({did}: optional, and when given it must be that number) and the PBX announces the inbound call to the gateway. 201 with the PBX's callId; 422 when the tenant has no inbound number, or {did} is not the tenant's (another call centre's number is refused like an unknown one: a manager rings only its own agents).",
      tags: ["simulated PBX"],
      access: { roles: ["manager"] },
      body: SimInboundCall,
      response: { 201: SimInboundCallCreated, 422: ErrorBody },
      example: { body: { from: "+15145550142" } },
      names: [{ kind: "number", at: "body.did", refusal: 422 }],
      async handler({ caller, body }, reply) {
        const [tenant] = await gw.db
          .select({ did: tenants.inboundDid })
          .from(tenants)
          .where(eq(tenants.id, caller.tenantId))
          .limit(1);
        const own = tenant?.did ?? null;
        if (!own) throw fieldError("did", "did is required: the call centre has no inbound number");
        // A body field naming something that is not the caller's is bad input (422), whoever it belongs to.
        if (body.did !== undefined && toE164(body.did) !== toE164(own))
          throw fieldError("did", "did is not your call centre's inbound number");
        const callId = pbx.placeInbound({ from: body.from, did: own });
        reply.code(201);
        return { data: { callId } };
      },
    }),
  ];
}
