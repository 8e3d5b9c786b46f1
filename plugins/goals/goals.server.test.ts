import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls, dispositions, leads, pluginContextOf, startTestGateway, type TestGateway, users } from "../../server/sdk/testing";
import { GoalStatistics } from "./contract";
import { goalStatistics } from "./server";

let gw: TestGateway;
let agentId: number;
let tenantId: number;
let leadIds: number[];

beforeAll(async () => {
  gw = await startTestGateway();
  const [u] = await gw.db.select().from(users).where(eq(users.email, "qualifier.isius@demo.test"));
  agentId = u!.id;
  tenantId = u!.tenantId;
  leadIds = (await gw.db.select({ id: leads.id }).from(leads).where(eq(leads.tenantId, tenantId)).limit(5)).map((l) => l.id);
});
afterAll(() => gw.close());

// The harness clock starts 2026-01-05 15:00Z = 10:00 in New York (ISIUS's zone).
const at = (iso: string) => new Date(iso);

describe("GET /agents/{id}/statistics", () => {
  it("counts the agent's dials, transfers and new leads in the call centre's hour and day", async () => {
    const call = (leadId: number, startedAt: string, answered = true) => ({
      tenantId, leadId, agentId, type: "auto", direction: 0, phone: "2125550100", status: "ended",
      startedAt: at(startedAt), answeredAt: answered ? at(startedAt) : null,
    });
    await gw.db.insert(calls).values([
      call(leadIds[0]!, "2026-01-04T20:00:00Z"), // yesterday in New York
      call(leadIds[0]!, "2026-01-05T14:10:00Z"), // today, 09:10 (lead 0 was dialed before: not new)
      call(leadIds[1]!, "2026-01-05T15:05:00Z", false), // this hour, new lead
      call(leadIds[2]!, "2026-01-05T15:20:00Z"), // this hour, new lead
    ]);
    await gw.db.insert(dispositions).values([
      { tenantId, leadId: leadIds[2]!, agentId, disposition: "Live_Transfer", createdAt: at("2026-01-05T15:25:00Z") },
      { tenantId, leadId: leadIds[0]!, agentId, disposition: "Appointment Setup", createdAt: at("2026-01-05T14:15:00Z") },
      { tenantId, leadId: leadIds[1]!, agentId, disposition: "Callback Scheduled", dateTime: at("2026-01-06T15:00:00Z"), createdAt: at("2026-01-05T15:06:00Z") },
    ]);
    gw.clock.set(Date.parse("2026-01-05T15:30:00Z"));
    const me = await gw.signIn("qualifier.isius@demo.test");
    const res = await me.request("GET", `/agents/${agentId}/statistics`);
    expect(res.statusCode).toBe(200);
    const s = GoalStatistics.parse(res.json());
    expect(s.dials).toEqual({ hourly: { current: 2, target: 60 }, daily: { current: 3, target: 400 } });
    expect(s.transfers).toEqual({ hourly: { current: 1, target: 1 }, daily: { current: 2, target: 6 } });
    expect(s.sales.daily.current).toBe(0);
    expect(s.new_leads).toBe(2);
    expect(s["new-leads-threshold"]).toBe(1);
    expect(s.pickups).toBe(2);
    expect(s.followUps).toBe(1);
  });

  it("counts as follow-ups the dispositions the dialer makes a follow-up of, a dated Appointment Setup included", async () => {
    const [u] = await gw.db.select().from(users).where(eq(users.email, "qualifier2.isius@demo.test"));
    gw.clock.set(Date.parse("2026-01-05T15:30:00Z"));
    await gw.db.insert(dispositions).values([
      { tenantId, leadId: leadIds[3]!, agentId: u!.id, disposition: "Appointment Setup", dateTime: at("2026-01-07T15:00:00Z"), createdAt: at("2026-01-05T15:10:00Z") },
      { tenantId, leadId: leadIds[4]!, agentId: u!.id, disposition: "Voicemail", dateTime: at("2026-01-07T15:00:00Z"), createdAt: at("2026-01-05T15:12:00Z") },
    ]);
    const me = await gw.signIn("qualifier2.isius@demo.test");
    const s = GoalStatistics.parse((await me.request("GET", `/agents/${u!.id}/statistics`)).json());
    expect(s.followUps).toBe(1);
  });

  it("is the agent's own, or any colleague's for a manager; never another call centre's", async () => {
    const colleague = await gw.signIn("qualifier3.isius@demo.test");
    expect((await colleague.request("GET", `/agents/${agentId}/statistics`)).statusCode).toBe(403);
    const manager = await gw.signIn("manager.isius@demo.test");
    expect((await manager.request("GET", `/agents/${agentId}/statistics`)).statusCode).toBe(200);
    const [slica] = await gw.db.select().from(users).where(eq(users.email, "qualifier.slica@demo.test"));
    expect((await manager.request("GET", `/agents/${slica!.id}/statistics`)).statusCode).toBe(403);
  });

  it("needs of the gateway only its plugin context's database, clock and settings reader", async () => {
    const { db, clock, settings } = pluginContextOf(gw, "goals");
    const me = await gw.signIn("qualifier.isius@demo.test");
    const overHttp = (await me.request("GET", `/agents/${agentId}/statistics`)).json();
    expect(await goalStatistics({ db, clock, settings }, agentId)).toEqual(overHttp);
  });
});
