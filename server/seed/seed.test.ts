// The demo call centre with today's history: what the seeded dispositions did is in the dialer's tables, as
// a live disposition would have left it, so the user summary's follow-ups agree with its last dials; and both
// call centres have a dashboard link template, so those rows link to the lead in the (example) dashboard. The
// working days before today are there too (pastShifts.ts), for the reports, without touching today.
import { and, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/shared/clock";
import { traitsOf } from "../../src/contract/dispositions";
import { startOfLocalDay } from "../../src/shared/zoned-time";
import { openDatabase, rowsOf, type Database } from "../db/client";
import { agentStatusChanges, calls, dispositions, followUps, leads, users } from "../db/schema";
import { FOLLOW_UP_DISPOSITIONS } from "../dialer/followUps";
import { followUpsOf } from "../dialer/lists";
import { lastDialsOf } from "../modules/calls/lastDials";
import { DEMO_DIALER_SETTINGS } from "./dialer";
import { DEMO_TENANTS } from "./accounts";
import { seedIfEmpty } from "./seed";

const now = Date.parse("2026-03-10T18:00:00Z"); // a Tuesday afternoon in New York
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory" });
  await seedIfEmpty(database.db, manualClock(now), undefined, { history: true });
}, 60_000);
afterAll(() => database.close());

describe("the seeded history", () => {
  it("leaves each lead's last follow-up disposition as its agent's pending follow-up, on a lead that agent holds", async () => {
    const { db } = database;
    const pending = await db
      .select({ leadId: followUps.leadId, agentId: followUps.agentId, kind: followUps.kind, startsAt: followUps.startsAt, ownerId: leads.ownerId })
      .from(followUps)
      .innerJoin(leads, eq(leads.id, followUps.leadId))
      .where(eq(followUps.state, "pending"));
    expect(pending.length).toBeGreaterThan(0);
    // Some are due already, so the overdue tab has something in it.
    expect(pending.some((f) => f.startsAt.getTime() < now)).toBe(true);
    const all = await db.select().from(dispositions);
    const lastOf = new Map<number, (typeof all)[number]>();
    for (const d of [...all].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) lastOf.set(d.leadId, d);
    for (const f of pending) {
      expect(f.ownerId).toBe(f.agentId);
      const last = lastOf.get(f.leadId)!;
      expect(last).toMatchObject({ agentId: f.agentId, disposition: f.kind });
    }
    // Every lead whose last disposition needs a follow-up with a date has one.
    const owed = [...lastOf.values()].filter((d) => FOLLOW_UP_DISPOSITIONS.includes(d.disposition) && d.dateTime);
    expect(new Set(pending.map((f) => f.leadId))).toEqual(new Set(owed.map((d) => d.leadId)));
    expect(await db.select().from(followUps).where(and(eq(followUps.state, "pending"), eq(followUps.kind, "Not Interested")))).toEqual([]);
  });
});

describe("the seeded past weeks", () => {
  it("give the reports each agent's shifts of the working days before today, on closed leads of their own", async () => {
    const { db } = database;
    const dayOf = (tenantId: number) =>
      sql`(${agentStatusChanges.at} at time zone (select timezone from tenants where id = ${tenantId}))::date`;
    for (const tenant of DEMO_TENANTS) {
      const today = new Date(startOfLocalDay(now, tenant.timezone)).toISOString();
      const [{ days, fromToday }] = rowsOf<{ days: number; fromToday: number }>(
        await db.execute(sql`
          select count(distinct ${dayOf(tenant.id)})::int as days,
            count(*) filter (where ${agentStatusChanges.at} >= ${today}::timestamptz)::int as "fromToday"
          from ${agentStatusChanges} where ${agentStatusChanges.tenantId} = ${tenant.id}`),
      );
      expect(days, tenant.name).toBeGreaterThanOrEqual(15);
      // Today's trail is the one around today's calls (history.ts todayTrail): each agent who called today
      // signed in before the first call and is offline again before now.
      expect(fromToday, `${tenant.name}: today's trail`).toBeGreaterThan(0);
      const lastToday = rowsOf<{ user_id: number; to_status: string; at: string }>(
        await db.execute(sql`
          select distinct on (user_id) user_id, to_status, at from ${agentStatusChanges}
           where ${agentStatusChanges.tenantId} = ${tenant.id} and ${agentStatusChanges.at} >= ${today}::timestamptz
           order by user_id, at desc, id desc`),
      );
      const calledToday = rowsOf<{ agent_id: number }>(
        await db.execute(sql`
          select distinct agent_id from ${calls} where ${calls.tenantId} = ${tenant.id} and ${calls.startedAt} >= ${today}::timestamptz`),
      );
      expect(lastToday.map((c) => c.user_id).sort()).toEqual(calledToday.map((c) => c.agent_id).sort());
      for (const c of lastToday) {
        expect(c.to_status).toBe("offline");
        expect(new Date(c.at).getTime()).toBeLessThan(now);
      }
    }
    // The reports' rollups (plugins/reports, migrated with the core) saw them through their triggers.
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from report_status_hours`),
    );
    expect(n).toBeGreaterThan(0);

    // Today is as it was: every lead called before today was called only then, is closed and nobody's.
    const today = new Date(startOfLocalDay(now, DEMO_TENANTS[0]!.timezone));
    const past = await db
      .selectDistinct({ id: leads.id, status: leads.status, ownerId: leads.ownerId })
      .from(leads)
      .innerJoin(calls, eq(calls.leadId, leads.id))
      .where(lt(calls.startedAt, today));
    expect(past.length).toBeGreaterThan(100);
    for (const l of past) {
      expect(traitsOf(l.status)?.final, l.status).toBe(true);
      expect(l.ownerId).toBeNull();
    }
    const ids = past.map((l) => l.id);
    expect(
      await db
        .select()
        .from(calls)
        .where(and(inArray(calls.leadId, ids), gte(calls.startedAt, today))),
    ).toEqual([]);
    expect(await db.select().from(followUps).where(inArray(followUps.leadId, ids))).toEqual([]);
  });
});

describe("the seeded dashboard links", () => {
  it("give each call centre's follow-ups and last dials a link to the lead in its example dashboard", async () => {
    const { db } = database;
    for (const tenant of DEMO_TENANTS) {
      const template = DEMO_DIALER_SETTINGS[tenant.id]!["dashboard-url"];
      expect(template).toMatch(/^https:\/\/[a-z.]+\.example\/.*\{(id|marketing_id)\}/);
      const linkOf = (leadId: number, marketingId: string) =>
        template.replace("{id}", String(leadId)).replace("{marketing_id}", encodeURIComponent(marketingId));
      const marketingIds = new Map(
        (await db.select({ id: leads.id, marketingId: leads.marketingId }).from(leads).where(eq(leads.tenantId, tenant.id))).map(
          (l) => [l.id, l.marketingId],
        ),
      );
      const callerOf = async (id: number) => {
        const [u] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
        return { id, tenantId: tenant.id, role: u!.role, roles: [], permissions: [] };
      };

      const [owed] = await db
        .select({ agentId: followUps.agentId })
        .from(followUps)
        .where(and(eq(followUps.tenantId, tenant.id), eq(followUps.state, "pending")))
        .limit(1);
      expect(owed, tenant.name).toBeDefined();
      const list = await followUpsOf(db, await callerOf(owed!.agentId), { now, windowMs: 15 * 60_000, limit: 50 });
      expect(list.data.length).toBeGreaterThan(0);
      for (const f of list.data) expect(f.url).toBe(linkOf(f.leadId, marketingIds.get(f.leadId)!));

      const [dialled] = await db
        .select({ agentId: calls.agentId })
        .from(calls)
        .where(and(eq(calls.tenantId, tenant.id), eq(calls.direction, 0), isNotNull(calls.leadId), isNotNull(calls.agentId)))
        .limit(1);
      expect(dialled, tenant.name).toBeDefined();
      const dials = await lastDialsOf(db, await callerOf(dialled!.agentId!), 10);
      expect(dials.some((d) => d.leadId !== null)).toBe(true);
      for (const d of dials) if (d.leadId !== null) expect(d.url).toBe(linkOf(d.leadId, marketingIds.get(d.leadId)!));
    }
  });
});
