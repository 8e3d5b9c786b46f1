// GET /agents (agent-workspace §7; admin-and-sign-in §2 users list): one page of the agents of the caller's own
// call centre, searched, filtered and ordered by the database (limit, offset and a count), never the whole call
// centre in memory. The manual-transfer panel asks for the callable ones; the users area pages through all.
import { and, asc, count, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import {
  LISTED_AGENT_ROLES,
  OUTBOUND_ELIGIBILITIES,
  type AGENT_LIST_SORTS,
  type OutboundEligibility,
  type AgentListItem,
  type ListedAgentRole,
} from "../../../src/contract/agents";
import { holdsRoleAtLeast } from "../../../src/contract/common";
import type { AgentStatus } from "../../../src/contract/status";
import type { Caller } from "../../auth/access";
import type { Db } from "../../db/client";
import { agentStatuses, users } from "../../db/schema";

export interface AgentListRequest {
  /** Trimmed by the schema; empty: no search. */
  query?: string;
  page: number;
  perPage: number;
  sort: (typeof AGENT_LIST_SORTS)[number];
  role?: ListedAgentRole;
  /** Only agents a lead can be handed to: an extension, calling not disabled, the account not disabled. */
  callable?: boolean;
  /** Only bilingual agents (a lead who speaks the call centre's second language). */
  bilingual?: boolean;
  /** Only advisors who take that kind of live transfer (internal: from our qualifiers; external: partners'). */
  liveTransfers?: "internal" | "external";
}

/** The column is free text; a value the contract does not know reads as the column's default. */
const eligibility = (value: string): OutboundEligibility =>
  (OUTBOUND_ELIGIBILITIES as readonly string[]).includes(value) ? (value as OutboundEligibility) : "both";

/** A LIKE pattern that finds `text` anywhere, its own %, _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listAgents(
  db: Db,
  caller: Caller,
  r: AgentListRequest,
): Promise<{ rows: AgentListItem[]; total: number }> {
  // Managers and above see (and search) the e-mail and the calling flag; agents see colleagues' public facts.
  const manager = holdsRoleAtLeast(caller.roles, "manager");
  const like = r.query ? containing(r.query) : null;
  const where = and(
    eq(users.tenantId, caller.tenantId),
    r.role ? eq(users.role, r.role) : inArray(users.role, [...LISTED_AGENT_ROLES]),
    like
      ? // "first last" holds the first name and the last name: one test finds all three (a third fewer tests
        // per row: the users area searches at every pause in typing).
        or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
          ilike(users.extension, like),
          manager ? ilike(users.email, like) : undefined,
        )
      : undefined,
    // What an internal transfer asks of the colleague (server/modules/calls/internalTransfer.ts).
    r.callable
      ? and(isNotNull(users.extension), ne(users.extension, ""), eq(users.deactivated, false), eq(users.disabled, false))
      : undefined,
    r.bilingual ? eq(users.isBilingual, true) : undefined,
    r.liveTransfers === "internal" ? eq(users.internalLiveTransfers, true) : undefined,
    r.liveTransfers === "external" ? eq(users.externalLiveTransfers, true) : undefined,
  );
  const byName: SQL[] = [asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`)];
  const order: SQL[] =
    r.sort === "extension"
      ? // Extensions of one length compare as numbers (999 before 1001); agents without one come last.
        [asc(sql`${users.extension} is null`), asc(sql`length(${users.extension})`), asc(users.extension), ...byName]
      : r.sort === "role"
        ? [asc(users.role), ...byName]
        : byName;
  // One pass: the page and, beside each row, how many rows matched (a window count over the filtered rows,
  // before the limit). Only a page past the end, which has no row to carry it, needs a count of its own.
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      extension: users.extension,
      role: users.role,
      level: users.level,
      isBilingual: users.isBilingual,
      email: users.email,
      deactivated: users.deactivated,
      outboundEligibility: users.outboundEligibility,
      inboundOnly: users.inboundOnly,
      internalLiveTransfers: users.internalLiveTransfers,
      externalLiveTransfers: users.externalLiveTransfers,
      hasWebrtc: users.hasWebrtc,
      managerId: users.managerId,
      status: agentStatuses.status,
      matched: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .leftJoin(agentStatuses, eq(agentStatuses.userId, users.id))
    .where(where)
    .orderBy(...order, asc(users.id))
    .limit(r.perPage)
    .offset((r.page - 1) * r.perPage);
  const total =
    rows[0]?.matched ?? (r.page > 1 ? ((await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0) : 0);
  return {
    total,
    rows: rows.map((u) => ({
      id: u.id,
      first_name: u.firstName,
      last_name: u.lastName,
      full_name: `${u.firstName} ${u.lastName}`.trim(),
      extension: u.extension,
      role: u.role as ListedAgentRole,
      level: u.level,
      is_bilingual: u.isBilingual,
      // The users area's columns (admin-and-sign-in §2): what a manager sees and changes per row.
      ...(manager
        ? {
            email: u.email,
            deactivated: u.deactivated,
            outbound_eligibility: eligibility(u.outboundEligibility),
            inbound_only: u.inboundOnly,
            internal_live_transfers: u.internalLiveTransfers,
            external_live_transfers: u.externalLiveTransfers,
            has_webrtc: u.hasWebrtc,
            manager_id: u.managerId,
            status: (u.status ?? "offline") as AgentStatus,
          }
        : {}),
    })),
  };
}
