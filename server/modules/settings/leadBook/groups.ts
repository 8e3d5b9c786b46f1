// Lead groups (admin-and-sign-in §2, §3, §7): /settings/lead-groups and the group's advisors and prefixes at
// /settings/lead-groups/{id}/advisors and /prefixes. The dialer gives an advisor the pool leads whose prefix
// is in one of its groups: a relation saved here acts on the next lead the engine picks.
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { ErrorBody } from "../../../../src/contract/common";
import { idParam } from "../../../../src/contract/ids";
import {
  Created,
  GroupPrefixes,
  GroupPrefixesBody,
  LEAD_BOOK_MESSAGES as M,
  LEAD_BOOK_SUBJECTS,
  LeadGroupList,
  LeadNameBody,
  RelationUsers,
  RelationUsersBody,
} from "../../../../src/contract/leadBook";
import type { Db } from "../../../db/client";
import { leadGroupAdvisors, leadGroupPrefixes, leadGroups, leadPrefixes } from "../../../db/schema";
import type { Gateway } from "../../../gateway";
import { fieldError } from "../../../http/errors";
import { defineRoute, type RouteDef } from "../../../http/route";
import { recordSettingsChange } from "../audit";
import { memberIds, replaceMembers, type Membership } from "../membership";
import { agentsOf, checkAgents, found, TAGS, type Access } from "./shared";

const SUBJECT = LEAD_BOOK_SUBJECTS.groups;
const URL = "/settings/lead-groups";
const COLUMNS = { id: leadGroups.id, name: leadGroups.name };

async function groupOf(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select(COLUMNS)
    .from(leadGroups)
    .where(and(eq(leadGroups.id, id), eq(leadGroups.tenantId, tenantId)));
  return found(row);
}
const ADVISORS: Membership = {
  table: leadGroupAdvisors,
  owner: leadGroupAdvisors.groupId,
  member: leadGroupAdvisors.userId,
  row: (groupId, userId) => ({ groupId, userId }),
};
const PREFIXES: Membership = {
  table: leadGroupPrefixes,
  owner: leadGroupPrefixes.groupId,
  member: leadGroupPrefixes.prefixId,
  row: (groupId, prefixId) => ({ groupId, prefixId }),
};

export function leadGroupRoutes(gw: Gateway, access: Access): RouteDef[] {
  const now = () => new Date(gw.clock.now());
  const audit = (db: Db, tenantId: number, by: number, old: unknown, next: unknown) =>
    recordSettingsChange(db, { tenantId, by, subject: SUBJECT, old, new: next, at: now() });
  const auditOf = (caller: { tenantId: number; id: number }) => ({ tenantId: caller.tenantId, by: caller.id, subject: SUBJECT, at: now() });
  return [
    defineRoute({
      method: "GET",
      url: URL,
      summary: "The call centre's lead groups, by name: {data: [{id, name, assignedPrefixesCount, assignedAdvisorsCount}]}.",
      tags: TAGS,
      access,
      response: { 200: LeadGroupList },
      async handler({ caller }) {
        const groups = await gw.db
          .select(COLUMNS)
          .from(leadGroups)
          .where(eq(leadGroups.tenantId, caller.tenantId))
          .orderBy(asc(leadGroups.name), asc(leadGroups.id));
        const ids = groups.map((g) => g.id);
        const [prefixes, advisors] = ids.length
          ? await Promise.all([
              gw.db.select({ id: leadGroupPrefixes.groupId, n: count() }).from(leadGroupPrefixes).where(inArray(leadGroupPrefixes.groupId, ids)).groupBy(leadGroupPrefixes.groupId),
              gw.db.select({ id: leadGroupAdvisors.groupId, n: count() }).from(leadGroupAdvisors).where(inArray(leadGroupAdvisors.groupId, ids)).groupBy(leadGroupAdvisors.groupId),
            ])
          : [[], []];
        const countOf = (rows: { id: number; n: number }[], id: number) => Number(rows.find((r) => r.id === id)?.n ?? 0);
        return {
          data: groups.map((g) => ({ ...g, assignedPrefixesCount: countOf(prefixes, g.id), assignedAdvisorsCount: countOf(advisors, g.id) })),
        };
      },
    }),
    defineRoute({
      method: "POST",
      url: URL,
      summary: "Creates a lead group from {params: {name}} (trimmed; required, at most 99): 201 {id}, with no prefixes and no advisors. Errors keyed per field (422).",
      tags: TAGS,
      access,
      body: LeadNameBody,
      response: { 201: Created, 422: ErrorBody },
      example: { body: { params: { name: "Texas closers" } } },
      async handler({ caller, body }, reply) {
        const id = await gw.db.transaction(async (tx) => {
          const [row] = await tx.insert(leadGroups).values({ tenantId: caller.tenantId, name: body.name }).returning(COLUMNS);
          await audit(tx, caller.tenantId, caller.id, null, row);
          return row!.id;
        });
        reply.code(201);
        return { id };
      },
    }),
    defineRoute({
      method: "PUT",
      url: `${URL}/:id`,
      summary: "Renames a lead group: {params: {name}} (as POST). 204; 404 for a group of another call centre; errors keyed per field (422).",
      tags: TAGS,
      access,
      params: idParam,
      body: LeadNameBody,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { params: { name: "Texas closers" } } },
      async handler({ caller, params, body }, reply) {
        await gw.db.transaction(async (tx) => {
          const before = await groupOf(tx, caller.tenantId, params.id);
          const [after] = await tx.update(leadGroups).set({ name: body.name }).where(eq(leadGroups.id, before.id)).returning(COLUMNS);
          await audit(tx, caller.tenantId, caller.id, before, after);
        });
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "GET",
      url: `${URL}/:id/advisors`,
      summary:
        "The group's advisors and every advisor of the call centre it may take, by name: {data: {userIds, agents: [{id, full_name, extension, role}]}}. 404 for a group of another call centre.",
      tags: TAGS,
      access,
      params: idParam,
      response: { 200: RelationUsers, 404: ErrorBody },
      async handler({ caller, params }) {
        const g = await groupOf(gw.db, caller.tenantId, params.id);
        const [agents, userIds] = await Promise.all([agentsOf(gw.db, caller.tenantId, "advisor"), memberIds(gw.db, ADVISORS, g.id)]);
        return { data: { userIds, agents } };
      },
    }),
    defineRoute({
      method: "PUT",
      url: `${URL}/:id/advisors`,
      summary:
        "Sets the group's advisors, all at once: {userIds}. 204. Each must be an advisor of the caller's call centre, else 422 on userIds and nothing changes; 404 for a group of another call centre.",
      tags: TAGS,
      access,
      params: idParam,
      body: RelationUsersBody,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { userIds: [] } },
      async handler({ caller, params, body }, reply) {
        await gw.db.transaction(async (tx) => {
          const g = await groupOf(tx, caller.tenantId, params.id);
          const ids = await checkAgents(tx, caller.tenantId, "advisor", body.userIds, "userIds", M.notAnAdvisor);
          await replaceMembers(tx, ADVISORS, { ownerId: g.id, ids, field: "userIds", key: { id: g.id }, audit: auditOf(caller) });
        });
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "GET",
      url: `${URL}/:id/prefixes`,
      summary:
        "The group's prefixes and every lead prefix of the call centre, by name: {data: {prefixIds, prefixes: [{id, name}]}}. 404 for a group of another call centre.",
      tags: TAGS,
      access,
      params: idParam,
      response: { 200: GroupPrefixes, 404: ErrorBody },
      async handler({ caller, params }) {
        const g = await groupOf(gw.db, caller.tenantId, params.id);
        const [prefixes, ids] = await Promise.all([
          gw.db
            .select({ id: leadPrefixes.id, name: leadPrefixes.name })
            .from(leadPrefixes)
            .where(eq(leadPrefixes.tenantId, caller.tenantId))
            .orderBy(asc(leadPrefixes.name), asc(leadPrefixes.id)),
          memberIds(gw.db, PREFIXES, g.id),
        ]);
        return { data: { prefixIds: ids, prefixes } };
      },
    }),
    defineRoute({
      method: "PUT",
      url: `${URL}/:id/prefixes`,
      summary:
        "Sets the group's prefixes, all at once: {prefixIds}. 204. Each must be a lead prefix of the caller's call centre, else 422 on prefixIds and nothing changes; 404 for a group of another call centre.",
      tags: TAGS,
      access,
      params: idParam,
      body: GroupPrefixesBody,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { prefixIds: [] } },
      async handler({ caller, params, body }, reply) {
        await gw.db.transaction(async (tx) => {
          const g = await groupOf(tx, caller.tenantId, params.id);
          const ids = [...new Set(body.prefixIds)];
          if (ids.length) {
            const ok = await tx
              .select({ id: leadPrefixes.id })
              .from(leadPrefixes)
              .where(and(inArray(leadPrefixes.id, ids), eq(leadPrefixes.tenantId, caller.tenantId)));
            if (ok.length !== ids.length) throw fieldError("prefixIds", M.unknownPrefix);
          }
          await replaceMembers(tx, PREFIXES, { ownerId: g.id, ids, field: "prefixIds", key: { id: g.id }, audit: auditOf(caller) });
        });
        reply.code(204);
        return null;
      },
    }),
  ];
}
