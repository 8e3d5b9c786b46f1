// A route is data: method, path, access policy, zod schemas and a handler. The gateway registers the table
// and the access-control matrix test is generated from the same table, so no route escapes either.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
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
  example?: { body?: unknown; query?: Record<string, string> };
  handler(req: RouteRequest<B, P, Q>, reply: FastifyReply): Promise<unknown> | unknown;
}

export function defineRoute<B = undefined, P = undefined, Q = undefined>(def: RouteDef<B, P, Q>): RouteDef {
  return def as unknown as RouteDef;
}

export function successStatus(def: RouteDef): number {
  return Number(Object.keys(def.response).find((s) => Number(s) < 300) ?? 200);
}
