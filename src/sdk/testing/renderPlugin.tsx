/**
 * `renderPlugin()`: mounts ONE plugin the way the workspace does, with fake core services, so a plugin's
 * test reads like an agent using its panels. Every plugin test follows this pattern (see
 * `plugins/goals/GoalsPanel.test.tsx`):
 *
 * ```tsx
 * const gateway = fakeGateway([reply(readGoalStatistics, { status: 200, data: stats })]); // by endpoint object
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
 * - `core.http`: axios on a {@link fakeGateway} (relative to /api/v1; `gateway.requests` records calls). Its routes
 *   are endpoint objects (`reply(endpoint, answer)`, src/contract/endpoint.ts): each request is checked against
 *   the endpoint's params, query and body schemas and each reply against its schema for that status, and a
 *   mismatch fails the test when it ends (docs/plugins.md "Endpoints"); `"METHOD /path"` keys still work, unchecked;
 * - `core.clock`: a {@link manualClock}; `clock.advance(ms)` fires due timers (wrap it in `act`, or use
 *   the returned `advance`, which does);
 * - `core.agent`, `core.variant`, `core.i18n`, `core.notify` (every message lands in `notify.shown`);
 * - `core.status`, `core.call`, `core.leads`: quiet fakes; hand in `fakeStatusControl()`, `fakeCallControl()`
 *   or your own through `services: [provide(statusKey, …)]` to drive them;
 * - events: `emit(event, payload)` raises a typed browser event, `push(name, payload)` delivers a socket push
 *   (dropped unless the plugin declared it in `pushes`, as the real realtime client would).
 * Services of other plugins are handed in with `services: [provide(otherApi, fake)]`.
 */
import { BlueprintProvider } from "@blueprintjs/core";
import { act, render, type RenderResult } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axios from "axios";
import { applySnapshot } from "mobx-state-tree";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { API_BASE, type Language, type Variant } from "../../contract/common";
import type { LeadHistoryCall } from "../../contract/leadHistory";
import { manualClock } from "../../shared/clock";
import { createEventBus, type EventKey } from "../../core/events";
import type { AnyPlugin, ServiceKey } from "../../core/plugin";
import { CallFacets } from "../../core/CallFacets";
import { hostsCallStates } from "../../core/callState";
import { PluginScope, pluginScopes, type PluginScopeValue } from "../../core/PluginScope";
import { createRegistry, type Registry } from "../../core/registry";
import {
  agentKey,
  callKey,
  clockKey,
  httpKey,
  i18nKey,
  leadsKey,
  notifyKey,
  statusKey,
  variantKey,
  type AgentInfo,
} from "../../core/services";
import { fakeCallControl } from "../../test/fakeCall";
import { fakeStatusControl } from "../../test/fakeStatus";
import { fakeLeadsControl } from "../../test/fakeLeads";
import { defineVariant } from "../../core/variant";
import { createI18n, localesReady } from "../../i18n/i18n";
import { addWorkspaceTexts } from "../../i18n/workspaceTexts";
import { fakeGateway } from "../../test/fakeGateway";
import { recordingNotifier } from "../../test/fixtures";
import { PanelFrame } from "../../workspace/PanelFrame";
import { testAgent, type TestAgent } from "./agent";

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
  /**
   * The signed-in agent; defaults to Dana Reyes (id 42), qualifier, tenant 1. `accountFields` are the sign-in
   * response's fields a plugin reads with `ctx.agent.flags(def)`, by wire name: `{ can_transfer_to_sunlife: true }`.
   */
  agent?: TestAgent;
  /** A snapshot applied to the plugin's store slice before `setup` runs. */
  snapshot?: Record<string, unknown>;
  /** The language the panels start in (every plugin locale is loaded, so `changeLanguage` works). */
  language?: Language;
  variant?: Variant;
  /** The gateway's answers; pass one to add routes later or read `requests`. */
  gateway?: ReturnType<typeof fakeGateway>;
  /** Where the clock starts (epoch ms); 2026-01-05 14:00 UTC by default. */
  now?: number;
  /**
   * Real plugins set up beside the one under test, in the same registry (same clock, gateway, core fakes and
   * events), for the services it `needs`: e.g. `providers: [(await catalogue.dispositions()).default]` (a test
   * takes another plugin's manifest from `plugins/catalogue.ts`, the product's own list, never from its
   * folder). Their panels are not rendered; `service(key)` reaches their services.
   */
  providers?: AnyPlugin[];
  /**
   * Also renders this admin page of the plugin (its `adminPages` path, e.g. "settings/external-transfers") in
   * a memory data router at /admin/<path>, as the app's router mounts it (useBlocker and links work).
   */
  adminPage?: string;
  /**
   * Also renders this call of a lead's history with its facets, as the lead card shows it (`<CallFacets>`), in a
   * list item named "Call <id>": a plugin's `callFacet` under test, beside the plugins in `providers`.
   */
  historyCall?: LeadHistoryCall;
}

export { TEST_AGENT } from "./agent";

export async function renderPlugin<Api = unknown, Store = unknown>(
  manifest: AnyPlugin,
  options: RenderPluginOptions = {},
) {
  const gateway = options.gateway ?? fakeGateway();
  const clock = manualClock(options.now);
  /** Messages the registry and the core's fakes logged. */
  const logged: string[] = [];
  const agent: AgentInfo = testAgent(options.agent, (message) => void logged.push(message));
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
    plugins: [...(options.providers ?? []).map((p) => p.id), manifest.id],
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
    [agentKey.id, agent],
    [variantKey.id, variant],
    [notifyKey.id, notify],
    // Every plugin may read these; a test that drives them hands its own in `services`.
    [statusKey.id, fakeStatusControl("offline").control],
    [callKey.id, fakeCallControl().control],
    [leadsKey.id, fakeLeadsControl()],
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
  const forwarded = new Map<string, import("zod").ZodType>();
  const registry: Registry = await createRegistry({
    forwardPush: (name, schema) => void forwarded.set(name, schema),
    variant,
    tenantFeatures: options.flags ?? {},
    agent,
    catalogue: Object.fromEntries([
      ...(options.providers ?? []).map((p) => [p.id, async () => ({ default: p })] as const),
      [manifest.id, async () => ({ default: mounted })],
    ]),
    core,
    i18n,
    mode: "development",
    bus,
    log: (message) => void logged.push(message),
  });
  // The enabled plugins' call states go with the settle, as the workspace session hands them to the core's call.
  const call = core.get(callKey.id);
  if (hostsCallStates(call)) call.setCallStates(registry.callStates);
  const plugin = registry.plugins.find((p) => p.manifest.id === manifest.id);
  if (!plugin) {
    const why = registry.skipped.find((s) => s.id === manifest.id)?.reason ?? "unknown reason";
    throw new Error(`renderPlugin: ${manifest.id} is not enabled for this agent (${why})`);
  }
  const scope: PluginScopeValue = pluginScopes(registry.plugins).get(manifest.id)!;
  const panels = [...registry.panels.values()].filter((p) => p.pluginId === manifest.id);
  const overlays = registry.overlays.filter((o) => o.pluginId === manifest.id);
  const adminPage = options.adminPage ? registry.adminPages.get(options.adminPage) : undefined;
  if (options.adminPage && !adminPage) throw new Error(`renderPlugin: no admin page ${options.adminPage}`);

  const adminRouter = adminPage
    ? createMemoryRouter(
        [
          {
            path: `/admin/${adminPage.path}`,
            element: (
              <Suspense fallback={null}>
                <PluginScope value={scope}>
                  <adminPage.component />
                </PluginScope>
              </Suspense>
            ),
          },
          { path: "*", element: <p>elsewhere</p> },
        ],
        { initialEntries: [`/admin/${adminPage.path}`] },
      )
    : null;
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
            shownWhile="always"
            onShownWhile={() => {}}
            onRemove={() => {}}
          />
        ))}
        {adminRouter && <RouterProvider router={adminRouter} />}
        {options.historyCall && (
          <ul>
            <li aria-label={`Call ${options.historyCall.id}`}>
              <PluginScope value={scope}>
                <CallFacets call={options.historyCall} />
              </PluginScope>
            </li>
          </ul>
        )}
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
    /** A service of the registry: a provider's (`service(dispositionsApi)`) or a core one. */
    service: <T,>(key: ServiceKey<T>) => registry.services.get(key.id) as T,
    /** The plugin's store slice. */
    store: plugin.ctx.store as Store,
    ctx: plugin.ctx,
    /** The memory router of `adminPage` (navigate away to test leaving the page), null without one. */
    adminRouter,
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
    /** Raises a typed browser event (the core's `callEnded`, another plugin's event) as its owner would. */
    async emit<T>(event: EventKey<T>, payload: T) {
      await act(async () => bus.emit(event.name, event.schema.parse(payload)));
    },
    /** Delivers a socket push as the realtime client would: only a push the plugin declared arrives, parsed. */
    async push(name: string, payload: unknown) {
      const schema = forwarded.get(name);
      if (!schema) return;
      const parsed = schema.safeParse(payload);
      if (parsed.success) await act(async () => bus.emit(name, parsed.data));
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
