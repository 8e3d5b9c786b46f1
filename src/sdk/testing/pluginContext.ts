// A plugin's `ctx` for a service's unit test, without the registry or React: the same shape `setup` gets,
// over fakes the test controls. Panels and anything that renders use renderPlugin() instead.
import axios from "axios";
import { API_BASE } from "../../contract/common";
import { manualClock, type ManualClock } from "../../shared/clock";
import { createEventBus, pluginEvents, type EventKey } from "../../core/events";
import type { PluginContext } from "../../core/plugin";
import type { CallControl, LeadsControl, Notify, StatusView } from "../../core/services";
import { defineVariant, type VariantManifest } from "../../core/variant";
import { fakeCallControl } from "../../test/fakeCall";
import { fakeGateway } from "../../test/fakeGateway";
import { fakeLeadsControl } from "../../test/fakeLeads";
import { fakeStatusControl } from "../../test/fakeStatus";
import { recordingNotifier } from "../../test/fixtures";
import { testAgent, type TestAgent } from "./agent";
import type { ServiceBinding } from "./renderPlugin";

export interface PluginContextOptions<Slice, Config> {
  id?: string;
  store?: Slice;
  config?: Config;
  gateway?: ReturnType<typeof fakeGateway>;
  clock?: ManualClock;
  /** The signed-in agent; `accountFields` are the sign-in response's fields `ctx.agent.flags(def)` reads. */
  agent?: TestAgent;
  variant?: Partial<VariantManifest>;
  notify?: Notify;
  status?: StatusView;
  call?: CallControl;
  leads?: LeadsControl;
  /** Services of other plugins, by key (`provide(otherApi, fake)`). */
  services?: ServiceBinding[];
  flags?: Record<string, boolean>;
  /** Socket pushes the plugin declares (its manifest's `pushes`). */
  pushes?: EventKey<unknown>[];
  /** The agent's language: a fixed one, or a function a test moves (e.g. `() => i18n.language`). */
  language?: string | (() => string);
  /** The translator; by default a key comes back as itself, so tests assert on keys. */
  t?: PluginContext["t"];
}

export function pluginContext<Slice = undefined, Config = undefined>(o: PluginContextOptions<Slice, Config> = {}) {
  const gateway = o.gateway ?? fakeGateway();
  const clock = o.clock ?? manualClock();
  const http = axios.create({ baseURL: API_BASE, adapter: gateway.adapter });
  const bus = createEventBus((name, e) => {
    throw new Error(`a handler of ${name} failed: ${String(e)}`);
  });
  const id = o.id ?? "plugin-under-test";
  const events = pluginEvents(bus, {
    pluginId: id,
    pushes: new Set((o.pushes ?? []).map((p) => p.name)),
    strict: true,
    log: () => {},
  });
  const notify = o.notify ?? recordingNotifier();
  const services = new Map((o.services ?? []).map((s) => [s.key.id, s.value]));
  const logged: string[] = [];
  const variant = defineVariant({
    id: "isius",
    code: "ISIUS",
    country: "US",
    plugins: [id],
    features: {},
    clientsPerLead: 1,
    languages: ["en", "fr", "es"],
    postal: { label: "address.zip", mask: "#####", maxLength: 5, pattern: "^\\d{5}$" },
    config: {},
    defaultLayouts: { qualifier: [], advisor: [] },
    ...o.variant,
  });
  const ctx: PluginContext<Slice, Config> = {
    id,
    store: o.store as Slice,
    config: o.config as Config,
    t: o.t ?? ((key) => key),
    get language() {
      return typeof o.language === "function" ? o.language() : (o.language ?? "en");
    },
    events,
    http,
    clock,
    agent: testAgent(o.agent, (message) => void logged.push(message)),
    variant,
    notify,
    status: o.status ?? fakeStatusControl("offline").control,
    call: o.call ?? fakeCallControl().control,
    leads: o.leads ?? fakeLeadsControl(),
    log: (message) => void logged.push(message),
    get<T>(key: { id: string }): T {
      if (!services.has(key.id)) throw new Error(`${id} did not declare or get ${key.id}`);
      return services.get(key.id) as T;
    },
    optional<T>(key: { id: string }): T | undefined {
      return services.get(key.id) as T | undefined;
    },
    isOn: (flag) => Boolean(o.flags?.[flag]),
  };
  return {
    ctx,
    gateway,
    clock,
    notify,
    logged,
    /** Raises a typed browser event as its owner would (checked against its schema). */
    emit<T>(event: EventKey<T>, payload: T) {
      bus.emit(event.name, event.schema.parse(payload));
    },
    /** Delivers a socket push: dropped unless declared in `pushes`, else parsed as the realtime client would. */
    push(name: string, payload: unknown) {
      const declared = o.pushes?.find((p) => p.name === name);
      if (!declared) return;
      const parsed = declared.schema.safeParse(payload);
      if (parsed.success) bus.emit(name, parsed.data);
    },
    dispose: () => events.dispose(),
  };
}
