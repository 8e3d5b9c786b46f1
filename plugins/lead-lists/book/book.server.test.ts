// The lead book for managers on a real test gateway (issue 36, part 5): the call centre's leads searched by name,
// phone, marketing id and e-mail and filtered by list, status and campaign, newest first and paged; a lead
// reassigned (to an agent, back to the pool; audited), never while an agent works it, never to anyone but an
// active agent; a lead marked Do Not Call (its status, and the compliance gate refusing its number). Agents are
// refused, and another call centre's leads, lists and agents do not exist for the manager.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { ComplianceResponse } from "../../../src/contract/compliance";
import {
  auditLog,
  inProcessLeads,
  leadCampaigns,
  leads,
  routeTable,
  startTestGateway,
  users,
  type TestClient,
  type TestGateway,
} from "../../../server/sdk/testing";
import { leadListMembers, leadLists } from "../tables";
import { BOOK_MESSAGES, BOOK_PAGE_SIZE, LeadBookPage, type BookLead } from "./contract";

const ISIUS = 1;
const SLICA = 2;
let gw: TestGateway;
let manager: TestClient;
/** Whether plugins/lead-lists/server.ts serves these routes yet (the lead engineer wires them). */
let wired = false;

/** The test's own leads, newest last (their created_at after every seeded lead's). */
const made: { id: number; marketingId: string; phone: string }[] = [];
let fair: number;
let otherList: number;
let finalExpense: { id: number; name: string };
let termLife: { id: number; name: string };
let jordan: number;
let tyler: number;

const needsRoutes = (t: TestContext) => {
  if (!wired) t.skip();
};

async function lead(n: number, over: Partial<typeof leads.$inferInsert>) {
  const marketingId = `BKT${String(n).padStart(4, "0")}`;
  const phone = `21255509${String(70 + n)}`;
  const [row] = await gw.db
    .insert(leads)
    .values({
      tenantId: ISIUS,
      marketingId,
      firstName: "Someone",
      lastName: "Else",
      phone,
      country: "US",
      state: "ny",
      timezone: "America/New_York",
      createdAt: new Date(gw.clock.now() + n * 60_000),
      ...over,
    })
    .returning({ id: leads.id });
  made.push({ id: row!.id, marketingId, phone });
  return row!.id;
}

beforeAll(async () => {
  gw = await startTestGateway({ offer: ["lead-lists"] });
  wired = routeTable(gw.gw).some((d) => d.method === "GET" && d.url === "/lead-book/leads");
  manager = await gw.signIn("manager.isius@demo.test");
  jordan = await gw.idOf("qualifier.isius@demo.test");
  tyler = await gw.idOf("qualifier2.isius@demo.test");
  const campaigns = await gw.db
    .select({ id: leadCampaigns.id, name: leadCampaigns.name, slug: leadCampaigns.slug })
    .from(leadCampaigns)
    .where(eq(leadCampaigns.tenantId, ISIUS));
  finalExpense = campaigns.find((c) => c.slug === "final-expense")!;
  termLife = campaigns.find((c) => c.slug === "term-life-web")!;
  const at = new Date(gw.clock.now());
  [{ id: fair }] = await gw.db
    .insert(leadLists)
    .values({ tenantId: ISIUS, name: "Spring fair", kind: "import", createdAt: at })
    .returning({ id: leadLists.id });
  [{ id: otherList }] = await gw.db
    .insert(leadLists)
    .values({ tenantId: SLICA, name: "Salon du printemps", kind: "import", createdAt: at })
    .returning({ id: leadLists.id });
  const a = await lead(1, {
    firstName: "Quintessa",
    lastName: "Vandermolen",
    email: "q.vandermolen@example.com",
    campaignId: finalExpense.id,
    ownerId: jordan,
    dials: 3,
  });
  const b = await lead(2, {
    firstName: "Quintessa",
    lastName: "Ashworth",
    campaignId: termLife.id,
    status: "Not Interested",
  });
  await lead(3, { firstName: "Bartholomew", lastName: "Quillfeather", campaignId: finalExpense.id });
  await gw.db.insert(leadListMembers).values([
    { leadId: a, listId: fair },
    { leadId: b, listId: fair },
  ]);
});
afterAll(() => gw.close());

async function search(query: Record<string, string>, c: TestClient = manager) {
  const res = await c.request("GET", `/lead-book/leads?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return LeadBookPage.parse(res.json());
}
const ids = (page: { data: BookLead[] }) => page.data.map((l) => l.id);

describe("the lead book for managers", () => {
  it("is served by the lead-lists plugin (plugins/lead-lists/server.ts returns bookRoutes(ctx))", () => {
    expect(wired, "wire bookRoutes from ./book/routes.server into plugins/lead-lists/server.ts").toBe(true);
  });

  it("finds leads by name, phone, marketing id and e-mail; a lead's row has its campaign, list and owner", async (t) => {
    needsRoutes(t);
    const [a, b, c] = made;
    const byName = await search({ q: "quintessa" });
    expect(byName.total).toBe(2);
    // Newest first.
    expect(ids(byName)).toEqual([b!.id, a!.id]);
    expect(byName.data[1]).toEqual({
      id: a!.id,
      marketing_id: "BKT0001",
      name: "Quintessa Vandermolen",
      phone: a!.phone,
      state: "ny",
      status: "New",
      campaign_id: finalExpense.id,
      campaign: finalExpense.name,
      list_id: fair,
      list: "Spring fair",
      owner_id: jordan,
      owner: "Jordan Reyes",
      dials: 3,
      created_at: expect.any(String),
    });
    expect(ids(await search({ q: "Quintessa Ashworth" }))).toEqual([b!.id]);
    // Phone digits, however they are written.
    expect(ids(await search({ q: `(212) 555-09${c!.phone.slice(-2)}` }))).toEqual([c!.id]);
    expect(ids(await search({ q: "bkt0003" }))).toEqual([c!.id]);
    expect(ids(await search({ q: "Q.VANDERMOLEN@example" }))).toEqual([a!.id]);
    const quill = await search({ q: "Quillfeather" });
    expect(quill.data[0]).toMatchObject({
      list: null,
      list_id: null,
      owner: null,
      owner_id: null,
      campaign: finalExpense.name,
    });
    // LIKE wildcards are plain characters.
    expect((await search({ q: "Quin_essa" })).total).toBe(0);
    expect((await search({ q: "%%" })).total).toBe(0);
  });

  it("filters by list, status and campaign, all together, and pages 50 leads at a time, newest first", async (t) => {
    needsRoutes(t);
    const [a, b, c] = made;
    expect(ids(await search({ list_id: String(fair) }))).toEqual([b!.id, a!.id]);
    expect(ids(await search({ list_id: String(fair), status: "Not Interested" }))).toEqual([b!.id]);
    expect(ids(await search({ list_id: String(fair), campaign_id: String(finalExpense.id) }))).toEqual([
      a!.id,
    ]);
    expect(
      ids(await search({ q: "quintessa", campaign_id: String(termLife.id), status: "Not Interested" })),
    ).toEqual([b!.id]);
    expect((await search({ q: "quintessa", status: "Sold" })).total).toBe(0);
    const campaign = await search({ campaign_id: String(finalExpense.id) });
    expect(campaign.data.every((l) => l.campaign_id === finalExpense.id)).toBe(true);
    expect(ids(campaign).slice(0, 2)).toEqual([c!.id, a!.id]);

    const first = await search({});
    const [{ n }] = await gw.db.select({ n: count() }).from(leads).where(eq(leads.tenantId, ISIUS));
    expect(first.total).toBe(n);
    expect(first.data).toHaveLength(BOOK_PAGE_SIZE);
    expect(ids(first).slice(0, 3)).toEqual([c!.id, b!.id, a!.id]);
    const second = await search({ page: "2" });
    expect(second.total).toBe(n);
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    const times = [...first.data, ...second.data].map((l) => Date.parse(l.created_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect((await search({ page: "10000" })).data).toEqual([]);
  });

  it("refuses a filter that is not one (422 per field), and agents (403)", async (t) => {
    needsRoutes(t);
    const bad = async (query: Record<string, string>, field: string | null) => {
      const res = await manager.request("GET", `/lead-book/leads?${new URLSearchParams(query)}`);
      expect(res.statusCode, res.body).toBe(422);
      if (field) expect(Object.keys(res.json().errors ?? {})).toContain(field);
      return res.json() as { errors: Record<string, string[]> };
    };
    expect((await bad({ status: "Bogus" }, "status")).errors.status).toEqual([BOOK_MESSAGES.status]);
    await bad({ page: "0" }, "page");
    await bad({ list_id: "abc" }, "list_id");
    await bad({ q: "x".repeat(101) }, "q");
    await bad({ colour: "red" }, null);
    // Another call centre's list or campaign is no filter of this one.
    expect((await bad({ list_id: String(otherList) }, "list_id")).errors.list_id).toEqual([
      BOOK_MESSAGES.noSuchList,
    ]);
    const [slicaCampaign] = await gw.db
      .select()
      .from(leadCampaigns)
      .where(eq(leadCampaigns.tenantId, SLICA))
      .limit(1);
    await bad({ campaign_id: String(slicaCampaign!.id) }, "campaign_id");

    const qualifier = await gw.signIn("qualifier.isius@demo.test");
    const lead = made[0]!.id;
    expect((await qualifier.request("GET", "/lead-book/leads")).statusCode).toBe(403);
    expect(
      (await qualifier.request("PUT", `/lead-book/leads/${lead}/owner`, { agent_id: jordan })).statusCode,
    ).toBe(403);
    expect(
      (
        await qualifier.request("POST", `/lead-book/leads/${lead}/dnc`, {
          reason: "x",
          consumer_request: false,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("reassigns a lead to an agent and back to the pool, each in the audit log; refuses anyone but an active agent", async (t) => {
    needsRoutes(t);
    const lead = made[2]!.id;
    const managerId = await gw.idOf("manager.isius@demo.test");
    const to = await manager.request("PUT", `/lead-book/leads/${lead}/owner`, { agent_id: tyler });
    expect(to.statusCode, to.body).toBe(200);
    expect(to.json()).toEqual({ data: { owner_id: tyler } });
    expect((await gw.db.select().from(leads).where(eq(leads.id, lead)))[0]!.ownerId).toBe(tyler);
    expect((await search({ q: "Quillfeather" })).data[0]).toMatchObject({
      owner_id: tyler,
      owner: "Tyler Brooks",
    });

    const back = await manager.request("PUT", `/lead-book/leads/${lead}/owner`, { agent_id: null });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ data: { owner_id: null } });
    expect((await gw.db.select().from(leads).where(eq(leads.id, lead)))[0]!.ownerId).toBeNull();

    const audit = await gw.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "lead.reassign"), eq(auditLog.userId, managerId)));
    const mine = audit.filter((e) => (e.detail as { leadId: number }).leadId === lead);
    expect(mine.map((e) => [e.tenantId, e.outcome, e.detail])).toEqual([
      [ISIUS, "ok", { leadId: lead, from: null, to: tyler }],
      [ISIUS, "ok", { leadId: lead, from: tyler, to: null }],
    ]);

    // The manager, a deactivated agent, another call centre's agent: not agents this lead may go to.
    const [deactivated] = await gw.db
      .update(users)
      .set({ deactivated: true })
      .where(eq(users.email, "qualifier5.isius@demo.test"))
      .returning({ id: users.id });
    const slica = await gw.idOf("qualifier.slica@demo.test");
    for (const agent of [managerId, deactivated!.id, slica]) {
      const res = await manager.request("PUT", `/lead-book/leads/${lead}/owner`, { agent_id: agent });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ agent_id: [BOOK_MESSAGES.notAnAgent] });
    }
    await gw.db.update(users).set({ deactivated: false }).where(eq(users.id, deactivated!.id));
    expect(
      (await manager.request("PUT", `/lead-book/leads/${lead}/owner`, { agent_id: "7" })).statusCode,
    ).toBe(422);
    expect((await manager.request("PUT", `/lead-book/leads/${lead}/owner`, {})).statusCode).toBe(422);
  });

  it("leaves a lead an agent is working where it is (409)", async (t) => {
    needsRoutes(t);
    const lead = made[1]!.id;
    await gw.db.insert(inProcessLeads).values({
      leadId: lead,
      tenantId: ISIUS,
      agentId: tyler,
      since: new Date(gw.clock.now()),
      via: "auto",
    });
    try {
      const res = await manager.request("PUT", `/lead-book/leads/${lead}/owner`, { agent_id: jordan });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(BOOK_MESSAGES.inProcess);
      expect((await gw.db.select().from(leads).where(eq(leads.id, lead)))[0]!.ownerId).toBeNull();
    } finally {
      await gw.db.delete(inProcessLeads).where(eq(inProcessLeads.leadId, lead));
    }
  });

  it("marks a lead Do Not Call: its status, and the compliance gate refuses its number", async (t) => {
    needsRoutes(t);
    const { id, phone } = made[0]!;
    const check = async () => {
      const res = await manager.request("GET", `/calls/compliance?phone=${phone}&leadId=${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return ComplianceResponse.parse(res.json()).data;
    };
    expect((await check()).reason).not.toMatch(/^dnc/);

    const empty = await manager.request("POST", `/lead-book/leads/${id}/dnc`, {
      reason: "   ",
      consumer_request: false,
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ reason: [BOOK_MESSAGES.reasonRequired] });
    expect(
      (await manager.request("POST", `/lead-book/leads/${id}/dnc`, { reason: "Asked" })).statusCode,
    ).toBe(422);
    expect(
      (
        await manager.request("POST", `/lead-book/leads/${id}/dnc`, {
          reason: "x".repeat(501),
          consumer_request: true,
        })
      ).statusCode,
    ).toBe(422);

    const res = await manager.request("POST", `/lead-book/leads/${id}/dnc`, {
      reason: "Asked by letter not to be called",
      consumer_request: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { id, status: "Do Not Call" } });
    expect((await gw.db.select().from(leads).where(eq(leads.id, id)))[0]!.status).toBe("Do Not Call");
    const verdict = await check();
    expect(verdict.callable).toBe(false);
    expect(verdict.reason).toMatch(/^dnc_/);
    expect((await search({ q: "BKT0001" })).data[0]!.status).toBe("Do Not Call");
    const [audit] = await gw.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "lead.dnc"), eq(auditLog.tenantId, ISIUS)));
    expect(audit!.detail).toEqual({ leadId: id, from: "New", consumerRequest: true });
  });

  it("a manager's edit through the core's PUT /leads/{id} is audited with the fields it changed", async (t) => {
    needsRoutes(t);
    const { id } = made[2]!;
    const res = await manager.request("PUT", `/leads/${id}`, {
      first_name: "Barty",
      address: { city: "Albany" },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await search({ q: "Barty" })).data.map((l) => l.id)).toEqual([id]);
    const edits = await gw.db.select().from(auditLog).where(eq(auditLog.action, "lead.edit"));
    expect(edits.map((e) => e.detail)).toContainEqual({ leadId: id, fields: ["city", "firstName"] });
  });

  it("another call centre's lead does not exist for the manager (404), nor in its search", async (t) => {
    needsRoutes(t);
    const [other] = await gw.db.select().from(leads).where(eq(leads.tenantId, SLICA)).limit(1);
    const put = await manager.request("PUT", `/lead-book/leads/${other!.id}/owner`, { agent_id: jordan });
    expect(put.statusCode, put.body).toBe(404);
    const dnc = await manager.request("POST", `/lead-book/leads/${other!.id}/dnc`, {
      reason: "x",
      consumer_request: false,
    });
    expect(dnc.statusCode, dnc.body).toBe(404);
    expect((await gw.db.select().from(leads).where(eq(leads.id, other!.id)))[0]).toMatchObject({
      ownerId: other!.ownerId,
      status: other!.status,
    });
    expect((await search({ q: other!.marketingId })).total).toBe(0);
    expect(
      (await manager.request("PUT", "/lead-book/leads/2147483000/owner", { agent_id: null })).statusCode,
    ).toBe(404);
  });
});
