// What the lead book's routes share: the caller's tenant check (another call centre's campaign or group does not
// exist: 404 'Not found.'), the agents a relation may take, and a relation saved whole with its audit row.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { LeadBookAgent } from "../../../../src/contract/leadBook";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { fieldError, HttpError, MESSAGES } from "../../../http/errors";

export type Access = { roles: readonly ["manager"] };

/** 404 'Not found.' unless the row was found (in the caller's call centre). */
export function found<T>(row: T | undefined): T {
  if (row === undefined) throw new HttpError(404, MESSAGES.resourceNotFound);
  return row;
}

/** The call centre's agents of one role, by name, as a relation dialog lists them. */
export async function agentsOf(db: Db, tenantId: number, role: "qualifier" | "advisor"): Promise<LeadBookAgent[]> {
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, extension: users.extension, role: users.role })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, role)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((a) => ({ id: a.id, full_name: `${a.first} ${a.last}`.trim(), extension: a.extension, role: a.role }));
}

/** The ids, once each, sorted; 422 on `field` unless every one is an agent of `role` in the call centre. */
export async function checkAgents(
  db: Db,
  tenantId: number,
  role: "qualifier" | "advisor",
  userIds: number[],
  field: string,
  message: string,
): Promise<number[]> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (!ids.length) return ids;
  const ok = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.tenantId, tenantId), eq(users.role, role)));
  if (ok.length !== ids.length) throw fieldError(field, message);
  return ids;
}

