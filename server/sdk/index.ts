/**
 * # The gateway SDK: all a plugin's gateway side imports of the gateway
 *
 * A plugin's gateway files (`server.ts`, `*.server.ts`, `tables.ts`, `manifest.ts`) import the gateway only
 * from here, the wire contract (`src/contract/*`) and their own folder, as its browser files import the core
 * only from `src/sdk` (the ESLint rule `boundaries/plugin-imports`, scripts/eslint/boundaries.js). What a plugin
 * may do on the gateway is what this file offers:
 *
 * - **Routes as data**: `defineRoute(endpoint, { access, handler, example?, names? })` on an endpoint declared once
 *   in the plugin's `contract.ts` with `defineEndpoint` (src/contract/endpoint.ts: method, path, schemas, answers,
 *   idempotent; the browser calls the same object, docs/plugins.md "Endpoints"); the older
 *   `defineRoute({ method, url, access, params, body, querystring, response, handler })` still works.
 *   Every route declares its access policy; the generated access matrix, fuzz and tenant-boundary tests pick
 *   it up. The gateway refuses a plugin's routes to a call centre that does not have the plugin (its manifest's
 *   `requires`, the variant's plugin list, the admin's switch), so a route never checks that by hand.
 * - **Errors**: `HttpError(status, message, errors?)`, `fieldError(field, message)`, the specification's
 *   `MESSAGES`.
 * - **The context** a plugin's routes are built from (`PluginServerContext`): db, clock, log, settings,
 *   features, the call centre's variant, access checks, idempotency, e-mail, pushes and the plugin's own client
 *   events (`ctx.realtime.onClientEvent`), call and status events, playback, recordings, relinks, a partner's
 *   transfer on the agent's call (`ctx.calls.transfers`), lead-history facets, background work, nearby
 *   advisors, and the lead writes a plugin's domain causes (`ctx.leads`).
 * - **Tables**: a plugin defines its own tables in `tables.ts` with `pgTable` and the column helpers below
 *   (`tenantRef`, `userRef`, `callRef`, `ts`); it reads the core's tables (exported below), and changes them
 *   only through the context's domain services (a test checks that no plugin file writes a core table).
 * - **Time**: `Clock` and the zoned-time helpers, shared with the browser.
 *
 * @example plugins/weather/server.ts
 * ```ts
 * // plugins/weather/contract.ts
 * export const readReading = defineEndpoint({
 *   method: "GET", path: "/weather/:city", summary: "The city's last reading.",
 *   params: z.strictObject({ city: z.string().max(40) }), responses: { 200: ReadingResponse, 404: ErrorBody },
 * });
 *
 * // plugins/weather/server.ts
 * import { definePluginServer, defineRoute, HttpError, type PluginServerContext } from "../../server/sdk";
 * import { readReading } from "./contract";
 * import { weatherReadings } from "./tables";
 *
 * export const weatherRoutes = (ctx: PluginServerContext) => [
 *   defineRoute(readReading, {
 *     access: { roles: ["setter"] },
 *     async handler({ params, caller }) { // params.city: string, parsed by the endpoint's schema
 *       const [row] = await ctx.db.select().from(weatherReadings).where(…);
 *       if (!row) throw new HttpError(404, "No reading for this city.");
 *       return { data: row };
 *     },
 *   }),
 * ];
 * export default definePluginServer(weatherRoutes);
 * ```
 */
import type { RouteDef } from "../http/route";
import type { PluginServerContext } from "../plugins/context";

export { defineRoute, type EndpointRoute, type NamedValue, type RouteDef, type RouteRequest } from "../http/route";
export { HttpError, MESSAGES, fieldError } from "../http/errors";
export { isUniqueViolation, rowsOf, type Db } from "../db/client";
/** What `ctx.mail.send` rejects with when the mail was not sent (`code`: the transport's error code, or "no_transport"). */
export { MailNotSent } from "../mail/outbox";
/** Whether two numbers are the same once written as the PBX dials them (E.164). */
export { samePhone } from "../modules/calls/transferTargets";
export type * from "../plugins/context";
export type { AccessPolicy } from "../auth/access";
export * from "./tables";
export { definePush, type PushKey } from "../../src/contract/push";
export {
  defineClientEvent,
  type ClientEventFields,
  type ClientEventKey,
  type ClientEventPayload,
} from "../../src/contract/clientEvent";

export {
  manualClock,
  systemClock,
  type Clock,
  type ClockTimer,
  type ManualClock,
} from "../../src/shared/clock";
export * from "../../src/shared/zoned-time";
/**
 * The compliance gate's own rules (server/compliance), for a report that judges past dials again by them rather
 * than by a copy (plugins/reports/compliance): what a dialled text is, where a number rings, the calling window of
 * its zones at an instant, and the gate's verdict over a number's facts.
 */
export { classify, judgeNumber, type GateVerdict, type NumberFacts } from "../compliance/gate";
export { numberWindow, type NumberWindow } from "../compliance/numberWindow";
/** Whether a Do Not Call entry is in force at an instant, as SQL (the gate's own definition, for a list's counts). */
export { dncInForce } from "../compliance/dncLists";
export { numberRegion, type NumberRegion } from "../geo/numbers";

/** What a plugin's server.ts default-exports: the factory of its routes (found by the gateway, server/plugins/servers.ts). */
export function definePluginServer(routes: (ctx: PluginServerContext) => RouteDef[]) {
  return routes;
}
