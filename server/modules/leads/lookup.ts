// Finding and creating leads by phone for the dial actions. An agent reaches its own leads and the tenant's
// unowned ones (a manual dial claims an unowned lead); another agent's lead is not offered.
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { LeadSummary } from "../../../src/contract/leads";
import type { Caller } from "../../auth/access";
import type { Db } from "../../db/client";
import { leads, tenants } from "../../db/schema";
import { nationalDigits, toE164 } from "../calls/phone";
import { numberRegion } from "../../geo/numbers";

/** Marketing ID prefixes of the leads agents make (POST /leads), by how the lead came in. */
const MADE_PREFIX = { manual: "MAN", inbound: "IN" } as const;

/** How an agent made the lead, from its marketing ID; null for an imported lead. */
export function madeBy(marketingId: string): keyof typeof MADE_PREFIX | null {
  if (marketingId.startsWith(`${MADE_PREFIX.manual}-`)) return "manual";
  if (marketingId.startsWith(`${MADE_PREFIX.inbound}-`)) return "inbound";
  return null;
}

const columns = {
  id: leads.id,
  marketing_id: leads.marketingId,
  first_name: leads.firstName,
  last_name: leads.lastName,
  phone: leads.phone,
  status: leads.status,
  language: leads.language,
  state: leads.state,
  timezone: leads.timezone,
};

export async function leadByPhone(db: Db, caller: Caller, phone: string): Promise<LeadSummary | null> {
  const digits = nationalDigits(phone);
  const [row] = await db
    .select({ ...columns, ownerId: leads.ownerId })
    .from(leads)
    .where(
      and(
        eq(leads.tenantId, caller.tenantId),
        eq(leads.phone, digits),
        or(eq(leads.ownerId, caller.id), isNull(leads.ownerId)),
      ),
    )
    // The agent's own lead first, then the oldest unowned one.
    .orderBy(sql`${leads.ownerId} is null`, asc(leads.id))
    .limit(1);
  if (!row) return null;
  if (row.ownerId === null)
    await db
      .update(leads)
      .set({ ownerId: caller.id })
      .where(and(eq(leads.id, row.id), isNull(leads.ownerId)));
  const { ownerId: _owner, ...lead } = row;
  return lead;
}

/**
 * The lead matcher's look-up (GET /leads/by-phone/{phone}?type=match): the lead with this phone that the agent
 * may link its call to, the agent's own first, then the tenant's oldest unowned one (the same reach as the dial
 * pad's look-up). Unlike leadByPhone it only looks: nobody's lead changes owner until the call is linked. The
 * lead of the call itself (`except`) is never the answer: the caller's number already found it.
 */
export async function leadMatching(
  db: Db,
  caller: Caller,
  phone: string,
  except: number | null,
): Promise<LeadSummary | null> {
  const [row] = await db
    .select(columns)
    .from(leads)
    .where(
      and(
        eq(leads.tenantId, caller.tenantId),
        eq(leads.phone, nationalDigits(phone)),
        or(eq(leads.ownerId, caller.id), isNull(leads.ownerId)),
        except === null ? undefined : ne(leads.id, except),
      ),
    )
    .orderBy(sql`${leads.ownerId} is null`, asc(leads.id))
    .limit(1);
  return row ?? null;
}

export async function createLead(
  db: Db,
  caller: Caller,
  phone: string,
  type: "manual" | "inbound",
  now: number,
): Promise<LeadSummary> {
  const [tenant] = await db
    .select({ country: tenants.country })
    .from(tenants)
    .where(eq(tenants.id, caller.tenantId))
    .limit(1);
  const prefix = MADE_PREFIX[type];
  // A number typed on the dial pad or calling in tells where it rings: its area code's state or province and,
  // when the area code has one zone, the lead's local time from the first call (the lead card shows it).
  const where = numberRegion(toE164(phone));
  const northAmerican = where && (where.country === "US" || where.country === "CA") ? where : null;
  const [row] = await db
    .insert(leads)
    .values({
      tenantId: caller.tenantId,
      marketingId: `${prefix}-${now.toString(36)}-${randomUUID().slice(0, 8)}`,
      firstName: "",
      lastName: "",
      phone: nationalDigits(phone),
      country: northAmerican?.country ?? tenant?.country ?? "US",
      state: northAmerican?.region ?? null,
      timezone: northAmerican?.zones.length === 1 ? northAmerican.zones[0]! : null,
      ownerId: caller.id,
      status: "New",
    })
    .returning(columns);
  return row!;
}
