import { eq } from "drizzle-orm";
import { z } from "zod";
import { ErrorBody, Language } from "../../../src/contract/common";
import { leads } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { defineRoute, type RouteDef } from "../../http/route";

const LeadParams = z.strictObject({ leadId: z.coerce.number().int().positive().max(2_147_483_647) });

export function leadRoutes(gw: Gateway): RouteDef[] {
  return [
    defineRoute({
      method: "PUT",
      url: "/leads/:leadId/languages",
      summary: "Sets the language the lead speaks (agent-workspace §7).",
      tags: ["leads"],
      access: { roles: ["setter", "advisor"], leadParam: "leadId" },
      params: LeadParams,
      body: z.strictObject({ language: Language }),
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { language: "es" } },
      async handler({ params, body }, reply) {
        await gw.db.update(leads).set({ language: body.language }).where(eq(leads.id, params.leadId));
        reply.code(204);
        return null;
      },
    }),
  ];
}
