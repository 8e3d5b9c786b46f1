/**
 * # The plugin SDK: the one thing a plugin imports from the core
 *
 * A plugin (`plugins/<id>/`) imports from the core only this module, its form fields (`src/sdk/forms`) and the
 * wire contract (`src/contract/`); tests add `src/sdk/testing`. Another plugin is reached only through that
 * plugin's `api.ts`. ESLint enforces all of it (`scripts/eslint/boundaries.js`, proved by its test).
 *
 * What a plugin gets, and where:
 * - **Declaring itself**: {@link definePlugin} (the contract, documented in depth on `PluginManifest`).
 * - **Renaming or splitting a panel that shipped**: a step in the manifest's `layoutMigrations`, most often
 *   {@link renamePanel} or {@link splitPanel}, so agents' saved layouts follow (docs/plugins.md "Layouts").
 * - **Its context** (`setup(ctx)`, and `usePlugin().ctx` in panels): its store slice, parsed config, the
 *   namespaced translator `ctx.t`, typed `ctx.events`, the core's services (`ctx.http`, `ctx.clock`,
 *   `ctx.agent`, `ctx.variant`, `ctx.notify`, `ctx.status`, `ctx.call`, `ctx.leads`), `ctx.log`, and the
 *   services of other plugins it declared (`ctx.get(otherApi)` / `ctx.optional(otherApi)`).
 * - **What it keeps with calls, in the lead's history**: `callFacet: defineCallFacet({ schema, component })`
 *   shows, with each call, the facet its gateway side adds (`ctx.leadHistory.addCallFacet`); the plugin that
 *   draws the history renders {@link CallFacets} for each call (docs/plugins.md "Lead history facets").
 * - **What it reads of the agent's account** beyond the core's `ctx.agent` fields (who may transfer to Sun Life,
 *   the health licences): {@link defineAgentFlags} with a zod schema of those sign-in fields, by their wire names,
 *   each with a default; `ctx.agent.flags(def)` gives them parsed and typed (docs/plugins.md "Account fields").
 * - **What it keeps about the current call and sends with its settle**: `callState: defineCallState(name, {
 *   initial, settle })` in the manifest, `ctx.call.state(def)` / `ctx.call.setState(def, value)`; the state starts
 *   from `initial` on each call (docs/plugins.md "Per-call state").
 * - **What a manager does to one agent**: `agentActions: [{ id, title, icon, component }]` offers a menu item and
 *   its dialog wherever agents are listed; a plugin that lists agents renders {@link AgentActionItems} in its
 *   row menu and {@link AgentActionDialog} for the one chosen (docs/plugins.md "Agent actions").
 * - **Services between plugins**: {@link serviceKey} in the owner's `api.ts`; consumers list it in `needs`.
 * - **Events**: {@link defineEvent} (browser events, `domain:verb`, owned by whoever raises them and declared
 *   in its `api.ts`), {@link definePush} (socket pushes, listed in the manifest's `pushes`),
 *   {@link defineClientEvent} (the plugin's own socket controls, sent with `ctx.call.send(event, fields)` and
 *   answered by its gateway side); the core's own events are here ({@link callEnded}).
 * - **Status hooks**: `ctx.status.addGuard(...)` keeps Ready (or every change) away with a reason the selector
 *   shows; `ctx.status.addDialingIndicator(...)` makes Ready green; `ctx.status.onChange(...)`.
 * - **Forms**: `src/sdk/forms`, a second entry so panels without a form do not load it: react-final-form fields
 *   on Blueprint (text, text area, numeric, email, phone and alternative phones, date, date-time, date of birth,
 *   dropdowns with and without 'other', the multi-dropdown, checkboxes, radios, language radios, full name,
 *   time zone, postal code with its Validate button, height and weight, a link row). Labels come translated;
 *   errors are i18n keys the field translates in the namespace `<FormNamespace ns>` names (docs/plugins.md §12).
 * - **Settings pages**: `src/sdk/settings`, a third entry: a settings document's model and service (load, edit,
 *   save the whole set, read back), the specification's save outcomes in the admin's language, the page frame
 *   with Save at the window's foot and the audit trail's "Last changed by … on …" (docs/plugins.md "Settings pages").
 * - **Links**: an address that comes from settings, config or the gateway goes into an `href` (or a new tab) only
 *   through {@link safeHref}: an http(s) address or a path on the dialer's own origin, else no link at all.
 * - **Files**: {@link csvText} builds a CSV (RFC 4180, a would-be spreadsheet formula kept as text) and
 *   {@link downloadCsv} hands it to the browser to save.
 * - **Gateway calls**: {@link callEndpoint}`(ctx, endpoint, { params, query, body })` calls an endpoint declared
 *   once with `defineEndpoint` (src/contract/endpoint.ts, in the plugin's `contract.ts` or the core's contract):
 *   the path built, an idempotent write sent under an Idempotency-Key and retried, the answer parsed and typed;
 *   `{ ok: true, data }` or the gateway's {@link Refusal} (docs/plugins.md "Endpoints").
 * - **One writer per resource**: writes that must not double use {@link postIdempotent} with an
 *   {@link idempotencyKey}; only the plugin that owns a resource writes it, the others call its `api.ts`.
 *
 * @example A panel plugin with a service, an event and a push (the walkthrough is `docs/plugins.md`)
 * ```ts
 * // plugins/weather/api.ts: what other plugins may use
 * import { z } from "zod";
 * import { defineEvent, serviceKey } from "../../src/sdk";
 * export interface WeatherApi { refresh(): Promise<void> }
 * export const weatherApi = serviceKey<WeatherApi>("weather.api");
 * export const forecastChanged = defineEvent("forecast:changed", z.object({ city: z.string() }));
 *
 * // plugins/weather/index.ts
 * import { lazy } from "react";
 * import { z } from "zod";
 * import { callEndpoint, callEnded, definePlugin, definePush } from "../../src/sdk";
 * import { forecastChanged, weatherApi } from "./api";
 * import { readForecast } from "./contract"; // defineEndpoint({ method: "GET", path: "/weather", query, responses })
 * import { WeatherModel } from "./model";
 *
 * const alertPush = definePush("weather-alert", z.object({ text: z.string() }));
 *
 * export default definePlugin({
 *   id: "weather",
 *   requires: { features: ["weather"], roles: ["qualifier", "advisor"] },
 *   provides: weatherApi,
 *   configSchema: z.object({ days: z.number().int().min(1).max(4).default(4) }),
 *   model: WeatherModel,
 *   pushes: [alertPush],
 *   panels: [{ id: "weather.forecast", title: "panel.title", component: lazy(() => import("./ForecastPanel")),
 *              size: { w: 4, h: 6, minW: 3, minH: 4 } }],
 *   locales: { en: () => import("./locales/en.json"), fr: () => import("./locales/fr.json"),
 *              es: () => import("./locales/es.json") },
 *   setup: (ctx) => {
 *     const refresh = async () => {
 *       const read = await callEndpoint(ctx, readForecast, { query: { days: ctx.config.days } });
 *       if (!read.ok) return; // the gateway's Refusal: status, message, errors
 *       ctx.store.set(read.data); // parsed by the endpoint's 200 schema, typed
 *       ctx.events.emit(forecastChanged, { city: read.data.city });
 *     };
 *     ctx.events.on(callEnded, () => void refresh());
 *     ctx.events.on(alertPush, (p) => ctx.notify.warning(ctx.t("alert", { text: p.text })));
 *     return { refresh };
 *   },
 * });
 * ```
 */

// The contract and the registry's view of it.
export {
  defineCallFacet,
  definePlugin,
  serviceKey,
  type AdminPageDef,
  type AgentActionDef,
  type AgentActionProps,
  type AgentRef,
  type AnyPlugin,
  type CallFacetDef,
  type CallFacetProps,
  type LayoutMigration,
  type LazyComponent,
  type OverlayDef,
  type PanelDef,
  type PanelProps,
  type PluginContext,
  type PluginLocales,
  type PluginManifest,
  type PluginRouteDef,
  type Requires,
  type ServiceKey,
} from "../core/plugin";
export { usePlugin } from "../core/PluginScope";
export { CallFacets } from "../core/CallFacets";
export { AgentActionDialog, AgentActionItems, useAgentActions } from "../core/AgentActions";
export { renamePanel, splitPanel } from "../core/layoutMigrations";
export { defineAgentFlags, type AgentFlagsDef } from "../core/agentFlags";
export { defineCallState, type CallStateDef, type SettleFields } from "../core/callState";

// The core's services, as plugins see them. The keys stay for `ctx.get(key)` and for tests that replace a
// core service; `ctx.http`, `ctx.status`… are the same objects.
export {
  agentKey,
  callKey,
  clockKey,
  httpKey,
  leadsKey,
  notifyKey,
  statusKey,
  variantKey,
  type AgentInfo,
  type CallControl,
  type CallView,
  type DialRequest,
  type LeadClientView,
  type LeadsControl,
  type LeadView,
  type Notify,
  type StatusGuard,
  type StatusView,
} from "../core/services";
export type { VariantManifest } from "../core/variant";

// Events.
export { defineEvent, definePush, type EventKey, type PluginEvents } from "../core/events";
export {
  defineClientEvent,
  type ClientEventFields,
  type ClientEventKey,
} from "../contract/clientEvent";
export { callEnded, reconnected, socketDropped } from "../core/coreEvents";

// Time.
export type { Clock, ClockTimer } from "../shared/clock";
export { startOfLocalDay, startOfLocalHour, wallClock, isValidTimeZone } from "../shared/zoned-time";
export { formatUtc } from "../i18n/utcTime";
export * as callbackPicker from "../core/callbackPicker";
export { CallTimePicker, type CallTimePickerProps } from "./ui/CallTimePicker";
export { watching, type Watching } from "./watching";
export { Select } from "./ui/Select";
export { onSuggestionKey, SuggestionList, suggestionId, type SuggestionKeys } from "./ui/Suggestions";
export { useNow } from "./ui/useNow";
export { useUnsavedChanges } from "./ui/useUnsavedChanges";
export { LoadFailed } from "./ui/LoadFailed";
export { baseLanguage } from "./ui/texts";

/**
 * The only way an address from settings, config or the gateway becomes a link: the address when it is http(s) or a
 * path on this origin, else undefined (show no link). The wire contract's rule (src/contract/links.ts), the one
 * the gateway's schemas store by.
 */
export { safeHref } from "../contract/links";
export { csvCell, csvText, downloadCsv } from "./files/csv";

/** The HTTP status of a gateway call's failure (undefined for a network failure). */
export { httpStatus } from "../api/errors";

// Gateway calls by their endpoint object (src/contract/endpoint.ts).
export { callEndpoint, EndpointInputError, unwrap, type CallInput, type EndpointCaller } from "../api/endpoint";

// Writes that must not double, and what the browser keeps on this machine.
export {
  newIdempotencyKey as idempotencyKey,
  postIdempotent,
  RefusalError,
  refusalOf,
  RETRY_DELAYS_MS,
  type Refusal,
  type WriteOutcome,
} from "../api/idempotent";
export { memoryStorage, readJson, type KeyValueStorage } from "../store/storage";
