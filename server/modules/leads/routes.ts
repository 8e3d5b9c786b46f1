import { eq } from "drizzle-orm";
import { z } from "zod";
import { ErrorBody, Language } from "../../../src/contract/common";
import {
  ByPhoneParams,
  ByPhoneQuery,
  CreateLeadBody,
  LEAD_MESSAGES,
  LeadSummaryResponse,
} from "../../../src/contract/leads";
import { leads } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { createLead, leadByPhone } from "./lookup";
import type { Gateway } from "../../gateway";
import { defineRoute, type RouteDef } from "../../http/route";

const LeadParams = z.strictObject({ leadId: z.coerce.number().int().positive().max(2_147_483_647) });

export function leadRoutes(gw: Gateway): RouteDef[] {
  return [
    defineRoute({
      method: "GET",
      url: "/leads/by-phone/:phone",
      summary:
        "The lead with this phone (any format; compared as its ten national digits): the agent's own, else the tenant's oldest unowned one, which the agent then owns. 404 'No leads were found'.",
      tags: ["leads"],
      access: { roles: ["setter", "advisor"] },
      params: ByPhoneParams,
      querystring: ByPhoneQuery,
      response: { 200: LeadSummaryResponse, 404: ErrorBody, 422: ErrorBody },
      async handler({ caller, params }) {
        const lead = await leadByPhone(gw.db, caller, params.phone);
        if (!lead) throw new HttpError(404, LEAD_MESSAGES.notFound);
        return { data: lead };
      },
    }),
    defineRoute({
      method: "POST",
      url: "/leads",
      summary:
        "Creates a lead for a number the call centre does not know yet (a manual dial), owned by the agent. 201. Takes an Idempotency-Key.",
      tags: ["leads"],
      access: { roles: ["setter", "advisor"] },
      body: CreateLeadBody,
      response: { 201: LeadSummaryResponse, 422: ErrorBody },
      example: { body: { phone: "5555550188", type: "manual" } },
      async handler({ caller, body, raw }, reply) {
        return idempotent(gw, caller, raw, reply, async () => ({
          status: 201,
          body: { data: await createLead(gw.db, caller, body.phone, body.type, gw.clock.now()) },
        }));
      },
    }),
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
