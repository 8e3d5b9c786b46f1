// The demo call centre with today's history: what the seeded dispositions did is in the dialer's tables, as
// a live disposition would have left it, so the user summary's follow-ups agree with its last dials.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/core/clock";
import { openDatabase, type Database } from "../db/client";
import { dispositions, followUps, leads } from "../db/schema";
import { FOLLOW_UP_DISPOSITIONS } from "../dialer/followUps";
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
