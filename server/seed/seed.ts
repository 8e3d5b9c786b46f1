// Creates the demo call centre (tenants, accounts, lead book) in an empty database: at start and by `npm run seed`.
import { count, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../src/shared/clock";
import type { Db } from "../db/client";
import * as t from "../db/schema";
import { hashPassword } from "../auth/passwords";
import { DEMO_ACCOUNTS, DEMO_ATTRIBUTES, DEMO_PASSWORD, DEMO_TEAMS, DEMO_TENANTS } from "./accounts";
import { FIELD_ADVISORS } from "./advisors";
import { geocode } from "../geo";
import { applyDispositionEffects } from "../dialer/followUps";
import { generateHistory, todayTrail } from "./history";
import { generateLeadBook } from "./leadbook";
import { generatePastShifts } from "./pastShifts";
import { seedPastShifts } from "./pastShiftsWriter";
import { DEMO_TRANSFER_TARGETS } from "./transfers";
import { DEMO_DIALER_SETTINGS } from "./dialer";
import { DEMO_ATTRIBUTE_GROUPS, demoAllowedExtensions } from "./peopleSettings";
import { TRANSFER_TARGETS_SETTING_KEY } from "../../src/contract/settings";
import { DIALER_SETTING_KEYS } from "../../src/contract/dialer";

export interface SeedOptions {
  /**
   * Today's calls and dispositions so far for the demo agents, and their shifts of the working days before
   * (pastShifts.ts: for the reports) (off in tests that count exact rows).
   */
  history?: boolean;
}

export async function seedIfEmpty(
  db: Db,
  clock: Clock,
  log?: Pick<FastifyBaseLogger, "info">,
  options: SeedOptions = {},
): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(t.tenants);
  if (n > 0) return false;
  await seedDemo(db, clock, options);
  log?.info("seeded the demo call centre");
  return true;
}

export async function seedDemo(db: Db, clock: Clock, options: SeedOptions = {}): Promise<void> {
  const now = new Date(clock.now());
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    for (const tenant of DEMO_TENANTS) {
      // No overrides: the tenants get their variant's feature-flag defaults (variants/*.ts).
      await tx.insert(t.tenants).values({ ...tenant, features: {} });
    }
    // Explicit ids above: move the sequence past them.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('tenants', 'id'), (select max(id) from tenants))`,
    );

    for (const [tenantId, value] of Object.entries(DEMO_TRANSFER_TARGETS))
      await tx
        .insert(t.settings)
        .values({ tenantId: Number(tenantId), key: TRANSFER_TARGETS_SETTING_KEY, value, updatedAt: now });
    // The lead dashboard link (example addresses), so the user summary's Dashboard column has links.
    for (const [tenantId, value] of Object.entries(DEMO_DIALER_SETTINGS))
      await tx
        .insert(t.settings)
        .values({ tenantId: Number(tenantId), key: DIALER_SETTING_KEYS.dialer, value, updatedAt: now });

    const attrs = await tx.insert(t.attributes).values(DEMO_ATTRIBUTES).returning();
    const userIds = new Map<string, number>();
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      const [u] = await tx
        .insert(t.users)
        .values({
          tenantId: a.tenantId,
          email: a.email,
          passwordHash: hashes[i]!,
          passwordState: a.passwordState ?? "active",
          firstName: a.firstName,
          lastName: a.lastName,
          role: a.role,
          extension: a.extension ?? null,
          level: a.level ?? 1,
          language: a.language ?? "en",
          isBilingual: a.isBilingual ?? false,
          hasWebrtc: a.hasWebrtc ?? false,
          canTransferToSunlife: a.canTransferToSunlife ?? false,
          canTransferToMatcha: a.canTransferToMatcha ?? false,
          healthLicenses: a.healthLicenses ?? [],
          isIapp2Agent: a.isIapp2Agent ?? false,
          ...homeBase(a.homePostal),
          internalLiveTransfers: a.internalLiveTransfers ?? false,
          externalLiveTransfers: a.externalLiveTransfers ?? false,
          createdAt: now,
        })
        .returning({ id: t.users.id });
      userIds.set(a.email, u!.id);
      for (const p of a.permissions ?? []) {
        const attr = attrs.find((x) => x.scope === p)!;
        await tx.insert(t.userAttributes).values({ userId: u!.id, attributeId: attr.id });
      }
    }
    for (const [manager, members] of Object.entries(DEMO_TEAMS))
      await tx
        .update(t.users)
        .set({ managerId: userIds.get(manager)! })
        .where(
          inArray(
            t.users.id,
            members.map((email) => userIds.get(email)!),
          ),
        );
    // The field advisors (advisors.ts): the demo password (its hash is salted once, shared), no extension.
    await tx.insert(t.users).values(
      FIELD_ADVISORS.map((a) => ({
        tenantId: a.tenantId,
        email: a.email,
        passwordHash: hashes[0]!,
        firstName: a.firstName,
        lastName: a.lastName,
        role: "advisor",
        language: a.language ?? "en",
        isBilingual: a.isBilingual ?? false,
        healthLicenses: a.healthLicenses,
        mga: a.mga ?? null,
        ...homeBase(a.homePostal),
        createdAt: now,
      })),
    );

    // The users area's settings: allowed extensions (the accounts' own among them) and attribute groups.
    for (const tenant of DEMO_TENANTS) {
      await tx
        .insert(t.allowedExtensions)
        .values(demoAllowedExtensions(tenant.id).map((extension) => ({ tenantId: tenant.id, extension, createdAt: now })));
      // One call-tracking (Retreaver) number per call centre, bringing calls for one of its campaigns' prefixes.
      await tx
        .insert(t.retreaverMappings)
        .values(
          tenant.id === 1
            ? { tenantId: 1, did: "8445550101", prefix: "ISW" }
            : { tenantId: tenant.id, did: "8775550102", prefix: "SLQ" },
        );
      for (const { members, attributes, ...g } of DEMO_ATTRIBUTE_GROUPS[tenant.id] ?? []) {
        const [group] = await tx
          .insert(t.attributeGroups)
          .values({ tenantId: tenant.id, ...g })
          .returning({ id: t.attributeGroups.id });
        if (members.length)
          await tx
            .insert(t.attributeGroupUsers)
            .values(members.map((email) => ({ groupId: group!.id, userId: userIds.get(email)! })));
        if (attributes.length)
          await tx
            .insert(t.attributeGroupAttributes)
            .values(attributes.map((name) => ({ groupId: group!.id, attributeId: attrs.find((a) => a.name === name)!.id })));
      }
    }

    for (const tenant of DEMO_TENANTS) {
      const book = generateLeadBook({ variant: tenant.variant, seed: tenant.id * 7919, now });
      const members = DEMO_ACCOUNTS.filter((a) => a.tenantId === tenant.id);
      const qualifiers = members.filter((a) => a.role === "qualifier").map((a) => userIds.get(a.email)!);
      const advisors = members.filter((a) => a.role === "advisor").map((a) => userIds.get(a.email)!);

      const campaigns = await tx
        .insert(t.leadCampaigns)
        .values(book.campaigns.map((c) => ({ ...c, tenantId: tenant.id })))
        .returning();
      const campaignId = new Map(campaigns.map((c) => [c.slug, c.id]));
      for (const c of campaigns) {
        if (qualifiers.length)
          await tx
            .insert(t.campaignQualifiers)
            .values(qualifiers.map((userId) => ({ campaignId: c.id, userId })));
      }
      const prefixes = await tx
        .insert(t.leadPrefixes)
        .values(book.prefixes.map((p) => ({ ...p, tenantId: tenant.id })))
        .returning();
      const prefixId = new Map(prefixes.map((p) => [p.name, p.id]));
      for (const g of book.groups) {
        const [group] = await tx
          .insert(t.leadGroups)
          .values({ tenantId: tenant.id, name: g.name })
          .returning();
        const ids = g.prefixNames.map((n) => prefixId.get(n)).filter((x): x is number => x !== undefined);
        if (ids.length)
          await tx
            .insert(t.leadGroupPrefixes)
            .values(ids.map((prefixId) => ({ groupId: group!.id, prefixId })));
        if (advisors.length)
          await tx
            .insert(t.leadGroupAdvisors)
            .values(advisors.map((userId) => ({ groupId: group!.id, userId })));
      }
      const rows = book.leads.map((l) => {
        const { campaignSlug, ...lead } = l;
        return { ...lead, tenantId: tenant.id, campaignId: campaignId.get(campaignSlug) ?? null };
      });
      const inserted: { id: number; phone: string; timezone: string | null; status: string }[] = [];
      for (let i = 0; i < rows.length; i += 100) {
        inserted.push(
          ...(await tx
            .insert(t.leads)
            .values(rows.slice(i, i + 100))
            .returning({
              id: t.leads.id,
              phone: t.leads.phone,
              timezone: t.leads.timezone,
              status: t.leads.status,
            })),
        );
      }
      if (options.history) {
        const agents = members
          .filter(
            (a) =>
              (a.role === "qualifier" || a.role === "advisor") && a.passwordState !== "new_password_required",
          )
          .map((a) => ({ id: userIds.get(a.email)!, role: a.role as "qualifier" | "advisor" }));
        // The weeks before today first (their rows then come before today's by id too), on leads of their own.
        await seedPastShifts(
          tx as unknown as Db,
          tenant.id,
          campaignId,
          generatePastShifts({
            seed: tenant.id * 15485863,
            now: clock.now(),
            timezone: tenant.timezone,
            variant: tenant.variant,
            agents,
            book,
          }),
        );
        await seedHistory(
          tx as unknown as Db,
          tenant.id,
          generateHistory({
            seed: tenant.id * 104729,
            now: clock.now(),
            timezone: tenant.timezone,
            agents,
            leads: inserted.map((l) => ({ ...l, timezone: l.timezone ?? "" })),
          }),
          clock.now(),
        );
      }
    }
  });
}

/** An advisor's home base: the postal code as shown and its centroid (users.home_*). */
function homeBase(postal: string | undefined) {
  const g = postal ? geocode(postal) : null;
  if (postal && !g) throw new Error(`seed: no postal row for the home base ${postal}`);
  return g ? { homePostal: g.postal, homeLatitude: g.latitude, homeLongitude: g.longitude } : {};
}

async function seedHistory(db: Db, tenantId: number, history: ReturnType<typeof generateHistory>, now: number) {
  if (!history.calls.length) return;
  const callIds: number[] = [];
  for (let i = 0; i < history.calls.length; i += 200) {
    const chunk = history.calls.slice(i, i + 200).map((c) => ({ ...c, tenantId }));
    callIds.push(...(await db.insert(t.calls).values(chunk).returning({ id: t.calls.id })).map((r) => r.id));
  }
  // Each agent's status around the calls, in order (the reports' rollups take each period from the change before).
  const trail = todayTrail(history, now);
  for (let i = 0; i < trail.length; i += 500)
    await db.insert(t.agentStatusChanges).values(trail.slice(i, i + 500).map((c) => ({ ...c, tenantId })));
  // Each call under its lead's campaign, as the call service files a call it places (calls.campaign_id).
  await db.execute(sql`
    update calls c set campaign_id = l.campaign_id from leads l
     where l.id = c.lead_id and c.tenant_id = ${tenantId} and c.campaign_id is null and l.campaign_id is not null`);
  const rows = history.dispositions.map(({ callIndex, ...d }) => ({
    ...d,
    tenantId,
    callId: callIds[callIndex]!,
  }));
  const dispositionIds: number[] = [];
  for (let i = 0; i < rows.length; i += 200)
    dispositionIds.push(
      ...(
        await db
          .insert(t.dispositions)
          .values(rows.slice(i, i + 200))
          .returning({ id: t.dispositions.id })
      ).map((r) => r.id),
    );
  // The leads now carry what happened to them.
  const last = new Map<number, { status: string; dials: number }>();
  for (const c of history.calls)
    last.set(c.leadId, {
      status: last.get(c.leadId)?.status ?? "In Process",
      dials: (last.get(c.leadId)?.dials ?? 0) + 1,
    });
  for (const d of history.dispositions) last.get(d.leadId)!.status = d.disposition;
  for (const [id, v] of last) {
    await db
      .update(t.leads)
      .set({ status: v.status, dials: sql`${t.leads.dials} + ${v.dials}`, isNew: false })
      .where(eq(t.leads.id, id));
  }
  // Each disposition does to the dialer what a live one does, in the order they happened: a callback or a
  // follow-up is owed by its agent (who holds the lead, as a dial's claim would have made it) and is listed.
  const inOrder = rows
    .map((d, i) => ({ ...d, id: dispositionIds[i]! }))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const d of inOrder) {
    await applyDispositionEffects(db, {
      tenantId,
      leadId: d.leadId,
      agentId: d.agentId,
      dispositionId: d.id,
      disposition: d.disposition,
      dateTime: d.dateTime,
      notes: d.notes,
      reschedule: false,
      at: d.createdAt,
    });
  }
  await db.execute(
    sql`update leads set owner_id = f.agent_id from follow_ups f where f.lead_id = leads.id and f.tenant_id = ${tenantId} and f.state = 'pending'`,
  );
}
