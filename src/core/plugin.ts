/**
 * # The plugin contract
 *
 * Everything an agent sees in the workspace beyond the top bar comes from a plugin: a folder under `plugins/`
 * whose `index.ts` default-exports `definePlugin({...})`. The core (`src/`) never names a plugin; it knows
 * plugins only through this contract and the one list `plugins/catalogue.ts` (id → lazy import), which the
 * composition root (`main.tsx`) hands to the registry.
 *
 * At every sign-in the registry (`registry.ts`) resolves which plugins this agent gets:
 *
 * 1. the tenant's variant manifest (`variants/isius.ts`, `variants/slica.ts`) lists the plugins it offers;
 * 2. each plugin's {@link Requires} is checked against the tenant's feature flags (variant defaults overridden
 *    by `GET /tenant-features`), the agent's roles and permissions, and the variant;
 * 3. {@link PluginManifest.needs} must all be provided by the core or by another enabled plugin; the plugins
 *    are then ordered so that providers come first (a cycle or an unmet need is an error in development and
 *    a logged skip in production, as are duplicate or unknown ids and a config that does not parse);
 * 4. each plugin's locale namespace is loaded, its model slice joins the workspace store under its id, and
 *    its `setup(ctx)` runs once, in order, returning the service it `provides`;
 * 5. the result is frozen until the agent signs out.
 *
 * Rules a plugin keeps:
 * - **One folder.** Panels, model slice, locales, tests and (when it owns them) gateway routes in `server.ts`
 *   sit in `plugins/<id>/`. The plugin id is kebab-case and doubles as i18n namespace and store key.
 * - **Talk through service keys.** Another plugin is reached only through the typed key its `api.ts` exports
 *   (`needs: [transfersApi]`, then `ctx.get(transfersApi)`), never by asking whether a plugin is loaded.
 * - **State in the model, effects in the service.** The MST slice holds state and synchronous actions; HTTP,
 *   socket and phone effects live in the object `setup` returns (or in flows it starts), never in components.
 * - **Cheap setup.** `setup` is synchronous and fast; slow work happens later, behind Suspense.
 * - **Time from the clock.** Use `ctx.get(clockKey)`, never `Date.now()`, so tests can run a shift in
 *   milliseconds.
 *
 * @example A panel plugin in one folder (see `plugins/goals/` and `docs/plugins.md` for the whole walkthrough)
 * ```ts
 * // plugins/weather/index.ts
 * import { lazy } from "react";
 * import { z } from "zod";
 * import { definePlugin } from "../../src/core/plugin";
 * import { httpKey } from "../../src/core/services";
 * import { WeatherModel } from "./model";
 * import { weatherApi } from "./api";
 *
 * export default definePlugin({
 *   id: "weather",
 *   requires: { features: ["weather"], roles: ["qualifier", "advisor"] },
 *   needs: [httpKey],
 *   provides: weatherApi,
 *   configSchema: z.object({ days: z.number().int().min(1).max(4).default(4) }),
 *   model: WeatherModel,
 *   panels: [
 *     {
 *       id: "weather.forecast",
 *       title: "panel.title", // a key in the plugin's own namespace
 *       component: lazy(() => import("./ForecastPanel")),
 *       size: { w: 4, h: 6, minW: 3, minH: 4 },
 *     },
 *   ],
 *   locales: { en: () => import("./locales/en.json"), fr: () => import("./locales/fr.json"), es: () => import("./locales/es.json") },
 *   setup: (ctx) => createWeatherService(ctx.get(httpKey), ctx.store, ctx.config),
 * });
 * ```
 */
import type { ComponentType, LazyExoticComponent } from "react";
import type { IconName } from "@blueprintjs/core";
import type { IAnyModelType, Instance } from "mobx-state-tree";
import type { z } from "zod";
import type { AxiosInstance } from "axios";
import type { HierarchyRole, Language } from "../contract/common";
import type { LeadHistoryCall } from "../contract/leadHistory";
import type { LayoutItem, ShownWhile } from "../contract/layout";
import type { PluginStaticManifest, Requires } from "../contract/pluginManifest";
import type { Clock } from "../shared/clock";
import type { CallStateDef } from "./callState";
import type { EventKey, PluginEvents } from "./events";
import type { AgentInfo, CallControl, LeadsControl, Notify, StatusView } from "./services";
import type { VariantManifest } from "./variant";

/** A typed handle to a service. Compared by `id`, never by object identity, so two copies still match. */
export interface ServiceKey<T> {
  readonly id: string;
  /** Carries the service's type; never set at run time. */
  readonly __service?: T;
}

/** Creates a service key; by convention `<plugin-id>.api` for a plugin's service, `core.<name>` for the core's. */
export function serviceKey<T>(id: string): ServiceKey<T> {
  return { id };
}

export type { Requires } from "../contract/pluginManifest";

/** Props every panel component receives. */
export interface PanelProps {
  /** The grid item id; a panel shown once has `instanceId === panel id`. */
  instanceId: string;
}

export type LazyComponent<P = object> = LazyExoticComponent<ComponentType<P>>;

/**
 * A panel the agent can place on the grid. Sizes are in grid units: 12 columns, and rows sized so that 15 fill
 * the screen's height (SCREEN_ROWS; at least 30 px, about 30 px at 1366×768 and 51 px at 1920×1080).
 */
export interface PanelDef {
  /**
   * `<plugin-id>.<panel>`, unique in the catalogue; saved in agents' layouts, so a rename of one that shipped goes
   * through a {@link LayoutMigration}.
   */
  id: `${string}.${string}`;
  /** i18n key in the plugin's namespace, shown in the frame's title bar and in the panel picker. */
  title: string;
  component: LazyComponent<PanelProps>;
  /** Default size when added, and the limits the agent may resize to. */
  size: { w: number; h: number; minW?: number; minH?: number; maxW?: number; maxH?: number };
  requires?: Requires;
  /**
   * When the panel takes its cell, unless the agent's layout item says otherwise (`LayoutItem.shownWhile`):
   * "call", the panel matters only on the phone (a carrier disclosure, an extra recording, the call script): it
   * takes its cell while the agent has a call (being set up or up); "idle", only between calls. Edit mode shows
   * every panel so the agent can arrange it. While a panel is out, its cell is given to the panels under it (the
   * grid closes up, no empty frame), and they go back to their places when it returns. The agent's saved layout
   * is never changed by this. Absent: always.
   */
  shownWhile?: Exclude<ShownWhile, "always">;
}

/**
 * One step in the history of a plugin's panels (a panel renamed, split, made taller), run once on each agent's saved
 * layout: `up: renamePanel(from, to)` and `up: splitPanel(from, [to, ...])` from the SDK cover the usual steps, a
 * function of its own anything else.
 */
export interface LayoutMigration {
  /** `<plugin-id>/<n>-<what>`, n counting 1, 2, 3… in the order listed: `"goals/1-progress-is-today"`. */
  readonly id: string;
  /**
   * This plugin's items of the agent's layout (only those: panel ids `<plugin-id>.…`), as the previous step left
   * them → what they become. Returns items of this plugin only; sizes and places are clamped afterwards.
   */
  up(items: readonly LayoutItem[]): LayoutItem[];
}

/**
 * Something that floats above the grid rather than taking a cell: the softphone widget, the inbound-call
 * popup. Always mounted while the plugin is on (it decides itself when to show anything), inside the same
 * error boundary and plugin scope as a panel; the agent cannot remove it from the layout.
 */
export interface OverlayDef {
  /** `<plugin-id>.<overlay>`. */
  id: `${string}.${string}`;
  component: LazyComponent;
  requires?: Requires;
}

/** A page of its own, mounted at `/<plugin-id>/<path>` inside the signed-in shell. */
export interface PluginRouteDef {
  path: string;
  title: string;
  component: LazyComponent;
  requires?: Requires;
}

/**
 * A page of the Admin Panel and its link in the drawer. The plugin declares both, so adding an admin page edits
 * nothing outside its folder; the drawer lists the pages of the agent's enabled plugins, by section then order.
 */
export interface AdminPageDef {
  /** The page's address below `/admin/` (for example `settings/globals`), unique among the plugins. */
  path: string;
  /**
   * The drawer section the link sits in. The sections are the core's, shown in this order with the core's titles
   * (admin-and-sign-in §2).
   */
  section: "users" | "leads" | "reports" | "notifications" | "settings";
  /** i18n key in the plugin's namespace: the link's text in the drawer. */
  title: string;
  /**
   * The link's place in its section, lowest first. The links count in tens within each section (10, 20, 30 …),
   * so a new page slots in between two without renumbering the others.
   */
  order: number;
  /**
   * Who sees the link and may open the page, when more than the drawer's managers: that role or higher. The
   * gateway refuses the others anyway.
   */
  minRole?: HierarchyRole;
  component: LazyComponent;
  requires?: Requires;
}

/** The agent an agent action is for: who, as every list of agents names them. */
export interface AgentRef {
  id: number;
  name: string;
  /** qualifier | advisor | … */
  role: string;
  /**
   * The agent's call is answered now, where the listing knows (the floor's live rows): an action on the call
   * (supervision) is offered only then. Absent: unknown, and such actions are not offered.
   */
  onCall?: boolean;
}

/** What an agent action's dialog receives (`AgentActionDef`). */
export interface AgentActionProps {
  agent: AgentRef;
  onClose(): void;
}

/**
 * Something a manager does to one agent that a plugin offers wherever agents are listed (the floor's rows, the
 * users list): a menu item with its title (a key of the plugin's own namespace) and icon, and the dialog the item
 * opens, drawn in the offering plugin's scope (`usePlugin()` is that plugin's), so the plugin that lists agents
 * never names the plugins whose actions it shows. `offeredFor` leaves the item out for some agents (statistics
 * for advisors only, say).
 */
export interface AgentActionDef {
  id: string;
  title: string;
  icon?: IconName;
  offeredFor?: (agent: AgentRef) => boolean;
  component: ComponentType<AgentActionProps> | LazyComponent<AgentActionProps>;
}

/** What a plugin's call facet component receives (`CallFacetDef`). */
export interface CallFacetProps<Facet = unknown> {
  /** What the plugin kept with this call (`facets[<plugin id>]`), parsed with the facet's `schema`. */
  facet: Facet;
  /** The call of the lead's history it belongs to. */
  call: LeadHistoryCall;
}

/**
 * How a plugin shows, with a call of the lead's history, what its gateway side keeps with that call
 * (`ctx.leadHistory.addCallFacet`): the lead card draws it under the call, in this plugin's scope (`usePlugin()`
 * gives this plugin's store, service and ctx), while the plugin is enabled for the agent. A facet that does not
 * parse with `schema` is logged and not shown. Declare it with {@link defineCallFacet}, which checks that the
 * component takes what the schema gives.
 */
export interface CallFacetDef {
  /** The facet's zod schema, from the plugin's contract.ts (the shape its gateway side sends). */
  schema: z.ZodType;
  component: ComponentType<CallFacetProps<never>> | LazyComponent<CallFacetProps<never>>;
}

/** Declares a plugin's call facet: its schema, and the component that shows what the schema parses. */
export function defineCallFacet<S extends z.ZodType>(facet: {
  schema: S;
  component: ComponentType<CallFacetProps<z.output<S>>> | LazyComponent<CallFacetProps<z.output<S>>>;
}): CallFacetDef {
  return facet as CallFacetDef;
}

/** Lazy JSON per language; `en` is required and holds the specification's English texts. */
export type PluginLocales = { en: LocaleLoader } & Partial<Record<Exclude<Language, "en">, LocaleLoader>>;
export type LocaleLoader = () => Promise<{ default: Record<string, unknown> }>;

/**
 * What `setup` receives (and panels, through `usePlugin().ctx`): the plugin's own slice, config, translator
 * and events, the core's services, and the services of other plugins it declared in `needs`/`optional`.
 */
export interface PluginContext<Slice = unknown, Config = unknown> {
  /** The plugin's id (also its i18n namespace and store key). */
  readonly id: string;
  /** This plugin's slice of the workspace store (undefined without a `model`). */
  readonly store: Slice;
  /** The plugin's variant config, parsed with its `configSchema`. */
  readonly config: Config;
  /**
   * Translates a key of the plugin's own namespace in the agent's language now; read inside a MobX computed
   * or reaction (a guard's reason), it is read again when the agent switches language.
   */
  t(key: string, options?: Record<string, unknown>): string;
  /** The agent's language now (observable). */
  readonly language: string;
  /** Typed events: the core's (`callEnded`), other plugins' (from their `api.ts`), declared socket pushes. */
  readonly events: PluginEvents;
  /** The gateway client: bearer in, rotated bearer out. */
  readonly http: AxiosInstance;
  /** Time: never `Date.now()` or `setTimeout` in a plugin, so tests can run a shift in milliseconds. */
  readonly clock: Clock;
  /** Who is signed in. */
  readonly agent: AgentInfo;
  /** The tenant's variant manifest (call centre code, languages, clients per lead). */
  readonly variant: VariantManifest;
  /** Short messages to the agent (the alert stack). */
  readonly notify: Notify;
  /** The agent's status, read-only, with guards and the dialing indicator. */
  readonly status: StatusView;
  /** The agent's call, read-only, and dials through the gateway. */
  readonly call: CallControl;
  /** The leads the agent is working. */
  readonly leads: LeadsControl;
  /** The developer's log (the console); never a lead's personal data. */
  log(message: string, detail?: unknown): void;
  /** A service the plugin declared in `needs` (or a core service); throws for one it did not declare. */
  get<T>(key: ServiceKey<T>): T;
  /** A service declared in `optional`, or undefined when nobody provides it. */
  optional<T>(key: ServiceKey<T>): T | undefined;
  /** Whether a feature flag is on for this tenant. */
  isOn(flag: string): boolean;
}

export interface PluginManifest<
  M extends IAnyModelType = IAnyModelType,
  Api = unknown,
  C extends z.ZodType = z.ZodType,
> extends PluginStaticManifest {
  /** Services that must exist before `setup`; a missing one keeps the plugin out. */
  needs?: ServiceKey<unknown>[];
  /** Services used when present. */
  optional?: ServiceKey<unknown>[];
  /** The key under which `setup`'s return value is offered to other plugins. */
  provides?: ServiceKey<Api>;
  /** Validates `variant.config[id]`; defaults in the schema fill what the variant leaves out. */
  configSchema?: C;
  /** The plugin's MST slice, created with `{}` (give every property a default). */
  model?: M;
  panels?: PanelDef[];
  /**
   * The history of this plugin's panels, oldest first. At sign-in each agent's saved layout goes through the steps
   * it has not been through yet (the layout records how many, per plugin), before panels that no longer exist are
   * dropped, so a renamed or split panel keeps the place the agent gave it. Append only: never edit, reorder or
   * remove a step that has shipped. A step that throws leaves this plugin's items as saved (docs/plugins.md
   * "Layouts, overlays, teardown").
   */
  layoutMigrations?: LayoutMigration[];
  overlays?: OverlayDef[];
  routes?: PluginRouteDef[];
  adminPages?: AdminPageDef[];
  /**
   * How what this plugin keeps with calls shows with each call of the lead's history (the lead card): its schema
   * and component, from {@link defineCallFacet}. Its gateway side adds the facets (`ctx.leadHistory.addCallFacet`).
   */
  callFacet?: CallFacetDef;
  /**
   * What a manager does to one agent through this plugin, offered wherever agents are listed: the SDK's
   * `<AgentActionItems>` lists them in a menu and `<AgentActionDialog>` opens one (docs/plugins.md "Agent actions").
   */
  agentActions?: readonly AgentActionDef[];
  /**
   * What this plugin keeps about the agent's current call, fresh on each call, and the fields it sends with the
   * call's settle ({@link CallStateDef}, from `defineCallState`; read and set with `ctx.call.state` / `setState`).
   */
  callState?: CallStateDef;
  locales?: PluginLocales;
  /**
   * Socket pushes this plugin listens to (declared with `definePush` in its `contract.ts` or `api.ts`). The
   * core's realtime client forwards each, parsed, to `ctx.events.on(push, handler)`; adding one never edits
   * the core.
   */
  pushes?: EventKey<unknown>[];
  /**
   * Creates the plugin's service once per sign-in. If the returned service has a `dispose()` method, the
   * registry calls it at sign-out (consumers before providers): stop timers, close connections there.
   */
  setup?(ctx: PluginContext<M extends IAnyModelType ? Instance<M> : undefined, z.output<C>>): Api;
}

/** Declares a plugin; the identity function that gives the manifest its types. */
export function definePlugin<M extends IAnyModelType, Api, C extends z.ZodType = z.ZodType>(
  manifest: PluginManifest<M, Api, C>,
): PluginManifest<M, Api, C> {
  return manifest;
}

/** `plugins/catalogue.ts`: every plugin of the product, by id, loaded on demand. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a catalogue holds plugins of every shape
export type AnyPlugin = PluginManifest<any, any, any>;
export type Catalogue = Record<string, () => Promise<{ default: AnyPlugin }>>;
/**
 * The catalogue as the composition root hands it in: the list itself, or a loader of it. The product passes a
 * loader, so the list (and the preload map of every plugin's chunks) is not part of the sign-in page.
 */
export type CatalogueSource = Catalogue | (() => Promise<Catalogue>);
