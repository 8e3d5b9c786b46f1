import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from "axios";
import { onTestFinished } from "vitest";
import type { z } from "zod";
import { ErrorBody } from "../contract/common";
import { IDEMPOTENCY_HEADER } from "../contract/dispositions";
import {
  matchEndpointPath,
  pathParams,
  type AnyEndpoint,
  type BodyOut,
  type EndpointReply,
  type ParamsOut,
  type QueryOut,
} from "../contract/endpoint";

export interface Reply {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}
/** Stands for a request that never got an answer (gateway down). */
export const NETWORK_DOWN = { network: true } as const;

export interface SeenRequest {
  method: string;
  /** As sent, with its query when it has one. */
  url: string;
  /** The url without its query. */
  path: string;
  /** The query's values, as the gateway reads them (a name given twice: an array). */
  query: Record<string, string | string[]>;
  body: unknown;
  authorization: string | undefined;
  /** Every request header, lower-cased names. */
  headers: Record<string, string>;
}
type Answer = Reply | typeof NETWORK_DOWN;
type Handler = Answer | ((req: SeenRequest) => Answer | Promise<Answer>);

/** A request of an endpoint as its route would get it: params, query and body parsed by its schemas. */
export interface EndpointRequest<E> extends Omit<SeenRequest, "body" | "query"> {
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: BodyOut<E>;
}
/**
 * An error any route may answer although its endpoint does not list it (the session, the access policy, a plugin
 * the call centre lacks, a broken gateway): an ErrorBody, or nothing.
 */
export type GatewayError = {
  status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 423 | 429 | 500 | 502 | 503 | 504;
  data?: ErrorBody;
  headers?: Record<string, string>;
};
/** What a fake route of an endpoint may answer: a reply it declares, an error any route may send, or no answer. */
export type FakeReply<E> = EndpointReply<E> | GatewayError | typeof NETWORK_DOWN;
export type EndpointHandler<E> = FakeReply<E> | ((req: EndpointRequest<E>) => FakeReply<E> | Promise<FakeReply<E>>);

/** One endpoint's answers in a fake gateway: `reply(listOverstays, { status: 200, data: { data: [] } })`. */
export interface EndpointRoute {
  endpoint: AnyEndpoint;
  handler: EndpointHandler<AnyEndpoint>;
}
export function reply<E extends AnyEndpoint>(endpoint: E, handler: EndpointHandler<E>): EndpointRoute {
  return { endpoint, handler: handler as EndpointHandler<AnyEndpoint> };
}

const INVALID = "The given data was invalid.";
const issuesOf = (error: z.ZodError, part: string): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[issue.path.join(".") || part] ??= []).push(issue.message);
  return errors;
};
const listed = (errors: Record<string, string[]>) =>
  Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(", ")}`)
    .join("; ");

/**
 * A gateway in memory for axios, relative to /api/v1. Unknown routes answer 404. It applies axios' validateStatus
 * itself, as the built-in adapters do.
 *
 * Routes are endpoint objects (src/contract/endpoint.ts), in a list of `reply(endpoint, answer)`, or added later
 * with `gateway.reply(endpoint, answer)`; `answer` is a reply or a function of the request (its params, query and
 * body parsed). The fake then does what the gateway would:
 * - a request whose params, query or body the endpoint's schemas refuse gets the gateway's 422 (its handler is
 *   not run), and an idempotent write without an Idempotency-Key is noted;
 * - a reply is checked against the endpoint's schema for its status: a success or error answer it declares must
 *   parse, an error it does not declare must be an ErrorBody (or empty), and a 2xx it does not declare is refused.
 * Each mismatch fails the running test when it ends, with what was wrong (and the request meanwhile fails).
 *
 * The older form, `{ "METHOD /path": answer }` (or as a second argument beside a list), still works, without
 * checks: the url as sent first, then without its query. An endpoint's answer comes first.
 */
export function fakeGateway(routes: Record<string, Handler> | EndpointRoute[] = {}, more: Record<string, Handler> = {}) {
  const requests: SeenRequest[] = [];
  const strings: Record<string, Handler> = Array.isArray(routes) ? more : routes;
  const endpoints: EndpointRoute[] = Array.isArray(routes) ? [...routes] : [];
  /** What the fake found wrong, in order; the test that made them fails at its end. */
  const problems: string[] = [];
  let failing = false;
  const problem = (text: string) => {
    problems.push(text);
    if (failing) return;
    try {
      onTestFinished(() => {
        failing = false;
        const found = problems.splice(0);
        if (found.length) throw new Error(`fakeGateway:\n- ${found.join("\n- ")}`);
      });
      failing = true;
    } catch {
      // Outside a test (a module-level request): the failed request says it.
    }
  };
  /** Endpoint routes for a path: the one with the fewest parameters first (`/notes/all` before `/notes/:id`). */
  const endpointFor = (method: string, path: string) =>
    endpoints
      .filter((r) => r.endpoint.method === method)
      .map((r) => ({ route: r, params: matchEndpointPath(r.endpoint, path) }))
      .filter((m): m is { route: EndpointRoute; params: Record<string, string> } => m.params !== null)
      .sort((a, b) => pathParams(a.route.endpoint.path).length - pathParams(b.route.endpoint.path).length)[0];

  const answerEndpoint = async (
    endpoint: AnyEndpoint,
    handler: EndpointHandler<AnyEndpoint>,
    req: SeenRequest,
    rawParams: Record<string, string>,
  ): Promise<Answer> => {
    const name = `${endpoint.method} ${endpoint.path}`;
    const parsed: Record<string, unknown> = {};
    let errors: Record<string, string[]> = {};
    for (const [part, schema, value] of [
      ["params", endpoint.params, rawParams],
      ["querystring", endpoint.query, req.query],
      ["body", endpoint.body, req.body],
    ] as const) {
      if (!schema) continue;
      const r = (schema as z.ZodType).safeParse(value);
      if (r.success) parsed[part] = r.data;
      else errors = { ...errors, ...issuesOf(r.error, part) };
    }
    if (Object.keys(errors).length) {
      problem(`${req.method} ${req.url} (${name}): the endpoint's schemas refuse the request (${listed(errors)}); the gateway answers 422 without reaching the route`);
      return { status: 422, data: { message: INVALID, errors } };
    }
    if (endpoint.idempotent && !req.headers[IDEMPOTENCY_HEADER.toLowerCase()])
      problem(`${req.method} ${req.url} (${name}): an idempotent write sent without an ${IDEMPOTENCY_HEADER}`);
    const request: EndpointRequest<AnyEndpoint> = {
      ...req,
      params: parsed.params,
      query: parsed.querystring,
      body: parsed.body,
    };
    const answer = typeof handler === "function" ? await handler(request) : handler;
    if ("network" in answer) return answer;
    const wrong = replyProblem(endpoint, answer);
    if (wrong) {
      const text = `${req.method} ${req.url} (${name}): the test's reply ${answer.status} is one the gateway could not send: ${wrong}`;
      problem(text);
      throw new Error(`fakeGateway: ${text}`);
    }
    return answer;
  };

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers);
    const url = config.url ?? "";
    const [path, search = ""] = url.split("?", 2) as [string, string?];
    const params: unknown = config.params;
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of [
      ...new URLSearchParams(search),
      ...(params instanceof URLSearchParams ? [...params] : Object.entries((params ?? {}) as Record<string, unknown>)),
    ]) {
      if (v === undefined || v === null) continue;
      const before = query[k];
      query[k] = before === undefined ? String(v) : [...(Array.isArray(before) ? before : [before]), String(v)];
    }
    const req: SeenRequest = {
      method: (config.method ?? "get").toUpperCase(),
      url,
      path,
      query,
      body: typeof config.data === "string" && config.data !== "" ? JSON.parse(config.data) : config.data,
      authorization: headers.get("Authorization")?.toString(),
      headers: Object.fromEntries(Object.entries(headers.toJSON()).map(([k, v]) => [k.toLowerCase(), String(v)])),
    };
    requests.push(req);
    const matched = endpointFor(req.method, path);
    const handler = matched ? undefined : (strings[`${req.method} ${url}`] ?? strings[`${req.method} ${path}`]);
    const answer: Answer = matched
      ? await answerEndpoint(matched.route.endpoint, matched.route.handler, req, matched.params)
      : handler === undefined
        ? { status: 404, data: { message: "The API Endpoint does not exist." } }
        : typeof handler === "function"
          ? await handler(req)
          : handler;
    if ("network" in answer) throw new AxiosError("Network Error", AxiosError.ERR_NETWORK, config, {});
    const response = {
      data: answer.data ?? "",
      status: answer.status,
      statusText: String(answer.status),
      headers: new AxiosHeaders(answer.headers ?? {}),
      config,
      request: {},
    };
    if (config.validateStatus && !config.validateStatus(answer.status)) {
      const code = answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
      throw new AxiosError(`Request failed with status code ${answer.status}`, code, config, {}, response);
    }
    return response;
  };
  return {
    adapter,
    requests,
    /** The "METHOD /path" routes (add or replace one by assigning). */
    routes: strings,
    /** What the fake found wrong so far in the running test (it fails at its end). */
    problems,
    /** Answers an endpoint (replacing its earlier answer): `gateway.reply(readSettings, { status: 200, data })`. */
    reply<E extends AnyEndpoint>(endpoint: E, handler: EndpointHandler<E>) {
      const at = endpoints.findIndex((r) => r.endpoint === endpoint);
      if (at >= 0) endpoints.splice(at, 1);
      endpoints.push(reply(endpoint, handler));
      return this;
    },
  };
}
export type FakeGateway = ReturnType<typeof fakeGateway>;

/** Why the gateway could not send this reply of the endpoint, or null when it could. */
export function replyProblem(endpoint: AnyEndpoint, answer: Reply): string | null {
  const schema = (endpoint.responses as Record<number, z.ZodType | undefined>)[answer.status];
  const declared = Object.keys(endpoint.responses).join(", ");
  if (schema) {
    // An error may come without a body here (the fake sends none); a success answers what its schema says.
    if (answer.status >= 400 && answer.data === undefined) return null;
    const r = schema.safeParse(answer.data === undefined ? null : answer.data);
    return r.success ? null : `its data does not match the endpoint's ${answer.status} schema (${listed(issuesOf(r.error, "data"))})`;
  }
  if (answer.status < 400) return `the endpoint declares no ${answer.status} answer (it declares ${declared})`;
  if (answer.data === undefined) return null;
  return ErrorBody.safeParse(answer.data).success
    ? null
    : `an error the endpoint does not declare must carry an ErrorBody { message, errors? } (it declares ${declared})`;
}
