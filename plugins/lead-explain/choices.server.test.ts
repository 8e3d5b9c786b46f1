// What the manager's 'Why this lead?' form picks from (issue 33), on the gateway: the lead search it reuses
// (GET /leads/search/{text}) finds a manager any lead of its own call centre by name or phone, never another
// call centre's; the agents select (GET /agents) lists its own call centre's agents only; bad text is a 422.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentListResponse } from "../../src/contract/agents";
import { LeadSearchResponse } from "../../src/contract/dialer";
import { leads, startTestGateway, type TestClient, type TestGateway } from "../../server/sdk/testing";

const ISIUS = 1;
const SLICA = 2;
const AGENTS = "/agents?page=1&per_page=100&sort=name";

let gw: TestGateway;
let manager: TestClient;
let ours: { id: number; phone: string };
let theirs: number;

/** The first lead of a call centre, renamed so a search finds it. */
async function namedLead(tenantId: number, firstName: string, lastName: string) {
  const [row] = await gw.db
    .select({ id: leads.id, phone: leads.phone })
    .from(leads)
    .where(eq(leads.tenantId, tenantId))
    .orderBy(asc(leads.id))
    .limit(1);
  await gw.db.update(leads).set({ firstName, lastName }).where(eq(leads.id, row!.id));
  return row!;
}

beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
  ours = await namedLead(ISIUS, "Quincy", "Zephyrine");
  theirs = (await namedLead(SLICA, "Quincy", "Zephyrine")).id;
});
afterAll(() => gw.close());

describe("the manager's lead and agent choices", () => {
  it("finds a lead of the manager's own call centre by name or phone, never another call centre's", async () => {
    for (const text of ["Zephyrine", "quincy%20zeph", ours.phone.replace(/\D/g, "").slice(-7)]) {
      const res = await manager.request("GET", `/leads/search/${text}`);
      expect(res.statusCode, text).toBe(200);
      const ids = LeadSearchResponse.parse(res.json()).data.map((r) => r.id);
      expect(ids, text).toContain(ours.id);
      expect(ids, text).not.toContain(theirs);
    }
    const row = LeadSearchResponse.parse((await manager.request("GET", "/leads/search/Zephyrine")).json()).data[0]!;
    expect(row).toMatchObject({ id: ours.id, name: "Quincy Zephyrine", phone: ours.phone });
    expect(row.address).toHaveProperty("state");
  });

  it("refuses a search text that cannot be one (422, 414 past the router's length) and says 404 when nothing matches", async () => {
    expect((await manager.request("GET", "/leads/search/a%00b")).statusCode).toBe(422);
    // Past 100 characters the router refuses the path itself, before the contract sees it (the browser's field
    // stops at 100).
    expect((await manager.request("GET", `/leads/search/${"x".repeat(101)}`)).statusCode).toBe(414);
    expect((await manager.request("GET", "/leads/search/nobody-like-this")).statusCode).toBe(404);
  });

  it("lists the manager's own call centre's agents by name for the agent select", async () => {
    const res = await manager.request("GET", AGENTS);
    expect(res.statusCode).toBe(200);
    const ids = AgentListResponse.parse(res.json()).data.map((a) => a.id);
    expect(ids).toContain(await gw.idOf("qualifier.isius@demo.test"));
    expect(ids).toContain(await gw.idOf("advisor.isius@demo.test"));
    expect(ids).not.toContain(await gw.idOf("qualifier.slica@demo.test"));
  });
});
