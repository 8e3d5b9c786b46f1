// The users list's row dialogs, settings side: an advisor's health licences and an agent's attributes
// (admin-and-sign-in §3, §6, §7): managers of the agent's own call centre only, 404 for another's agent,
// 422 for bad input with nothing written, and a permission given takes effect at the agent's next sign-in.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENT_SETTINGS_MESSAGES, AttributeList } from "../../../src/contract/agentSettings";
import { attributes, userAttributes, users } from "../../db/schema";
import { DEMO_PASSWORD } from "../../seed/accounts";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

let gw: TestGateway;
let manager: TestClient;
let qualifier: TestClient;
let ids: Record<string, number>;

beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
  qualifier = await gw.signIn("qualifier.isius@demo.test");
  ids = {};
  for (const e of ["advisor.isius", "qualifier.isius", "qualifier2.isius", "advisor.slica", "manager.isius"])
    ids[e] = await gw.idOf(`${e}@demo.test`);
});
afterAll(() => gw?.close());

/** A fresh sign-in's account (POST /login 201). */
async function signInAgain(email: string) {
  const res = await gw.client().request("POST", "/login", { email, password: DEMO_PASSWORD });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { health_licenses: string[]; permissions: string[] };
}

const attributeId = async (name: string) => (await gw.db.select().from(attributes).where(eq(attributes.name, name)))[0]!.id;

describe("GET and PUT /settings/agents/{id}/health-licenses", () => {
  it("reads and saves an advisor's licences, lower case, once each, sorted", async () => {
    const url = `/settings/agents/${ids["advisor.isius"]}/health-licenses`;
    const put = await manager.request("PUT", url, { health_licenses: ["NY", "fl", "ny", "qc"] });
    expect(put.statusCode, put.body).toBe(204);
    const res = await manager.request("GET", url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ health_licenses: ["fl", "ny", "qc"] });
    const [row] = await gw.db.select({ h: users.healthLicenses }).from(users).where(eq(users.id, ids["advisor.isius"]!));
    expect(row!.h).toEqual(["fl", "ny", "qc"]);
  });

  it("the advisor's next sign-in carries them (the health e-app button reads them)", async () => {
    await manager.request("PUT", `/settings/agents/${ids["advisor.isius"]}/health-licenses`, { health_licenses: ["tx"] });
    const login = await signInAgain("advisor.isius@demo.test");
    expect(login.health_licenses).toEqual(["tx"]);
  });

  it("refuses an unknown code and a user who is not an advisor with 422, writing nothing", async () => {
    const url = `/settings/agents/${ids["advisor.isius"]}/health-licenses`;
    await manager.request("PUT", url, { health_licenses: ["ca"] });
    const bad = await manager.request("PUT", url, { health_licenses: ["ny", "zz"] });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(AGENT_SETTINGS_MESSAGES.unknownRegion);
    expect((await manager.request("GET", url)).json()).toEqual({ health_licenses: ["ca"] });
    expect((await manager.request("PUT", url, { health_licenses: "ny" })).statusCode).toBe(422);
    const q = await manager.request("PUT", `/settings/agents/${ids["qualifier.isius"]}/health-licenses`, { health_licenses: ["ny"] });
    expect(q.statusCode).toBe(422);
    expect(q.json().message).toBe(AGENT_SETTINGS_MESSAGES.advisorOnly);
  });

  it("another call centre's agent does not exist (404); agents are refused (403)", async () => {
    const url = `/settings/agents/${ids["advisor.slica"]}/health-licenses`;
    expect((await manager.request("GET", url)).statusCode).toBe(404);
    expect((await manager.request("PUT", url, { health_licenses: ["on"] })).statusCode).toBe(404);
    expect((await manager.request("GET", "/settings/agents/999999/health-licenses")).statusCode).toBe(404);
    expect((await qualifier.request("GET", `/settings/agents/${ids["qualifier.isius"]}/health-licenses`)).statusCode).toBe(403);
  });
});

describe("GET /settings/attributes and GET/PUT /settings/agents/{id}/attributes", () => {
  it("lists every attribute; for a role, a permission only if that role may hold it", async () => {
    const all = AttributeList.parse((await manager.request("GET", "/settings/attributes")).json()).data.map((a) => a.name);
    expect(all).toEqual(expect.arrayContaining(["Auto ready", "Bilingual (French)", "Bilingual (Spanish)"]));
    const forQualifier = AttributeList.parse((await manager.request("GET", "/settings/attributes?role=qualifier")).json()).data;
    expect(forQualifier.map((a) => a.name)).not.toContain("Auto ready");
    expect(forQualifier.map((a) => a.name)).toContain("Bilingual (French)");
    const forAdvisor = AttributeList.parse((await manager.request("GET", "/settings/attributes?role=advisor")).json()).data;
    expect(forAdvisor.map((a) => a.name)).toContain("Auto ready");
    expect((await manager.request("GET", "/settings/attributes?role=manager")).statusCode).toBe(422);
    expect((await qualifier.request("GET", "/settings/attributes")).statusCode).toBe(403);
  });

  it("replaces an agent's attributes; has_auto_ready reaches the advisor's account at its next sign-in", async () => {
    const advisor = ids["advisor.isius"]!;
    const url = `/settings/agents/${advisor}/attributes`;
    const autoReady = await attributeId("Auto ready");
    const french = await attributeId("Bilingual (French)");
    expect((await manager.request("PUT", url, { attributes: [] })).statusCode).toBe(204);
    expect((await manager.request("GET", url)).json()).toEqual({ attributes: [] });
    expect((await signInAgain("advisor.isius@demo.test")).permissions).not.toContain("has_auto_ready");

    const put = await manager.request("PUT", url, { attributes: [french, autoReady, french] });
    expect(put.statusCode, put.body).toBe(204);
    expect((await manager.request("GET", url)).json()).toEqual({ attributes: [autoReady, french].sort((a, b) => a - b) });
    expect((await signInAgain("advisor.isius@demo.test")).permissions).toContain("has_auto_ready");
  });

  it("refuses a permission the role may not hold and an unknown attribute with 422, writing nothing", async () => {
    const q = ids["qualifier2.isius"]!;
    const url = `/settings/agents/${q}/attributes`;
    const french = await attributeId("Bilingual (French)");
    await manager.request("PUT", url, { attributes: [french] });
    const refused = await manager.request("PUT", url, { attributes: [await attributeId("Auto ready")] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(AGENT_SETTINGS_MESSAGES.attributeRole);
    const unknown = await manager.request("PUT", url, { attributes: [french, 987654] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(AGENT_SETTINGS_MESSAGES.unknownAttribute);
    expect((await manager.request("PUT", url, { attributes: ["x"] })).statusCode).toBe(422);
    expect((await manager.request("PUT", url, {})).statusCode).toBe(422);
    const held = await gw.db.select().from(userAttributes).where(eq(userAttributes.userId, q));
    expect(held.map((h) => h.attributeId)).toEqual([french]);
  });

  it("another call centre's agent does not exist (404)", async () => {
    const url = `/settings/agents/${ids["advisor.slica"]}/attributes`;
    expect((await manager.request("GET", url)).statusCode).toBe(404);
    expect((await manager.request("PUT", url, { attributes: [] })).statusCode).toBe(404);
  });
});
