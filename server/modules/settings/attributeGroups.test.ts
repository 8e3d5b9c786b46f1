// Attribute groups through a whole gateway: the list, create (201 {id}) and edit (204) with errors per field,
// the users and attributes relations saved whole, and a group, an agent or a manager of another call centre
// kept out.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ATTRIBUTE_GROUP_MESSAGES as M,
  AttributeGroupList,
  GroupAttributes,
  GroupUsers,
} from "../../../src/contract/attributeGroups";
import { SettingsChanges } from "../../../src/contract/settings";
import { attributeGroupUsers, users } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

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

const groups = async (c: TestClient) => {
  const res = await c.request("GET", "/settings/attribute-groups");
  expect(res.statusCode).toBe(200);
  return AttributeGroupList.parse(res.json()).data;
};
const valid = { name: "Final expense", shortName: "FEX", provider: "Retreaver", transferScore: 70 };

describe("attribute groups", () => {
  it("lists the call centre's own groups with their agents and attributes", async () => {
    // Other tests of this file add groups of their own: the seeded ones are listed, and none of SLICA's.
    const mine = await groups(manager);
    const names = mine.map((g) => g.name);
    expect(names).toEqual(expect.arrayContaining(["Medicare English", "Medicare Spanish"]));
    for (const theirs of ["LIFE-EN", "VIE-FR"]) expect(mine.map((g) => g.shortName)).not.toContain(theirs);
    expect(mine.find((g) => g.name === "Medicare English")).toMatchObject({
      shortName: "MED-EN",
      did: "8005550110",
      hasInternalAutoForward: true,
      autoForwardInternalDelay: 20,
      userIds: [await gw.idOf("qualifier.isius@demo.test"), await gw.idOf("advisor.isius@demo.test")].sort((a, b) => a - b),
    });
    expect((await groups(slicaAdmin)).map((g) => g.shortName).sort()).toEqual(["LIFE-EN", "VIE-FR"]);
  });

  it("creates one (201 {id}) with did and auto-forward empty, edits it (204), trimming its texts", async () => {
    const res = await manager.request("POST", "/settings/attribute-groups", valid);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: number };
    expect(typeof id).toBe("number");
    let g = (await groups(manager)).find((x) => x.id === id)!;
    expect(g).toMatchObject({ ...valid, did: null, hasInternalAutoForward: false, hasExternalAutoForward: false, userIds: [], attributeIds: [] });

    const put = await manager.request("PUT", `/settings/attribute-groups/${id}`, {
      name: "  Final expense plus ",
      shortName: "FEX+",
      provider: "",
      transferScore: 0,
    });
    expect(put.statusCode, put.body).toBe(204);
    g = (await groups(manager)).find((x) => x.id === id)!;
    expect(g).toMatchObject({ name: "Final expense plus", shortName: "FEX+", provider: null, transferScore: 0 });
  });

  it("answers errors per field (422) and writes nothing", async () => {
    const before = await groups(manager);
    const cases: [unknown, string, string][] = [
      [{ ...valid, name: "   " }, "name", M.nameRequired],
      [{ ...valid, shortName: "" }, "shortName", M.shortNameRequired],
      [{ ...valid, name: "x".repeat(100) }, "name", M.tooLong],
      [{ ...valid, provider: "p".repeat(100) }, "provider", M.tooLong],
      [{ ...valid, transferScore: 101 }, "transferScore", M.transferScore],
      [{ ...valid, transferScore: 1.5 }, "transferScore", M.transferScore],
    ];
    for (const [body, field, message] of cases) {
      const res = await manager.request("POST", "/settings/attribute-groups", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
      const put = await manager.request("PUT", `/settings/attribute-groups/${before[0]!.id}`, body);
      expect(put.statusCode).toBe(422);
    }
    // did and the auto-forward fields are read-only: a body carrying them is refused.
    expect((await manager.request("POST", "/settings/attribute-groups", { ...valid, did: "8005550199" })).statusCode).toBe(422);
    expect(await groups(manager)).toEqual(before);
  });

  it("sets the group's agents: the call centre's agents only (422 otherwise, nothing changed)", async () => {
    const [group] = await groups(manager);
    const url = `/settings/attribute-groups/${group!.id}/users`;
    const read = async () => GroupUsers.parse((await manager.request("GET", url)).json()).data;
    const before = await read();
    expect(before.agents.map((a) => a.role).every((r) => r === "qualifier" || r === "advisor")).toBe(true);
    expect(before.agents.some((a) => a.full_name === "Jordan Reyes" && a.extension === "1001")).toBe(true);

    const q3 = await gw.idOf("qualifier3.isius@demo.test");
    const a = await gw.idOf("advisor.isius@demo.test");
    expect((await manager.request("PUT", url, { userIds: [q3, a, q3] })).statusCode).toBe(204);
    expect((await read()).userIds).toEqual([q3, a].sort((x, y) => x - y));

    const slicaAgent = await gw.idOf("qualifier.slica@demo.test");
    const aManager = await gw.idOf("manager.isius@demo.test");
    for (const bad of [[q3, slicaAgent], [aManager], [2_000_000]]) {
      const res = await manager.request("PUT", url, { userIds: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.userIds).toEqual([M.notAnAgent]);
    }
    expect((await manager.request("PUT", url, { userIds: ["x"] })).statusCode).toBe(422);
    expect((await read()).userIds).toEqual([q3, a].sort((x, y) => x - y));
    expect((await manager.request("PUT", url, { userIds: [] })).statusCode).toBe(204);
    expect(await gw.db.select().from(attributeGroupUsers).where(eq(attributeGroupUsers.groupId, group!.id))).toEqual([]);
  });

  it("sets the group's attributes: known ones only (422 otherwise)", async () => {
    const [, group] = await groups(manager);
    const url = `/settings/attribute-groups/${group!.id}/attributes`;
    const read = async () => GroupAttributes.parse((await manager.request("GET", url)).json()).data;
    const { attributes } = await read();
    expect(attributes.map((x) => x.name)).toContain("Auto ready");
    const ids = attributes.map((x) => x.id);
    expect((await manager.request("PUT", url, { attributeIds: ids })).statusCode).toBe(204);
    expect((await read()).attributeIds).toEqual([...ids].sort((x, y) => x - y));
    const res = await manager.request("PUT", url, { attributeIds: [999_999] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.attributeIds).toEqual([M.unknownAttribute]);
    expect((await read()).attributeIds).toHaveLength(ids.length);
  });

  it("records each write in the settings audit trail (subject attribute-groups), before and after", async () => {
    const last = async () => {
      const res = await manager.request("GET", "/settings/changes?subject=attribute-groups&limit=1");
      return SettingsChanges.parse(res.json()).changes[0];
    };
    const res = await manager.request("POST", "/settings/attribute-groups", { ...valid, name: "Audited" });
    const { id } = res.json() as { id: number };
    const created = { id, name: "Audited", shortName: "FEX", provider: "Retreaver", transferScore: 70 };
    expect(await last()).toMatchObject({ subject: "attribute-groups", by: expect.stringMatching(/\S/), old: null, new: created });

    expect((await manager.request("PUT", `/settings/attribute-groups/${id}`, { ...valid, name: "Audited", transferScore: 10 })).statusCode).toBe(204);
    expect(await last()).toMatchObject({ old: created, new: { ...created, transferScore: 10 } });

    const a = await gw.idOf("advisor.isius@demo.test");
    expect((await manager.request("PUT", `/settings/attribute-groups/${id}/users`, { userIds: [a] })).statusCode).toBe(204);
    expect(await last()).toMatchObject({ old: { id, userIds: [] }, new: { id, userIds: [a] } });
    expect((await manager.request("PUT", `/settings/attribute-groups/${id}/attributes`, { attributeIds: [] })).statusCode).toBe(204);
    // Nothing changed: nothing recorded.
    expect(await last()).toMatchObject({ new: { id, userIds: [a] } });
  });

  it("another call centre's group does not exist (404) for every route; agents get 403", async () => {
    const [theirs] = await groups(slicaAdmin);
    const id = theirs!.id;
    expect((await manager.request("PUT", `/settings/attribute-groups/${id}`, valid)).statusCode).toBe(404);
    expect((await manager.request("GET", `/settings/attribute-groups/${id}/users`)).statusCode).toBe(404);
    expect((await manager.request("PUT", `/settings/attribute-groups/${id}/users`, { userIds: [] })).statusCode).toBe(404);
    expect((await manager.request("GET", `/settings/attribute-groups/${id}/attributes`)).statusCode).toBe(404);
    expect((await manager.request("PUT", `/settings/attribute-groups/${id}/attributes`, { attributeIds: [] })).statusCode).toBe(404);
    expect((await groups(slicaAdmin)).find((g) => g.id === id)).toEqual(theirs);
    expect((await manager.request("PUT", "/settings/attribute-groups/999999", valid)).statusCode).toBe(404);

    const q = await gw.signIn("qualifier.isius@demo.test");
    expect((await q.request("GET", "/settings/attribute-groups")).statusCode).toBe(403);
    expect((await q.request("POST", "/settings/attribute-groups", valid)).statusCode).toBe(403);
  });
});
