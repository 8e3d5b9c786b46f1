// Control of the simulated PBX (only when it is the gateway's driver): a manager opens or closes an agent's
// external desk phone (Bria) or registers / unregisters its WebRTC softphone, for demonstrations and
// end-to-end tests of 'Bria is closed or inactive' and 'Your phone is disconnected…'.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import { Extension } from "../../../src/contract/status";
import { users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { HttpError, MESSAGES } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";
import { SimPbx } from "./extensions";

export const SimExtensionChange = z
  .strictObject({ open: z.boolean().optional(), registered: z.boolean().optional() })
  .refine((b) => b.open !== undefined || b.registered !== undefined, { message: "open or registered is required" });

export function simPbxRoutes(gw: Gateway): RouteDef[] {
  const pbx = gw.pbx;
  if (!(pbx instanceof SimPbx)) return [];
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
      async handler({ caller, params, body }, reply) {
        const [holder] = await gw.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.extension, params.extension), eq(users.tenantId, caller.tenantId)))
          .limit(1);
        if (!holder) throw new HttpError(404, MESSAGES.resourceNotFound);
        if (body.open !== undefined) await pbx.setPhoneOpen(params.extension, body.open);
        if (body.registered === true) await pbx.register(params.extension);
        if (body.registered === false) await pbx.unregister(params.extension);
        reply.code(204);
        return null;
      },
    }),
  ];
}
