/**
 * `renderPlugin()`: mounts ONE plugin the way the workspace does, with fake core services, so a plugin's
 * test reads like an agent using its panels. Every plugin test follows this pattern (see
 * `plugins/goals/GoalsPanel.test.tsx`):
 *
 * ```tsx
 * const gateway = fakeGateway({ "GET /agents/42/statistics": { status: 200, data: stats } });
 * const { advance } = await renderPlugin(goals, { gateway, agent: { roles: ["advisor"] }, language: "fr" });
 * expect(await screen.findByRole("rowheader", { name: "Ventes du jour" })).toBeInTheDocument();
 * await advance(30_000); // the next refresh
 * ```
 *
 * What "the way the workspace does" means here: the real registry (`createRegistry`) resolves a one-plugin
 * variant in development mode, so the plugin's `requires`, `needs`, config schema, locales, store slice,
 * `setup(ctx)` and event subscriptions all go through the production code path. Each panel the registry
 * allows is then rendered inside the real `PanelFrame` (title bar, error boundary, Suspense) with the
 * plugin's `PluginScope`. Panels are lazy: query them with `findBy…`.
 *
 * The core services are fakes a test controls:
 * - `core.http`: axios on a {@link fakeGateway} (routes relative to /api/v1; `gateway.requests` records calls);
 * - `core.clock`: a {@link manualClock}; `clock.advance(ms)` fires due timers (wrap it in `act`, or use
 *   the returned `advance`, which does);
 * - `core.agent`, `core.variant`, `core.i18n`, `core.bus` (emit events with `emit`), `core.notify` (every
 *   message lands in `notify.shown`).
 * Services of other plugins are handed in with `services: [provide(otherApi, fake)]`.
 */
import { BlueprintProvider } from "@blueprintjs/core";
import { act, render, type RenderResult } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axios from "axios";
import { applySnapshot } from "mobx-state-tree";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { API_BASE, type Language, type Variant } from "../../src/contract/common";
import { manualClock } from "../../src/core/clock";
import { createEventBus } from "../../src/core/events";
import type { AnyPlugin, ServiceKey } from "../../src/core/plugin";
import { PluginScope, type PluginScopeValue } from "../../src/core/PluginScope";
import { createRegistry, type Registry } from "../../src/core/registry";
import {
  agentKey,
  busKey,
  clockKey,
  httpKey,
  i18nKey,
  notifyKey,
  variantKey,
  type AgentInfo,
} from "../../src/core/services";
import { defineVariant } from "../../src/core/variant";
import { createI18n, localesReady } from "../../src/i18n/i18n";
import { addWorkspaceTexts } from "../../src/i18n/workspaceTexts";
import { fakeGateway } from "../../src/test/fakeGateway";
import { recordingNotifier } from "../../src/test/fixtures";
import { PanelFrame } from "../../src/workspace/PanelFrame";

/** A service of another plugin (or a replacement core service), typed by its key. */
export interface ServiceBinding {
  key: ServiceKey<unknown>;
  value: unknown;
}
export function provide<T>(key: ServiceKey<T>, value: T): ServiceBinding {
  return { key, value };
}

export interface RenderPluginOptions {
  /** Feature flags of the tenant (the variant has no defaults here, so a flag is off unless given). */
  flags?: Record<string, boolean>;
  /** Services of other plugins the manifest `needs`, or replacements for core services. */
  services?: ServiceBinding[];
  /** The variant's config for this plugin, before its `configSchema` parses it (defaults fill the rest). */
  config?: unknown;
  /** The signed-in agent; defaults to Dana Reyes (id 42), qualifier, tenant 1. */
  agent?: Partial<AgentInfo>;
  /** A snapshot applied to the plugin's store slice before `setup` runs. */
  snapshot?: Record<string, unknown>;
  /** The language the panels start in (every plugin locale is loaded, so `changeLanguage` works). */
  language?: Language;
  variant?: Variant;
  /** The gateway's answers; pass one to add routes later or read `requests`. */
  gateway?: ReturnType<typeof fakeGateway>;
  /** Where the clock starts (epoch ms); 2026-01-05 14:00 UTC by default. */
  now?: number;
}

export const TEST_AGENT: AgentInfo = {
  id: 42,
  tenantId: 1,
  roles: ["qualifier"],
  permissions: [],
  extension: "2042",
  hasWebRtc: true,
  deactivated: false,
  autoAnswer: false,
  autoAnswerTime: 0,
  canTransferToMatcha: false,
  canTransferToSunlife: false,
};

export async function renderPlugin<Api = unknown, Store = unknown>(
  manifest: AnyPlugin,
  options: RenderPluginOptions = {},
) {
  const gateway = options.gateway ?? fakeGateway();
  const clock = manualClock(options.now);
  const agent: AgentInfo = { ...TEST_AGENT, ...options.agent };
  const i18n = createI18n(options.language ?? "en");
  addWorkspaceTexts(i18n);
  // Languages other than English load on demand, as in the browser; the panels start once theirs is in.
  await localesReady(i18n);
  const bus = createEventBus((name, e) => {
    throw new Error(`a handler of ${name} failed: ${String(e)}`);
  });
  const notify = recordingNotifier();
  const http = axios.create({ baseURL: API_BASE, adapter: gateway.adapter });
  const variant = defineVariant({
    id: options.variant ?? "isius",
    code: (options.variant ?? "isius").toUpperCase(),
    country: options.variant === "slica" ? "CA" : "US",
    plugins: [manifest.id],
    features: {},
    clientsPerLead: options.variant === "slica" ? 2 : 1,
    languages: ["en", "fr", "es"],
    postal: { label: "address.zip", mask: "#####", maxLength: 5, pattern: "^\\d{5}$" },
    config: options.config === undefined ? {} : { [manifest.id]: options.config },
    defaultLayouts: { qualifier: [], advisor: [] },
  });
  const core = new Map<string, unknown>([
    [httpKey.id, http],
    [clockKey.id, clock],
    [i18nKey.id, i18n],
    [busKey.id, bus],
    [agentKey.id, agent],
    [variantKey.id, variant],
    [notifyKey.id, notify],
  ]);
  for (const s of options.services ?? []) core.set(s.key.id, s.value);

  // The snapshot goes in before setup, as if the slice had been created with it.
  const snapshot = options.snapshot;
  const mounted: AnyPlugin = snapshot
    ? {
        ...manifest,
        setup: (ctx) => {
          applySnapshot(ctx.store as never, snapshot);
          return manifest.setup?.(ctx);
        },
      }
    : manifest;
  const logged: string[] = [];
  const registry: Registry = await createRegistry({
    variant,
    tenantFeatures: options.flags ?? {},
    agent,
    catalogue: { [manifest.id]: async () => ({ default: mounted }) },
    core,
    i18n,
    mode: "development",
    bus,
    log: (message) => void logged.push(message),
  });
  const plugin = registry.plugins.find((p) => p.manifest.id === manifest.id);
  if (!plugin) {
    const why = registry.skipped.find((s) => s.id === manifest.id)?.reason ?? "unknown reason";
    throw new Error(`renderPlugin: ${manifest.id} is not enabled for this agent (${why})`);
  }
  const scope: PluginScopeValue = {
    pluginId: manifest.id,
    store: plugin.ctx.store,
    api: plugin.api,
    ctx: plugin.ctx,
  };
  const panels = [...registry.panels.values()].filter((p) => p.pluginId === manifest.id);
  const overlays = registry.overlays.filter((o) => o.pluginId === manifest.id);

  const tree = () => (
    <I18nextProvider i18n={i18n}>
      <BlueprintProvider>
        {panels.map((panel) => (
          <PanelFrame
            key={panel.id}
            panel={panel}
            instanceId={panel.id}
            scope={scope}
            editing={false}
            onRemove={() => {}}
          />
        ))}
        {overlays.map((o) => {
          const Overlay = o.component;
          return (
            <Suspense key={o.id} fallback={null}>
              <PluginScope value={scope}>
                <Overlay />
              </PluginScope>
            </Suspense>
          );
        })}
      </BlueprintProvider>
    </I18nextProvider>
  );
  const user = userEvent.setup();
  const view: RenderResult = render(tree());

  return {
    /** What `setup` returned: the service the plugin provides. */
    api: plugin.api as Api,
    /** The plugin's store slice. */
    store: plugin.ctx.store as Store,
    ctx: plugin.ctx,
    registry,
    /** The panels the registry allowed for this agent, in declaration order. */
    panels,
    clock,
    gateway,
    http,
    i18n,
    bus,
    notify,
    agent,
    user,
    view,
    /** Messages the registry logged (skips, refused events). */
    logged,
    /** Moves the clock, firing due timers inside act(), then lets their promises settle. */
    async advance(ms: number) {
      await act(async () => {
        clock.advance(ms);
      });
    },
    /** Sends a socket or phone event through the core bus, as the gateway would. */
    async emit(name: string, payload: unknown) {
      await act(async () => bus.emit(name, payload));
    },
    /** Switches the language, as the top bar's language switch does. */
    async changeLanguage(language: Language) {
      await act(async () => {
        await i18n.changeLanguage(language);
      });
    },
    /** Renders the same panels again (e.g. after changing a fake service's answers). */
    rerender: () => view.rerender(tree()),
    unmount: () => {
      view.unmount();
      registry.dispose();
    },
  };
}

export type RenderedPlugin = Awaited<ReturnType<typeof renderPlugin>>;
