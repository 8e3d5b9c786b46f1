import { autorun, computed } from "mobx";
// The runtime panel registry: variant → plugins → requires → needs/provides order → config → locales → store
// slices → setup → events, and the wiring mistakes it refuses. Fake manifests and a fake catalogue only.
import fc from "fast-check";
import { types } from "mobx-state-tree";
import { lazy } from "react";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AGENT_ROLES, HIERARCHY_ROLES, type Role, type Variant } from "../contract/common";
import { createI18n as createSignInI18n } from "../i18n/i18n";
import { addWorkspaceTexts } from "../i18n/workspaceTexts";

/** The i18n instance of a signed-in workspace (the core's whole English). */
const createI18n = (locale: string) => {
  const i18n = createSignInI18n(locale);
  addWorkspaceTexts(i18n);
  return i18n;
};
import { defineCallState } from "./callState";
import { createEventBus, defineEvent, definePush } from "./events";
import { renamePanel } from "./layoutMigrations";
import { definePlugin, serviceKey, type AnyPlugin, type Catalogue, type Requires } from "./plugin";
import { createRegistry, meets, RegistryError, type RegistryInput } from "./registry";
import { clockKey, httpKey } from "./services";
import { defineVariant } from "./variant";

const Nothing = lazy(async () => ({ default: () => null }));

const fakeHttp = { get: vi.fn() };
const fakeClock = { now: () => 0 };
const CORE = new Map<string, unknown>([
  [httpKey.id, fakeHttp],
  [clockKey.id, fakeClock],
]);

interface Options {
  /** The variant's plugin list; every given plugin, in order, by default. */
  listed?: string[];
  catalogue?: Catalogue;
  features?: Record<string, boolean>;
  tenantFeatures?: Record<string, boolean>;
  roles?: string[];
  permissions?: string[];
  variant?: Variant;
  config?: Record<string, unknown>;
  languages?: ("en" | "fr" | "es")[];
  mode?: RegistryInput["mode"];
  bus?: RegistryInput["bus"];
  forwardPush?: RegistryInput["forwardPush"];
  log?: RegistryInput["log"];
  i18n?: RegistryInput["i18n"];
}

function variantOf(o: Options, listed: string[]) {
  return defineVariant({
    id: o.variant ?? "isius",
    code: (o.variant ?? "isius").toUpperCase(),
    country: "US",
    plugins: listed,
    features: o.features ?? {},
    clientsPerLead: 1,
    languages: o.languages ?? ["en"],
    postal: { label: "address.zip", mask: "#####", maxLength: 5, pattern: "^\\d{5}$" },
    config: o.config ?? {},
    defaultLayouts: { qualifier: [], advisor: [] },
  });
}

/** Resolves a registry for the given plugins, as a sign-in would. */
function resolve(plugins: AnyPlugin[], o: Options = {}) {
  const catalogue: Catalogue =
    o.catalogue ?? Object.fromEntries(plugins.map((p) => [p.id, async () => ({ default: p })]));
  return createRegistry({
    variant: variantOf(o, o.listed ?? plugins.map((p) => p.id)),
    tenantFeatures: o.tenantFeatures ?? {},
    agent: { roles: o.roles ?? ["qualifier"], permissions: o.permissions ?? [] },
    catalogue,
    core: CORE,
    i18n: o.i18n ?? createI18n("en"),
    mode: o.mode ?? "development",
    forwardPush: o.forwardPush,
    bus: o.bus,
    log: o.log,
  });
}
const ids = async (registry: ReturnType<typeof resolve>) =>
  (await registry).plugins.map((p) => p.manifest.id);
const plain = (id: string, extra: Partial<AnyPlugin> = {}): AnyPlugin => definePlugin({ id, ...extra });

/** The problems a development registry refuses to start with. */
async function problemsOf(registry: Promise<unknown>): Promise<string[]> {
  const error = await registry.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RegistryError);
  return (error as RegistryError).problems;
}

describe("which plugins an agent gets", () => {
  it("loads only the plugins the variant lists, in the variant's order", async () => {
    const unlisted = vi.fn(async () => ({ default: plain("extra") }));
    const registry = await resolve([], {
      listed: ["beta", "alpha"],
      catalogue: {
        alpha: async () => ({ default: plain("alpha") }),
        beta: async () => ({ default: plain("beta") }),
        extra: unlisted,
      },
    });
    expect(registry.plugins.map((p) => p.manifest.id)).toEqual(["beta", "alpha"]);
    expect(unlisted).not.toHaveBeenCalled();
    expect(registry.skipped).toEqual([]);
  });

  it("checks features against the variant's defaults, overridden by the tenant's flags", async () => {
    const plugin = plain("recorder", { requires: { features: ["recording-panel"] } });
    expect(await ids(resolve([plugin], { features: { "recording-panel": true } }))).toEqual(["recorder"]);
    expect(
      await ids(
        resolve([plugin], {
          features: { "recording-panel": true },
          tenantFeatures: { "recording-panel": false },
        }),
      ),
    ).toEqual([]);
    expect(
      await ids(
        resolve([plugin], {
          features: { "recording-panel": false },
          tenantFeatures: { "recording-panel": true },
        }),
      ),
    ).toEqual(["recorder"]);
    expect(await ids(resolve([plugin], {}))).toEqual([]);

    const registry = await resolve([plugin], {
      features: { a: true, b: true },
      tenantFeatures: { b: false, c: true },
    });
    expect(registry.flags).toEqual({ a: true, b: false, c: true });
  });

  it("leaves out, without loading it, a plugin an admin turned off for the call centre, and says why", async () => {
    const disclosures = plain("disclosures");
    const goals = plain("goals");
    const registry = await resolve([disclosures, goals], {
      tenantFeatures: { "plugin:disclosures": false, "plugin:goals": true },
    });
    expect(registry.plugins.map((p) => p.manifest.id)).toEqual(["goals"]);
    expect(registry.skipped).toEqual([{ id: "disclosures", reason: "turned off for the call centre" }]);
  });

  it("lets a hierarchy role pass for the roles below it, and agent roles only for themselves", async () => {
    const managers = plain("team-board", { requires: { roles: ["manager"] } });
    const agents = plain("dialer", { requires: { roles: ["qualifier", "advisor"] } });
    const both = [managers, agents];
    expect(await ids(resolve(both, { roles: ["qualifier"] }))).toEqual(["dialer"]);
    expect(await ids(resolve(both, { roles: ["advisor"] }))).toEqual(["dialer"]);
    expect(await ids(resolve(both, { roles: ["setter"] }))).toEqual([]);
    expect(await ids(resolve(both, { roles: ["manager"] }))).toEqual(["team-board"]);
    expect(await ids(resolve(both, { roles: ["operations-manager"] }))).toEqual(["team-board"]);
    expect(await ids(resolve(both, { roles: ["admin", "advisor"] }))).toEqual(["team-board", "dialer"]);
  });

  it("needs every permission it requires", async () => {
    const plugin = plain("auto-ready", { requires: { permissions: ["has_auto_ready", "can_dial"] } });
    expect(await ids(resolve([plugin], { permissions: ["has_auto_ready"] }))).toEqual([]);
    expect(await ids(resolve([plugin], { permissions: ["can_dial", "has_auto_ready", "other"] }))).toEqual([
      "auto-ready",
    ]);
  });

  it("keeps a plugin to the variants it names", async () => {
    const plugin = plain("sunlife", { requires: { variants: ["slica"] } });
    expect(await ids(resolve([plugin], { variant: "isius" }))).toEqual([]);
    expect(await ids(resolve([plugin], { variant: "slica" }))).toEqual(["sunlife"]);
  });

  it("leaves out a plugin whose requires are not met without calling it a problem, or a warning", async () => {
    const log = vi.fn();
    const consumer = plain("board-widget", { needs: [serviceKey("team-board.api")] });
    const board = plain("team-board", {
      requires: { roles: ["manager"] },
      provides: serviceKey("team-board.api"),
    });
    const registry = await resolve([board, consumer], { mode: "production", log });
    expect(registry.skipped).toEqual([
      { id: "team-board", reason: "requires not met for this agent or call centre" },
      { id: "board-widget", reason: "needs team-board.api, which is not enabled" },
    ]);
    expect(log).not.toHaveBeenCalled();
    await expect(resolve([plain("team-board", { requires: { roles: ["manager"] } })])).resolves.toBeTruthy();
  });

  it("offers only the panels, pages and routes whose own requires are met", async () => {
    const plugin = plain("calls", {
      panels: [
        { id: "calls.list", title: "list", component: Nothing, size: { w: 4, h: 4 } },
        {
          id: "calls.audit",
          title: "audit",
          component: Nothing,
          size: { w: 4, h: 4 },
          requires: { roles: ["manager"] },
        },
      ],
      routes: [
        { path: "history", title: "history", component: Nothing },
        { path: "audit", title: "audit", component: Nothing, requires: { features: ["audit"] } },
      ],
      adminPages: [
        {
          path: "calls/settings",
          section: "settings",
          title: "settings",
          order: 10,
          component: Nothing,
          requires: { permissions: ["calls.admin"] },
        },
      ],
    });
    const qualifier = await resolve([plugin]);
    expect([...qualifier.panels.keys()]).toEqual(["calls.list"]);
    expect(qualifier.panels.get("calls.list")?.pluginId).toBe("calls");
    expect(qualifier.routes.map((r) => r.fullPath)).toEqual(["/calls/history"]);
    expect(qualifier.adminPages.size).toBe(0);

    const manager = await resolve([plugin], {
      roles: ["manager"],
      features: { audit: true },
      permissions: ["calls.admin"],
    });
    expect([...manager.panels.keys()]).toEqual(["calls.list", "calls.audit"]);
    expect(manager.routes.map((r) => r.fullPath)).toEqual(["/calls/history", "/calls/audit"]);
    expect([...manager.adminPages.keys()]).toEqual(["calls/settings"]);
  });

  it("keeps the first of two plugins that declare one admin page's address, and says so", async () => {
    const page = (title: string) => ({
      path: "calls/settings",
      section: "settings" as const,
      title,
      order: 10,
      component: Nothing,
    });
    const log = vi.fn();
    const registry = await resolve(
      [plain("calls", { adminPages: [page("first")] }), plain("dials", { adminPages: [page("second")] })],
      {
        roles: ["manager"],
        log,
      },
    );
    expect(registry.adminPages.get("calls/settings")).toMatchObject({ title: "first", pluginId: "calls" });
    expect(log).toHaveBeenCalledWith(
      "admin page calls/settings of dials is declared by calls too; the first one stays",
    );
  });
});

describe("meets (requires against agent and call centre)", () => {
  const ALL_ROLES: Role[] = [...HIERARCHY_ROLES, ...AGENT_ROLES];
  const FEATURES = ["a", "b", "c"];
  const PERMISSIONS = ["p1", "p2", "p3"];
  const sub = <T>(xs: readonly T[]) => fc.subarray([...xs]);

  const requiresArb: fc.Arbitrary<Requires> = fc.record(
    {
      features: sub(FEATURES),
      roles: sub(ALL_ROLES),
      permissions: sub(PERMISSIONS),
      variants: sub(["isius", "slica"] as Variant[]),
    },
    { requiredKeys: [] },
  );
  const situationArb = fc.record({
    requires: fc.option(requiresArb, { nil: undefined }),
    flags: fc.dictionary(fc.constantFrom(...FEATURES), fc.boolean()),
    roles: sub(ALL_ROLES),
    permissions: sub(PERMISSIONS),
    variant: fc.constantFrom<Variant>("isius", "slica"),
  });

  /** The rule, written out independently: every list must be met; roles by any-of, with the hierarchy. */
  type Situation = typeof situationArb extends fc.Arbitrary<infer S> ? S : never;
  function expected({ requires, flags, roles, permissions, variant }: Situation): boolean {
    if (!requires) return true;
    const rank = (r: string) => (HIERARCHY_ROLES as readonly string[]).indexOf(r);
    const holds = (role: Role) =>
      rank(role) >= 0 ? roles.some((held) => rank(held) >= rank(role)) : roles.includes(role);
    return (
      (requires.features ?? []).every((f) => flags[f] === true) &&
      (requires.permissions ?? []).every((p) => permissions.includes(p)) &&
      (requires.variants === undefined || requires.variants.includes(variant)) &&
      (!requires.roles?.length || requires.roles.some(holds))
    );
  }

  it("passes exactly when every list of the clause is met", () => {
    fc.assert(
      fc.property(situationArb, (s) => {
        expect(meets(s.requires, s.flags, { roles: s.roles, permissions: s.permissions }, s.variant)).toBe(
          expected(s),
        );
      }),
      { numRuns: 500 },
    );
  });

  it("enables a plugin if and only if its requires are met", async () => {
    await fc.assert(
      fc.asyncProperty(situationArb, async (s) => {
        const registry = await resolve([plain("probe", { requires: s.requires })], {
          tenantFeatures: s.flags,
          roles: s.roles,
          permissions: s.permissions,
          variant: s.variant,
        });
        expect(registry.plugins.length === 1).toBe(expected(s));
      }),
      { numRuns: 100 },
    );
  });
});

describe("services between plugins", () => {
  interface Directory {
    lookup(name: string): string;
  }
  const directoryKey = serviceKey<Directory>("directory.api");
  const transfersKey = serviceKey<{ to(name: string): string }>("transfers.api");

  const directory = definePlugin({
    id: "directory",
    provides: directoryKey,
    setup: (): Directory => ({ lookup: (name) => `ext-${name}` }),
  });
  const transfers = definePlugin({
    id: "transfers",
    needs: [directoryKey],
    provides: transfersKey,
    setup: (ctx) => ({ to: (name: string) => `transfer to ${ctx.get(directoryKey).lookup(name)}` }),
  });
  const widget = definePlugin({ id: "widget", needs: [transfersKey], setup: () => "widget ready" });

  it("sets up providers before their consumers, whatever the variant's order, and hands each its services", async () => {
    const order: string[] = [];
    const spy = (p: AnyPlugin): AnyPlugin => ({ ...p, setup: (ctx) => (order.push(p.id), p.setup?.(ctx)) });
    const registry = await resolve([spy(widget), spy(transfers), spy(directory)]);
    expect(order).toEqual(["directory", "transfers", "widget"]);
    expect(registry.plugins.map((p) => p.manifest.id)).toEqual(["directory", "transfers", "widget"]);
    const api = registry.plugins.find((p) => p.manifest.id === "transfers")!.api as {
      to(name: string): string;
    };
    expect(api.to("ana")).toBe("transfer to ext-ana");
    expect(registry.services.get("transfers.api")).toBe(api);
  });

  it("lets a plugin reach the core's services and only the plugin services it declared", async () => {
    let seen: { core?: unknown; coreKey?: unknown; undeclared?: unknown; optionalMissing?: unknown } = {};
    const absentKey = serviceKey<string>("nobody.api");
    const otherKey = serviceKey<string>("other.api");
    const other = definePlugin({ id: "other", provides: otherKey, setup: () => "other's service" });
    const probe = definePlugin({
      id: "probe",
      optional: [absentKey],
      setup: (ctx) => {
        seen = {
          core: ctx.http,
          coreKey: ctx.get(clockKey) !== undefined,
          undeclared: (() => {
            try {
              return ctx.get(otherKey);
            } catch (e) {
              return (e as Error).message;
            }
          })(),
          optionalMissing: ctx.optional(absentKey),
        };
      },
    });
    await resolve([other, probe]);
    expect(seen).toEqual({
      core: fakeHttp,
      coreKey: true,
      undeclared: "probe did not declare or get other.api",
      optionalMissing: undefined,
    });
  });

  it("gives an optional service when another plugin provides it, set up first", async () => {
    let got: unknown;
    const reader = definePlugin({
      id: "reader",
      optional: [directoryKey],
      setup: (ctx) => void (got = ctx.optional(directoryKey)),
    });
    await resolve([reader, directory]);
    expect((got as Directory).lookup("bo")).toBe("ext-bo");
  });

  it("skips the consumers of a provider that its requires leave out, quietly, even in development", async () => {
    const managerDirectory = { ...directory, requires: { roles: ["manager" as const] } };
    const registry = await resolve([managerDirectory, transfers, widget, plain("other")], {
      mode: "development",
    });
    expect(registry.plugins.map((p) => p.manifest.id)).toEqual(["other"]);
    expect(registry.skipped.map((s) => s.id).sort()).toEqual(["directory", "transfers", "widget"]);
    expect(registry.skipped.find((s) => s.id === "transfers")?.reason).toBe(
      "needs directory.api, which is not enabled",
    );
  });
});

describe("what each plugin is given", () => {
  it("parses the variant's config with the plugin's schema, defaults filling the rest", async () => {
    const configs: unknown[] = [];
    const plugin = definePlugin({
      id: "dialer",
      configSchema: z.object({
        pace: z.number().int().min(1).default(3),
        mode: z.enum(["auto", "manual"]).default("auto"),
      }),
      setup: (ctx) => void configs.push(ctx.config),
    });
    const registry = await resolve([plugin], { config: { dialer: { pace: 5 } } });
    expect(configs).toEqual([{ pace: 5, mode: "auto" }]);
    expect(registry.plugins[0]!.config).toEqual({ pace: 5, mode: "auto" });

    configs.length = 0;
    await resolve([plugin]);
    expect(configs).toEqual([{ pace: 3, mode: "auto" }]);
  });

  it("loads each plugin's texts under its own namespace, in every language of the variant", async () => {
    const plugin = definePlugin({
      id: "weather",
      locales: {
        en: async () => ({ default: { panel: { title: "Weather" } } }),
        es: async () => ({ default: { panel: { title: "Clima" } } }),
      },
    });
    const i18n = createI18n("en");
    await resolve([plugin], { languages: ["en", "es", "fr"], i18n });
    expect(i18n.t("panel.title", { ns: "weather" })).toBe("Weather");
    expect(i18n.getFixedT("es")("panel.title", { ns: "weather" })).toBe("Clima");
    // A language the plugin lacks falls back to its English texts.
    expect(i18n.getFixedT("fr")("panel.title", { ns: "weather" })).toBe("Weather");
    // The core's own namespace is untouched.
    expect(i18n.t("workspace.add_panel")).toBe("Add panel");
  });

  it("keeps each plugin's store slice under its id, created from {}", async () => {
    const Counter = types.model("Counter", { count: types.optional(types.number, 7) }).actions((self) => ({
      bump() {
        self.count += 1;
      },
    }));
    const stores: Record<string, unknown> = {};
    const remember = (p: AnyPlugin): AnyPlugin => ({ ...p, setup: (ctx) => void (stores[p.id] = ctx.store) });
    const registry = await resolve([
      remember(plain("left", { model: Counter })),
      remember(plain("right", { model: Counter })),
      remember(plain("bare")),
    ]);
    const root = registry.store as unknown as Record<string, { count: number; bump(): void }>;
    expect(root.left!.count).toBe(7);
    expect(stores.left).toBe(root.left);
    expect(stores.right).toBe(root.right);
    expect(stores.bare).toBeUndefined();
    root.left!.bump();
    expect(root.left!.count).toBe(8);
    expect(root.right!.count).toBe(7);
  });

  it("tells a plugin whether a flag is on", async () => {
    let flags: boolean[] = [];
    const plugin = definePlugin({
      id: "flagged",
      setup: (ctx) => void (flags = [ctx.isOn("x"), ctx.isOn("y"), ctx.isOn("z")]),
    });
    await resolve([plugin], { features: { x: true, y: true }, tenantFeatures: { y: false } });
    expect(flags).toEqual([true, false, false]);
  });

  it("is frozen once resolved", async () => {
    const registry = await resolve([plain("a")]);
    expect(Object.isFrozen(registry)).toBe(true);
    expect(Object.isFrozen(registry.plugins)).toBe(true);
    expect(Object.isFrozen(registry.flags)).toBe(true);
  });
});

describe("events", () => {
  const Offered = z.object({ callId: z.string(), from: z.string().regex(/^\d+$/) });
  const offeredPush = definePush("transfer-offered", Offered);
  const announced = defineEvent("offer:announced", z.object({ callId: z.string() }));

  function offeredPlugin(seen: unknown[]) {
    return definePlugin({
      id: "offers",
      model: types.model({ last: types.maybeNull(types.string) }).actions((self) => ({
        offer(callId: string) {
          self.last = callId;
        },
      })),
      pushes: [offeredPush],
      setup: (ctx) => {
        ctx.events.on(offeredPush, (payload) => {
          seen.push(payload);
          ctx.store.offer(payload.callId);
          ctx.events.emit(announced, { callId: payload.callId });
        });
      },
    });
  }

  it("asks the realtime client to forward each declared push, and hands the handler its payload", async () => {
    const seen: unknown[] = [];
    const bus = createEventBus();
    const forwarded: string[] = [];
    const registry = await resolve([offeredPlugin(seen)], {
      bus,
      forwardPush: (name) => void forwarded.push(name),
    });
    expect(forwarded).toEqual(["transfer-offered"]);
    bus.emit("transfer-offered", { callId: "c-1", from: "2125550100" });
    expect(seen).toEqual([{ callId: "c-1", from: "2125550100" }]);
    expect((registry.store as unknown as { offers: { last: string } }).offers.last).toBe("c-1");
  });

  it("carries a typed browser event from one plugin to another, and checks its payload in development", async () => {
    const heard: unknown[] = [];
    const listener = definePlugin({
      id: "listener",
      setup: (ctx) => void ctx.events.on(announced, (p) => heard.push(p.callId)),
    });
    const bus = createEventBus();
    await resolve([offeredPlugin([]), listener], { bus });
    bus.emit("transfer-offered", { callId: "c-9", from: "1" });
    expect(heard).toEqual(["c-9"]);
    const liar = definePlugin({
      id: "liar",
      setup: (ctx) => ({ lie: () => ctx.events.emit(announced, { callId: 7 } as never) }),
    });
    const r = await resolve([liar]);
    expect(() => (r.plugins[0]!.api as { lie(): void }).lie()).toThrow(
      /liar emitted a malformed offer:announced/,
    );
  });

  it("refuses, in development, a handler on a push the manifest does not declare", async () => {
    const sneaky = definePlugin({ id: "sneaky", setup: (ctx) => void ctx.events.on(offeredPush, () => {}) });
    await expect(resolve([sneaky])).rejects.toThrow(
      /sneaky listens to the push transfer-offered without listing it/,
    );
  });

  it("stops listening on dispose", async () => {
    const seen: unknown[] = [];
    const bus = createEventBus();
    const registry = await resolve([offeredPlugin(seen)], { bus });
    registry.dispose();
    bus.emit("transfer-offered", { callId: "c-2", from: "1" });
    expect(seen).toEqual([]);
  });

  it("names browser events domain:verb", () => {
    expect(() => defineEvent("disposition/create" as `${string}:${string}`, z.object({}))).toThrow(
      /domain:verb/,
    );
  });
});

describe("wiring mistakes", () => {
  const aKey = serviceKey<string>("a.api");
  const bKey = serviceKey<string>("b.api");

  it("refuses two providers of one service in development; keeps the first in production", async () => {
    const first = plain("first", { provides: aKey, setup: () => "first" });
    const second = plain("second", { provides: aKey, setup: () => "second" });
    expect(await problemsOf(resolve([first, second]))).toEqual([
      "second: provides a.api, already provided by first",
    ]);

    const log = vi.fn();
    const registry = await resolve([first, second], { mode: "production", log });
    expect(registry.plugins.map((p) => p.manifest.id)).toEqual(["first"]);
    expect(registry.services.get("a.api")).toBe("first");
    expect(log).toHaveBeenCalledWith("plugin second left out: provides a.api, already provided by first");
  });

  it("refuses a plugin id the catalogue does not have", async () => {
    expect(await problemsOf(resolve([plain("real")], { listed: ["real", "ghost"] }))).toEqual([
      "ghost: not in plugins/catalogue.ts",
    ]);
    const log = vi.fn();
    expect(
      await ids(resolve([plain("real")], { listed: ["real", "ghost"], mode: "production", log })),
    ).toEqual(["real"]);
    expect(log).toHaveBeenCalledWith("plugin ghost left out: not in plugins/catalogue.ts");
  });

  it("refuses a manifest whose id differs from its catalogue key, or is not kebab-case", async () => {
    const catalogue: Catalogue = {
      goals: async () => ({ default: plain("gaols") }),
      "odd-one": async () => ({ default: plain("Odd_One") }),
    };
    const problems = await problemsOf(resolve([], { listed: ["goals", "odd-one"], catalogue }));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^goals: manifest id "gaols" must equal its catalogue key/);
    expect(problems[1]).toMatch(/^odd-one: manifest id "Odd_One"/);
  });

  it("refuses a need nobody provides in development; leaves the plugin out, with a log, in production", async () => {
    const lonely = plain("lonely", { needs: [aKey] });
    expect(await problemsOf(resolve([lonely, plain("fine")]))).toEqual([
      "lonely: needs a.api, which nobody provides",
    ]);

    const log = vi.fn();
    const registry = await resolve([lonely, plain("fine")], { mode: "production", log });
    expect(registry.plugins.map((p) => p.manifest.id)).toEqual(["fine"]);
    expect(registry.skipped).toEqual([{ id: "lonely", reason: "needs a.api, which nobody provides" }]);
    expect(log).toHaveBeenCalledWith("plugin lonely left out: needs a.api, which nobody provides");
  });

  it("refuses a dependency cycle", async () => {
    const a = plain("a", { provides: aKey, needs: [bKey], setup: () => "a" });
    const b = plain("b", { provides: bKey, needs: [aKey], setup: () => "b" });
    const problems = await problemsOf(resolve([a, b, plain("c")]));
    expect(problems).toEqual(["a: dependency cycle: a → b", "b: dependency cycle: a → b"]);

    const registry = await resolve([a, b, plain("c")], { mode: "production" });
    expect(registry.plugins.map((p) => p.manifest.id)).toEqual(["c"]);
  });

  it("refuses a config that does not parse", async () => {
    const plugin = plain("dialer", { configSchema: z.object({ pace: z.number().int().min(1) }) });
    const problems = await problemsOf(resolve([plugin], { config: { dialer: { pace: "fast" } } }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^dialer: config does not parse/);

    expect(await ids(resolve([plugin], { config: { dialer: { pace: 0 } }, mode: "production" }))).toEqual([]);
  });

  it("in production, leaves out the consumers of a plugin whose config does not parse, instead of failing", async () => {
    const provider = plain("provider", {
      provides: aKey,
      configSchema: z.object({ n: z.number() }),
      setup: () => "a",
    });
    const consumer = plain("consumer", { needs: [aKey], setup: (ctx) => ctx.get(aKey) });
    const log = vi.fn();
    const registry = await resolve([provider, consumer, plain("other")], {
      config: { provider: { n: "x" } },
      mode: "production",
      log,
    });
    expect(registry.plugins.map((p) => p.manifest.id)).toEqual(["other"]);
    expect(registry.skipped.map((s) => s.id).sort()).toEqual(["consumer", "provider"]);
  });

  it("lists every problem at once", async () => {
    const problems = await problemsOf(
      resolve(
        [plain("lonely", { needs: [aKey] }), plain("bad", { configSchema: z.object({ n: z.number() }) })],
        {
          listed: ["lonely", "bad", "ghost"],
        },
      ),
    );
    expect(problems.map((p) => p.split(":")[0]).sort()).toEqual(["bad", "ghost", "lonely"]);
  });
});

describe("a plugin whose setup throws", () => {
  const brokenKey = serviceKey<{ ok: boolean }>("broken.api");
  const broken = definePlugin({
    id: "broken",
    provides: brokenKey,
    panels: [{ id: "broken.main", title: "t", component: Nothing, size: { w: 2, h: 2 } }],
    setup: () => {
      throw new Error("cannot start");
    },
  });
  const consumer = definePlugin({
    id: "consumer",
    needs: [brokenKey],
    panels: [{ id: "consumer.main", title: "t", component: Nothing, size: { w: 2, h: 2 } }],
    setup: (ctx) => ctx.get(brokenKey),
  });
  const healthy = definePlugin({
    id: "healthy",
    panels: [{ id: "healthy.main", title: "t", component: Nothing, size: { w: 2, h: 2 } }],
  });

  it("stops the registry in development", async () => {
    await expect(resolve([broken, healthy])).rejects.toThrow("cannot start");
  });

  it("is left out in production with the plugins that need it, and the rest of the workspace opens", async () => {
    const log = vi.fn();
    const registry = await resolve([broken, consumer, healthy], { mode: "production", log });
    expect([...registry.panels.keys()]).toEqual(["healthy.main"]);
    expect(registry.skipped.map((s) => s.id)).toEqual(expect.arrayContaining(["broken", "consumer"]));
    expect(log).toHaveBeenCalled();
  });
});

describe("the plugin's translator", () => {
  it("is observable: a computed that words a text with ctx.t follows a language switch", async () => {
    const i18n = createI18n("en");
    let ctxSeen: import("./plugin").PluginContext | undefined;
    const worded = definePlugin({
      id: "worded",
      locales: {
        en: async () => ({ default: { reason: "Call your overdue follow-ups first" } }),
        fr: async () => ({ default: { reason: "Appelez d'abord vos suivis en retard" } }),
      },
      setup: (ctx) => void (ctxSeen = ctx),
    });
    await resolve([worded], { i18n, languages: ["en", "fr"] });
    const reason = computed(() => ctxSeen!.t("reason"));
    const seen: string[] = [];
    const stop = autorun(() => seen.push(reason.get()));
    await i18n.changeLanguage("fr");
    stop();
    expect(seen).toEqual(["Call your overdue follow-ups first", "Appelez d'abord vos suivis en retard"]);
    expect(ctxSeen!.language).toBe("fr");
  });
});

describe("layout migrations", () => {
  const panel = (id: `${string}.${string}`) => ({ id, title: "t", component: Nothing, size: { w: 2, h: 2 } });
  const rename = { id: "goals/1-progress-is-today", up: renamePanel("goals.progress", "goals.today") };

  it("are offered by plugin id for the enabled plugins that have any", async () => {
    const goals = plain("goals", { panels: [panel("goals.today")], layoutMigrations: [rename] });
    const board = plain("board", {
      requires: { roles: ["manager"] },
      layoutMigrations: [{ id: "board/1-x", up: (items) => [...items] }],
    });
    const registry = await resolve([goals, board, plain("calls", { panels: [panel("calls.list")] })]);
    expect([...registry.layoutMigrations]).toEqual([["goals", [rename]]]);
  });

  it("whose ids do not count 1, 2, 3… stop a development registry, and are not run in production", async () => {
    const moved = plain("goals", {
      panels: [panel("goals.today")],
      layoutMigrations: [{ id: "goals/2-today-and-month", up: (items) => [...items] }, rename],
    });
    expect(await problemsOf(resolve([moved]))).toEqual([
      expect.stringMatching(/^goals: layout migration 1 is "goals\/2-today-and-month"/),
    ]);
    const log = vi.fn();
    const registry = await resolve([moved], { mode: "production", log });
    expect([...registry.panels.keys()]).toEqual(["goals.today"]);
    expect(registry.layoutMigrations.size).toBe(0);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("its layout migrations are not run"));
  });
});

describe("call states", () => {
  const onCall = (name: `${string}.${string}`) =>
    defineCallState(name, { initial: 0, settle: (n) => ({ extra_recording_index: n }) });

  it("are offered, with their plugin, for the enabled plugins that declare one", async () => {
    const recordings = onCall("recordings.call");
    const board = plain("board", { requires: { roles: ["manager"] }, callState: onCall("board.call") });
    const registry = await resolve([plain("recordings", { callState: recordings }), board, plain("calls")]);
    expect(registry.callStates).toEqual([{ pluginId: "recordings", def: recordings }]);
  });

  it("keep the first of two with one name, and say when one is not named after its plugin", async () => {
    const log = vi.fn();
    const first = onCall("recordings.call");
    const registry = await resolve(
      [plain("recordings", { callState: first }), plain("notes", { callState: onCall("recordings.call") })],
      { log },
    );
    expect(registry.callStates).toEqual([{ pluginId: "recordings", def: first }]);
    expect(log).toHaveBeenCalledWith("call state recordings.call of notes should be named notes.<what>");
    expect(log).toHaveBeenCalledWith(
      "call state recordings.call of notes is declared by recordings too; the first one stays",
    );
  });
});
