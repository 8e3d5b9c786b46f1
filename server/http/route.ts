// A route is data: method, path, access policy, zod schemas and a handler. The gateway registers the table
// and the access-control matrix test is generated from the same table, so no route escapes either.
// A route of an endpoint (src/contract/endpoint.ts, issue 34) takes its method, path, schemas and summary from the
// endpoint the browser calls: `defineRoute(endpoint, { access, handler })`.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type {
  AnyEndpoint,
  BodyOut,
  EndpointAnswer,
  Method,
  ParamsOut,
  QueryOut,
} from "../../src/contract/endpoint";
import type { SharedNameKind } from "../../src/contract/ownership";
import type { AccessPolicy, Caller } from "../auth/access";

export type { Method };

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
  /** The endpoint the route answers, when it was defined from one (its writes take an Idempotency-Key: `idempotent`). */
  endpoint?: AnyEndpoint;
  /**
   * A file upload (a lead list, a Do Not Call list): the body, sent as text/csv or application/octet-stream, is not
   * read for the route; the handler gets it as a stream (`req.raw`, `body` undefined) and reads it piece by piece,
   * never whole. Fastify refuses a body over `maxBytes` with 413; the caller is authenticated before a byte is read.
   */
  upload?: { maxBytes: number };
  /**
   * A public route's own credential (a publisher's API key): checked before the body is read or validated, so a
   * caller without a valid one gets its 401 / 403 / 429 and learns nothing of the body's rules. What it answers
   * (the key, say) reaches the handler as `req.raw.principal`.
   */
  authenticate?(raw: FastifyRequest): Promise<unknown>;
  /**
   * The route reads or commands the live calls (the call service, its transfers, live transfers, supervision): in a
   * cluster on one PBX it runs on the instance that drives the PBX, a standby sends it there once the caller is
   * authenticated (server/http/forwarding.ts). A route that reads only rows or asks the PBX leaves it out.
   */
  drivesCalls?: true;
  handler(req: RouteRequest<B, P, Q>, reply: FastifyReply): Promise<unknown> | unknown;
}

/** What a route adds to its endpoint: who may call it, what it does, and the gateway's test data. */
export interface EndpointRoute<E extends AnyEndpoint> {
  access: AccessPolicy;
  /** Handlers answer what one of the endpoint's response schemas takes (the success, or the error they set). */
  handler(
    req: RouteRequest<BodyOut<E>, ParamsOut<E>, QueryOut<E>>,
    reply: FastifyReply,
  ): Promise<EndpointAnswer<E>> | EndpointAnswer<E>;
  example?: RouteDef["example"];
  names?: readonly NamedValue[];
  /** OpenAPI tags, when the endpoint has none. */
  tags?: string[];
  upload?: RouteDef["upload"];
  authenticate?: RouteDef["authenticate"];
  drivesCalls?: RouteDef["drivesCalls"];
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

/**
 * A route of the table. Of an endpoint: `defineRoute(endpoint, { access, handler, example?, names? })`, its method,
 * url, schemas, summary and tags the endpoint's. Without one (a route no browser code calls by an object yet):
 * `defineRoute({ method, url, summary, access, body, params, querystring, response, handler })`.
 */
export function defineRoute<E extends AnyEndpoint>(endpoint: E, route: EndpointRoute<E>): RouteDef;
export function defineRoute<B = undefined, P = undefined, Q = undefined>(def: RouteDef<B, P, Q>): RouteDef;
export function defineRoute(first: RouteDef | AnyEndpoint, route?: EndpointRoute<AnyEndpoint>): RouteDef {
  if (!route) return first as RouteDef;
  const e = first as AnyEndpoint;
  return {
    method: e.method,
    url: e.path,
    summary: e.summary,
    ...((e.tags ?? route.tags) && { tags: e.tags ?? route.tags }),
    access: route.access,
    ...(e.body && { body: e.body }),
    ...(e.params && { params: e.params }),
    ...(e.query && { querystring: e.query }),
    response: e.responses,
    ...(route.example && { example: route.example }),
    ...(route.names && { names: route.names }),
    ...(route.upload && { upload: route.upload }),
    ...(route.authenticate && { authenticate: route.authenticate }),
    ...(route.drivesCalls && { drivesCalls: route.drivesCalls }),
    endpoint: e,
    handler: route.handler as RouteDef["handler"],
  };
}

export function successStatus(def: RouteDef): number {
  return Number(Object.keys(def.response).find((s) => Number(s) < 300) ?? 200);
}
