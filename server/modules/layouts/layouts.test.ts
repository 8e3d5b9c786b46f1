import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../test/harness";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const layout = { version: 1, items: [{ i: "goals.progress", panel: "goals.progress", x: 0, y: 0, w: 4, h: 6 }] };

describe("agent layouts", () => {
  it("is null until saved, then the agent's own, per variant", async () => {
    const q = await gw.signIn("qualifier.isius@demo.test");
    expect((await q.request("GET", "/agents/me/layouts/isius")).json()).toEqual({ data: null });
    expect((await q.request("PUT", "/agents/me/layouts/isius", layout)).statusCode).toBe(204);
    expect((await q.request("GET", "/agents/me/layouts/isius")).json()).toEqual({ data: layout });
    expect((await q.request("GET", "/agents/me/layouts/slica")).json()).toEqual({ data: null });
    // Another agent does not see it.
    const other = await gw.signIn("qualifier2.isius@demo.test");
    expect((await other.request("GET", "/agents/me/layouts/isius")).json()).toEqual({ data: null });
    // A later save replaces it.
    const moved = { version: 1, items: [{ ...layout.items[0]!, x: 4, y: 2 }] };
    expect((await q.request("PUT", "/agents/me/layouts/isius", moved)).statusCode).toBe(204);
    expect((await q.request("GET", "/agents/me/layouts/isius")).json()).toEqual({ data: moved });
  });

  it("refuses items outside the grid, unknown fields, unknown variants and a malformed record of migrations", async () => {
    const q = await gw.signIn("qualifier.isius@demo.test");
    // The record of each plugin's layout migrations the items have been through is optional and taken when well formed.
    const migrated = { ...layout, migrations: { goals: 2, "lead-card": 1 } };
    expect((await q.request("PUT", "/agents/me/layouts/isius", migrated)).statusCode).toBe(204);
    // …and given back with the items, so a migration already applied never runs again at the next sign-in.
    expect((await q.request("GET", "/agents/me/layouts/isius")).json()).toEqual({ data: migrated });
    for (const bad of [
      { version: 1, items: [{ ...layout.items[0]!, x: 12 }] },
      { version: 1, items: [{ ...layout.items[0]!, static: true }] },
      { version: 99, items: [] },
      { version: 1, items: [{ ...layout.items[0]!, panel: "Not A Panel" }] },
      { ...layout, migrations: { goals: -1 } },
      { ...layout, migrations: { goals: 1.5 } },
      { ...layout, migrations: { "goals.progress": 1 } },
      { ...layout, migrations: [1] },
    ]) {
      expect((await q.request("PUT", "/agents/me/layouts/isius", bad)).statusCode).toBe(422);
    }
    expect((await q.request("GET", "/agents/me/layouts/other")).statusCode).toBe(422);
  });
});
