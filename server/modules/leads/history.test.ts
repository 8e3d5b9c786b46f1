// GET /leads/{id}/history through the whole gateway: the lead's dispositions (saved through POST
// /leads/{id}/dispositions) and calls (rows as the seed writes them), newest first with who, what, why and
// how long; behind the lead's access (a colleague's lead 403, another tenant's 404, a non-canonical id 422);
// at most the 50 newest of each; and no personal data of the lead in the gateway's log.
import { and, eq, isNull, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_HISTORY_LIMIT, LeadHistoryResponse, type LeadHistory } from "../../../src/contract/leadHistory";
import { calls, leads, users } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

let gw: TestGateway;
let qualifier: TestClient;
let colleague: TestClient;
let manager: TestClient;
let slica: TestClient;
const log: string[] = [];

beforeAll(async () => {
  gw = await startTestGateway({ logLines: log });
  [qualifier, colleague, manager, slica] = await Promise.all([
    gw.signIn("qualifier.isius@demo.test"),
    gw.signIn("qualifier3.isius@demo.test"),
    gw.signIn("manager.isius@demo.test"),
    gw.signIn("qualifier.slica@demo.test"),
  ]);
});
afterAll(() => gw.close());

const userOf = async (email: string) => (await gw.db.select().from(users).where(eq(users.email, email)))[0]!;

/** A seeded lead of the account's tenant nobody owns yet, given to the account. */
let skip = 0;
async function ownLead(email: string) {
  const u = await userOf(email);
  const [row] = await gw.db
    .select()
    .from(leads)
    .where(and(eq(leads.tenantId, u.tenantId), isNull(leads.ownerId), ne(leads.status, "Do Not Call")))
    .limit(1)
    .offset(skip++);
  await gw.db.update(leads).set({ ownerId: u.id }).where(eq(leads.id, row!.id));
  return row!;
}

/** A call on the lead as the gateway leaves it once settled (as the seed writes today's calls). */
async function callOn(leadId: number, email: string, c: { at: string; type: string; direction: number; duration: number | null; liveTransfer?: number }) {
  const u = await userOf(email);
  const [lead] = await gw.db.select().from(leads).where(eq(leads.id, leadId));
  const startedAt = new Date(c.at);
  const [row] = await gw.db
    .insert(calls)
    .values({
      tenantId: u.tenantId,
      leadId,
      agentId: u.id,
      type: c.type,
      direction: c.direction,
      phone: lead!.phone,
      status: c.duration === null ? "not_answered" : "ended",
      startedAt,
      answeredAt: c.duration === null ? null : startedAt,
      endedAt: new Date(startedAt.getTime() + (c.duration ?? 30) * 1000),
      duration: c.duration,
      liveTransfer: c.liveTransfer ?? 0,
    })
    .returning({ id: calls.id });
  return row!.id;
}

const dispose = async (c: TestClient, leadId: number, disposition: Record<string, unknown>) => {
  const res = await c.request("POST", `/leads/${leadId}/dispositions`, { disposition, call_id: null });
  expect(res.statusCode, res.body).toBe(201);
};

const historyOf = async (c: TestClient, leadId: number): Promise<LeadHistory> => {
  const res = await c.request("GET", `/leads/${leadId}/history`);
  expect(res.statusCode, res.body).toBe(200);
  return LeadHistoryResponse.parse(res.json()).data;
};

describe("GET /leads/{id}/history", () => {
  it("answers the lead's dispositions and calls, newest first, with who, what, why and how long", async () => {
    const lead = await ownLead("qualifier.isius@demo.test");
    await callOn(lead.id, "qualifier.isius@demo.test", { at: "2026-01-05T14:00:00Z", type: "auto", direction: 0, duration: null });
    await dispose(qualifier, lead.id, { disposition: "Voicemail", notes: "Left a message" });
    gw.clock.advance(5 * 60_000);
    await callOn(lead.id, "qualifier.isius@demo.test", { at: "2026-01-05T15:30:00Z", type: "inbound", direction: 1, duration: 95, liveTransfer: 1 });
    await dispose(qualifier, lead.id, {
      disposition: "Not Interested",
      reason: "Already has coverage",
      notes: "Has a policy through work",
    });

    const history = await historyOf(qualifier, lead.id);
    const q = await userOf("qualifier.isius@demo.test");
    const name = `${q.firstName} ${q.lastName}`;
    expect(history.dispositions).toEqual([
      {
        id: expect.any(Number),
        created_at: expect.any(String),
        agent_name: name,
        disposition: "Not Interested",
        reason: "Already has coverage",
        reason_other: null,
        notes: "Has a policy through work",
        date_time: null,
      },
      expect.objectContaining({ agent_name: name, disposition: "Voicemail", reason: null, notes: "Left a message" }),
    ]);
    const [newer, older] = history.dispositions;
    expect(Date.parse(newer!.created_at) - Date.parse(older!.created_at)).toBe(5 * 60_000);
    expect(history.calls).toEqual([
      {
        id: expect.any(Number),
        started_at: "2026-01-05T15:30:00.000Z",
        type: "inbound",
        direction: 1,
        duration: 95,
        agent_name: name,
        live_transfer: 1,
      },
      expect.objectContaining({ started_at: "2026-01-05T14:00:00.000Z", type: "auto", direction: 0, duration: null }),
    ]);

    // A manager of the call centre reads it too; the answer is the same.
    expect(await historyOf(manager, lead.id)).toEqual(history);
  });

  it("gives each call the facets plugins kept with it, under each plugin's id, and goes without a plugin whose facets fail", async () => {
    const lead = await ownLead("qualifier.isius@demo.test");
    const at = (hour: number) => ({ at: `2026-01-06T${hour}:00:00Z`, type: "manual", direction: 0, duration: 40 });
    const noted = await callOn(lead.id, "qualifier.isius@demo.test", at(14));
    const plain = await callOn(lead.id, "qualifier.isius@demo.test", at(15));
    // Two plugins' sources, as their contexts register them; they answer only for this test's calls.
    gw.gw.callFacets.add("call-notes", async (_tenant, ids) =>
      new Map(ids.filter((id) => id === noted).map((id) => [id, { text: "kept" }])),
    );
    gw.gw.callFacets.add("call-tags", async (_tenant, ids) => {
      if (ids.includes(noted)) throw new Error("the tags table is gone");
      return new Map();
    });
    log.length = 0;
    const { calls: listed } = await historyOf(qualifier, lead.id);
    expect(listed.find((c) => c.id === noted)?.facets).toEqual({ "call-notes": { text: "kept" } });
    // A call nothing was kept with has no facets at all.
    expect(listed.find((c) => c.id === plain)).not.toHaveProperty("facets");
    expect(log.join("\n")).toContain("call-tags");
  });

  it("answers empty lists for a lead nothing was done with yet", async () => {
    const lead = await ownLead("qualifier.isius@demo.test");
    expect(await historyOf(qualifier, lead.id)).toEqual({ dispositions: [], calls: [] });
  });

  it(`keeps to the ${LEAD_HISTORY_LIMIT} newest of each`, async () => {
    const lead = await ownLead("qualifier.isius@demo.test");
    for (let i = 0; i < LEAD_HISTORY_LIMIT + 2; i++)
      await callOn(lead.id, "qualifier.isius@demo.test", {
        at: new Date(Date.UTC(2026, 0, 1, 9) + i * 60_000).toISOString(),
        type: "manual",
        direction: 0,
        duration: i,
      });
    const { calls: listed } = await historyOf(qualifier, lead.id);
    expect(listed).toHaveLength(LEAD_HISTORY_LIMIT);
    expect(listed[0]!.duration).toBe(LEAD_HISTORY_LIMIT + 1);
    expect(listed.at(-1)!.duration).toBe(2);
  });

  it("keeps to the lead's access: a colleague's lead 403 to an agent, another tenant's 404, a non-canonical id 422", async () => {
    const theirs = await ownLead("qualifier3.isius@demo.test");
    await dispose(colleague, theirs.id, { disposition: "Voicemail", notes: "" });
    expect((await qualifier.request("GET", `/leads/${theirs.id}/history`)).statusCode).toBe(403);
    expect((await historyOf(colleague, theirs.id)).dispositions).toHaveLength(1);

    const foreign = await ownLead("qualifier.slica@demo.test");
    expect((await manager.request("GET", `/leads/${foreign.id}/history`)).statusCode).toBe(404);
    expect((await qualifier.request("GET", `/leads/${foreign.id}/history`)).statusCode).toBe(404);
    expect((await slica.request("GET", `/leads/${theirs.id}/history`)).statusCode).toBe(404);
    expect((await manager.request("GET", "/leads/2147483647/history")).statusCode).toBe(404);

    for (const id of ["0x15", "021", "21.0", "-1", "abc"])
      expect((await qualifier.request("GET", `/leads/${id}/history`)).statusCode, id).toBe(422);
  });

  it("writes none of the lead's personal data to the log", async () => {
    const lead = await ownLead("qualifier.isius@demo.test");
    await dispose(qualifier, lead.id, { disposition: "Voicemail", notes: "Secret note 4417" });
    log.length = 0;
    await historyOf(qualifier, lead.id);
    const text = log.join("\n");
    // Requests are logged at the debug level the test runs at: the route is there, the lead is not.
    expect(text).toContain("/history");
    for (const personal of [lead.firstName, lead.lastName, lead.phone, "Secret note 4417"])
      expect(text).not.toContain(personal);
  });
});
