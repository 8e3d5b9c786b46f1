// Lead groups (admin-and-sign-in §2, §3, §7): /settings/lead-groups and the group's advisors and prefixes at
// /settings/lead-groups/{id}/advisors and /prefixes. The dialer gives an advisor the pool leads whose prefix
// is in one of its groups: a relation saved here acts on the next lead the engine picks.
import { and, asc, count, eq, inArray } from "drizzle-orm";
import {
  createLeadGroup,
  LEAD_BOOK_MESSAGES as M,
  LEAD_BOOK_SUBJECTS,
  listLeadGroups,
  readGroupAdvisors,
  readGroupPrefixes,
  saveGroupAdvisors,
  saveGroupPrefixes,
  saveLeadGroup,
} from "../../../../src/contract/leadBook";
import type { Db } from "../../../db/client";
import { leadGroupAdvisors, leadGroupPrefixes, leadGroups, leadPrefixes } from "../../../db/schema";
import type { Gateway } from "../../../gateway";
import { fieldError } from "../../../http/errors";
import { defineRoute, type RouteDef } from "../../../http/route";
import { recordSettingsChange } from "../audit";
import { memberIds, replaceMembers, type Membership } from "../membership";
import { agentsOf, checkAgents, found, type Access } from "./shared";

const SUBJECT = LEAD_BOOK_SUBJECTS.groups;
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
    defineRoute(listLeadGroups, {
      access,
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
    defineRoute(createLeadGroup, {
      access,
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
    defineRoute(saveLeadGroup, {
      access,
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
    defineRoute(readGroupAdvisors, {
      access,
      async handler({ caller, params }) {
        const g = await groupOf(gw.db, caller.tenantId, params.id);
        const [agents, userIds] = await Promise.all([agentsOf(gw.db, caller.tenantId, "advisor"), memberIds(gw.db, ADVISORS, g.id)]);
        return { data: { userIds, agents } };
      },
    }),
    defineRoute(saveGroupAdvisors, {
      access,
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
    defineRoute(readGroupPrefixes, {
      access,
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
    defineRoute(saveGroupPrefixes, {
      access,
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
