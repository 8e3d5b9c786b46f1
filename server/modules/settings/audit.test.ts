// The settings audit trail (issue 18 item 4): each settings save records who changed which subject, when, and the
// values before and after; GET /settings/changes reads it back newest first, for one subject or all, for the
// caller's call centre only. A save that changes nothing records nothing; agents may not read the trail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_OPERATION_HOURS } from "../../../src/contract/dialer";
import { SettingsChanges } from "../../../src/contract/settings";
import { eq } from "drizzle-orm";
import { tenants } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";
import { recordSettingsChange } from "./audit";

let gw: TestGateway;
let manager: TestClient;
beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
});
afterAll(() => gw.close());

const changes = async (c: TestClient, query = "") => {
  const res = await c.request("GET", `/settings/changes${query}`);
  expect(res.statusCode).toBe(200);
  return SettingsChanges.parse(res.json()).changes;
};

describe("the settings audit trail", () => {
  it("records a save's old and new values and who made it, and nothing for a save that changes nothing", async () => {
    const closedSunday = { days: DEFAULT_OPERATION_HOURS.days.map((d, i) => (i === 6 ? { from: "00:00", to: "00:00" } : d)) };
    expect((await manager.request("PUT", "/settings/operation-hours", closedSunday)).statusCode).toBe(204);
    expect((await manager.request("PUT", "/settings/operation-hours", closedSunday)).statusCode).toBe(204);
    const trail = await changes(manager, "?subject=operation-hours");
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ subject: "operation-hours", old: DEFAULT_OPERATION_HOURS, new: closedSunday });
    expect(trail[0]!.by).toMatch(/\S/);
    expect(Date.parse(trail[0]!.at)).toBe(gw.gw.clock.now());
  });

  it("lists every subject newest first, and a quota change under its kind", async () => {
    const params = { qualifier: [1, 2, 3, 4], advisor: [0, 0, 0, 0] };
    expect((await manager.request("PUT", "/settings/agents/quotas/dials", { params })).statusCode).toBe(204);
    const [latest] = await changes(manager, "?limit=1");
    expect(latest).toMatchObject({ subject: "quotas:dials", new: params });
  });

  it("records an allowed extension added and removed", async () => {
    expect((await manager.request("POST", "/allowed-extensions", { extension: "4321" })).statusCode).toBe(201);
    expect((await manager.request("DELETE", "/allowed-extensions/4321")).statusCode).toBe(204);
    const trail = await changes(manager, "?subject=allowed-extensions");
    expect(trail.map((c) => [c.old, c.new])).toEqual([
      [{ extension: "4321" }, null],
      [null, { extension: "4321" }],
    ]);
  });

  it("keeps each call centre's trail to itself", async () => {
    const slica = (await gw.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.variant, "slica")))[0]!.id;
    await recordSettingsChange(gw.db, { tenantId: slica, by: null, subject: "globals", old: null, new: { "stack-rebuild": 5 }, at: new Date() });
    expect(await changes(manager, "?subject=globals")).toEqual([]);
  });

  it("refuses agents and a subject that is not a settings key", async () => {
    for (const email of ["qualifier.isius@demo.test", "advisor.isius@demo.test"]) {
      const c = await gw.signIn(email);
      expect((await c.request("GET", "/settings/changes")).statusCode, email).toBe(403);
    }
    expect((await manager.request("GET", "/settings/changes?subject=../users")).statusCode).toBe(422);
    expect((await manager.request("GET", "/settings/changes?limit=0")).statusCode).toBe(422);
  });
});
