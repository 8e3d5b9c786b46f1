// An agent's settings the users list's row dialogs edit (admin-and-sign-in §2, §3, §6, §7), with the other
// /settings/* routes because the settings module writes them (server/README.md): an advisor's health licences
// (users.health_licenses: the health e-app button and the health-licensed advisors read them) and the
// attributes an agent holds (user_attributes; a PERMISSION attribute such as has_auto_ready is a permission
// the account gets at its next sign-in, and only when the attribute allows the agent's role). Another call
// centre's agent does not exist for the caller (404).
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  AGENT_SETTINGS_MESSAGES as M,
  listAttributes,
  readAgentAttributes,
  readHealthLicenses,
  saveAgentAttributes,
  saveHealthLicenses,
  type Attribute,
} from "../../../src/contract/agentSettings";
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
    defineRoute(readHealthLicenses, {
      access,
      async handler({ caller, params }) {
        const u = await userOfTenant(gw, caller, params.id);
        return { health_licenses: [...u.healthLicenses].sort() };
      },
    }),
    defineRoute(saveHealthLicenses, {
      access,
      example: { body: { health_licenses: ["ny", "fl"] } },
      async handler({ caller, params, body, raw }, reply) {
        const u = await userOfTenant(gw, caller, params.id);
        if (u.role !== "advisor") throw fieldError("health_licenses", M.advisorOnly);
        const codes = body.health_licenses;
        await gw.db.update(users).set({ healthLicenses: codes }).where(eq(users.id, u.id));
        await audit(caller, raw.ip, "agent.health_licenses", { agentId: u.id, count: codes.length });
        reply.code(204);
        return null;
      },
    }),
    defineRoute(listAttributes, {
      access,
      example: { query: { role: "advisor" } },
      async handler({ query }) {
        const role = query.role;
        const rows = await allAttributes(gw);
        return { data: role ? rows.filter((a) => mayHold(a, role)) : rows };
      },
    }),
    defineRoute(readAgentAttributes, {
      access,
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
    defineRoute(saveAgentAttributes, {
      access,
      example: { body: { attributes: [] } },
      async handler({ caller, params, body, raw }, reply) {
        const u = await userOfTenant(gw, caller, params.id);
        const ids = body.attributes;
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
