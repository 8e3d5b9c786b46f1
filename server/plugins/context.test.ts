// A plugin's gateway side gets the PluginServerContext and nothing else (server/README.md): its type, what the
// gateway builds, and that every plugin's server.ts is found and builds its routes from it.
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "zod";
import { defineClientEvent } from "../../src/contract/clientEvent";
import { definePush } from "../../src/contract/push";
import { manualClock } from "../../src/shared/clock";
import { goalsRoutes } from "../../plugins/goals/server";
import { manifest as goals } from "../../plugins/goals/manifest";
import type { Gateway } from "../gateway";
import type { RouteDef } from "../http/route";
import { pluginServerContext, type PluginServerContext } from "./context";
import { pluginServers, type PluginRoutes } from "./servers";

const FIELDS = [
  "access",
  "advisors",
  "afterStart",
  "agents",
  "background",
  "callCentre",
  "calls",
  "clock",
  "closing",
  "db",
  "dnc",
  "events",
  "features",
  "idempotent",
  "leadHistory",
  "leads",
  "log",
  "mail",
  "offered",
  "playback",
  "readLane",
  "realtime",
  "recordings",
  "requestsSettled",
  "settings",
] as const;

/** A gateway whose services are spies: enough to see what the context hands on. */
function fakeGateway() {
  const push = { pluginPush: vi.fn(), managersOnline: vi.fn(async (tenantId: number) => tenantId === 1) };
  const clientEvents = { add: vi.fn() };
  const gw = {
    db: { fake: "db" },
    readLane: { fake: "read lane" },
    clock: manualClock(Date.parse("2026-01-05T15:00:00Z")),
    log: { info: vi.fn() },
    push,
    clientEvents,
    calls: {
      onCallEvent: vi.fn(() => () => true),
      playback: { register: vi.fn() },
      relinks: { on: vi.fn(() => () => true) },
      transfers: { start: vi.fn(async () => {}), control: vi.fn(async () => {}) },
    },
    callFacets: { add: vi.fn() },
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
    expectTypeOf<PluginRoutes>().parameters.toEqualTypeOf<[PluginServerContext]>();
    expectTypeOf(goalsRoutes).parameters.toEqualTypeOf<[PluginServerContext]>();
    expectTypeOf<keyof PluginServerContext>().toEqualTypeOf<(typeof FIELDS)[number]>();
  });

  it("is built from the gateway with those fields only, frozen, handing on the gateway's services", async () => {
    const { gw, asGateway } = fakeGateway();
    const ctx = pluginServerContext(asGateway, goals);
    expect(Object.keys(ctx).sort()).toEqual([...FIELDS]);
    expect(Object.isFrozen(ctx)).toBe(true);
    expect(ctx.db).toBe(gw.db);
    expect(ctx.readLane).toBe(gw.readLane);
    expect(ctx.clock).toBe(gw.clock);
    expect(ctx.log).toBe(gw.log);

    const forecast = definePush("weather-forecast", z.object({ city: z.string() }));
    ctx.realtime.toAgent(forecast, 7, { city: "Laval" });
    ctx.realtime.toManagers(forecast, 1, { city: "Montréal" });
    ctx.realtime.toTenant(forecast, 1, { city: "Québec" });
    expect(gw.push.pluginPush.mock.calls).toEqual([
      ["agent:7", forecast, { city: "Laval" }],
      ["managers:1", forecast, { city: "Montréal" }],
      ["tenant:1", forecast, { city: "Québec" }],
    ]);
    expect(await ctx.realtime.managersOnline(1)).toBe(true);
    expect(await ctx.realtime.managersOnline(2)).toBe(false);

    // A plugin's client event is registered under its own manifest: the gateway applies the plugin's switch to it.
    const report = defineClientEvent("weather-report", { city: z.string() });
    const answer = () => ({ ok: true }) as const;
    ctx.realtime.onClientEvent(report, answer, {});
    expect(gw.clientEvents.add).toHaveBeenCalledWith(goals, report, answer, {});

    const listener = () => {};
    ctx.events.onCall(listener);
    ctx.events.onStatusChanged(listener);
    expect(gw.calls.onCallEvent).toHaveBeenCalledWith(listener);
    expect(gw.statuses.onChanged).toHaveBeenCalledWith(listener);

    const hook = async () => {};
    ctx.calls.onRelink(hook);
    expect(gw.calls.relinks.on).toHaveBeenCalledWith(hook);
    const party = { kind: "sunlife", phone: "5145550188", name: "Sophie Lavoie", reason: "Sunlife" } as const;
    await ctx.calls.transfers.start({ id: 7, tenantId: 1 }, party);
    await ctx.calls.transfers.control(7, "sunlife", "join", "5145550188");
    expect(gw.calls.transfers.start).toHaveBeenCalledWith({ id: 7, tenantId: 1 }, party);
    expect(gw.calls.transfers.control).toHaveBeenCalledWith(7, "sunlife", "join", "5145550188");

    // The facets go under the plugin's own id: the gateway knows whose they are, the plugin need not say.
    const facets = async () => new Map<number, unknown>();
    ctx.leadHistory.addCallFacet(facets);
    expect(gw.callFacets.add).toHaveBeenCalledWith("goals", facets);

    const work = async () => {};
    ctx.background("a plugin's work", work);
    expect(gw.background.run).toHaveBeenCalledWith("a plugin's work", work);
  });

  it("lets every plugin found with a server.ts build its routes from it", () => {
    const { gw, asGateway } = fakeGateway();
    const routes: RouteDef[] = pluginServers.flatMap((p) =>
      p.routes(pluginServerContext(asGateway, p.manifest)),
    );
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain("GET /agents/:id/statistics");
    // The transfers plugin answers its own socket events (sunlife-*, matcha-*), not the core.
    const events = (gw.clientEvents.add.mock.calls as unknown as [{ id: string }, { name: string }][]).map(
      ([manifest, key]) => `${manifest.id}:${key.name}`,
    );
    expect(events).toContain("transfers:sunlife-start");
    expect(events).toContain("transfers:matcha-destroy");
  });
});
