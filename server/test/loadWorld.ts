// A call centre's floor written straight into the database, for the load benchmark (bench/dialer-load) and the
// cluster tier (tests/cluster): N qualifiers of one new campaign (an extension each, WebRTC, one password hash
// computed once: argon2 for 2,000 accounts would take a minute) and enough leads whose time zones are inside their
// calling windows on a weekday afternoon (18:00Z on Tuesday 10 March 2026: LOAD_WORLD_CLOCK_START).
import { sql } from "drizzle-orm";
import { campaignQualifiers, leadCampaigns, leads, tenants, users } from "../db/schema";
import type { Db } from "../db/client";

/**
 * The benches' call centre, tenant 1 (ISIUS, US), written into an empty database; the tenants' sequence is moved past
 * it so that a tenant created later does not collide.
 */
export async function writeBenchTenant(db: Db): Promise<void> {
  await db
    .insert(tenants)
    .values({
      id: 1,
      name: "BENCH",
      variant: "isius",
      country: "US",
      timezone: "America/New_York",
      features: {},
    });
  await db.execute(
    sql`select setval(pg_get_serial_sequence('tenants', 'id'), (select max(id) from tenants))`,
  );
}

/** When every lead of the world is inside its calling window (the clocks of its users start here). */
export const LOAD_WORLD_CLOCK_START = "2026-03-10T18:00:00Z";

/**
 * US states with the zone of their address: at 18:00Z on Tuesday 10 March 2026 (EDT, CDT, MDT, MST, PDT) every
 * one is between 11:00 and 14:00 local, inside TCPA and every state's window (FL and OK, with their 24-hour
 * caps, are left out so a lead is never capped by the world's own dials). The area code is one of the state's,
 * in that zone only: the compliance gate judges the number's own zones as well as the lead's.
 */
export const PLACES: readonly [state: string, timezone: string, areaCode: string][] = [
  ["ny", "America/New_York", "212"],
  ["pa", "America/New_York", "215"],
  ["ga", "America/New_York", "404"],
  ["oh", "America/New_York", "216"],
  ["nc", "America/New_York", "704"],
  ["il", "America/Chicago", "312"],
  ["mn", "America/Chicago", "612"],
  ["mo", "America/Chicago", "314"],
  ["co", "America/Denver", "303"],
  ["az", "America/Phoenix", "602"],
  ["ca", "America/Los_Angeles", "213"],
  ["wa", "America/Los_Angeles", "206"],
];

/** The world's lead n: its place, and its number (national digits: the area code of its place, then 2,000,000 + n). */
export function loadWorldLead(n: number) {
  const [state, timezone, areaCode] = PLACES[n % PLACES.length]!;
  // A valid exchange (2-9 first) for up to 8 million leads.
  return { state, timezone, phone: `${areaCode}${2_000_000 + n}` };
}

export interface LoadWorld {
  campaignId: number;
  emails: string[];
  extensions: string[];
  userIds: number[];
}

export async function writeLoadWorld(
  db: Db,
  o: {
    tenantId: number;
    /** The campaign's slug; its marketing-id prefix is `prefix`. */
    campaign: { slug: string; name: string; prefix: string };
    agents: number;
    leads: number;
    passwordHash: string;
    createdAt: Date;
    /** Account n's e-mail and extension. */
    email(n: number): string;
    extension(n: number): string;
    /** The first lead's number among the world's (another world on the same database starts elsewhere). */
    firstLead?: number;
  },
): Promise<LoadWorld> {
  const [campaign] = await db
    .insert(leadCampaigns)
    .values({
      tenantId: o.tenantId,
      slug: o.campaign.slug,
      name: o.campaign.name,
      active: true,
      prefix: o.campaign.prefix,
    })
    .returning({ id: leadCampaigns.id });
  const world: LoadWorld = { campaignId: campaign!.id, emails: [], extensions: [], userIds: [] };
  for (let i = 0; i < o.agents; i += 500) {
    const rows = Array.from({ length: Math.min(500, o.agents - i) }, (_, k) => {
      const n = i + k;
      return {
        tenantId: o.tenantId,
        email: o.email(n),
        passwordHash: o.passwordHash,
        firstName: "Load",
        lastName: `Agent ${n}`,
        role: "qualifier",
        extension: o.extension(n),
        hasWebrtc: true,
        createdAt: o.createdAt,
      };
    });
    const ids = await db.insert(users).values(rows).returning({ id: users.id });
    rows.forEach((r) => (world.emails.push(r.email), world.extensions.push(r.extension)));
    world.userIds.push(...ids.map((r) => r.id));
  }
  for (let i = 0; i < world.userIds.length; i += 1000)
    await db
      .insert(campaignQualifiers)
      .values(world.userIds.slice(i, i + 1000).map((userId) => ({ campaignId: world.campaignId, userId })));
  const first = o.firstLead ?? 0;
  for (let i = 0; i < o.leads; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, o.leads - i) }, (_, k) => {
      const n = first + i + k;
      const { state, timezone, phone } = loadWorldLead(n);
      return {
        tenantId: o.tenantId,
        marketingId: `${o.campaign.prefix}-${n}`,
        prefix: o.campaign.prefix,
        campaignId: world.campaignId,
        firstName: "Lead",
        lastName: String(n),
        phone,
        country: "US",
        state,
        timezone,
        language: "en",
        createdAt: o.createdAt,
      };
    });
    await db.insert(leads).values(rows);
  }
  return world;
}
