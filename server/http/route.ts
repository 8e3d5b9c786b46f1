// A route is data: method, path, access policy, zod schemas and a handler. The gateway registers the table
// and the access-control matrix test is generated from the same table, so no route escapes either.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { SharedNameKind } from "../../src/contract/ownership";
import type { AccessPolicy, Caller } from "../auth/access";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteRequest<B, P, Q> {
  body: B;
  params: P;
  query: Q;
  caller: Caller;
  raw: FastifyRequest;
}

export interface RouteDef<B = unknown, P = unknown, Q = unknown> {
  method: Method;
  /** Path under /api/v1, Fastify style (`/agents/:id/statistics`). */
  url: string;
  summary: string;
  tags?: string[];
  access: AccessPolicy;
  body?: z.ZodType<B>;
  params?: z.ZodType<P>;
  querystring?: z.ZodType<Q>;
  /** Response schemas by status; the first 2xx is the route's success status. */
  response: Record<number, z.ZodType>;
  /** A valid request, for the generated access-control matrix and the OpenAPI page. */
  example?: { body?: unknown; query?: Record<string, string>; params?: Record<string, string> };
  /**
   * Where a write names a value that is not the call centre's alone (src/contract/ownership.ts): a dialled
   * number, an extension, a marketing-id prefix. The generated tenant-boundary test has a second call centre
   * claim each one (server/http/tenant-boundary.test.ts); a write route with such a field must declare it.
   */
  names?: readonly NamedValue[];
  handler(req: RouteRequest<B, P, Q>, reply: FastifyReply): Promise<unknown> | unknown;
}

export interface NamedValue {
  kind: SharedNameKind;
  /** Where the request carries it: `params.did`, `body.inbound_did`, `body.params.prefixes` (an array of them). */
  at: string;
  /**
   * The answer when the value is another call centre's number or extension: 409 (the default) where the route
   * claims it, the route's own 422 per field (accounts), or 403 / 404 / 422 where the route only acts on a value
   * of the caller's (its own extension, its own number).
   */
  refusal?: 403 | 404 | 409 | 422;
}

export function defineRoute<B = undefined, P = undefined, Q = undefined>(def: RouteDef<B, P, Q>): RouteDef {
  return def as unknown as RouteDef;
}

export function successStatus(def: RouteDef): number {
  return Number(Object.keys(def.response).find((s) => Number(s) < 300) ?? 200);
}
