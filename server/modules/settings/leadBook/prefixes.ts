// Lead prefixes (admin-and-sign-in §2, §3, §5, §7; GET /settings/lead-prefixes is the specification's): the
// marketing prefixes a lead group gives its advisors. A name is unique in the call centre, compared as the
// dialer compares a lead's prefix (exactly, after trimming). Renaming one changes which leads its groups match.
import { and, asc, eq, ne } from "drizzle-orm";
import {
  createLeadPrefix,
  LEAD_BOOK_MESSAGES as M,
  LEAD_BOOK_SUBJECTS,
  listLeadPrefixes,
  saveLeadPrefix,
} from "../../../../src/contract/leadBook";
import type { Db } from "../../../db/client";
import { leadPrefixes } from "../../../db/schema";
import type { Gateway } from "../../../gateway";
import { fieldError } from "../../../http/errors";
import { defineRoute, type RouteDef } from "../../../http/route";
import { recordSettingsChange } from "../audit";
import { found, type Access } from "./shared";

const SUBJECT = LEAD_BOOK_SUBJECTS.prefixes;
const COLUMNS = { id: leadPrefixes.id, name: leadPrefixes.name };

/** 422 on name when another prefix of the call centre has it. */
async function checkFree(db: Db, tenantId: number, name: string, except?: number) {
  const [other] = await db
    .select({ id: leadPrefixes.id })
    .from(leadPrefixes)
    .where(and(eq(leadPrefixes.tenantId, tenantId), eq(leadPrefixes.name, name), except ? ne(leadPrefixes.id, except) : undefined))
    .limit(1);
  if (other) throw fieldError("name", M.nameTaken);
}

export function leadPrefixRoutes(gw: Gateway, access: Access): RouteDef[] {
  const now = () => new Date(gw.clock.now());
  return [
    defineRoute(listLeadPrefixes, {
      access,
      async handler({ caller }) {
        const data = await gw.db
          .select(COLUMNS)
          .from(leadPrefixes)
          .where(eq(leadPrefixes.tenantId, caller.tenantId))
          .orderBy(asc(leadPrefixes.name), asc(leadPrefixes.id));
        return { data };
      },
    }),
    defineRoute(createLeadPrefix, {
      access,
      example: { body: { params: { name: "ISFT" } } },
      names: [{ kind: "prefix", at: "body.params.name" }],
      async handler({ caller, body }, reply) {
        const id = await gw.db.transaction(async (tx) => {
          await checkFree(tx, caller.tenantId, body.name);
          const [row] = await tx.insert(leadPrefixes).values({ tenantId: caller.tenantId, name: body.name }).returning(COLUMNS);
          await recordSettingsChange(tx, { tenantId: caller.tenantId, by: caller.id, subject: SUBJECT, old: null, new: row, at: now() });
          return row!.id;
        });
        reply.code(201);
        return { id };
      },
    }),
    defineRoute(saveLeadPrefix, {
      access,
      example: { body: { params: { name: "ISFT" } } },
      names: [{ kind: "prefix", at: "body.params.name" }],
      async handler({ caller, params, body }, reply) {
        await gw.db.transaction(async (tx) => {
          const [row] = await tx
            .select(COLUMNS)
            .from(leadPrefixes)
            .where(and(eq(leadPrefixes.id, params.id), eq(leadPrefixes.tenantId, caller.tenantId)));
          const before = found(row);
          await checkFree(tx, caller.tenantId, body.name, before.id);
          const [after] = await tx.update(leadPrefixes).set({ name: body.name }).where(eq(leadPrefixes.id, before.id)).returning(COLUMNS);
          await recordSettingsChange(tx, { tenantId: caller.tenantId, by: caller.id, subject: SUBJECT, old: before, new: after, at: now() });
        });
        reply.code(204);
        return null;
      },
    }),
  ];
}
