// A plugin's own client events (src/contract/clientEvent.ts) against a listening gateway: registered through the
// plugin's context, answered with the guarantees the core's call controls have (dispatch.ts, events.ts
// `pluginEvent`), and never under a core event's name or another plugin's.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { TRANSFER_MESSAGES } from "../../src/contract/calls";
import { defineClientEvent, type ClientEventKey } from "../../src/contract/clientEvent";
import { definePluginManifest, PLUGIN_UNAVAILABLE } from "../../src/contract/pluginManifest";
import { PLUGIN_SETTINGS_MESSAGES } from "../../src/contract/pluginSettings";
import { SOCKET_MESSAGES, SocketPhone } from "../../src/contract/socket";
import { tenants, users } from "../db/schema";
import { pluginServerContext } from "../plugins/context";
import { startTestGateway, type AgentClientSocket, type TestGateway } from "../test/harness";
import { PluginClientEvents, type SocketCaller } from "./pluginEvents";
import { ack, connected, next, send } from "./testing";

const weather = definePluginManifest({ id: "weather", unavailable: "No weather here." });
/** Offered to no call centre. */
const hail = definePluginManifest({ id: "hail" });

const report = defineClientEvent("weather-report", { city: z.string().max(40) });
const forecast = defineClientEvent("weather-forecast", { phone: SocketPhone });
const storm = defineClientEvent("weather-storm", {});
const hailStart = defineClientEvent("hail-start", {});

let gw: TestGateway;
const heard: { agent: SocketCaller; payload: unknown }[] = [];
const opened: AgentClientSocket[] = [];

beforeAll(async () => {
  gw = await startTestGateway({ listen: true, offer: ["weather"] });
  const ctx = pluginServerContext(gw.gw, weather);
  ctx.realtime.onClientEvent(report, (agent, payload) => {
    heard.push({ agent, payload });
    return { ok: true, data: { city: payload.city.toUpperCase() } };
  });
  ctx.realtime.onClientEvent(
    forecast,
    (agent, payload) => {
      heard.push({ agent, payload });
      return { ok: true };
    },
    { dials: "phone" },
  );
  // A domain service's refusal (here: no call to transfer) is the event's ack; anything else is the gateway's failure.
  ctx.realtime.onClientEvent(storm, async (agent) => {
    await ctx.calls.transfers.control(agent.id, "matcha", "kick");
    return { ok: true };
  });
  pluginServerContext(gw.gw, hail).realtime.onClientEvent(hailStart, () => ({ ok: true }));
});
afterAll(() => gw.close());
afterEach(() => {
  heard.length = 0;
  for (const s of opened.splice(0)) s.disconnect();
});

async function agent(email = "qualifier2.isius@demo.test") {
  const s = gw.socket(await gw.signIn(email));
  opened.push(s);
  await connected(s);
  return s;
}

describe("a plugin's client events", () => {
  it("reach the plugin's handler with the parsed payload and the agent; the handler's ack goes back", async () => {
    const s = await agent();
    expect(await ack(s, "weather-report", { extension: "1011", city: "Laval" })).toEqual({
      ok: true,
      data: { city: "LAVAL" },
    });
    expect(heard).toEqual([
      {
        agent: { id: await gw.idOf("qualifier2.isius@demo.test"), tenantId: 1, role: "qualifier", extension: "1011" },
        payload: { extension: "1011", city: "Laval" },
      },
    ]);
  });

  it("are parsed by their schema and name the agent's own extension only", async () => {
    const s = await agent();
    expect(await ack(s, "weather-report", { extension: "1011" })).toMatchObject({ ok: false, error: "invalid_payload" });
    expect(await ack(s, "weather-report", { extension: "1011", city: "Laval", extra: 1 })).toMatchObject({
      ok: false,
      error: "invalid_payload",
    });
    expect(await ack(s, "weather-report", { city: "Laval" })).toMatchObject({ ok: false, error: "invalid_payload" });
    expect(await ack(s, "weather-report", { extension: "1012", city: "Laval" })).toMatchObject({ ok: false, error: "forbidden" });
    // Without an ack, a refusal comes back as event-refused.
    const refusal = next(s, "event-refused");
    send(s, "weather-report", { extension: "1011" });
    expect(await refusal).toMatchObject({ event: "weather-report", error: "invalid_payload" });
    expect(heard).toEqual([]);
  });

  it("are refused to a deactivated agent, read at each event", async () => {
    const s = await agent();
    const id = await gw.idOf("qualifier2.isius@demo.test");
    try {
      await gw.db.update(users).set({ deactivated: true }).where(eq(users.id, id));
      expect(await ack(s, "weather-report", { extension: "1011", city: "Laval" })).toEqual({
        ok: false,
        error: "forbidden",
        message: SOCKET_MESSAGES.callingDisabled,
      });
    } finally {
      await gw.db.update(users).set({ deactivated: false }).where(eq(users.id, id));
    }
    expect(await ack(s, "weather-report", { extension: "1011", city: "Laval" })).toMatchObject({ ok: true });
  });

  it("answer like the plugin's routes where the call centre lacks the plugin or its admin turned it off", async () => {
    const s = await agent();
    expect(await ack(s, "hail-start", { extension: "1011" })).toEqual({
      ok: false,
      error: "unknown_event",
      message: PLUGIN_UNAVAILABLE,
    });
    const [before] = await gw.db.select({ features: tenants.features }).from(tenants).where(eq(tenants.id, 1));
    try {
      await gw.db.update(tenants).set({ features: { ...before!.features, "plugin:weather": false } }).where(eq(tenants.id, 1));
      expect(await ack(s, "weather-report", { extension: "1011", city: "Laval" })).toEqual({
        ok: false,
        error: "forbidden",
        message: PLUGIN_SETTINGS_MESSAGES.pluginOff,
      });
    } finally {
      await gw.db.update(tenants).set({ features: before!.features }).where(eq(tenants.id, 1));
    }
    expect(heard).toEqual([]);
  });

  it("pass the number they dial through the compliance gate before the handler", async () => {
    const s = await agent();
    expect(await ack(s, "weather-forecast", { extension: "1011", phone: "+442079460018" })).toEqual({
      ok: false,
      error: "forbidden",
      message: "calls.refused.country",
    });
    expect(await ack(s, "weather-forecast", { extension: "1011", phone: "2001" })).toMatchObject({
      ok: false,
      message: "calls.refused.invalid",
    });
    expect(heard).toEqual([]);
    expect(await ack(s, "weather-forecast", { extension: "1011", phone: "2125550142" })).toEqual({ ok: true });
    expect(heard).toHaveLength(1);
  });

  it("answer a domain service's refusal as the ack", async () => {
    const s = await agent();
    expect(await ack(s, "weather-storm", { extension: "1011" })).toEqual({
      ok: false,
      error: "unsupported",
      message: TRANSFER_MESSAGES.noCall,
    });
  });

  it("are unknown until a plugin registers them", async () => {
    const s = await agent();
    expect(await ack(s, "weather-unheard", { extension: "1011" })).toMatchObject({ ok: false, error: "unknown_event" });
  });
});

describe("registering a client event", () => {
  const key = (name: string) => ({ name, schema: storm.schema, source: "client" }) as ClientEventKey;

  it("refuses a core event's name, at declaration and at registration", () => {
    expect(() => defineClientEvent("hangup", {})).toThrow(/core/);
    expect(() => defineClientEvent("external-transfer-start", { phone: SocketPhone })).toThrow(/core/);
    expect(() => defineClientEvent("Weather Report", {})).toThrow(/kebab-case/);
    expect(() => defineClientEvent("weather-x", { extension: z.string() })).toThrow(/extension/);
    const events = new PluginClientEvents();
    expect(() => events.add(weather, key("hangup"), () => ({ ok: true }))).toThrow(/core/);
    expect(events.get("hangup")).toBeUndefined();
  });

  it("refuses another plugin's event name; the same plugin registering again replaces its handler", () => {
    const events = new PluginClientEvents();
    const first = vi.fn(() => ({ ok: true }) as const);
    const second = vi.fn(() => ({ ok: true }) as const);
    events.add(weather, storm, first);
    expect(() => events.add(hail, storm, () => ({ ok: true }))).toThrow(/already plugin weather's/);
    events.add(weather, storm, second);
    expect(events.get("weather-storm")?.handler).toBe(second);
    expect(events.get("weather-storm")?.manifest.id).toBe("weather");
  });
});
