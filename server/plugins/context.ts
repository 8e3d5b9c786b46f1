// What a plugin's gateway side (plugins/<id>/server.ts) receives: a narrow view of the gateway, built once from
// the Gateway by routeTable(). A plugin never gets the Gateway itself, so it cannot reach the PBX, sessions,
// tokens or another module's services; when a plugin needs more, one field is added here, said in one line.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../../src/core/clock";
import type { ServerEventName, ServerPayload } from "../../src/contract/socket";
import { leadAccess, mayActOnAgent, type AccessPolicy, type Caller } from "../auth/access";
import type { Db } from "../db/client";
import type { Gateway } from "../gateway";
import { idempotent, type IdempotencyClaim, type IdempotentAnswer } from "../http/idempotency";
import { readSetting } from "../modules/settings/store";
import type { CallEvent } from "../pbx/driver";
import type { StatusChanged } from "../modules/status/service";
import { advisorsNear, type NearbyAdvisor } from "../modules/agents/nearby";
import { placeOfPostal } from "../modules/geo/postal";
import { ADVISOR_RADIUS_KM } from "../../src/contract/geo";
import { tenantFeatures } from "../dialer/features";

export type { Caller } from "../auth/access";

export interface PluginServerContext {
  /** The database. A plugin writes only its own tables; it may read the core's (server/db/schema.ts). */
  readonly db: Db;
  /** The gateway's clock: every time a plugin counts comes from it (tests move it). */
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** Per-tenant settings documents, read only: the settings module alone writes them (server/README.md). */
  readonly settings: {
    /** The document under `key`, over `fallback` (its defaults) key by key; `fallback` when never saved. */
    read<T>(tenantId: number, key: string, fallback: T): Promise<T>;
  };
  /** The call centre's feature flags (its variant's, overridden by its own): a route a flag switches off refuses. */
  features(tenantId: number): Promise<Record<string, boolean>>;
  /**
   * Object-level checks for an agent or a lead a route names outside its path (in a body or a query). A path
   * parameter is better declared on the route (`access: { agentParam }` / `{ leadParam }`): checked and audited
   * before the handler runs. `policy` gives `othersFrom` (default: managers and above).
   */
  readonly access: {
    mayActOnAgent(caller: Caller, agentId: number, policy?: AccessPolicy): Promise<boolean>;
    /** "missing" for a lead of another tenant or none (answer 404), "denied" for another agent's lead. */
    leadAccess(caller: Caller, leadId: number, policy?: AccessPolicy): Promise<"ok" | "missing" | "denied">;
  };
  /** A write that must not happen twice runs once per Idempotency-Key (server/http/idempotency.ts). */
  idempotent<T>(
    caller: Caller,
    raw: FastifyRequest,
    reply: FastifyReply,
    write: (claim: IdempotencyClaim) => Promise<IdempotentAnswer<T>>,
  ): Promise<T>;
  /** Pushes to browsers by room (with the Redis adapter, on every gateway instance); silent without socket.io. */
  readonly realtime: {
    toAgent<E extends ServerEventName>(userId: number, event: E, payload: ServerPayload<E>): void;
    toManagers<E extends ServerEventName>(tenantId: number, event: E, payload: ServerPayload<E>): void;
    toTenant<E extends ServerEventName>(tenantId: number, event: E, payload: ServerPayload<E>): void;
  };
  /**
   * What happens on the gateway, after the owning module applied it. Each returns its unsubscribe. A listener
   * that does work passes it to `background`, never awaits it in the listener.
   */
  readonly events: {
    /** Every call event (legs, answers, hang-ups, bridges, AMD) after the call service recorded it. */
    onCall(listener: (e: CallEvent) => void): () => void;
    /** Every agent status change after it was stored. */
    onStatusChanged(listener: (e: StatusChanged) => void): () => void;
  };
  /** Work started outside a request (an event, a timer): a failure is logged, and closing waits for it. */
  background(what: string, work: () => Promise<unknown>): void;
  /**
   * The call centre's advisors whose home base lies within the area's radius of a postal code, nearest first
   * (none when the code places only a province). Throws the geocoding's 404/422 for a code it cannot place.
   */
  readonly advisors: {
    around(tenantId: number, postal: string, mga?: string | null): Promise<NearbyAdvisor[]>;
  };
}

/** Built once per gateway, from its services, when the route table is built (server/routes.ts). */
export function pluginServerContext(gw: Gateway): PluginServerContext {
  return Object.freeze({
    db: gw.db,
    clock: gw.clock,
    log: gw.log,
    settings: Object.freeze({
      read: <T>(tenantId: number, key: string, fallback: T) => readSetting(gw.db, tenantId, key, fallback),
    }),
    features: (tenantId: number) => tenantFeatures(gw.db, tenantId),
    access: Object.freeze({
      mayActOnAgent: (caller: Caller, agentId: number, policy: AccessPolicy = {}) => mayActOnAgent(gw.db, policy, caller, agentId),
      leadAccess: (caller: Caller, leadId: number, policy: AccessPolicy = {}) => leadAccess(gw.db, policy, caller, leadId),
    }),
    idempotent: <T>(
      caller: Caller,
      raw: FastifyRequest,
      reply: FastifyReply,
      write: (claim: IdempotencyClaim) => Promise<IdempotentAnswer<T>>,
    ) => idempotent<T>(gw, caller, raw, reply, write),
    realtime: Object.freeze({
      toAgent: gw.push.toAgent.bind(gw.push),
      toManagers: gw.push.toManagers.bind(gw.push),
      toTenant: gw.push.toTenant.bind(gw.push),
    }),
    events: Object.freeze({
      onCall: (listener: (e: CallEvent) => void) => gw.calls.onCallEvent(listener),
      onStatusChanged: (listener: (e: StatusChanged) => void) => gw.statuses.onChanged(listener),
    }),
    background: (what: string, work: () => Promise<unknown>) => gw.background.run(what, work),
    advisors: Object.freeze({
      async around(tenantId: number, postal: string, mga?: string | null) {
        const place = placeOfPostal(postal);
        if (place.precision !== "postal") return [];
        return advisorsNear(gw.db, tenantId, place.latitude, place.longitude, { radiusKm: ADVISOR_RADIUS_KM, mga: mga ?? undefined });
      },
    }),
  });
}
