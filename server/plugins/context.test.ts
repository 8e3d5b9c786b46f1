// A plugin's gateway side gets the PluginServerContext and nothing else (server/README.md): its type, what the
// gateway builds, and what plugins/<id>/server.ts may import from server/.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { manualClock } from "../../src/shared/clock";
import { pluginRoutes } from "../../plugins/server-catalogue";
import { goalsRoutes } from "../../plugins/goals/server";
import type { Gateway } from "../gateway";
import type { RouteDef } from "../http/route";
import { pluginServerContext, type PluginServerContext } from "./context";

const FIELDS = [
  "access",
  "advisors",
  "afterStart",
  "background",
  "calls",
  "clock",
  "db",
  "events",
  "features",
  "idempotent",
  "leadHistory",
  "log",
  "playback",
  "realtime",
  "recordings",
  "settings",
] as const;

/** A gateway whose services are spies: enough to see what the context hands on. */
function fakeGateway() {
  const push = { toAgent: vi.fn(), toManagers: vi.fn(), toTenant: vi.fn() };
  const gw = {
    db: { fake: "db" },
    clock: manualClock(Date.parse("2026-01-05T15:00:00Z")),
    log: { info: vi.fn() },
    push,
    calls: {
      onCallEvent: vi.fn(() => () => true),
      playback: { register: vi.fn() },
      relinks: { on: vi.fn(() => () => true) },
    },
    callRecords: { add: vi.fn() },
    started: new Promise<void>(() => {}),
    recordings: { open: vi.fn(), repair: vi.fn() },
    statuses: { onChanged: vi.fn(() => () => true) },
    background: { run: vi.fn() },
    pbx: { secret: "never handed on" },
    sessions: { secret: "never handed on" },
  };
  return { gw, asGateway: gw as unknown as Gateway };
}

describe("PluginServerContext", () => {
  it("is what the catalogue's route factories take, goals' included, and has exactly its documented fields", () => {
    expectTypeOf<(typeof pluginRoutes)[string]>().parameters.toEqualTypeOf<[PluginServerContext]>();
    expectTypeOf(goalsRoutes).parameters.toEqualTypeOf<[PluginServerContext]>();
    expectTypeOf<keyof PluginServerContext>().toEqualTypeOf<(typeof FIELDS)[number]>();
  });

  it("is built from the gateway with those fields only, frozen, handing on the gateway's services", async () => {
    const { gw, asGateway } = fakeGateway();
    const ctx = pluginServerContext(asGateway);
    expect(Object.keys(ctx).sort()).toEqual([...FIELDS]);
    expect(Object.isFrozen(ctx)).toBe(true);
    expect(ctx.db).toBe(gw.db);
    expect(ctx.clock).toBe(gw.clock);
    expect(ctx.log).toBe(gw.log);

    ctx.realtime.toAgent(7, "session-ended", { reason: "x" });
    ctx.realtime.toTenant(1, "session-ended", { reason: "y" });
    expect(gw.push.toAgent).toHaveBeenCalledWith(7, "session-ended", { reason: "x" });
    expect(gw.push.toTenant).toHaveBeenCalledWith(1, "session-ended", { reason: "y" });

    const listener = () => {};
    ctx.events.onCall(listener);
    ctx.events.onStatusChanged(listener);
    expect(gw.calls.onCallEvent).toHaveBeenCalledWith(listener);
    expect(gw.statuses.onChanged).toHaveBeenCalledWith(listener);

    const hook = async () => {};
    ctx.calls.onRelink(hook);
    expect(gw.calls.relinks.on).toHaveBeenCalledWith(hook);

    const work = async () => {};
    ctx.background("a plugin's work", work);
    expect(gw.background.run).toHaveBeenCalledWith("a plugin's work", work);
  });

  it("lets every catalogued plugin build its routes from it", () => {
    const ctx = pluginServerContext(fakeGateway().asGateway);
    const routes: RouteDef[] = Object.values(pluginRoutes).flatMap((r) => r(ctx));
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain("GET /agents/:id/statistics");
  });

  it("is all a plugin's server.ts reaches of the gateway: from server/ it imports only db/, http/ and plugins/", () => {
    const root = fileURLToPath(new URL("../../plugins", import.meta.url));
    const files = readdirSync(root)
      .map((id) => path.join(root, id, "server.ts"))
      .filter((f) => existsSync(f));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const imports = [...readFileSync(file, "utf8").matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]!);
      const outside = imports.filter((i) => /\/server\//.test(i) && !/\/server\/(db|http|plugins)\//.test(i));
      expect({ file: path.relative(root, file), outside }).toEqual({
        file: path.relative(root, file),
        outside: [],
      });
    }
  });
});
