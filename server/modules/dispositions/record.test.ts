// The one writer of dispositions: what recordDisposition stores and does, and that no other gateway file inserts
// dispositions (the demo seed's bulk history excepted).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { dispositions, followUps, leads } from "../../db/schema";
import { startTestGateway, type TestGateway } from "../../test/harness";
import { recordDisposition } from "./record";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

/** A lead of ISIUS nobody holds, with no pending follow-up: each test its own. */
async function freeLead(skip: number) {
  const rows = await gw.db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.tenantId, 1), isNull(leads.ownerId)))
    .orderBy(leads.id)
    .limit(1)
    .offset(skip);
  const id = rows[0]!.id;
  await gw.db.delete(followUps).where(eq(followUps.leadId, id));
  return id;
}

const at = new Date("2026-03-10T18:00:00Z");

describe("recordDisposition", () => {
  it("stores the row, gives the lead the disposition as its status and leaves a callback its follow-up", async () => {
    const leadId = await freeLead(11);
    const agentId = await gw.idOf("qualifier.isius@demo.test");
    const due = new Date("2026-03-11T15:00:00Z");
    const row = await gw.db.transaction((tx) =>
      recordDisposition(tx as unknown as Db, {
        tenantId: 1,
        leadId,
        agentId,
        callId: null,
        disposition: "Callback Scheduled",
        reason: null,
        notes: "after lunch",
        dateTime: due,
        at,
      }),
    );
    expect(row).toMatchObject({ leadId, agentId, disposition: "Callback Scheduled", notes: "after lunch", rescheduleFollowup: false });
    expect((await gw.db.select({ status: leads.status }).from(leads).where(eq(leads.id, leadId)))[0]!.status).toBe(
      "Callback Scheduled",
    );
    const [followUp] = await gw.db
      .select()
      .from(followUps)
      .where(and(eq(followUps.leadId, leadId), eq(followUps.state, "pending")));
    expect(followUp).toMatchObject({ agentId, dispositionId: row.id, startsAt: due });
  });

  it("moving a follow-up keeps the lead's status; a transfer's disposition gives the lead its new owner", async () => {
    const leadId = await freeLead(12);
    const agentId = await gw.idOf("qualifier.isius@demo.test");
    const advisorId = await gw.idOf("advisor.isius@demo.test");
    await gw.db.update(leads).set({ status: "New" }).where(eq(leads.id, leadId));
    await gw.db.transaction((tx) =>
      recordDisposition(tx as unknown as Db, {
        tenantId: 1,
        leadId,
        agentId,
        callId: null,
        disposition: "Pocket",
        notes: null,
        dateTime: new Date("2026-03-12T15:00:00Z"),
        reschedule: true,
        at,
      }),
    );
    expect((await gw.db.select({ status: leads.status }).from(leads).where(eq(leads.id, leadId)))[0]!.status).toBe("New");

    await gw.db.transaction((tx) =>
      recordDisposition(tx as unknown as Db, {
        tenantId: 1,
        leadId,
        agentId,
        callId: null,
        disposition: "Internal Transfer",
        notes: "Transferred to Maria Lopez",
        owner: advisorId,
        at,
      }),
    );
    const [lead] = await gw.db.select({ status: leads.status, owner: leads.ownerId }).from(leads).where(eq(leads.id, leadId));
    expect(lead).toEqual({ status: "Internal Transfer", owner: advisorId });
    const rows = await gw.db.select().from(dispositions).where(eq(dispositions.leadId, leadId));
    expect(rows.map((r) => r.disposition)).toEqual(expect.arrayContaining(["Pocket", "Internal Transfer"]));
  });

  it("is the only gateway code that inserts dispositions (the demo seed's bulk history aside)", () => {
    const root = path.resolve(__dirname, "../../..");
    const writers = ["server", "plugins"]
      .flatMap((dir) => readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }).map((f) => `${dir}/${f}`))
      .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f) && !f.startsWith("server/seed/"))
      .filter((f) => /\.insert\((\w+\.)?dispositions\)/.test(readFileSync(path.join(root, f), "utf8")));
    expect(writers).toEqual(["server/modules/dispositions/record.ts"]);
  });
});
