// The runtime panel registry: resolves, once per sign-in, which plugins an agent gets (variant → plugins →
// requires → needs → order → locales → store → setup), then freezes. See plugin.ts for the contract.
import type { i18n as I18n } from "i18next";
import { observable, runInAction } from "mobx";
import { types, type IAnyModelType, type Instance } from "mobx-state-tree";
import type { Language } from "../contract/common";
import { meets } from "../contract/pluginManifest";
import { pluginSwitch } from "../contract/pluginSettings";
import type { RegisteredCallState } from "./callState";
import { createEventBus, pluginEvents, type EventBus } from "./events";
import { layoutMigrationsProblem } from "./layoutMigrations";
import { agentKey, callKey, clockKey, httpKey, leadsKey, notifyKey, statusKey, variantKey } from "./services";
import type {
  AdminPageDef,
  AnyPlugin,
  Catalogue,
  LayoutMigration,
  OverlayDef,
  PanelDef,
  PluginContext,
  PluginRouteDef,
  ServiceKey,
} from "./plugin";
import type { VariantManifest } from "./variant";

export interface RegistryInput {
  variant: VariantManifest;
  /** The tenant's own flags (GET /tenant-features); they override the variant's defaults. */
  tenantFeatures: Record<string, boolean>;
  agent: { roles: readonly string[]; permissions: readonly string[] };
  catalogue: Catalogue;
  /** Core services by key id (see services.ts). */
  core: ReadonlyMap<string, unknown>;
  i18n: I18n;
  /** Development refuses a broken configuration; production drops the broken plugin and logs why. */
  mode: "development" | "production";
  bus?: EventBus;
  /** The realtime client's forwarding of a push a plugin declared (RealtimeClient.forward). */
  forwardPush?: (name: string, schema: import("zod").ZodType) => void;
  log?: (message: string, detail?: unknown) => void;
}

export interface ResolvedPlugin {
  readonly manifest: AnyPlugin;
  readonly config: unknown;
  readonly api: unknown;
  readonly ctx: PluginContext;
}

export type RegisteredPanel = PanelDef & { pluginId: string };
export type RegisteredOverlay = OverlayDef & { pluginId: string };

export interface Registry {
  readonly variant: VariantManifest;
  readonly flags: Readonly<Record<string, boolean>>;
  /** Enabled plugins, providers before their consumers. */
  readonly plugins: readonly ResolvedPlugin[];
  readonly panels: ReadonlyMap<string, RegisteredPanel>;
  /**
   * The layout migrations of the enabled plugins that have any, by plugin id, for restoring an agent's layout. A
   * plugin whose migration ids do not count 1, 2, 3… is a wiring mistake and has none here.
   */
  readonly layoutMigrations: ReadonlyMap<string, readonly LayoutMigration[]>;
  readonly overlays: readonly RegisteredOverlay[];
  readonly routes: readonly (PluginRouteDef & { pluginId: string; fullPath: string })[];
  readonly adminPages: ReadonlyMap<string, AdminPageDef & { pluginId: string }>;
  /** The enabled plugins' call states, whose settle fields go with each call's settle (the core's call service). */
  readonly callStates: readonly RegisteredCallState[];
  readonly services: ReadonlyMap<string, unknown>;
  /** The plugin slices of the workspace store, keyed by plugin id. */
  readonly store: Instance<IAnyModelType>;
  /** Plugins left out, with a reason a developer can act on. */
  readonly skipped: readonly { id: string; reason: string }[];
  /** At sign-out: unsubscribes event handlers, then stops every plugin service that has `dispose()`. */
  dispose(): void;
}

export class RegistryError extends Error {
  constructor(readonly problems: string[]) {
    super(`The plugin registry cannot start:\n- ${problems.join("\n- ")}`);
  }
}

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export { meets };

export async function createRegistry(input: RegistryInput): Promise<Registry> {
  const { variant, catalogue, agent, mode } = input;
  const log = input.log ?? (() => {});
  const flags = Object.freeze({ ...variant.features, ...input.tenantFeatures });
  const problems: string[] = [];
  const skipped: { id: string; reason: string }[] = [];
  const drop = (id: string, reason: string, isProblem: boolean) => {
    skipped.push({ id, reason });
    if (isProblem) problems.push(`${id}: ${reason}`);
  };

  // 1. The variant's plugins, loaded.
  const loaded: AnyPlugin[] = [];
  const unmigrated = new Set<string>();
  for (const id of variant.plugins) {
    // An admin turned it off for the call centre (the Plugins and features page): a choice, not a problem.
    if (flags[pluginSwitch(id)] === false) {
      drop(id, "turned off for the call centre", false);
      continue;
    }
    const load = catalogue[id];
    if (!load) {
      drop(id, "not in plugins/catalogue.ts", true);
      continue;
    }
    const manifest = (await load()).default;
    if (manifest.id !== id || !ID.test(manifest.id)) {
      drop(id, `manifest id "${manifest.id}" must equal its catalogue key and be kebab-case`, true);
      continue;
    }
    loaded.push(manifest);
    // A wiring mistake, but not one to keep the plugin out for: in production its renamed panels are dropped
    // from agents' layouts, as before it had migrations, rather than every one of its panels.
    const miscounted = layoutMigrationsProblem(id, manifest.layoutMigrations ?? []);
    if (miscounted) {
      problems.push(`${id}: ${miscounted}`);
      unmigrated.add(id);
      if (mode === "production") log(`plugin ${id}: ${miscounted}; its layout migrations are not run`);
    }
  }

  // 2. Requires against flags, roles, permissions and variant: a normal outcome, not an error.
  let candidates = loaded.filter((p) => {
    const ok = meets(p.requires, flags, agent, variant.id);
    if (!ok) skipped.push({ id: p.id, reason: "requires not met for this agent or call centre" });
    return ok;
  });

  // 3. Config against each plugin's schema, before needs: a plugin dropped here takes its consumers with it.
  const configs = new Map<string, unknown>();
  candidates = candidates.filter((p) => {
    if (!p.configSchema) return true;
    const parsed = p.configSchema.safeParse(variant.config[p.id] ?? {});
    if (!parsed.success) {
      drop(p.id, `config does not parse: ${parsed.error.message}`, true);
      return false;
    }
    configs.set(p.id, parsed.data);
    return true;
  });

  // 4. Needs: a provider left out by its requires takes its consumers out quietly; a need nobody in the
  //    variant provides at all is a wiring mistake.
  const offeredByVariant = new Set(loaded.map((p) => p.provides?.id).filter(Boolean));
  for (;;) {
    const provided = new Map<string, string>();
    for (const p of candidates) {
      if (!p.provides) continue;
      const other = provided.get(p.provides.id);
      if (other) {
        drop(p.id, `provides ${p.provides.id}, already provided by ${other}`, true);
        candidates = candidates.filter((c) => c !== p);
        continue;
      }
      provided.set(p.provides.id, p.id);
    }
    const unmet = candidates.find((p) =>
      (p.needs ?? []).some((k) => !input.core.has(k.id) && !provided.has(k.id)),
    );
    if (!unmet) break;
    const missing = (unmet.needs ?? [])
      .filter((k) => !input.core.has(k.id) && !provided.has(k.id))
      .map((k) => k.id);
    const wiringMistake = missing.some((k) => !offeredByVariant.has(k));
    drop(
      unmet.id,
      `needs ${missing.join(", ")}, which ${wiringMistake ? "nobody provides" : "is not enabled"}`,
      wiringMistake,
    );
    candidates = candidates.filter((c) => c !== unmet);
  }

  // 5. Order providers before consumers; a cycle is a wiring mistake.
  const configured = topoSort(candidates, (cycle) => {
    for (const id of cycle) drop(id, `dependency cycle: ${cycle.join(" → ")}`, true);
  });

  if (problems.length && mode === "development") throw new RegistryError(problems);
  // Only wiring mistakes are worth a line in the console: a plugin this agent's role or call centre cannot
  // have (and whatever needs it) is the registry doing its job, kept in `skipped` for whoever asks.
  for (const s of skipped)
    if (problems.some((p) => p.startsWith(`${s.id}: `))) log(`plugin ${s.id} left out: ${s.reason}`);

  // 6. Each plugin's locale namespace, in every language the variant offers.
  await Promise.all(
    configured.flatMap((p) => variant.languages.map((lang) => loadLocale(input.i18n, p, lang))),
  );

  // 7. The plugin slices of the workspace store, keyed by plugin id.
  const slices = Object.fromEntries(
    configured.filter((p) => p.model).map((p) => [p.id, types.optional(p.model!, {})]),
  );
  const store = types.model("Plugins", slices).create({});

  // 8. setup, in order; each plugin sees the core's services and only the plugin services it declared.
  const services = new Map(input.core);
  const resolved: ResolvedPlugin[] = [];
  const stops: (() => void)[] = [];
  const bus = input.bus ?? createEventBus();
  const coreService = <T>(key: ServiceKey<T>) => input.core.get(key.id) as T;
  // The agent's language as an observable, so that whatever a plugin words with ctx.t inside a computed or a
  // reaction (a guard's reason, a panel's label) is worded again when the agent switches language.
  const language = observable.box(input.i18n.language, { deep: false });
  const onLanguage = (l: string) => runInAction(() => language.set(l));
  input.i18n.on("languageChanged", onLanguage);
  stops.push(() => input.i18n.off("languageChanged", onLanguage));
  for (const p of configured) {
    const declared = new Set([...(p.needs ?? []), ...(p.optional ?? [])].map((k) => k.id));
    const pushes = p.pushes ?? [];
    for (const push of pushes) input.forwardPush?.(push.name, push.schema);
    const events = pluginEvents(bus, {
      pluginId: p.id,
      pushes: new Set(pushes.map((e) => e.name)),
      strict: mode === "development",
      log,
    });
    stops.push(events.dispose);
    const ns = p.id;
    const ctx: PluginContext = {
      id: p.id,
      store: p.model ? (store as Record<string, unknown>)[p.id] : undefined,
      config: configs.get(p.id),
      t: (key, options) => {
        language.get();
        return input.i18n.t(key, { ns, ...options }) as string;
      },
      get language() {
        return language.get();
      },
      events,
      get http() {
        return coreService(httpKey);
      },
      get clock() {
        return coreService(clockKey);
      },
      get agent() {
        return coreService(agentKey);
      },
      get variant() {
        return coreService(variantKey);
      },
      get notify() {
        return coreService(notifyKey);
      },
      get status() {
        return coreService(statusKey);
      },
      get call() {
        return coreService(callKey);
      },
      get leads() {
        return coreService(leadsKey);
      },
      log: (message, detail) => log(`${p.id}: ${message}`, detail),
      get<T>(key: ServiceKey<T>): T {
        if (input.core.has(key.id)) return coreService(key);
        if (!declared.has(key.id) || !services.has(key.id))
          throw new Error(`${p.id} did not declare or get ${key.id}`);
        return services.get(key.id) as T;
      },
      optional<T>(key: ServiceKey<T>): T | undefined {
        if (input.core.has(key.id)) return coreService(key);
        return declared.has(key.id) ? (services.get(key.id) as T | undefined) : undefined;
      },
      isOn: (flag) => Boolean(flags[flag]),
    };
    let api: unknown;
    try {
      api = p.setup?.(ctx);
    } catch (e) {
      // In production one broken plugin (and whatever needs it) stays out; the rest of the workspace opens.
      if (mode === "development") throw e;
      skipped.push({ id: p.id, reason: `setup failed: ${(e as Error).message}` });
      log(`plugin ${p.id} left out: setup failed`, e);
      continue;
    }
    if (p.provides) services.set(p.provides.id, api);
    resolved.push(Object.freeze({ manifest: p, config: configs.get(p.id), api, ctx }));
  }

  // 9. What the agent may place and open.
  const panels = new Map<string, RegisteredPanel>();
  const layoutMigrations = new Map<string, readonly LayoutMigration[]>();
  const adminPages = new Map<string, AdminPageDef & { pluginId: string }>();
  const overlays: RegisteredOverlay[] = [];
  const routes: (PluginRouteDef & { pluginId: string; fullPath: string })[] = [];
  const callStates: RegisteredCallState[] = [];
  for (const p of resolved.map((r) => r.manifest)) {
    if (p.callState) {
      const { name } = p.callState;
      const earlier = callStates.find((c) => c.def.name === name);
      if (!name.startsWith(`${p.id}.`)) log(`call state ${name} of ${p.id} should be named ${p.id}.<what>`);
      if (earlier)
        log(`call state ${name} of ${p.id} is declared by ${earlier.pluginId} too; the first one stays`);
      else callStates.push(Object.freeze({ pluginId: p.id, def: p.callState }));
    }
    if (p.layoutMigrations?.length && !unmigrated.has(p.id))
      layoutMigrations.set(p.id, Object.freeze([...p.layoutMigrations]));
    for (const panel of p.panels ?? []) {
      if (!panel.id.startsWith(`${p.id}.`))
        log(`panel ${panel.id} of ${p.id} should be named ${p.id}.<panel>`);
      if (panels.has(panel.id)) {
        log(`panel ${panel.id} is declared twice; the first one stays`);
        continue;
      }
      if (meets(panel.requires, flags, agent, variant.id)) panels.set(panel.id, { ...panel, pluginId: p.id });
    }
    for (const o of p.overlays ?? []) {
      if (meets(o.requires, flags, agent, variant.id)) overlays.push({ ...o, pluginId: p.id });
    }
    for (const page of p.adminPages ?? []) {
      const earlier = adminPages.get(page.path);
      if (earlier) {
        log(`admin page ${page.path} of ${p.id} is declared by ${earlier.pluginId} too; the first one stays`);
        continue;
      }
      if (meets(page.requires, flags, agent, variant.id))
        adminPages.set(page.path, { ...page, pluginId: p.id });
    }
    for (const r of p.routes ?? []) {
      if (meets(r.requires, flags, agent, variant.id))
        routes.push({ ...r, pluginId: p.id, fullPath: `/${p.id}/${r.path}` });
    }
  }

  return Object.freeze({
    variant,
    flags,
    plugins: Object.freeze(resolved),
    panels,
    layoutMigrations,
    overlays: Object.freeze(overlays),
    routes: Object.freeze(routes),
    adminPages,
    callStates: Object.freeze(callStates),
    services,
    store,
    skipped: Object.freeze(skipped),
    dispose: () => {
      stops.splice(0).forEach((u) => u());
      // Consumers before their providers: a service may still use the ones it needs while it stops.
      for (const p of [...resolved].reverse()) {
        const api = p.api as { dispose?: unknown } | undefined;
        if (typeof api?.dispose !== "function") continue;
        try {
          (api.dispose as () => void).call(api);
        } catch (e) {
          log(`plugin ${p.manifest.id} failed to stop`, e);
        }
      }
    },
  });
}

async function loadLocale(i18n: I18n, plugin: AnyPlugin, lang: Language) {
  const loader = plugin.locales?.[lang] ?? plugin.locales?.en;
  if (!loader) return;
  const { default: texts } = await loader();
  i18n.addResourceBundle(lang, plugin.id, texts, true, true);
}

/** Kahn's order by `needs` → `provides`; what cannot be ordered is reported as a cycle. */
function topoSort(plugins: AnyPlugin[], onCycle: (ids: string[]) => void): AnyPlugin[] {
  const providerOf = new Map(plugins.filter((p) => p.provides).map((p) => [p.provides!.id, p]));
  const deps = new Map(
    plugins.map((p) => [
      p,
      new Set(
        [...(p.needs ?? []), ...(p.optional ?? [])]
          .map((k) => providerOf.get(k.id))
          .filter((d): d is AnyPlugin => !!d && d !== p),
      ),
    ]),
  );
  const ordered: AnyPlugin[] = [];
  const remaining = new Set(plugins);
  while (remaining.size) {
    // Keep the variant's order among plugins that are ready.
    const ready = [...remaining].filter((p) => [...deps.get(p)!].every((d) => !remaining.has(d)));
    if (!ready.length) {
      onCycle([...remaining].map((p) => p.id));
      break;
    }
    for (const p of ready) {
      ordered.push(p);
      remaining.delete(p);
    }
  }
  return ordered;
}
