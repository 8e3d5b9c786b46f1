// Attribute groups (admin-and-sign-in §2, §3, §7 generic entity and relation calls): the settings module's
// /settings/attribute-groups routes (spread into routes.ts). A group belongs to one call centre: another
// tenant's group does not exist (404). Its agents are agents (qualifiers, advisors) of the same call centre
// (else 422 on userIds); its attributes are known attributes (else 422 on attributeIds). A relation is saved
// whole, in one transaction with its audit row (subject attribute-groups: the group's fields, or its agent or
// attribute ids, before and after).
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  ATTRIBUTE_GROUP_MESSAGES as M,
  createAttributeGroup,
  listAttributeGroups,
  readGroupAttributes,
  readGroupUsers,
  saveAttributeGroup,
  saveGroupAttributes,
  saveGroupUsers,
} from "../../../src/contract/attributeGroups";
import { LISTED_AGENT_ROLES } from "../../../src/contract/agents";
import type { Db } from "../../db/client";
import { attributeGroupAttributes, attributeGroups, attributeGroupUsers, attributes, users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { fieldError, HttpError, MESSAGES } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";
import { recordSettingsChange } from "./audit";
import { memberIds, replaceMembers, type Membership } from "./membership";

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
    defineRoute(listAttributeGroups, {
      access,
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
    defineRoute(createAttributeGroup, {
      access,
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
    defineRoute(saveAttributeGroup, {
      access,
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
    defineRoute(readGroupUsers, {
      access,
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
    defineRoute(saveGroupUsers, {
      access,
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
    defineRoute(readGroupAttributes, {
      access,
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
    defineRoute(saveGroupAttributes, {
      access,
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
