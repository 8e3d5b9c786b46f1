// The users area's gateway side (admin-and-sign-in §2, §7): the manager's columns of GET /agents, the outbound
// eligibility select, the block-outbound checkbox, the advisors' live-transfer checkboxes set by a manager, and
// the managers list. Each change is for an agent of the manager's own call centre only.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentListResponse, ManagerListResponse, USERS_AREA_MESSAGES } from "../../../src/contract/agents";
import { users } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

let gw: TestGateway;
let manager: TestClient;
let admin: TestClient;
let ops: TestClient;
let qualifier: TestClient;
let advisor: TestClient;
/** A manager of SLICA (the demo has none): its own call centre's agents only. */
let slicaManager: TestClient;
const ids: Record<string, number> = {};

const idOf = async (email: string) => (await gw.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const row = async (id: number) => (await gw.db.select().from(users).where(eq(users.id, id)))[0]!;

beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
  admin = await gw.signIn("admin@demo.test");
  ops = await gw.signIn("ops@demo.test");
  qualifier = await gw.signIn("qualifier.isius@demo.test");
  advisor = await gw.signIn("advisor.isius@demo.test");
  for (const e of ["qualifier.isius@demo.test", "advisor.isius@demo.test", "qualifier.slica@demo.test", "advisor.slica@demo.test", "manager.isius@demo.test"])
    ids[e] = await idOf(e);
  const hash = (await row(ids["manager.isius@demo.test"]!)).passwordHash;
  await gw.db.insert(users).values({ tenantId: 2, email: "manager.slica@test.test", passwordHash: hash, firstName: "Lou", lastName: "Tremblay", role: "manager" });
  slicaManager = await gw.signIn("manager.slica@test.test");
});
afterAll(() => gw?.close());

describe("GET /agents: the users area's columns", () => {
  it("gives managers each row's eligibility, outbound block, live-transfer availability, WebRTC and team; agents never", async () => {
    const res = await manager.request("GET", "/agents?query=Maria%20Lopez");
    expect(res.statusCode).toBe(200);
    const [maria] = AgentListResponse.parse(res.json()).data;
    expect(maria).toMatchObject({
      outbound_eligibility: expect.stringMatching(/^(old|new|both|none)$/),
      inbound_only: false,
      internal_live_transfers: expect.any(Boolean),
      external_live_transfers: expect.any(Boolean),
      has_webrtc: expect.any(Boolean),
      manager_id: ids["manager.isius@demo.test"],
    });
    const [seen] = (await qualifier.request("GET", "/agents?query=Maria%20Lopez")).json().data;
    for (const field of ["outbound_eligibility", "inbound_only", "internal_live_transfers", "external_live_transfers", "has_webrtc", "manager_id"])
      expect(seen, field).not.toHaveProperty(field);
  });
});

describe("PUT /outbound-eligibility/{id}", () => {
  it("sets an agent's eligibility (204), seen in the list; admins and operations-managers too", async () => {
    const id = ids["qualifier.isius@demo.test"]!;
    const res = await manager.request("PUT", `/outbound-eligibility/${id}`, { eligibility: "old" });
    expect(res.statusCode, res.body).toBe(204);
    expect((await row(id)).outboundEligibility).toBe("old");
    const listed = AgentListResponse.parse((await manager.request("GET", "/agents?query=Jordan%20Reyes")).json()).data[0];
    expect(listed?.outbound_eligibility).toBe("old");
    expect((await admin.request("PUT", `/outbound-eligibility/${ids["advisor.isius@demo.test"]}`, { eligibility: "new" })).statusCode).toBe(204);
    expect((await ops.request("PUT", `/outbound-eligibility/${id}`, { eligibility: "both" })).statusCode).toBe(204);
    expect((await row(id)).outboundEligibility).toBe("both");
  });

  it("refuses agents (403), another call centre's agent or no one (404), a manager's account (422) and bad bodies (422)", async () => {
    const id = ids["qualifier.isius@demo.test"]!;
    expect((await qualifier.request("PUT", `/outbound-eligibility/${id}`, { eligibility: "none" })).statusCode).toBe(403);
    expect((await advisor.request("PUT", `/outbound-eligibility/${id}`, { eligibility: "none" })).statusCode).toBe(403);
    expect((await manager.request("PUT", `/outbound-eligibility/${ids["qualifier.slica@demo.test"]}`, { eligibility: "none" })).statusCode).toBe(404);
    expect((await slicaManager.request("PUT", `/outbound-eligibility/${id}`, { eligibility: "none" })).statusCode).toBe(404);
    expect((await manager.request("PUT", "/outbound-eligibility/999999", { eligibility: "none" })).statusCode).toBe(404);
    const self = await manager.request("PUT", `/outbound-eligibility/${ids["manager.isius@demo.test"]}`, { eligibility: "none" });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(USERS_AREA_MESSAGES.notAnAgent);
    for (const body of [{ eligibility: "sometimes" }, {}, { eligibility: "old", extra: 1 }, { eligibility: null }, { eligibility: 1 }]) {
      const bad = await manager.request("PUT", `/outbound-eligibility/${id}`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await manager.request("PUT", "/outbound-eligibility/0x1", { eligibility: "old" })).statusCode).toBe(422);
    expect((await row(id)).outboundEligibility).toBe("both");
    // SLICA's manager changes its own call centre's agents.
    expect((await slicaManager.request("PUT", `/outbound-eligibility/${ids["qualifier.slica@demo.test"]}`, { eligibility: "new" })).statusCode).toBe(204);
    expect((await row(ids["qualifier.slica@demo.test"]!)).outboundEligibility).toBe("new");
  });
});

describe("POST and DELETE /inbound-agents/{id}: the block-outbound checkbox", () => {
  it("blocks a qualifier's outbound (201) and unblocks it (204), twice in a row is no error", async () => {
    const id = ids["qualifier.isius@demo.test"]!;
    const blocked = await manager.request("POST", `/inbound-agents/${id}`);
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect(blocked.json()).toEqual({ data: { id, inbound_only: true } });
    expect((await row(id)).inboundOnly).toBe(true);
    expect((await manager.request("POST", `/inbound-agents/${id}`)).statusCode).toBe(201);
    const listed = AgentListResponse.parse((await manager.request("GET", "/agents?query=Jordan%20Reyes")).json()).data[0];
    expect(listed?.inbound_only).toBe(true);
    expect((await manager.request("DELETE", `/inbound-agents/${id}`)).statusCode).toBe(204);
    expect((await row(id)).inboundOnly).toBe(false);
    expect((await admin.request("DELETE", `/inbound-agents/${id}`)).statusCode).toBe(204);
  });

  it("is for qualifiers only (422), of the own call centre (404), by managers and above (403)", async () => {
    const adv = ids["advisor.isius@demo.test"]!;
    const refused = await manager.request("POST", `/inbound-agents/${adv}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(USERS_AREA_MESSAGES.notAQualifier);
    expect((await manager.request("DELETE", `/inbound-agents/${adv}`)).statusCode).toBe(422);
    expect((await row(adv)).inboundOnly).toBe(false);
    const foreign = ids["qualifier.slica@demo.test"]!;
    expect((await manager.request("POST", `/inbound-agents/${foreign}`)).statusCode).toBe(404);
    expect((await manager.request("DELETE", `/inbound-agents/${foreign}`)).statusCode).toBe(404);
    expect((await row(foreign)).inboundOnly).toBe(false);
    const own = ids["qualifier.isius@demo.test"]!;
    expect((await qualifier.request("POST", `/inbound-agents/${own}`)).statusCode).toBe(403);
    expect((await advisor.request("DELETE", `/inbound-agents/${own}`)).statusCode).toBe(403);
    expect((await manager.request("POST", "/inbound-agents/abc")).statusCode).toBe(422);
  });
});

describe("PUT /agents/transfer-availability/{internal|external} from the users area", () => {
  it("a manager sets an advisor's availability with agent_id, as 0 or 1 or a boolean; the advisor still sets its own", async () => {
    const adv = ids["advisor.isius@demo.test"]!;
    expect((await manager.request("PUT", "/agents/transfer-availability/internal", { value: 1, agent_id: adv })).statusCode).toBe(204);
    expect((await row(adv)).internalLiveTransfers).toBe(true);
    expect((await manager.request("PUT", "/agents/transfer-availability/internal", { value: 0, agent_id: adv })).statusCode).toBe(204);
    expect((await row(adv)).internalLiveTransfers).toBe(false);
    expect((await advisor.request("PUT", "/agents/transfer-availability/external", { value: true })).statusCode).toBe(204);
    expect((await row(adv)).externalLiveTransfers).toBe(true);
    const listed = AgentListResponse.parse((await manager.request("GET", "/agents?query=Maria%20Lopez")).json()).data[0];
    expect(listed).toMatchObject({ internal_live_transfers: false, external_live_transfers: true });
  });

  it("refuses a qualifier (422), another call centre's advisor (403) and values other than 0, 1, true, false (422)", async () => {
    const q = ids["qualifier.isius@demo.test"]!;
    expect((await manager.request("PUT", "/agents/transfer-availability/internal", { value: 1, agent_id: q })).statusCode).toBe(422);
    const foreign = ids["advisor.slica@demo.test"]!;
    const before = (await row(foreign)).internalLiveTransfers;
    expect((await manager.request("PUT", "/agents/transfer-availability/internal", { value: !before, agent_id: foreign })).statusCode).toBe(403);
    expect((await row(foreign)).internalLiveTransfers).toBe(before);
    for (const value of [2, "1", null, -1])
      expect((await manager.request("PUT", "/agents/transfer-availability/internal", { value, agent_id: ids["advisor.isius@demo.test"] })).statusCode, String(value)).toBe(422);
  });
});

describe("GET /agents/managers", () => {
  it("lists the call centre's managers with their e-mail; agents are refused", async () => {
    const res = await manager.request("GET", "/agents/managers");
    expect(res.statusCode).toBe(200);
    expect(ManagerListResponse.parse(res.json()).data).toEqual([
      { id: ids["manager.isius@demo.test"], first_name: "Dana", last_name: "Whitfield", full_name: "Dana Whitfield", email: "manager.isius@demo.test" },
    ]);
    expect(ManagerListResponse.parse((await ops.request("GET", "/agents/managers")).json()).data).toHaveLength(1);
    expect(ManagerListResponse.parse((await slicaManager.request("GET", "/agents/managers")).json()).data.map((m) => m.email)).toEqual(["manager.slica@test.test"]);
    expect((await qualifier.request("GET", "/agents/managers")).statusCode).toBe(403);
    expect((await advisor.request("GET", "/agents/managers")).statusCode).toBe(403);
  });
});
