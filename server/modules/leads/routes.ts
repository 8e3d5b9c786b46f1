import { eq } from "drizzle-orm";
import { auditLeadEdit } from "./manage";
import { z } from "zod";
import { ErrorBody, holdsRoleAtLeast, Language } from "../../../src/contract/common";
import { idParam, RecordId } from "../../../src/contract/ids";
import {
  BY_PHONE_MATCH,
  CreateLeadBody,
  LEAD_MESSAGES,
  LeadSummaryResponse,
  readLeadByPhone,
} from "../../../src/contract/leads";
import { searchLeads as searchLeadsEndpoint } from "../../../src/contract/dialer";
import {
  IN_PROCESS,
  LEAD_RECORD_MESSAGES,
  readLead as readLeadEndpoint,
  UpdateLeadBody,
  UpdateLeadStatusBody,
  leadFieldProblems,
} from "../../../src/contract/lead";
import { readLeadHistory } from "../../../src/contract/leadHistory";
import type { Db } from "../../db/client";
import { leads } from "../../db/schema";
import { region } from "../../geo";
import { HttpError, MESSAGES } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { leadHistory } from "./history";
import { createLead, leadByPhone, leadMatching } from "./lookup";
import { leadRow, readLead } from "./record";
import { removeMadeLead } from "./remove";
import { searchLeads } from "./search";
import { leadSet } from "./update";
import type { Gateway } from "../../gateway";
import { defineRoute, type RouteDef } from "../../http/route";

const LeadParams = z.strictObject({ leadId: RecordId });
const IdParams = idParam;
/** Object-level access (server/auth/access.ts): an agent reaches the leads it owns, managers any of the tenant. */
const ON_LEAD = { roles: ["setter", "advisor"], leadParam: "id" } as const;

export function leadRoutes(gw: Gateway): RouteDef[] {
  /** The lead row; the access check already hid other tenants' leads, so a miss is a lead deleted meanwhile. */
  const rowOf = async (tenantId: number, id: number) => {
    const row = await leadRow(gw.db, tenantId, id);
    if (!row) throw new HttpError(404, MESSAGES.resourceNotFound);
    return row;
  };
  return [
    defineRoute(readLeadEndpoint, {
      access: ON_LEAD,
      async handler({ caller, params }) {
        return { data: await readLead(gw.db, await rowOf(caller.tenantId, params.id)) };
      },
    }),
    defineRoute(readLeadHistory, {
      access: ON_LEAD,
      async handler({ caller, params }) {
        const row = await rowOf(caller.tenantId, params.id);
        return { data: await leadHistory(gw.db, caller.tenantId, row.id, gw.callFacets, gw.log) };
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/leads/:id",
      summary:
        "Saves the lead's edited fields (any subset; address and insurance partial, clients merged by position) 204. With override_status: true the lead becomes 'In Process'. The postal code must suit the lead's country, a date of birth may not be after yesterday (422 {message, errors}).",
      tags: ["leads"],
      access: ON_LEAD,
      params: IdParams,
      body: UpdateLeadBody,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { first_name: "Pat", notes: "Wants a quote for two", override_status: true } },
      async handler({ caller, params, body, raw }, reply) {
        const row = await rowOf(caller.tenantId, params.id);
        const problems = leadFieldProblems(body, {
          country: row.country,
          nowMs: gw.clock.now(),
          regionOf: (code) => region(code)?.country,
        });
        if (Object.keys(problems).length) throw new HttpError(422, MESSAGES.invalid, problems);
        const set = leadSet(row, body);
        if (Object.keys(set).length) await gw.db.update(leads).set(set).where(eq(leads.id, row.id));
        // A manager's edit is someone else's lead: which fields it changed goes in the audit log (issue 36).
        if (Object.keys(set).length && holdsRoleAtLeast(caller.roles, "manager"))
          await auditLeadEdit(gw.db, caller.tenantId, row.id, Object.keys(set).sort(), { id: caller.id, ip: raw.ip }, new Date(gw.clock.now()));
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/leads/:id/statuses",
      summary: `Sets the lead's status: a disposition, New, ${IN_PROCESS} or Callback. 204.`,
      tags: ["leads"],
      access: ON_LEAD,
      params: IdParams,
      body: UpdateLeadStatusBody,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { status: IN_PROCESS } },
      async handler({ caller, params, body }, reply) {
        const row = await rowOf(caller.tenantId, params.id);
        await gw.db.update(leads).set({ status: body.status }).where(eq(leads.id, row.id));
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "DELETE",
      url: "/leads/:id",
      summary: `Deletes a lead the agent made by a manual dial (POST /leads) that has no calls and no dispositions: 204. Any other lead answers 409 ('${LEAD_RECORD_MESSAGES.notCreated}' or '${LEAD_RECORD_MESSAGES.hasHistory}').`,
      tags: ["leads"],
      access: ON_LEAD,
      params: IdParams,
      response: { 204: z.null(), 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      async handler({ caller, params }, reply) {
        const outcome = await removeMadeLead(gw.db, caller, await rowOf(caller.tenantId, params.id));
        if (outcome === "not_created") throw new HttpError(409, LEAD_RECORD_MESSAGES.notCreated);
        if (outcome === "has_history") throw new HttpError(409, LEAD_RECORD_MESSAGES.hasHistory);
        reply.code(204);
        return null;
      },
    }),
    defineRoute(readLeadByPhone, {
      access: { roles: ["setter", "advisor"] },
      drivesCalls: true,
      async handler({ caller, params, query }) {
        const lead =
          query.type === BY_PHONE_MATCH
            ? await leadMatching(gw.db, caller, params.phone, gw.calls.current(caller.id)?.leadId ?? null)
            : await leadByPhone(gw.db, caller, params.phone);
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
        return idempotent(gw, caller, raw, reply, (claim) =>
          // The lead and the key's answer commit together: a crash cannot leave a lead its retry creates again.
          gw.db.transaction(async (tx) => {
            const answer = {
              status: 201,
              body: {
                data: await createLead(tx as unknown as Db, caller, body.phone, body.type, gw.clock.now()),
              },
            };
            await claim.keepIn(tx as unknown as Db, answer);
            return answer;
          }),
        );
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
    defineRoute(searchLeadsEndpoint, {
      access: { roles: ["setter", "advisor"] },
      async handler({ caller, params }) {
        const data = await searchLeads(gw.db, caller, params.text);
        if (data.length === 0) throw new HttpError(404, LEAD_MESSAGES.notFound);
        return { data };
      },
    }),
  ];
}
