// The call-tracking provider's settings (admin-and-sign-in §2 retreaver-mappings and configurations, §4, §5, §7):
// the Retreaver mappings (DID → marketing-id prefix and two options) and the maximum calls amount. Both are the
// caller's call centre's only. Each write records its audit row in the same transaction (subject
// `retreaver-mappings`; the amount is a settings document, `max-calls-amount`). What they do to the running call
// centre is the inbound call flow's (server/modules/calls/inbound.ts).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import {
  DEFAULT_MAX_CALLS_AMOUNT,
  didProblem,
  MAPPING_MESSAGES as M,
  MappingBody,
  MappingList,
  MappingParams,
  MappingQuery,
  MAX_CALLS_AMOUNT_KEY,
  MAX_CALLS_AMOUNT_URL,
  MaxCallsAmount,
  MaxCallsAmountBody,
  RETREAVER_MAPPINGS_SUBJECT,
  RETREAVER_MAPPINGS_URL,
} from "../../../../src/contract/callTracking";
import { ErrorBody } from "../../../../src/contract/common";
import { retreaverMappings } from "../../../db/schema";
import type { Gateway } from "../../../gateway";
import { OWNERSHIP_MESSAGES } from "../../../../src/contract/ownership";
import { isUniqueViolation } from "../../../db/client";
import { fieldError, HttpError, MESSAGES } from "../../../http/errors";
import { claimNumber } from "../../ownership/owners";
import { defineRoute, type RouteDef } from "../../../http/route";
import { recordSettingsChange } from "../audit";
import { readSetting, writeSetting } from "../store";
import { mappingsOf } from "./service";

/** The path's DID, trimmed, or 422 with the specification's message on did. */
function didOf(raw: string): string {
  const problem = didProblem(raw);
  if (problem) throw fieldError("did", problem);
  return raw.trim();
}

const TAGS = ["settings"];
const EXAMPLE_MAPPING = { prefix: "ISF", duplicate_checker: true, short_calls: false };

export function callTrackingRoutes(gw: Gateway, access: { roles: readonly ["manager"] }): RouteDef[] {
  const now = () => new Date(gw.clock.now());
  return [
    defineRoute({
      method: "GET",
      url: RETREAVER_MAPPINGS_URL,
      summary:
        "The call centre's Retreaver (call-tracking provider) mappings, an object keyed by did (10 digits): {did: {prefix, duplicate_checker, short_calls}}. An inbound call to a mapped DID is the call centre's; a caller who is not yet a lead becomes one with the prefix and the campaign whose Marketing ID Prefix or Additional Prefixes hold it.",
      tags: TAGS,
      access,
      response: { 200: MappingList },
      handler: ({ caller }) => mappingsOf(gw.db, caller.tenantId),
    }),
    defineRoute({
      method: "POST",
      url: `${RETREAVER_MAPPINGS_URL}/:did`,
      summary:
        "Adds or updates the mapping of a DID: {prefix (required, trimmed, at most 48), duplicate_checker (default true: a caller already a lead is attached to that lead; off, each call makes a new lead), short_calls (default false; kept for the provider)}; booleans, 0 or 1. 201 for both. ?mode=add refuses a DID already mapped (422 'DID already exists' on did); a DID another call centre maps or has as its inbound number is 409 'This number belongs to another call centre.' on did (a dialled number reaches one call centre); ?mode=edit refuses one that is not (404): the page says which it does. A DID that is not 10 digits is 422 'Invalid DID format (must be 10 digits)' on did; a blank prefix 'Prefix is required' on prefix.",
      tags: TAGS,
      access,
      params: MappingParams,
      querystring: MappingQuery,
      body: MappingBody,
      response: { 201: z.object({ data: z.object({ did: z.string() }) }), 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      example: { body: EXAMPLE_MAPPING, query: { mode: "add" } },
      names: [
        { kind: "number", at: "params.did" },
        { kind: "prefix", at: "body.prefix" },
      ],
      async handler({ caller, params, query, body }, reply) {
        const tenantId = caller.tenantId;
        const did = didOf(params.did);
        const next = {
          prefix: body.prefix,
          duplicate_checker: body.duplicate_checker,
          short_calls: body.short_calls,
        };
        await gw.db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(retreaverMappings)
            .where(and(eq(retreaverMappings.tenantId, tenantId), eq(retreaverMappings.did, did)))
            .for("update");
          if (before && query.mode === "add") throw fieldError("did", M.didExists);
          if (!before && query.mode === "edit") throw new HttpError(404, MESSAGES.resourceNotFound);
          // A DID reaches one call centre: another's mapping or main number is 409.
          if (!before) await claimNumber(tx, tenantId, did, "did");
          const row = {
            prefix: next.prefix,
            duplicateChecker: next.duplicate_checker,
            shortCalls: next.short_calls,
          };
          // A concurrent add of the same DID meets the primary key: the later one is an update of it. The
          // number's unique index, not per tenant, is the database's own guard behind claimNumber.
          await tx
            .insert(retreaverMappings)
            .values({ tenantId, did, ...row })
            .onConflictDoUpdate({ target: [retreaverMappings.tenantId, retreaverMappings.did], set: row })
            .catch((e: unknown) => {
              if (isUniqueViolation(e)) throw new HttpError(409, OWNERSHIP_MESSAGES.numberTaken, { did: [OWNERSHIP_MESSAGES.numberTaken] });
              throw e;
            });
          const old = before
            ? {
                did,
                prefix: before.prefix,
                duplicate_checker: before.duplicateChecker,
                short_calls: before.shortCalls,
              }
            : null;
          await recordSettingsChange(tx, {
            tenantId,
            by: caller.id,
            subject: RETREAVER_MAPPINGS_SUBJECT,
            old,
            new: { did, ...next },
            at: now(),
          });
        });
        reply.code(201);
        return { data: { did } };
      },
    }),
    defineRoute({
      method: "DELETE",
      url: `${RETREAVER_MAPPINGS_URL}/:did`,
      summary:
        "Deletes the mapping of a DID: calls to it are no longer the call centre's by this mapping (leads it made stay). 204; 404 when the call centre has no mapping of it; 422 when the DID is not 10 digits.",
      tags: TAGS,
      access,
      params: MappingParams,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      async handler({ caller, params }, reply) {
        const did = didOf(params.did);
        await gw.db.transaction(async (tx) => {
          const gone = await tx
            .delete(retreaverMappings)
            .where(and(eq(retreaverMappings.tenantId, caller.tenantId), eq(retreaverMappings.did, did)))
            .returning();
          const [was] = gone;
          if (!was) throw new HttpError(404, MESSAGES.resourceNotFound);
          await recordSettingsChange(tx, {
            tenantId: caller.tenantId,
            by: caller.id,
            subject: RETREAVER_MAPPINGS_SUBJECT,
            old: {
              did: was.did,
              prefix: was.prefix,
              duplicate_checker: was.duplicateChecker,
              short_calls: was.shortCalls,
            },
            new: null,
            at: now(),
          });
        });
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "GET",
      url: MAX_CALLS_AMOUNT_URL,
      summary:
        "Configurations: {maxCallsAmount}, the most simultaneous inbound calls the call centre takes from the call-tracking provider (calls to its mapped DIDs); over it a new one is hung up busy before ringing an agent. 0 (the default) means no limit.",
      tags: TAGS,
      access,
      response: { 200: MaxCallsAmount },
      handler: ({ caller }) =>
        readSetting(gw.db, caller.tenantId, MAX_CALLS_AMOUNT_KEY, DEFAULT_MAX_CALLS_AMOUNT),
    }),
    defineRoute({
      method: "PUT",
      url: MAX_CALLS_AMOUNT_URL,
      summary:
        "Saves {maxCallsAmount}: a whole number of at most 9 digits (a number or its digits; empty or 0: no limit), else 422 on maxCallsAmount. 204.",
      tags: TAGS,
      access,
      body: MaxCallsAmountBody,
      response: { 204: z.null(), 422: ErrorBody },
      example: { body: { maxCallsAmount: 25 } },
      async handler({ caller, body }, reply) {
        await writeSetting(gw.db, {
          tenantId: caller.tenantId,
          key: MAX_CALLS_AMOUNT_KEY,
          value: { maxCallsAmount: body.maxCallsAmount },
          at: now(),
          by: caller.id,
          fallback: DEFAULT_MAX_CALLS_AMOUNT,
        });
        reply.code(204);
        return null;
      },
    }),
  ];
}
