// A manager's actions on one lead (issue 36, part 5): reassigned with its follow-ups (or back to the pool, its
// follow-ups cancelled), never while an agent works it; marked Do Not Call with its numbers on the internal list;
// each audited with the manager, never the lead's data.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkDial } from "../../compliance/gate";
import * as t from "../../db/schema";
import { dialerFixture, type DialerFixture } from "../../dialer/testing";
import { startTestGateway, type TestGateway } from "../../test/harness";
import { markDoNotCall, reassignLead } from "./manage";

const NOW = Date.parse("2026-01-05T15:00:00Z");
const at = new Date(NOW);

let gw: TestGateway;
let fx: DialerFixture;

beforeAll(async () => {
  gw = await startTestGateway();
  fx = await dialerFixture(gw);
});
afterAll(() => gw.close());
beforeEach(() => fx.reset());

const followUp = (leadId: number, agentId: number) =>
  gw.db.insert(t.followUps).values({ tenantId: fx.tenantId, leadId, agentId, startsAt: at, type: 1, kind: "callback", state: "pending", createdAt: at, updatedAt: at }).returning();

describe("a manager's actions on a lead", () => {
  it("reassigns a lead with its follow-up, gives it back to the pool, and leaves one in process alone", async () => {
    const manager = await fx.agent({ role: "manager" });
    const [a, b] = [await fx.agent(), await fx.agent()];
    const lead = await fx.lead({ ownerId: a.id });
    const [f] = await followUp(lead, a.id);
    expect(await reassignLead(gw.db, fx.tenantId, lead, b.id, manager, at)).toBe("reassigned");
    expect((await gw.db.select().from(t.leads).where(eq(t.leads.id, lead)))[0]!.ownerId).toBe(b.id);
    expect((await gw.db.select().from(t.followUps).where(eq(t.followUps.id, f!.id)))[0]).toMatchObject({ agentId: b.id, state: "pending" });
    expect(await reassignLead(gw.db, fx.tenantId, lead, null, manager, at)).toBe("reassigned");
    expect((await gw.db.select().from(t.followUps).where(eq(t.followUps.id, f!.id)))[0]!.state).toBe("canceled");
    expect(await reassignLead(gw.db, fx.tenantId, lead, manager.id, manager, at)).toBe("not_an_agent");
    await gw.db.insert(t.inProcessLeads).values({ leadId: lead, tenantId: fx.tenantId, agentId: a.id, since: at, via: "auto" });
    expect(await reassignLead(gw.db, fx.tenantId, lead, b.id, manager, at)).toBe("in_process");
    expect(await reassignLead(gw.db, fx.tenantId + 999, lead, b.id, manager, at)).toBe("missing");
    const audit = await gw.db.select().from(t.auditLog).where(and(eq(t.auditLog.action, "lead.reassign"), eq(t.auditLog.userId, manager.id)));
    expect(audit.map((a) => a.detail)).toEqual([{ leadId: lead, from: a.id, to: b.id }, { leadId: lead, from: b.id, to: null }]);
  });

  it("marks a lead Do Not Call: its status, its numbers refused by the gate, a consumer's request kept", async () => {
    const manager = await fx.agent({ role: "manager" });
    const lead = await fx.lead({ phone: "2125550142", phoneOther: ["2125550143"] });
    expect(await markDoNotCall(gw.db, fx.tenantId, lead, { reason: "asked by letter", consumerRequest: true, actor: manager, at })).toBe(true);
    expect((await gw.db.select().from(t.leads).where(eq(t.leads.id, lead)))[0]!.status).toBe("Do Not Call");
    for (const phone of ["2125550142", "2125550143"])
      expect(await checkDial(gw.db, { tenantId: fx.tenantId, phone, at: NOW + 1000 })).toMatchObject({ callable: false, reason: "dnc_listed" });
    const entries = await gw.db.select().from(t.dncNumbers).where(eq(t.dncNumbers.tenantId, fx.tenantId));
    expect(entries.map((e) => [e.source, e.reason, e.leadId])).toEqual([["consumer", "asked by letter", lead], ["consumer", "asked by letter", lead]]);
    const [audit] = await gw.db.select().from(t.auditLog).where(and(eq(t.auditLog.action, "lead.dnc"), eq(t.auditLog.userId, manager.id)));
    expect(audit!.detail).toEqual({ leadId: lead, from: "New", consumerRequest: true });
  });
});
