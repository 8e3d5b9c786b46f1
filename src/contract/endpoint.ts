// One gateway endpoint, written once (issue 34): its method, its path under /api/v1, the zod schemas of its path
// parameters, query, body and answers by status, and whether a write takes an Idempotency-Key. Every side reads
// the same object:
// - the gateway binds access and a handler to it: `defineRoute(endpoint, { access, handler })` (server/http/route.ts,
//   through server/sdk for a plugin), so the route table, the access matrix, the fuzz tests and OpenAPI read it;
// - the browser calls it by the object: `callEndpoint(ctx, endpoint, { params, query, body })` (src/api/endpoint.ts,
//   in the SDK), which builds the path, adds the Idempotency-Key and parses the answer into a typed result;
// - the tests' fake gateway answers it by the object, `reply(endpoint, …)` (src/test/fakeGateway.ts), and checks
//   each request and each reply against these schemas.
// docs/plugins.md "Endpoints" walks through it.
import type { z } from "zod";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The answers by HTTP status; the first 2xx is the endpoint's success. */
export type Responses = { readonly [status: number]: z.ZodType };

type Schema = z.ZodType | undefined;

export interface Endpoint<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends Responses = Responses,
> {
  readonly method: Method;
  /** Under /api/v1, Fastify style: `/agents/:id/statistics`. */
  readonly path: string;
  /** What it does and answers, for the OpenAPI page (the route's summary). */
  readonly summary: string;
  readonly tags?: string[];
  /** The path's parameters, as the gateway reads them (strings on the wire: `idParam`, `RecordId`). */
  readonly params: P;
  /** The query, as the gateway reads it (strings on the wire). */
  readonly query: Q;
  readonly body: B;
  readonly responses: R;
  /**
   * A write that must not double (ARCHITECTURE.md decision 15): the browser sends an Idempotency-Key
   * (IDEMPOTENCY_HEADER) and retries a transient failure under the same key; the gateway's handler runs the write
   * in `idempotent(…)` (server/http/idempotency.ts; a plugin: `ctx.idempotent`).
   */
  readonly idempotent: boolean;
  /** The first 2xx status of `responses`. */
  readonly success: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint, whatever its schemas
export type AnyEndpoint = Endpoint<any, any, any, any>;

export interface EndpointSpec<P extends Schema, Q extends Schema, B extends Schema, R extends Responses> {
  method: Method;
  path: string;
  summary: string;
  tags?: string[];
  params?: P;
  query?: Q;
  body?: B;
  responses: R;
  idempotent?: boolean;
}

/**
 * Declares an endpoint. Its path's `:name` parameters must be the keys of `params` (checked here, so a mismatch
 * fails when the module loads), it needs one 2xx answer, and only a write may be `idempotent`.
 */
export function defineEndpoint<
  R extends Responses,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
>(spec: EndpointSpec<P, Q, B, R>): Endpoint<P, Q, B, R> {
  const where = `${spec.method} ${spec.path}`;
  if (!/^\/[^?#]*$/.test(spec.path)) throw new Error(`defineEndpoint ${where}: the path starts with / and has no query`);
  const success = Object.keys(spec.responses)
    .map(Number)
    .sort((a, b) => a - b)
    .find((s) => s >= 200 && s < 300);
  if (success === undefined) throw new Error(`defineEndpoint ${where}: no 2xx answer in responses`);
  if (spec.idempotent && spec.method === "GET") throw new Error(`defineEndpoint ${where}: a GET is not a write`);
  const named = pathParams(spec.path);
  const shape = (spec.params as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (named.length && !spec.params) throw new Error(`defineEndpoint ${where}: the path has parameters and no params schema`);
  if (shape) {
    const declared = Object.keys(shape);
    const missing = named.filter((n) => !declared.includes(n));
    const extra = declared.filter((n) => !named.includes(n));
    if (missing.length || extra.length)
      throw new Error(`defineEndpoint ${where}: params must name the path's parameters (path: ${named.join(", ") || "none"}; params: ${declared.join(", ") || "none"})`);
  }
  return Object.freeze({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    ...(spec.tags && { tags: spec.tags }),
    params: spec.params as P,
    query: spec.query as Q,
    body: spec.body as B,
    responses: spec.responses,
    idempotent: spec.idempotent ?? false,
    success,
  });
}

/** `:name` parameters of a path, in order. */
export const pathParams = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

// ------------------------------------------------------------------------------------------------ types

type ParamsSchema<E> = E extends Endpoint<infer P, Schema, Schema, Responses> ? P : never;
type QuerySchema<E> = E extends Endpoint<Schema, infer Q, Schema, Responses> ? Q : never;
type BodySchema<E> = E extends Endpoint<Schema, Schema, infer B, Responses> ? B : never;
type ResponsesOf<E> = E extends Endpoint<Schema, Schema, Schema, infer R> ? R : never;

/** What the gateway's handler gets, parsed: `params`, `query`, `body` (undefined where the endpoint has none). */
export type ParamsOut<E> = ParamsSchema<E> extends z.ZodType ? z.output<ParamsSchema<E>> : undefined;
export type QueryOut<E> = QuerySchema<E> extends z.ZodType ? z.output<QuerySchema<E>> : undefined;
export type BodyOut<E> = BodySchema<E> extends z.ZodType ? z.output<BodySchema<E>> : undefined;

/** A value the browser may put in a path or a query: a number for a decimal string (an id), literals kept. */
type WireValue<V> = V extends string
  ? string extends V
    ? string | number
    : V
  : V extends readonly (infer I)[]
    ? readonly WireValue<I>[]
    : V;
type Wire<T> = { [K in keyof T]: WireValue<T[K]> };

/** The path parameters and the query as the browser passes them. */
export type ParamsIn<E> = ParamsSchema<E> extends z.ZodType ? Wire<z.input<ParamsSchema<E>>> : undefined;
export type QueryIn<E> = QuerySchema<E> extends z.ZodType ? Wire<z.input<QuerySchema<E>>> : undefined;
export type BodyIn<E> = BodySchema<E> extends z.ZodType ? z.input<BodySchema<E>> : undefined;

type Slot<K extends string, S, V> = S extends z.ZodType
  ? object extends V
    ? { [k in K]?: V }
    : { [k in K]: V }
  : { [k in K]?: undefined };

/** What a call of the endpoint passes: `params` and `body` where it has them, `query` (optional where it may be). */
export type EndpointInput<E> = Slot<"params", ParamsSchema<E>, ParamsIn<E>> &
  Slot<"query", QuerySchema<E>, QueryIn<E>> &
  Slot<"body", BodySchema<E>, BodyIn<E>>;

type IsSuccess<S> = `${S & number}` extends `2${string}` ? true : false;

/** The success answer, parsed: the output of its 2xx schema (of each, where it has several). */
export type EndpointData<E> = {
  [S in keyof ResponsesOf<E>]: IsSuccess<S> extends true
    ? ResponsesOf<E>[S] extends z.ZodType
      ? z.output<ResponsesOf<E>[S]>
      : never
    : never;
}[keyof ResponsesOf<E>];

/** What the gateway's handler may return: an answer one of its schemas takes. */
export type EndpointAnswer<E> = {
  [S in keyof ResponsesOf<E>]: ResponsesOf<E>[S] extends z.ZodType ? z.input<ResponsesOf<E>[S]> : never;
}[keyof ResponsesOf<E>];

/** A reply the endpoint declares, status by status (the tests' fake gateway takes these). */
export type EndpointReply<E> = {
  [S in keyof ResponsesOf<E>]: ResponsesOf<E>[S] extends z.ZodType
    ? null extends z.input<ResponsesOf<E>[S]>
      ? { status: S & number; data?: z.input<ResponsesOf<E>[S]>; headers?: Record<string, string> }
      : { status: S & number; data: z.input<ResponsesOf<E>[S]>; headers?: Record<string, string> }
    : never;
}[keyof ResponsesOf<E>];

// ------------------------------------------------------------------------------------------------ the wire

type WireRecord = Readonly<Record<string, unknown>>;

/** The path with its parameters filled in and encoded: `/agents/7/statistics`. */
export function endpointPath(endpoint: AnyEndpoint, params?: WireRecord): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "")
      throw new Error(`${endpoint.method} ${endpoint.path}: no value for the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string (without `?`): undefined and null left out, an array as the same name repeated. */
export function endpointQuery(query?: WireRecord): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v));
  }
  return search.toString();
}

/** The address of a call under /api/v1: its path, and its query when it has one. */
export function endpointUrl(endpoint: AnyEndpoint, input: { params?: unknown; query?: unknown } = {}): string {
  const path = endpointPath(endpoint, input.params as WireRecord | undefined);
  const query = endpointQuery(input.query as WireRecord | undefined);
  return query ? `${path}?${query}` : path;
}

/** The path's parameters (decoded strings) when `path` is one of this endpoint's, else null. */
export function matchEndpointPath(endpoint: AnyEndpoint, path: string): Record<string, string> | null {
  const names = pathParams(endpoint.path);
  const pattern = endpoint.path
    .split(/:\w+/)
    .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("([^/]+)");
  const m = new RegExp(`^${pattern}$`).exec(path);
  if (!m) return null;
  try {
    return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
  } catch {
    return null;
  }
}
