// Control of the simulated PBX (only when it is the gateway's driver): a manager opens or closes an agent's
// external desk phone (Bria) or registers / unregisters its WebRTC softphone, for demonstrations and
// end-to-end tests of 'Bria is closed or inactive' and 'Your phone is disconnected…', places inbound
// calls as if a caller had dialled the call centre, and reads what each leg of a call received from the
// media edge (end-to-end tests of supervision: in whisper the agent hears the manager, the lead does not).
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { ErrorBody, holdsRoleAtLeast } from "../../../src/contract/common";
import { Extension } from "../../../src/contract/status";
import { RecordId } from "../../../src/contract/ids";
import { calls, tenants, users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { fieldError, HttpError, MESSAGES } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";
import { toE164 } from "../../modules/calls/phone";
import { sipEdgeOf } from "../edge/index";
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

/**
 * A call as a manager names it: the gateway's call id (what the pages know, canonical decimal), or the PBX's
 * own (`c-…` for a call the gateway placed, `in-…` for an inbound one: it starts with a letter).
 */
const SimCallRef = z.union([
  RecordId,
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z][A-Za-z0-9._:-]*$/, "must be a call id"),
]);

/** What one leg of a call received from the media edge (GET /sim-pbx/calls/:callId/media). */
export const SimLegMedia = z.object({
  legId: z.string(),
  role: z.enum(["agent", "lead", "inbound", "third-party", "transfer-target", "supervisor"]),
  ext: z.string().optional(),
  state: z.enum(["dialing", "ringing", "answered", "ended"]),
  /** RTP packets sent to the leg's softphone (0 for a party: it has none). */
  sent: z.number().int(),
  /** RTP packets its softphone sent; for a party, the 20 ms frames its ear took while it heard anyone. */
  received: z.number().int(),
  /** By source leg id: non-silent 20 ms frames of that leg's live voice this leg received. */
  heard: z.record(z.string(), z.number().int()),
});
export const SimCallMedia = z.object({ data: z.object({ legs: z.array(SimLegMedia) }) });

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
      method: "GET",
      url: "/sim-pbx/calls/:callId/media",
      summary:
        "Simulated PBX only (managers): what each leg of a call ({callId}: the gateway's call id, or the PBX's own), live or recently ended, received from the media edge: RTP packets sent to and received from its softphone, and heard, by source leg id, the non-silent 20 ms frames of that leg's live voice it received (a supervisor hears the agent; in whisper the agent hears the supervisor, in barge the lead does too). A party leg (the lead) has no softphone: its counts are what its ear took in. 200; 404 for an unknown call or one with no agent of the manager's call centre; 422 for a malformed id.",
      tags: ["simulated PBX"],
      access: { roles: ["manager"] },
      params: z.strictObject({ callId: SimCallRef }),
      response: { 200: SimCallMedia, 404: ErrorBody, 422: ErrorBody },
      async handler({ caller, params }) {
        const pbxCallId =
          typeof params.callId === "string"
            ? params.callId
            : (
                await gw.db
                  .select({ pbxCallId: calls.pbxCallId })
                  .from(calls)
                  .where(and(eq(calls.id, params.callId), eq(calls.tenantId, caller.tenantId)))
                  .limit(1)
              )[0]?.pbxCallId;
        const legs = pbxCallId ? pbx.legsOf(pbxCallId) : [];
        // The call is the caller's when one of its agents' extensions is (a supervisor's leg does not count).
        const exts = [...new Set(legs.flatMap((l) => (l.ext && l.role !== "supervisor" ? [l.ext] : [])))];
        const held =
          exts.length === 0
            ? []
            : await gw.db
                .select({ id: users.id })
                .from(users)
                .where(and(inArray(users.extension, exts), eq(users.tenantId, caller.tenantId)))
                .limit(1);
        // Another call centre's call is answered as an unknown one: its ids say nothing.
        if (held.length === 0) throw new HttpError(404, MESSAGES.resourceNotFound);
        const edge = sipEdgeOf(gw);
        return {
          data: {
            legs: legs.map((l) => {
              const stats = edge?.stats(l.legId);
              return {
                legId: l.legId,
                role: l.role,
                ...(l.ext ? { ext: l.ext } : {}),
                state: l.state,
                sent: stats?.sent ?? 0,
                received: stats?.received ?? 0,
                heard: stats?.heard ?? {},
              };
            }),
          },
        };
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
