// The call-tracking provider's settings (admin-and-sign-in §2 retreaver-mappings and configurations, §4, §5, §7):
// the Retreaver mappings (DID → marketing-id prefix and two options) and the maximum calls amount. Both are the
// caller's call centre's only. Each write records its audit row in the same transaction (subject
// `retreaver-mappings`; the amount is a settings document, `max-calls-amount`). What they do to the running call
// centre is the inbound call flow's (server/modules/calls/inbound.ts).
import { and, eq } from "drizzle-orm";
import {
  DEFAULT_MAX_CALLS_AMOUNT,
  didProblem,
  listMappings,
  MAPPING_MESSAGES as M,
  MAX_CALLS_AMOUNT_KEY,
  readMaxCallsAmount,
  removeMapping,
  RETREAVER_MAPPINGS_SUBJECT,
  saveMapping,
  saveMaxCallsAmount,
} from "../../../../src/contract/callTracking";
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

const EXAMPLE_MAPPING = { prefix: "ISF", duplicate_checker: true, short_calls: false };

export function callTrackingRoutes(gw: Gateway, access: { roles: readonly ["manager"] }): RouteDef[] {
  const now = () => new Date(gw.clock.now());
  return [
    defineRoute(listMappings, {
      access,
      handler: ({ caller }) => mappingsOf(gw.db, caller.tenantId),
    }),
    defineRoute(saveMapping, {
      access,
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
    defineRoute(removeMapping, {
      access,
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
    defineRoute(readMaxCallsAmount, {
      access,
      handler: ({ caller }) =>
        readSetting(gw.db, caller.tenantId, MAX_CALLS_AMOUNT_KEY, DEFAULT_MAX_CALLS_AMOUNT),
    }),
    defineRoute(saveMaxCallsAmount, {
      access,
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
