// The lead search ('My clients', agent-workspace §2 user summary).
import { and, asc, eq, exists, ilike, or, sql, type SQL } from "drizzle-orm";
import { holdsRoleAtLeast } from "../../../src/contract/common";
import type { Caller } from "../../auth/access";
import type { Db } from "../../db/client";
import { calls, dispositions, leads } from "../../db/schema";

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * The lead search ('My clients'): by marketing id, phone digits, name or e-mail. An agent's clients are the
 * leads it owns or has dialled or disposed (a lead dialled minutes ago is the agent's client even when the
 * disposition put it back in the pool); managers and above search every lead of their tenant. Booked meetings
 * join this list when booking exists (they are a disposition today).
 */
export async function searchLeads(db: Db, caller: Caller, text: string, limit = 50) {
  const term = text.trim();
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = term.replace(/\D/g, "");
  const match: SQL[] = [
    ilike(leads.marketingId, like),
    ilike(sql`${leads.firstName} || ' ' || ${leads.lastName}`, like),
    ilike(leads.email, like),
  ];
  if (digits.length >= 3) match.push(sql`${leads.phone} like ${`%${digits}%`}`);
  const rows = await db
    .select({
      id: leads.id,
      marketing_id: leads.marketingId,
      firstName: leads.firstName,
      lastName: leads.lastName,
      phone: leads.phone,
      email: leads.email,
      state: leads.state,
      status: leads.status,
    })
    .from(leads)
    .where(
      and(
        eq(leads.tenantId, caller.tenantId),
        holdsRoleAtLeast(caller.roles, "manager") ? undefined : myClients(db, caller.id),
        or(...match),
      ),
    )
    .orderBy(asc(leads.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    marketing_id: r.marketing_id,
    name: fullName(r.firstName, r.lastName),
    phone: r.phone,
    email: r.email,
    address: { state: r.state },
    status: r.status,
  }));
}

/** The leads an agent owns, dialled or disposed. */
function myClients(db: Db, agentId: number): SQL {
  return or(
    eq(leads.ownerId, agentId),
    exists(
      db
        .select({ one: sql`1` })
        .from(calls)
        .where(and(eq(calls.leadId, leads.id), eq(calls.agentId, agentId))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(dispositions)
        .where(and(eq(dispositions.leadId, leads.id), eq(dispositions.agentId, agentId))),
    ),
  )!;
}
