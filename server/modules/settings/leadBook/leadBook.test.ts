// The lead book's settings through a whole gateway: campaigns, prefixes and groups listed, created (201 {id})
// and edited (204) with errors per field, their relations saved whole, each write's audit row, and another
// call centre's records and agents kept out.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GroupPrefixes,
  LEAD_BOOK_MESSAGES as M,
  LeadCampaignList,
  LeadGroupList,
  LeadPrefixList,
  RelationUsers,
} from "../../../../src/contract/leadBook";
import { SettingsChanges } from "../../../../src/contract/settings";
import { users } from "../../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../../test/harness";

let gw: TestGateway;
let manager: TestClient;
let slicaAdmin: TestClient;
beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
  // SLICA has no manager account: one of its field advisors becomes its admin for these tests.
  await gw.db.update(users).set({ role: "admin" }).where(eq(users.email, "advisor2.slica@demo.test"));
  slicaAdmin = await gw.signIn("advisor2.slica@demo.test");
});
afterAll(() => gw.close());

const get = async <T>(c: TestClient, url: string, parse: { parse(x: unknown): T }) => {
  const res = await c.request("GET", url);
  expect(res.statusCode, res.body).toBe(200);
  return parse.parse(res.json());
};
const campaigns = (c: TestClient) => get(c, "/settings/lead-campaigns", LeadCampaignList).then((r) => r.data);
const prefixes = (c: TestClient) => get(c, "/settings/lead-prefixes", LeadPrefixList).then((r) => r.data);
const groups = (c: TestClient) => get(c, "/settings/lead-groups", LeadGroupList).then((r) => r.data);
const lastChange = async (subject: string) =>
  (await get(manager, `/settings/changes?subject=${subject}&limit=1`, SettingsChanges)).changes[0];

describe("lead campaigns", () => {
  it("lists the call centre's own campaigns", async () => {
    // Other tests of this file add campaigns of their own: the seeded ones are listed, and none of SLICA's.
    const mine = await campaigns(manager);
    expect(mine.map((c) => c.slug)).toEqual(expect.arrayContaining(["final-expense", "mortgage-protection", "spanish-line", "term-life-web"]));
    expect(mine.find((c) => c.slug === "final-expense")).toMatchObject({ name: "Final Expense", active: true, prefix: "ISF", prefixes: ["ISFX"] });
    expect((await campaigns(slicaAdmin)).map((c) => c.prefix)).not.toContain("ISF");
  });

  it("creates one (201 {id}) with a slug from its name, made unique; edits it (204) keeping the slug; audits both", async () => {
    const body = { params: { name: "  Final Expense Texas ", active: true, prefix: "ISFT", prefixes: [" ISFTX", "ISFTY", "ISFTX", ""] } };
    const res = await manager.request("POST", "/settings/lead-campaigns", body);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: number };
    let c = (await campaigns(manager)).find((x) => x.id === id)!;
    expect(c).toEqual({ id, slug: "final-expense-texas", name: "Final Expense Texas", active: true, prefix: "ISFT", prefixes: ["ISFTX", "ISFTY"] });
    expect(await lastChange("lead-campaigns")).toMatchObject({ by: expect.stringMatching(/\S/), old: null, new: c });

    const again = await manager.request("POST", "/settings/lead-campaigns", { params: { name: "Final expense: Texas!" } });
    expect(again.statusCode).toBe(201);
    const second = (await campaigns(manager)).find((x) => x.id === again.json().id)!;
    expect(second).toMatchObject({ slug: "final-expense-texas-2", active: true, prefix: "", prefixes: [] });

    const put = await manager.request("PUT", `/settings/lead-campaigns/${id}`, { params: { name: "FE Texas", active: false, prefix: "ISFT", prefixes: [] } });
    expect(put.statusCode, put.body).toBe(204);
    const before = c;
    c = (await campaigns(manager)).find((x) => x.id === id)!;
    expect(c).toEqual({ id, slug: "final-expense-texas", name: "FE Texas", active: false, prefix: "ISFT", prefixes: [] });
    expect(await lastChange("lead-campaigns")).toMatchObject({ old: before, new: c });
  });

  it("answers errors keyed per field (422) and writes nothing", async () => {
    const before = await campaigns(manager);
    const valid = { name: "Valid", active: true, prefix: "ABC", prefixes: [] as unknown };
    const cases: [unknown, string, string][] = [
      [{ ...valid, name: "   " }, "name", M.nameRequired],
      [{ ...valid, name: "x".repeat(100) }, "name", M.nameTooLong],
      [{ ...valid, active: "yes" }, "active", M.active],
      [{ ...valid, prefix: "P".repeat(49) }, "prefix", M.prefixTooLong],
      [{ ...valid, prefix: "IS F" }, "prefix", M.prefixInvalid],
      [{ ...valid, prefixes: ["A".repeat(25), "B".repeat(24)] }, "prefixes", M.prefixesTooLong],
      [{ ...valid, prefixes: ["A-B"] }, "prefixes", M.prefixInvalid],
      [{ ...valid, prefixes: "ISFX" }, "prefixes", M.prefixInvalid],
    ];
    for (const [params, field, message] of cases) {
      for (const [method, url] of [["POST", "/settings/lead-campaigns"], ["PUT", `/settings/lead-campaigns/${before[0]!.id}`]] as const) {
        const res = await manager.request(method, url, { params });
        expect(res.statusCode, JSON.stringify(params)).toBe(422);
        expect(res.json().errors[field], JSON.stringify(params)).toEqual([message]);
      }
    }
    // Every field wrong at once: one error under each name.
    const all = await manager.request("POST", "/settings/lead-campaigns", { params: { name: "", active: 1, prefix: "x".repeat(49), prefixes: ["a b"] } });
    expect(Object.keys(all.json().errors).sort()).toEqual(["active", "name", "prefix", "prefixes"]);
    // 48 characters comma-joined are allowed.
    expect((await manager.request("POST", "/settings/lead-campaigns", { params: { name: "Edge", prefixes: ["A".repeat(24), "B".repeat(23)] } })).statusCode).toBe(201);
    expect((await campaigns(manager)).filter((c) => before.some((b) => b.id === c.id))).toEqual(before);
  });

  it("assigns qualifiers by slug: only the call centre's qualifiers (else 422), saved whole, audited", async () => {
    const read = () => get(manager, "/settings/lead-campaigns/spanish-line/agents", RelationUsers).then((r) => r.data);
    const start = await read();
    expect(start.agents.length).toBeGreaterThan(0);
    expect(new Set(start.agents.map((a) => a.role))).toEqual(new Set(["qualifier"]));
    const q = await gw.idOf("qualifier.isius@demo.test");
    expect(start.agents.map((a) => a.id)).toContain(q);

    const advisor = await gw.idOf("advisor.isius@demo.test");
    const slicaQualifier = (await get(slicaAdmin, "/settings/lead-campaigns/critical-illness/agents", RelationUsers)).data.agents[0]!.id;
    for (const bad of [advisor, slicaQualifier, 999999]) {
      const res = await manager.request("PUT", "/settings/lead-campaigns/spanish-line/agents", { userIds: [q, bad] });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.userIds).toEqual([M.notAQualifier]);
    }
    expect(await read()).toEqual(start);

    expect((await manager.request("PUT", "/settings/lead-campaigns/spanish-line/agents", { userIds: [q, q] })).statusCode).toBe(204);
    expect((await read()).userIds).toEqual([q]);
    expect(await lastChange("lead-campaigns")).toMatchObject({ old: { slug: "spanish-line", userIds: start.userIds }, new: { slug: "spanish-line", userIds: [q] } });
    // Put back as seeded: other tests read the demo's assignments.
    expect((await manager.request("PUT", "/settings/lead-campaigns/spanish-line/agents", { userIds: start.userIds })).statusCode).toBe(204);
    expect((await manager.request("GET", "/settings/lead-campaigns/no-such-campaign/agents")).statusCode).toBe(404);
    expect((await manager.request("GET", "/settings/lead-campaigns/Not%20A%20Slug/agents")).statusCode).toBe(422);
  });
});

describe("lead prefixes", () => {
  it("lists, creates (201) and renames (204) prefixes; name required, at most 99, unique in the call centre", async () => {
    const start = await prefixes(manager);
    expect(start.map((p) => p.name)).toEqual(expect.arrayContaining(["ISF", "ISFX", "ISW"]));
    expect(start.map((p) => p.name)).not.toContain("SLQ");

    const res = await manager.request("POST", "/settings/lead-prefixes", { params: { name: " ISFT " } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: number };
    expect((await prefixes(manager)).find((p) => p.id === id)).toEqual({ id, name: "ISFT" });
    expect(await lastChange("lead-prefixes")).toMatchObject({ old: null, new: { id, name: "ISFT" } });

    const cases: [unknown, string][] = [
      [{ params: { name: "" } }, M.nameRequired],
      [{ params: { name: "  " } }, M.nameRequired],
      [{ params: {} }, M.nameRequired],
      [{}, M.nameRequired],
      [{ params: { name: "x".repeat(100) } }, M.nameTooLong],
      [{ params: { name: "ISF" } }, M.nameTaken],
    ];
    for (const [body, message] of cases) {
      for (const [method, url] of [["POST", "/settings/lead-prefixes"], ["PUT", `/settings/lead-prefixes/${id}`]] as const) {
        const r = await manager.request(method, url, body);
        expect(r.statusCode, JSON.stringify(body)).toBe(422);
        expect(r.json().errors.name).toEqual([message]);
      }
    }
    // Another call centre's prefix of the same name does not count; keeping its own name is no clash.
    expect((await manager.request("PUT", `/settings/lead-prefixes/${id}`, { params: { name: "ISFT" } })).statusCode).toBe(204);
    expect((await slicaAdmin.request("POST", "/settings/lead-prefixes", { params: { name: "ISFT" } })).statusCode).toBe(201);
    expect((await manager.request("PUT", `/settings/lead-prefixes/${id}`, { params: { name: "ISFT2" } })).statusCode).toBe(204);
    expect(await lastChange("lead-prefixes")).toMatchObject({ old: { id, name: "ISFT" }, new: { id, name: "ISFT2" } });
  });
});

describe("lead groups", () => {
  it("lists groups with their counts; creates, renames; advisors and prefixes of the call centre only; audited", async () => {
    const start = await groups(manager);
    expect(start.find((g) => g.name === "Web Leads")).toMatchObject({ assignedPrefixesCount: 3 });
    expect(start.map((g) => g.name)).not.toContain("National");

    const res = await manager.request("POST", "/settings/lead-groups", { params: { name: "Texas closers" } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: number };
    expect((await groups(manager)).find((g) => g.id === id)).toEqual({ id, name: "Texas closers", assignedPrefixesCount: 0, assignedAdvisorsCount: 0 });
    expect((await manager.request("POST", "/settings/lead-groups", { params: { name: "" } })).json().errors.name).toEqual([M.nameRequired]);
    expect((await manager.request("PUT", `/settings/lead-groups/${id}`, { params: { name: "y".repeat(100) } })).json().errors.name).toEqual([M.nameTooLong]);
    expect((await manager.request("PUT", `/settings/lead-groups/${id}`, { params: { name: "Texas Closers" } })).statusCode).toBe(204);

    const advisors = (await get(manager, `/settings/lead-groups/${id}/advisors`, RelationUsers)).data;
    expect(advisors.userIds).toEqual([]);
    expect(new Set(advisors.agents.map((a) => a.role))).toEqual(new Set(["advisor"]));
    const a = await gw.idOf("advisor.isius@demo.test");
    const q = await gw.idOf("qualifier.isius@demo.test");
    const slicaAdvisor = await gw.idOf("advisor.slica@demo.test");
    for (const bad of [q, slicaAdvisor]) {
      const r = await manager.request("PUT", `/settings/lead-groups/${id}/advisors`, { userIds: [a, bad] });
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.userIds).toEqual([M.notAnAdvisor]);
    }
    expect((await manager.request("PUT", `/settings/lead-groups/${id}/advisors`, { userIds: [a] })).statusCode).toBe(204);
    expect(await lastChange("lead-groups")).toMatchObject({ old: { id, userIds: [] }, new: { id, userIds: [a] } });

    const all = (await get(manager, `/settings/lead-groups/${id}/prefixes`, GroupPrefixes)).data;
    const isf = all.prefixes.find((p) => p.name === "ISF")!.id;
    const isw = all.prefixes.find((p) => p.name === "ISW")!.id;
    const slq = (await prefixes(slicaAdmin)).find((p) => p.name === "SLQ")!.id;
    const r = await manager.request("PUT", `/settings/lead-groups/${id}/prefixes`, { prefixIds: [isf, slq] });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.prefixIds).toEqual([M.unknownPrefix]);
    expect((await manager.request("PUT", `/settings/lead-groups/${id}/prefixes`, { prefixIds: [isw, isf] })).statusCode).toBe(204);
    expect((await get(manager, `/settings/lead-groups/${id}/prefixes`, GroupPrefixes)).data.prefixIds).toEqual([isf, isw].sort((x, y) => x - y));
    expect((await groups(manager)).find((g) => g.id === id)).toEqual({ id, name: "Texas Closers", assignedPrefixesCount: 2, assignedAdvisorsCount: 1 });
    expect(await lastChange("lead-groups")).toMatchObject({ old: { id, prefixIds: [] }, new: { id } });
  });
});

describe("who may", () => {
  it("keeps another call centre's campaigns, prefixes and groups out (404 'Not found.')", async () => {
    const theirCampaign = (await campaigns(slicaAdmin))[0]!;
    const theirPrefix = (await prefixes(slicaAdmin))[0]!;
    const theirGroup = (await groups(slicaAdmin))[0]!;
    const calls: [string, string, unknown?][] = [
      ["PUT", `/settings/lead-campaigns/${theirCampaign.id}`, { params: { name: "Taken over" } }],
      ["GET", `/settings/lead-campaigns/${theirCampaign.slug}/agents`],
      ["PUT", `/settings/lead-campaigns/${theirCampaign.slug}/agents`, { userIds: [] }],
      ["PUT", `/settings/lead-prefixes/${theirPrefix.id}`, { params: { name: "Taken" } }],
      ["PUT", `/settings/lead-groups/${theirGroup.id}`, { params: { name: "Taken over" } }],
      ["GET", `/settings/lead-groups/${theirGroup.id}/advisors`],
      ["PUT", `/settings/lead-groups/${theirGroup.id}/advisors`, { userIds: [] }],
      ["GET", `/settings/lead-groups/${theirGroup.id}/prefixes`],
      ["PUT", `/settings/lead-groups/${theirGroup.id}/prefixes`, { prefixIds: [] }],
    ];
    for (const [method, url, body] of calls) {
      const res = await manager.request(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe("Not found.");
    }
    expect((await campaigns(slicaAdmin))[0]).toEqual(theirCampaign);
    expect((await groups(slicaAdmin))[0]).toEqual(theirGroup);
  });

  it("refuses agents (403)", async () => {
    for (const email of ["qualifier.isius@demo.test", "advisor.isius@demo.test"]) {
      const agent = await gw.signIn(email);
      for (const [method, url, body] of [
        ["GET", "/settings/lead-campaigns"],
        ["POST", "/settings/lead-campaigns", { params: { name: "Mine" } }],
        ["GET", "/settings/lead-prefixes"],
        ["POST", "/settings/lead-prefixes", { params: { name: "MINE" } }],
        ["GET", "/settings/lead-groups"],
        ["PUT", "/settings/lead-campaigns/final-expense/agents", { userIds: [] }],
      ] as [string, string, unknown?][]) {
        expect((await agent.request(method, url, body)).statusCode, `${email} ${method} ${url}`).toBe(403);
      }
    }
  });
});
