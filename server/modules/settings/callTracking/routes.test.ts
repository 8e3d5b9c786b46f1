// The call-tracking provider's settings through a whole gateway: a manager lists, adds, edits and deletes its
// call centre's Retreaver mappings with the specification's codes and messages, and saves the maximum calls
// amount; every write leaves an audit row; another call centre's mappings are its own; agents get 403.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAPPING_MESSAGES as M, MappingList } from "../../../../src/contract/callTracking";
import { users } from "../../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../../test/harness";

let gw: TestGateway;
let manager: TestClient;
beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
});
afterAll(() => gw.close());

const URL = "/settings/retreaver-mappings";
const list = async (c: TestClient) => {
  const res = await c.request("GET", URL);
  expect(res.statusCode).toBe(200);
  return MappingList.parse(res.json());
};
const lastChange = async (c: TestClient) =>
  (await c.request("GET", "/settings/changes?subject=retreaver-mappings&limit=1")).json().changes[0];

describe("Retreaver mappings", () => {
  it("adds (201), reads back keyed by did, updates (201), deletes (204) then 404; each write is audited", async () => {
    const add = await manager.request("POST", `${URL}/8005550111?mode=add`, {
      prefix: " ISF ",
      duplicate_checker: true,
      short_calls: 0,
    });
    expect(add.statusCode, add.body).toBe(201);
    expect((await list(manager))["8005550111"]).toEqual({
      prefix: "ISF",
      duplicate_checker: true,
      short_calls: false,
    });
    expect(await lastChange(manager)).toMatchObject({
      subject: "retreaver-mappings",
      by: expect.any(String),
      old: null,
      new: { did: "8005550111", prefix: "ISF", duplicate_checker: true, short_calls: false },
    });

    const edit = await manager.request("POST", `${URL}/8005550111?mode=edit`, {
      prefix: "ISW",
      duplicate_checker: false,
      short_calls: 1,
    });
    expect(edit.statusCode).toBe(201);
    expect((await list(manager))["8005550111"]).toEqual({
      prefix: "ISW",
      duplicate_checker: false,
      short_calls: true,
    });
    expect(await lastChange(manager)).toMatchObject({
      old: { did: "8005550111", prefix: "ISF" },
      new: { did: "8005550111", prefix: "ISW", short_calls: true },
    });

    // Without a mode, POST saves either way (the specification's 201 for both add and update).
    expect((await manager.request("POST", `${URL}/8005550111`, { prefix: "ISE" })).statusCode).toBe(201);
    expect((await list(manager))["8005550111"]).toEqual({
      prefix: "ISE",
      duplicate_checker: true,
      short_calls: false,
    });

    expect((await manager.request("DELETE", `${URL}/8005550111`)).statusCode).toBe(204);
    expect(await list(manager)).not.toHaveProperty("8005550111");
    expect(await lastChange(manager)).toMatchObject({ old: { did: "8005550111", prefix: "ISE" }, new: null });
    expect((await manager.request("DELETE", `${URL}/8005550111`)).statusCode).toBe(404);
    expect((await manager.request("POST", `${URL}/8005550111?mode=edit`, { prefix: "ISE" })).statusCode).toBe(
      404,
    );
  });

  it("refuses an add of a DID already mapped with 'DID already exists' on did, and changes nothing", async () => {
    expect((await manager.request("POST", `${URL}/8005550112?mode=add`, { prefix: "ISF" })).statusCode).toBe(
      201,
    );
    const again = await manager.request("POST", `${URL}/8005550112?mode=add`, { prefix: "ISW" });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: M.didExists, errors: { did: [M.didExists] } });
    expect((await list(manager))["8005550112"]!.prefix).toBe("ISF");
  });

  it("answers each refusal with the specification's exact message on its field", async () => {
    const before = await list(manager);
    const refused = async (path: string, body: unknown) => {
      const res = await manager.request("POST", path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    for (const prefix of ["", "   ", "\t"])
      expect((await refused(`${URL}/8005550113`, { prefix })).prefix).toEqual([M.prefixRequired]);
    expect((await refused(`${URL}/8005550113`, {})).prefix).toEqual([M.prefixRequired]);
    expect((await refused(`${URL}/8005550113`, { prefix: "X".repeat(49) })).prefix).toEqual([
      M.prefixTooLong,
    ]);
    for (const did of ["800555011", "80055501134", "800555011a", "%20%20", "(800)555-0113"])
      expect((await refused(`${URL}/${did}`, { prefix: "ISF" })).did).toEqual([
        did === "%20%20" ? M.didRequired : M.didInvalid,
      ]);
    expect(
      (await refused(`${URL}/8005550113`, { prefix: "ISF", duplicate_checker: "yes" })).duplicate_checker,
    ).toBeDefined();
    expect((await refused(`${URL}/8005550113?mode=replace`, { prefix: "ISF" })).mode).toBeDefined();
    expect((await manager.request("DELETE", `${URL}/12345`)).statusCode).toBe(422);
    expect(await list(manager)).toEqual(before);
  });

  it("is per call centre, and agents are refused (403)", async () => {
    expect((await manager.request("POST", `${URL}/8005550114?mode=add`, { prefix: "ISF" })).statusCode).toBe(
      201,
    );
    await gw.db.update(users).set({ role: "admin" }).where(eq(users.email, "advisor2.slica@demo.test"));
    const slica = await gw.signIn("advisor2.slica@demo.test");
    expect(await list(slica)).not.toHaveProperty("8005550114");
    expect((await slica.request("DELETE", `${URL}/8005550114`)).statusCode).toBe(404);
    expect((await slica.request("POST", `${URL}/8005550114?mode=edit`, { prefix: "SLQ" })).statusCode).toBe(
      404,
    );
    // A DID reaches one call centre (issue 31): another's add is 409, and says nothing of who maps it.
    const taken = await slica.request("POST", `${URL}/8005550114?mode=add`, { prefix: "SLQ" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("This number belongs to another call centre.");
    expect((await slica.request("POST", `${URL}/8005550114`, { prefix: "SLQ" })).statusCode).toBe(409);
    expect((await list(manager))["8005550114"]!.prefix).toBe("ISF");
    for (const email of ["qualifier.isius@demo.test", "advisor.isius@demo.test"]) {
      const agent = await gw.signIn(email);
      expect((await agent.request("GET", URL)).statusCode).toBe(403);
      expect((await agent.request("POST", `${URL}/8005550115`, { prefix: "ISF" })).statusCode).toBe(403);
      expect((await agent.request("DELETE", `${URL}/8005550114`)).statusCode).toBe(403);
      expect((await agent.request("GET", "/settings/max-calls-amount")).statusCode).toBe(403);
      expect(
        (await agent.request("PUT", "/settings/max-calls-amount", { maxCallsAmount: 1 })).statusCode,
      ).toBe(403);
    }
    expect(await list(manager)).not.toHaveProperty("8005550115");
  });
});

describe("maximum calls amount", () => {
  it("is 0 (no limit) until saved; saves a number or its digits (204) with an audit row; refuses more than 9 digits", async () => {
    const read = async () => (await manager.request("GET", "/settings/max-calls-amount")).json();
    expect(await read()).toEqual({ maxCallsAmount: 0 });
    expect(
      (await manager.request("PUT", "/settings/max-calls-amount", { maxCallsAmount: 12 })).statusCode,
    ).toBe(204);
    expect(await read()).toEqual({ maxCallsAmount: 12 });
    expect(
      (await manager.request("PUT", "/settings/max-calls-amount", { maxCallsAmount: "999999999" }))
        .statusCode,
    ).toBe(204);
    expect(await read()).toEqual({ maxCallsAmount: 999_999_999 });
    const change = (await manager.request("GET", "/settings/changes?subject=max-calls-amount&limit=1")).json()
      .changes[0];
    expect(change).toMatchObject({ old: { maxCallsAmount: 12 }, new: { maxCallsAmount: 999_999_999 } });
    for (const bad of [1_000_000_000, -1, 1.5, "1234567890", "12a", null, true]) {
      const res = await manager.request("PUT", "/settings/max-calls-amount", { maxCallsAmount: bad });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().errors.maxCallsAmount, String(bad)).toEqual([M.maxCallsInvalid]);
    }
    expect(
      (await manager.request("PUT", "/settings/max-calls-amount", { maxCallsAmount: "" })).statusCode,
    ).toBe(204);
    expect(await read()).toEqual({ maxCallsAmount: 0 });
  });
});
