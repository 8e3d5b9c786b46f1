// @vitest-environment node
// A plugin receives a socket push the core has never heard of, over a real socket.io connection, through the
// real realtime client and registry: the plugin declares it in its manifest and nothing in src/ changes.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { types } from "mobx-state-tree";
import { Server } from "socket.io";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { SOCKET_PATH } from "../contract/socket";
import { createEventBus } from "../core/events";
import { createRegistry } from "../core/registry";
import { defineVariant } from "../core/variant";
import { createI18n } from "../i18n/i18n";
import { connectRealtime, type RealtimeClient } from "../realtime/client";
import { definePlugin, definePush } from ".";

// The fixture plugin, as a plugin author would write it: only the SDK and zod.
const weatherAlert = definePush("weather-alert", z.object({ city: z.string(), text: z.string() }));
const weather = definePlugin({
  id: "weather",
  model: types.model({ alerts: types.array(types.string) }).actions((self) => ({
    add(text: string) {
      self.alerts.push(text);
    },
  })),
  pushes: [weatherAlert],
  setup: (ctx) => void ctx.events.on(weatherAlert, (p) => ctx.store.add(`${p.city}: ${p.text}`)),
});

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function gatewayAndPage() {
  const http = createServer();
  const io = new Server(http, { path: SOCKET_PATH });
  // The gateway's side of a page's first connection: hello is acknowledged.
  io.on("connection", (socket) => socket.on("hello", (_p: unknown, ack?: (r: unknown) => void) => ack?.({ ok: true })));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const bus = createEventBus();
  const client: RealtimeClient = connectRealtime({
    url,
    token: () => "token",
    bus,
    hello: { extension: null, hasWebRtc: false },
    on: { dropped() {}, reconnecting() {}, reconnected() {}, refused() {} },
  });
  await client.ready;
  stop = async () => {
    client.close();
    await new Promise<void>((resolve) => io.close(() => resolve()));
  };
  return { io, bus, client };
}

const variant = defineVariant({
  id: "isius",
  code: "ISIUS",
  country: "US",
  plugins: ["weather"],
  features: {},
  clientsPerLead: 1,
  languages: ["en"],
  postal: { label: "address.zip", mask: "#####", maxLength: 5, pattern: "^\\d{5}$" },
  config: {},
  defaultLayouts: { qualifier: [], advisor: [] },
});

describe("a plugin's own socket push", () => {
  it("reaches the plugin that declared it, parsed, over a real socket; malformed and undeclared pushes do not", async () => {
    const { io, bus, client } = await gatewayAndPage();
    const registry = await createRegistry({
      variant,
      tenantFeatures: {},
      agent: { roles: ["qualifier"], permissions: [] },
      catalogue: { weather: async () => ({ default: weather }) },
      core: new Map(),
      i18n: createI18n("en"),
      mode: "development",
      bus,
      forwardPush: (name, schema) => client.forward(name, schema),
    });
    const store = (registry.store as unknown as { weather: { alerts: string[] } }).weather;
    const heardRaw: string[] = [];
    bus.on("weather-unknown", () => heardRaw.push("unknown"));

    io.emit("weather-alert", { city: "Tulsa", text: "storm warning" });
    io.emit("weather-alert", { city: 42 });
    io.emit("weather-unknown", { city: "Tulsa" });
    io.emit("weather-alert", { city: "Miami", text: "heat" });
    await expect.poll(() => store.alerts.length).toBe(2);
    expect(store.alerts).toEqual(["Tulsa: storm warning", "Miami: heat"]);
    expect(heardRaw).toEqual([]);

    // Forwarding the same push twice (a second plugin declaring it) still delivers each push once.
    client.forward("weather-alert", weatherAlert.schema);
    io.emit("weather-alert", { city: "Boise", text: "snow" });
    await expect.poll(() => store.alerts.length).toBe(3);
    registry.dispose();
    io.emit("weather-alert", { city: "Reno", text: "wind" });
    await new Promise((r) => setTimeout(r, 50));
    expect(store.alerts).toHaveLength(3);
  });
});
