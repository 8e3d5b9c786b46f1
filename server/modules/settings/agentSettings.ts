// An agent's settings the users list's row dialogs edit (admin-and-sign-in §2, §3, §6, §7), with the other
// /settings/* routes because the settings module writes them (server/README.md): an advisor's health licences
// (users.health_licenses: the health e-app button and the health-licensed advisors read them) and the
// attributes an agent holds (user_attributes; a PERMISSION attribute such as has_auto_ready is a permission
// the account gets at its next sign-in, and only when the attribute allows the agent's role). Another call
// centre's agent does not exist for the caller (404).
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import {
  AGENT_SETTINGS_MESSAGES as M,
  AgentAttributesBody,
  AgentAttributesResponse,
  AttributeList,
  AttributesQuery,
  HealthLicensesBody,
  HealthLicensesResponse,
  type Attribute,
} from "../../../src/contract/agentSettings";
import { ErrorBody } from "../../../src/contract/common";
import { idParam } from "../../../src/contract/ids";
import type { AccessPolicy, Caller } from "../../auth/access";
import { attributes, userAttributes, users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { fieldError, HttpError, MESSAGES } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";

/** Whether an account of `role` may hold the attribute: a PERMISSION attribute names the roles it allows. */
export function mayHold(attribute: Pick<Attribute, "type" | "roles">, role: string): boolean {
  return attribute.type !== "PERMISSION" || attribute.roles.length === 0 || attribute.roles.includes(role);
}

async function userOfTenant(gw: Gateway, caller: Caller, id: number) {
  const [u] = await gw.db
    .select({ id: users.id, role: users.role, healthLicenses: users.healthLicenses })
    .from(users)
    .where(and(eq(users.id, id), eq(users.tenantId, caller.tenantId)))
    .limit(1);
  if (!u) throw new HttpError(404, MESSAGES.resourceNotFound);
  return u;
}

const allAttributes = (gw: Gateway) =>
  gw.db
    .select({ id: attributes.id, name: attributes.name, type: attributes.type, scope: attributes.scope, roles: attributes.roles })
    .from(attributes)
    .orderBy(asc(attributes.name), asc(attributes.id));

export function agentSettingsRoutes(gw: Gateway, access: AccessPolicy): RouteDef[] {
  const audit = (caller: Caller, ip: string, action: string, detail: Record<string, unknown>) =>
    gw.audit.record({ action, outcome: "success", userId: caller.id, tenantId: caller.tenantId, ip, detail });
  return [
    defineRoute({
      method: "GET",
      url: "/settings/agents/:id/health-licenses",
      summary:
        "An agent's health licences (admin-and-sign-in §7): {health_licenses: lower-case state or province codes}. 404 when the id is no user of the caller's call centre.",
      tags: ["settings"],
      access,
      params: idParam,
      response: { 200: HealthLicensesResponse, 404: ErrorBody },
      async handler({ caller, params }) {
        const u = await userOfTenant(gw, caller, params.id);
        return { health_licenses: [...u.healthLicenses].sort() };
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/settings/agents/:id/health-licenses",
      summary:
        "Sets an advisor's health licences: {health_licenses: US state or Canadian province codes} (any case; stored lower case, once each). They decide the health e-app button and the health-licensed advisors, from the advisor's next sign-in. 204; 404 when the id is no user of the caller's call centre; 422 for an unknown code or a user who is not an advisor.",
      tags: ["settings"],
      access,
      params: idParam,
      body: HealthLicensesBody,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { health_licenses: ["ny", "fl"] } },
      async handler({ caller, params, body, raw }, reply) {
        const u = await userOfTenant(gw, caller, params.id);
        if (u.role !== "advisor") throw fieldError("health_licenses", M.advisorOnly);
        const codes = (body as z.output<typeof HealthLicensesBody>).health_licenses;
        await gw.db.update(users).set({ healthLicenses: codes }).where(eq(users.id, u.id));
        await audit(caller, raw.ip, "agent.health_licenses", { agentId: u.id, count: codes.length });
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "GET",
      url: "/settings/attributes",
      summary:
        "The attributes (admin-and-sign-in §3, §6): {data: [{id, name, type, scope, roles}]} by name. With role (qualifier or advisor), a PERMISSION attribute appears only if that role may hold it (has_auto_ready: advisors).",
      tags: ["settings"],
      access,
      querystring: AttributesQuery,
      response: { 200: AttributeList, 422: ErrorBody },
      example: { query: { role: "advisor" } },
      async handler({ query }) {
        const role = (query as z.infer<typeof AttributesQuery>).role;
        const rows = await allAttributes(gw);
        return { data: role ? rows.filter((a) => mayHold(a, role)) : rows };
      },
    }),
    defineRoute({
      method: "GET",
      url: "/settings/agents/:id/attributes",
      summary: "The attributes an agent holds: {attributes: ids}. 404 when the id is no user of the caller's call centre.",
      tags: ["settings"],
      access,
      params: idParam,
      response: { 200: AgentAttributesResponse, 404: ErrorBody },
      async handler({ caller, params }) {
        const u = await userOfTenant(gw, caller, params.id);
        const rows = await gw.db
          .select({ id: userAttributes.attributeId })
          .from(userAttributes)
          .where(eq(userAttributes.userId, u.id))
          .orderBy(asc(userAttributes.attributeId));
        return { attributes: rows.map((r) => r.id) };
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/settings/agents/:id/attributes",
      summary:
        "Sets the attributes an agent holds, the whole list: {attributes: ids}. A PERMISSION attribute gives its permission from the agent's next sign-in. 204; 404 when the id is no user of the caller's call centre; 422 (nothing written) for an unknown attribute or a permission the agent's role may not hold (has_auto_ready: advisors only).",
      tags: ["settings"],
      access,
      params: idParam,
      body: AgentAttributesBody,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { attributes: [] } },
      async handler({ caller, params, body, raw }, reply) {
        const u = await userOfTenant(gw, caller, params.id);
        const ids = (body as z.output<typeof AgentAttributesBody>).attributes;
        const found = ids.length
          ? await gw.db
              .select({ id: attributes.id, type: attributes.type, roles: attributes.roles })
              .from(attributes)
              .where(inArray(attributes.id, ids))
          : [];
        if (found.length !== ids.length) throw fieldError("attributes", M.unknownAttribute);
        if (found.some((a) => !mayHold(a, u.role))) throw fieldError("attributes", M.attributeRole);
        await gw.db.transaction(async (tx) => {
          await tx.delete(userAttributes).where(eq(userAttributes.userId, u.id));
          if (ids.length) await tx.insert(userAttributes).values(ids.map((attributeId) => ({ userId: u.id, attributeId })));
        });
        await audit(caller, raw.ip, "agent.attributes", { agentId: u.id, attributes: ids });
        reply.code(204);
        return null;
      },
    }),
  ];
}
