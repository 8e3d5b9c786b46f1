// Test fixtures for the dialer: a call centre of its own (tenant "DIALER-TEST", US, New York) beside the
// demo ones, so a test controls every lead the engine can see. Agents sign in with the demo password.
import { eq, inArray } from "drizzle-orm";
import type { Caller } from "../auth/access";
import { rolesOf } from "../auth/access";
import * as t from "../db/schema";
import type { TestGateway } from "../test/harness";

export interface DialerFixture {
  tenantId: number;
  /** Active campaign TST (prefix TST), its second prefix TSX, an inactive one OFF. */
  campaigns: { active: number; other: number; inactive: number };
  /** Lead group "Group G" with prefix TST. */
  groupId: number;
  /** Inserts an agent (qualifier by default, assigned to the active campaign, in group G when an advisor). */
  agent(over?: Partial<typeof t.users.$inferInsert>, opts?: { campaigns?: number[] }): Promise<Caller & { email: string }>;
  /** Inserts a lead (New, English, New York, never dialled, in the active campaign). */
  lead(over?: Partial<typeof t.leads.$inferInsert>): Promise<number>;
  /** An outbound call to a lead at an instant (for dialing sequence, caps and quotas). */
  call(leadId: number, agentId: number, at: number): Promise<void>;
  /** Deletes the tenant's leads, calls, dispositions, claims, follow-ups, DNC lists and entries, and settings. */
  reset(): Promise<void>;
}

let phoneSerial = 0;
let agentSerial = 0;

export async function dialerFixture(gw: TestGateway): Promise<DialerFixture> {
  const db = gw.db;
  const [tenant] = await db
    .insert(t.tenants)
    .values({ name: "DIALER-TEST", variant: "isius", country: "US", timezone: "America/New_York", features: {} })
    .returning({ id: t.tenants.id });
  const tenantId = tenant!.id;
  const camp = (slug: string, prefix: string, active: boolean, prefixes: string[] = []) =>
    db
      .insert(t.leadCampaigns)
      .values({ tenantId, slug, name: slug, prefix, prefixes, active })
      .returning({ id: t.leadCampaigns.id })
      .then((r) => r[0]!.id);
  const campaigns = {
    active: await camp("tst", "TST", true, ["TSX"]),
    other: await camp("other", "OTH", true),
    inactive: await camp("off", "OFF", false),
  };
  const prefixes = await db
    .insert(t.leadPrefixes)
    .values(["TST", "TSX", "OTH", "OFF"].map((name) => ({ tenantId, name })))
    .returning();
  const [group] = await db.insert(t.leadGroups).values({ tenantId, name: "Group G" }).returning();
  await db.insert(t.leadGroupPrefixes).values({ groupId: group!.id, prefixId: prefixes.find((p) => p.name === "TST")!.id });
  const [demo] = await db.select({ hash: t.users.passwordHash }).from(t.users).limit(1);

  return {
    tenantId,
    campaigns,
    groupId: group!.id,
    async agent(over = {}, opts = {}) {
      const n = ++agentSerial;
      const email = `dialer-agent-${n}@test.test`;
      const [u] = await db
        .insert(t.users)
        .values({
          tenantId,
          email,
          passwordHash: demo!.hash,
          firstName: "Agent",
          lastName: String(n),
          role: "qualifier",
          extension: String(3000 + n),
          ...over,
        })
        .returning();
      for (const campaignId of opts.campaigns ?? [campaigns.active])
        await db.insert(t.campaignQualifiers).values({ campaignId, userId: u!.id });
      if (u!.role === "advisor") await db.insert(t.leadGroupAdvisors).values({ groupId: group!.id, userId: u!.id });
      return { id: u!.id, tenantId, role: u!.role, roles: rolesOf(u!.role), permissions: [], email };
    },
    async lead(over = {}) {
      const n = ++phoneSerial;
      const [l] = await db
        .insert(t.leads)
        .values({
          tenantId,
          marketingId: `TST${String(n).padStart(6, "0")}`,
          campaignId: campaigns.active,
          prefix: "TST",
          firstName: "Lead",
          lastName: String(n),
          phone: `212555${String(1000 + (n % 9000)).padStart(4, "0")}`,
          country: "US",
          state: "ny",
          timezone: "America/New_York",
          ...over,
        })
        .returning({ id: t.leads.id });
      return l!.id;
    },
    async call(leadId, agentId, at) {
      await db.insert(t.calls).values({
        tenantId,
        leadId,
        agentId,
        type: "auto",
        direction: 0,
        phone: "+12125550000",
        status: "ended",
        startedAt: new Date(at),
        endedAt: new Date(at + 30_000),
      });
    },
    async reset() {
      const leadIds = db.select({ id: t.leads.id }).from(t.leads).where(eq(t.leads.tenantId, tenantId));
      await db.delete(t.followUps).where(eq(t.followUps.tenantId, tenantId));
      await db.delete(t.inProcessLeads).where(eq(t.inProcessLeads.tenantId, tenantId));
      await db.delete(t.dispositions).where(eq(t.dispositions.tenantId, tenantId));
      await db.delete(t.calls).where(inArray(t.calls.leadId, leadIds));
      await db.delete(t.calls).where(eq(t.calls.tenantId, tenantId));
      await db.delete(t.dncNumbers).where(eq(t.dncNumbers.tenantId, tenantId));
      await db.delete(t.dncLists).where(eq(t.dncLists.tenantId, tenantId));
      await db.delete(t.leads).where(eq(t.leads.tenantId, tenantId));
      await db.delete(t.settings).where(eq(t.settings.tenantId, tenantId));
    },
  };
}
