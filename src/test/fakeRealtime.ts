// A realtime socket in memory: pushes reach the bus as the real client forwards them (the core's events, and
// those forwarded for plugins, parsed), extension checks answer what the test says.
import type { z } from "zod";
import { ServerEvents, type ExtensionAvailability } from "../contract/socket";
import type { RealtimeClient, RealtimeDeps } from "../realtime/client";

export function fakeRealtime(options: { available?: boolean; via?: "webrtc" | "external"; message?: string | null } = {}) {
  const emitted: { event: string; payload: unknown }[] = [];
  let deps: RealtimeDeps | undefined;
  const forwarded = new Map<string, z.ZodType>(Object.entries(ServerEvents));
  const availability = (extension: string): ExtensionAvailability => ({
    extension,
    available: options.available ?? true,
    via: options.via ?? "webrtc",
    reason: options.available === false ? "not_registered" : null,
    message: options.available === false ? (options.message ?? "Your phone is disconnected, please refresh the dialer and retry") : null,
  });
  const client: RealtimeClient = {
    connected: true,
    ready: Promise.resolve(),
    async emit(event, payload) {
      emitted.push({ event, payload });
      return { ok: true };
    },
    async checkExtension(extension) {
      emitted.push({ event: "checkExtensionAvailability", payload: { extension } });
      return availability(extension);
    },
    forward(name, schema) {
      if (!forwarded.has(name)) forwarded.set(name, schema);
    },
    close() {},
  };
  return {
    connect(d: RealtimeDeps) {
      deps = d;
      return client;
    },
    emitted,
    /**
     * A push from the gateway, as the socket would deliver it: a name nobody forwards is dropped, a payload
     * its schema refuses too. Core tests that feed the bus raw use `deps.bus` instead.
     */
    push(name: string, payload: unknown) {
      const schema = forwarded.get(name);
      if (!schema) return;
      const parsed = schema.safeParse(payload);
      if (parsed.success) deps!.bus.emit(name, parsed.data);
    },
    /** Connection life: dropped, reconnecting, reconnected. */
    get on() {
      return deps!.on;
    },
    setAvailable(available: boolean, via: "webrtc" | "external" = "webrtc", message?: string) {
      options.available = available;
      options.via = via;
      options.message = message ?? null;
    },
  };
}
