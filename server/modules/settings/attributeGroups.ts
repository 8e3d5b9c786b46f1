// Attribute groups (admin-and-sign-in §2, §3, §7 generic entity and relation calls): the settings module's
// /settings/attribute-groups routes (spread into routes.ts). A group belongs to one call centre: another
// tenant's group does not exist (404). Its agents are agents (qualifiers, advisors) of the same call centre
// (else 422 on userIds); its attributes are known attributes (else 422 on attributeIds). A relation is saved
// whole, in one transaction with its audit row (subject attribute-groups: the group's fields, or its agent or
// attribute ids, before and after).
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import {
  ATTRIBUTE_GROUP_MESSAGES as M,
  AttributeGroupBody,
  AttributeGroupList,
  CreatedAttributeGroup,
  GroupAttributes,
  GroupAttributesBody,
  GroupUsers,
  GroupUsersBody,
} from "../../../src/contract/attributeGroups";
import { LISTED_AGENT_ROLES } from "../../../src/contract/agents";
import { ErrorBody } from "../../../src/contract/common";
import { idParam } from "../../../src/contract/ids";
import type { Db } from "../../db/client";
import { attributeGroupAttributes, attributeGroups, attributeGroupUsers, attributes, users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { fieldError, HttpError, MESSAGES } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";
import { recordSettingsChange } from "./audit";
import { memberIds, replaceMembers, type Membership } from "./membership";

const TAGS = ["settings"];
/** The audit trail's subject of these routes' writes (issue 18 item 4). */
export const ATTRIBUTE_GROUPS_SUBJECT = "attribute-groups";
const EXAMPLE = { name: "Medicare Spanish", shortName: "MED-ES", provider: "Retreaver", transferScore: 80 };

/** The group of the caller's call centre, or 404. */
async function groupOf(db: Db, tenantId: number, id: number): Promise<void> {
  const [g] = await db
    .select({ id: attributeGroups.id })
    .from(attributeGroups)
    .where(and(eq(attributeGroups.id, id), eq(attributeGroups.tenantId, tenantId)))
    .limit(1);
  if (!g) throw new HttpError(404, MESSAGES.resourceNotFound);
}

/** A group's fields as the audit trail keeps them. */
const AUDITED = {
  id: attributeGroups.id,
  name: attributeGroups.name,
  shortName: attributeGroups.shortName,
  provider: attributeGroups.provider,
  transferScore: attributeGroups.transferScore,
};
const MEMBERS: Membership = {
  table: attributeGroupUsers,
  owner: attributeGroupUsers.groupId,
  member: attributeGroupUsers.userId,
  row: (groupId, userId) => ({ groupId, userId }),
};
const ATTRIBUTES: Membership = {
  table: attributeGroupAttributes,
  owner: attributeGroupAttributes.groupId,
  member: attributeGroupAttributes.attributeId,
  row: (groupId, attributeId) => ({ groupId, attributeId }),
};

export function attributeGroupRoutes(gw: Gateway, access: { roles: readonly ["manager"] }): RouteDef[] {
  const audit = (db: Db, caller: { tenantId: number; id: number }, old: unknown, next: unknown) =>
    recordSettingsChange(db, { ...auditOf(caller), old, new: next });
  const auditOf = (caller: { tenantId: number; id: number }) => ({
    tenantId: caller.tenantId,
    by: caller.id,
    subject: ATTRIBUTE_GROUPS_SUBJECT,
    at: new Date(gw.clock.now()),
  });
  return [
    defineRoute({
      method: "GET",
      url: "/settings/attribute-groups",
      summary:
        "The call centre's attribute groups, by name: {data: [{id, name, shortName, did, provider, transferScore, hasInternalAutoForward, autoForwardInternalDelay, hasExternalAutoForward, autoForwardExternalDelay, attributeIds, userIds}]} (the specification's generic entity list; its path is not shown).",
      tags: TAGS,
      access,
      response: { 200: AttributeGroupList },
      async handler({ caller }) {
        const groups = await gw.db
          .select()
          .from(attributeGroups)
          .where(eq(attributeGroups.tenantId, caller.tenantId))
          .orderBy(asc(attributeGroups.name), asc(attributeGroups.id));
        const ids = groups.map((g) => g.id);
        const [members, attrs] = ids.length
          ? await Promise.all([
              gw.db.select().from(attributeGroupUsers).where(inArray(attributeGroupUsers.groupId, ids)),
              gw.db.select().from(attributeGroupAttributes).where(inArray(attributeGroupAttributes.groupId, ids)),
            ])
          : [[], []];
        return {
          data: groups.map(({ tenantId: _, ...g }) => ({
            ...g,
            userIds: members.filter((m) => m.groupId === g.id).map((m) => m.userId).sort((a, b) => a - b),
            attributeIds: attrs.filter((a) => a.groupId === g.id).map((a) => a.attributeId).sort((a, b) => a - b),
          })),
        };
      },
    }),
    defineRoute({
      method: "POST",
      url: "/settings/attribute-groups",
      summary:
        "Creates an attribute group from the form's fields {name, shortName, provider, transferScore} (texts trimmed, at most 99; name and shortName required; transferScore 0 to 100): 201 {id}. did and the auto-forward fields are read-only in the form and start empty and off. Errors per field (422).",
      tags: TAGS,
      access,
      body: AttributeGroupBody,
      response: { 201: CreatedAttributeGroup, 422: ErrorBody },
      example: { body: EXAMPLE },
      async handler({ caller, body }, reply) {
        const id = await gw.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(attributeGroups)
            .values({ tenantId: caller.tenantId, ...body, provider: body.provider || null })
            .returning(AUDITED);
          await audit(tx, caller, null, row);
          return row!.id;
        });
        reply.code(201);
        return { id };
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/settings/attribute-groups/:id",
      summary:
        "Saves an attribute group's form fields {name, shortName, provider, transferScore} (as POST; did and the auto-forward fields are not changed here). 204; 404 for a group of another call centre; errors per field (422).",
      tags: TAGS,
      access,
      params: idParam,
      body: AttributeGroupBody,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: EXAMPLE },
      async handler({ caller, params, body }, reply) {
        await gw.db.transaction(async (tx) => {
          const [before] = await tx
            .select(AUDITED)
            .from(attributeGroups)
            .where(and(eq(attributeGroups.id, params.id), eq(attributeGroups.tenantId, caller.tenantId)));
          if (!before) throw new HttpError(404, MESSAGES.resourceNotFound);
          const [after] = await tx
            .update(attributeGroups)
            .set({ ...body, provider: body.provider || null })
            .where(eq(attributeGroups.id, before.id))
            .returning(AUDITED);
          await audit(tx, caller, before, after);
        });
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "GET",
      url: "/settings/attribute-groups/:id/users",
      summary:
        "The group's agents and the agents it may take (the call centre's qualifiers and advisors, by name): {data: {userIds, agents: [{id, full_name, extension, role}]}}. 404 for a group of another call centre.",
      tags: TAGS,
      access,
      params: idParam,
      response: { 200: GroupUsers, 404: ErrorBody },
      async handler({ caller, params }) {
        await groupOf(gw.db, caller.tenantId, params.id);
        const [agents, members] = await Promise.all([
          gw.db
            .select({ id: users.id, first: users.firstName, last: users.lastName, extension: users.extension, role: users.role })
            .from(users)
            .where(and(eq(users.tenantId, caller.tenantId), inArray(users.role, [...LISTED_AGENT_ROLES])))
            .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
          memberIds(gw.db, MEMBERS, params.id),
        ]);
        return {
          data: {
            userIds: members,
            agents: agents.map((a) => ({
              id: a.id,
              full_name: `${a.first} ${a.last}`.trim(),
              extension: a.extension,
              role: a.role,
            })),
          },
        };
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/settings/attribute-groups/:id/users",
      summary:
        "Sets the group's agents, all at once: {userIds}. 204. Each must be an agent (qualifier or advisor) of the caller's call centre, else 422 on userIds and nothing changes; 404 for a group of another call centre.",
      tags: TAGS,
      access,
      params: idParam,
      body: GroupUsersBody,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { userIds: [] } },
      async handler({ caller, params, body }, reply) {
        await groupOf(gw.db, caller.tenantId, params.id);
        const ids = [...new Set(body.userIds)];
        if (ids.length) {
          const found = await gw.db
            .select({ id: users.id })
            .from(users)
            .where(
              and(inArray(users.id, ids), eq(users.tenantId, caller.tenantId), inArray(users.role, [...LISTED_AGENT_ROLES])),
            );
          if (found.length !== ids.length) throw fieldError("userIds", M.notAnAgent);
        }
        await gw.db.transaction((tx) =>
          replaceMembers(tx, MEMBERS, { ownerId: params.id, ids, field: "userIds", key: { id: params.id }, audit: auditOf(caller) }),
        );
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "GET",
      url: "/settings/attribute-groups/:id/attributes",
      summary:
        "The group's attributes and every attribute it may take, by name (the specification's relation list; its path is not shown): {data: {attributeIds, attributes: [{id, name, type}]}}. 404 for a group of another call centre.",
      tags: TAGS,
      access,
      params: idParam,
      response: { 200: GroupAttributes, 404: ErrorBody },
      async handler({ caller, params }) {
        await groupOf(gw.db, caller.tenantId, params.id);
        const [all, members] = await Promise.all([
          gw.db
            .select({ id: attributes.id, name: attributes.name, type: attributes.type })
            .from(attributes)
            .orderBy(asc(attributes.name), asc(attributes.id)),
          memberIds(gw.db, ATTRIBUTES, params.id),
        ]);
        return { data: { attributeIds: members, attributes: all } };
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/settings/attribute-groups/:id/attributes",
      summary:
        "Sets the group's attributes, all at once: {attributeIds} (the specification's relation update; its path is not shown). 204; an unknown attribute is 422 on attributeIds and nothing changes; 404 for a group of another call centre.",
      tags: TAGS,
      access,
      params: idParam,
      body: GroupAttributesBody,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { attributeIds: [] } },
      async handler({ caller, params, body }, reply) {
        await groupOf(gw.db, caller.tenantId, params.id);
        const ids = [...new Set(body.attributeIds)];
        if (ids.length) {
          const found = await gw.db.select({ id: attributes.id }).from(attributes).where(inArray(attributes.id, ids));
          if (found.length !== ids.length) throw fieldError("attributeIds", M.unknownAttribute);
        }
        await gw.db.transaction((tx) =>
          replaceMembers(tx, ATTRIBUTES, { ownerId: params.id, ids, field: "attributeIds", key: { id: params.id }, audit: auditOf(caller) }),
        );
        reply.code(204);
        return null;
      },
    }),
  ];
}
