// Registers the route table under /api/v1 with its access policy: authentication before the body is read,
// function-level access next, object-level access once the parameters are valid. Denials are audited.
// A route on the live calls runs where the calls are driven (forwarding.ts).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { API_BASE } from "../../src/contract/common";
import { allowsFunction, leadAccess, mayActOnAgent, rolesOf, type Caller } from "../auth/access";
import type { Gateway } from "../gateway";
import { FINGERPRINT_COOKIE } from "../modules/auth/cookies";
import { HttpError, MESSAGES } from "./errors";
import { commandDone, sendToCallOwner } from "./forwarding";
import { answeredBefore } from "./idempotency";
import { UNSTORABLE_MESSAGE, unstorablePath } from "./storable";
import type { RouteDef } from "./route";

declare module "fastify" {
  interface FastifyRequest {
    caller?: Caller;
    sessionId?: string;
    /** What a public route's own `authenticate` answered (route.ts). */
    principal?: unknown;
  }
}

/** The content types of an upload route's body (route.ts `upload`), handed to the handler unread. */
export const UPLOAD_TYPES = ["text/csv", "application/octet-stream"];

export function registerRoutes(app: FastifyInstance, gw: Gateway, table: RouteDef[]) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  if (table.some((def) => def.upload))
    app.addContentTypeParser(UPLOAD_TYPES, (req, _payload, done) => {
      // Only an upload route takes these bodies; any other refuses them as it refuses any type it does not read.
      if (!req.routeOptions.config || !(req.routeOptions.config as { upload?: boolean }).upload)
        done(new HttpError(415, "Send this request as JSON."), undefined);
      else done(null, undefined);
    });
  for (const def of table) {
    const policy = def.access;
    typed.route({
      method: def.method,
      url: API_BASE + def.url,
      ...(def.upload && { bodyLimit: def.upload.maxBytes, config: { upload: true } }),
      schema: {
        summary: def.summary,
        tags: def.tags,
        security: policy.public ? [] : [{ bearer: [] }],
        ...(def.body && { body: def.body }),
        ...(def.params && { params: def.params }),
        ...(def.querystring && { querystring: def.querystring }),
        response: def.response,
      },
      onRequest: policy.public
        ? def.authenticate &&
          (async (req) => {
            req.principal = await def.authenticate!(req);
          })
        : async (req, reply) => {
            const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1];
            const outcome = await gw.sessions.authenticate(bearer, req.cookies[FINGERPRINT_COOKIE]);
            if (!outcome.ok) {
              if (outcome.reason !== "invalid_token") {
                await gw.audit.record({ action: "auth", outcome: "denied", ip: req.ip, detail: { reason: outcome.reason, route: routeName(req) } });
              }
              throw new HttpError(401, MESSAGES.unauthenticated);
            }
            const { user, session, token, permissions } = outcome;
            req.sessionId = session.id;
            req.caller = {
              id: user.id,
              tenantId: user.tenantId,
              role: user.role,
              roles: rolesOf(user.role, user),
              permissions,
            };
            reply.header("authorization", `Bearer ${token}`);
            if (!allowsFunction(policy, req.caller)) await deny(gw, req, "function");
          },
      // Before the schemas: no string PostgreSQL cannot store reaches a handler (storable.ts). A route on the live
      // calls, on a standby, is then sent to the instance that drives them, which validates and answers it.
      preValidation: async (req, reply) => {
        refuseUnstorable(req);
        if (def.drivesCalls && (await sendToCallOwner(gw.callOwner, req, reply))) return reply;
      },
      preHandler:
        policy.agentParam || policy.leadParam
          ? async (req) => {
              const params = req.params as Record<string, unknown>;
              // A retry of a write the caller made, answered then (its Idempotency-Key): answered the same now, even
              // when that write changed who may act on the object (idempotency.ts, answeredBefore).
              const replay = () => answeredBefore(gw, req.caller!, req);
              if (policy.agentParam && !(await mayActOnAgent(gw.db, policy, req.caller!, Number(params[policy.agentParam])))) {
                if (await replay()) return;
                await deny(gw, req, "object");
              }
              if (policy.leadParam) {
                const verdict = await leadAccess(gw.db, policy, req.caller!, Number(params[policy.leadParam]));
                if (verdict !== "ok" && (await replay())) return;
                if (verdict === "missing") throw new HttpError(404, MESSAGES.resourceNotFound);
                if (verdict === "denied") await deny(gw, req, "object");
              }
            }
          : undefined,
      // A call command begun here is done when its handler is (its writes and PBX requests), or when the request
      // ends without it (refused before it ran).
      onResponse: def.drivesCalls ? async (req) => commandDone(req) : undefined,
      handler: async (req, reply) => {
        try {
          return await def.handler({ body: req.body, params: req.params, query: req.query, caller: req.caller!, raw: req }, reply);
        } finally {
          if (def.drivesCalls) commandDone(req);
        }
      },
    });
  }
}

function refuseUnstorable(req: FastifyRequest) {
  for (const [part, value] of [["params", req.params], ["querystring", req.query], ["body", req.body]] as const) {
    const at = unstorablePath(value);
    if (at !== null) throw new HttpError(422, MESSAGES.invalid, { [at || part]: [UNSTORABLE_MESSAGE] });
  }
}

const routeName = (req: FastifyRequest) => `${req.method} ${req.routeOptions.url ?? req.url}`;

async function deny(gw: Gateway, req: FastifyRequest, level: "function" | "object"): Promise<never> {
  await gw.audit.record({
    action: "access",
    outcome: "denied",
    userId: req.caller?.id,
    tenantId: req.caller?.tenantId,
    ip: req.ip,
    detail: { level, route: routeName(req) },
  });
  throw new HttpError(403, MESSAGES.forbidden);
}
