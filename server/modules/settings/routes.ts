// The manager's Settings area (admin-and-sign-in §6, §7): every /settings/* route, because the settings module
// writes what they store (server/README.md): the per-tenant settings documents (store.ts; other modules and
// plugins only read them), the call centre's telephony (tenants.inbound_did, inbound_alert_extension) and an
// agent's callable states (users.callable_states). The documents the dialer engine reads: operation hours,
// dialing sequence, quotas, dials per level, publisher suppression and the dialer's own settings. Each screen
// loads and saves its whole set; negative numbers become 0 (§5) where the specification says so, and
// publisher suppression refuses them (minimum 0).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import type { AnyEndpoint, Endpoint } from "../../../src/contract/endpoint";
import {
  DEFAULT_DIALER_SETTINGS,
  DEFAULT_DIALING_SEQUENCE,
  DEFAULT_DIALS_PER_LEVEL,
  DEFAULT_OPERATION_HOURS,
  DEFAULT_PUBLISHER_SUPPRESSION,
  DEFAULT_QUOTAS,
  DIALER_SETTING_KEYS as K,
  DialerSettings,
  DialingSequence,
  DialsPerLevel,
  OperationHours,
  PublisherSuppression,
  readCallableStates,
  readDialerSettings,
  readDialingSequence,
  readDialsPerLevel,
  readOperationHours,
  readPublisherSuppression,
  readQuotas,
  saveCallableStates,
  saveDialerSettings,
  saveDialingSequence,
  saveDialsPerLevel,
  saveOperationHours,
  savePublisherSuppression,
  saveQuotas,
} from "../../../src/contract/dialer";
import {
  DEFAULT_GLOBAL_SETTINGS,
  DEFAULT_TRANSFER_TARGETS,
  readChatNotices,
  readGlobalSettings,
  readTransferTargets,
  saveChatNotices,
  saveGlobalSettings,
  saveTransferTargets,
  TelephonySettings,
  TRANSFER_TARGETS_SETTING_KEY,
  TransferTargetSettings,
  CHAT_NOTICE_SETTING,
  DEFAULT_CHAT_NOTICE_SETTINGS,
} from "../../../src/contract/settings";
import { tenants, users } from "../../db/schema";
import { OWNERSHIP_MESSAGES } from "../../../src/contract/ownership";
import { isUniqueViolation } from "../../db/client";
import { toE164 } from "../calls/phone";
import { claimExtension, claimNumber } from "../ownership/owners";
import type { Gateway } from "../../gateway";
import { HttpError, MESSAGES } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";
import { agentSettingsRoutes } from "./agentSettings";
import { attributeGroupRoutes } from "./attributeGroups";
import { leadBookRoutes } from "./leadBook/routes";
import { callTrackingRoutes } from "./callTracking/routes";
import { settingsChangesRoutes } from "./audit";
import { recordSettingsChange } from "./audit";
import { pluginSettingsRoutes } from "./pluginSwitches";
import { readSetting, writeSetting } from "./store";

/**
 * A stored document as its schema reads it today: a value saved before a rule was tightened (a `javascript:`
 * dashboard link, issue 31) is answered as its default, so the page loads and the next save stores a good one.
 */
function validSetting<T extends object>(doc: T, schema: z.ZodType<T>, fallback: T): T {
  if (schema.safeParse(doc).success) return doc;
  const kept = { ...fallback };
  for (const [k, v] of Object.entries(doc)) {
    const candidate = { ...kept, [k]: v };
    if (schema.safeParse(candidate).success) Object.assign(kept, { [k]: v });
  }
  return kept;
}

/** The settings area belongs to managers, admins and operations-managers (admin-and-sign-in §6). */
export const SETTINGS_ACCESS = { roles: ["manager"] } as const;

export function settingsRoutes(gw: Gateway): RouteDef[] {
  const now = () => new Date(gw.clock.now());

  /** GET and PUT of one settings document stored as its body (its endpoints: settingsDocumentEndpoints). */
  const documentRoutes = <T extends object>(
    endpoints: { read: Endpoint<undefined, undefined, undefined, { 200: z.ZodType<T> }>; save: AnyEndpoint },
    key: string,
    schema: z.ZodType<T>,
    fallback: T,
  ) => [
    defineRoute(endpoints.read, {
      access: SETTINGS_ACCESS,
      handler: async ({ caller }) => validSetting(await readSetting(gw.db, caller.tenantId, key, fallback), schema, fallback),
    }),
    defineRoute(endpoints.save, {
      access: SETTINGS_ACCESS,
      example: { body: fallback },
      async handler({ caller, body }, reply) {
        await writeSetting(gw.db, { tenantId: caller.tenantId, key, value: body as T, at: now(), by: caller.id, fallback });
        reply.code(204);
        return null;
      },
    }),
  ];

  return [
    ...attributeGroupRoutes(gw, SETTINGS_ACCESS),
    ...leadBookRoutes(gw, SETTINGS_ACCESS),
    ...agentSettingsRoutes(gw, SETTINGS_ACCESS),
    ...pluginSettingsRoutes(gw),
    ...settingsChangesRoutes(gw, SETTINGS_ACCESS),
    ...callTrackingRoutes(gw, SETTINGS_ACCESS),
    defineRoute(readGlobalSettings, {
      access: SETTINGS_ACCESS,
      handler: ({ caller }) => readSetting(gw.db, caller.tenantId, "globals", DEFAULT_GLOBAL_SETTINGS),
    }),
    defineRoute(saveGlobalSettings, {
      access: SETTINGS_ACCESS,
      example: { body: DEFAULT_GLOBAL_SETTINGS },
      async handler({ caller, body }, reply) {
        await writeSetting(gw.db, { tenantId: caller.tenantId, key: "globals", value: body, at: now(), by: caller.id, fallback: DEFAULT_GLOBAL_SETTINGS });
        reply.code(204);
        return null;
      },
    }),
    defineRoute(readChatNotices, {
      access: SETTINGS_ACCESS,
      handler: ({ caller }) => readSetting(gw.db, caller.tenantId, CHAT_NOTICE_SETTING, DEFAULT_CHAT_NOTICE_SETTINGS),
    }),
    defineRoute(saveChatNotices, {
      access: SETTINGS_ACCESS,
      example: { body: { overstay_webhook_url: "https://hooks.slack.com/services/T000/B000/XXXX" } },
      async handler({ caller, body }, reply) {
        await writeSetting(gw.db, {
          tenantId: caller.tenantId,
          key: CHAT_NOTICE_SETTING,
          value: body,
          at: now(),
          by: caller.id,
          fallback: DEFAULT_CHAT_NOTICE_SETTINGS,
        });
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "GET",
      url: "/settings/telephony",
      summary: "Not in the specification: the call centre's inbound number (DID) and the extension that sees the Inbound Call Alert.",
      tags: ["settings"],
      access: SETTINGS_ACCESS,
      response: { 200: TelephonySettings },
      async handler({ caller }) {
        const [t] = await gw.db
          .select({ did: tenants.inboundDid, ext: tenants.inboundAlertExtension })
          .from(tenants)
          .where(eq(tenants.id, caller.tenantId))
          .limit(1);
        return { inbound_did: t?.did ?? null, inbound_alert_extension: t?.ext ?? null };
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/settings/telephony",
      summary:
        "Saves the call centre's inbound number (stored as E.164) and Inbound Call Alert extension; null clears either. 204. A number another call centre has (its inbound number or a call-tracking DID) is 409 'This number belongs to another call centre.' on inbound_did; an extension another call centre allows or gives an account is 409 'This extension belongs to another call centre.' on inbound_alert_extension. Audited (subject `telephony`).",
      tags: ["settings"],
      access: SETTINGS_ACCESS,
      body: TelephonySettings,
      response: { 204: z.null(), 409: ErrorBody, 422: ErrorBody },
      example: { body: { inbound_did: "+18005550100", inbound_alert_extension: "1001" } },
      names: [
        { kind: "number", at: "body.inbound_did" },
        { kind: "extension", at: "body.inbound_alert_extension" },
      ],
      async handler({ caller, body }, reply) {
        const next = {
          inbound_did: body.inbound_did ? toE164(body.inbound_did) : null,
          inbound_alert_extension: body.inbound_alert_extension,
        };
        await gw.db.transaction(async (tx) => {
          if (next.inbound_did) await claimNumber(tx, caller.tenantId, next.inbound_did, "inbound_did");
          if (next.inbound_alert_extension)
            await claimExtension(tx, caller.tenantId, next.inbound_alert_extension, "inbound_alert_extension");
          const [before] = await tx
            .select({ inbound_did: tenants.inboundDid, inbound_alert_extension: tenants.inboundAlertExtension })
            .from(tenants)
            .where(eq(tenants.id, caller.tenantId))
            .for("update");
          await tx
            .update(tenants)
            .set({ inboundDid: next.inbound_did, inboundAlertExtension: next.inbound_alert_extension })
            .where(eq(tenants.id, caller.tenantId))
            .catch((e: unknown) => {
              // The number's unique index behind claimNumber.
              if (isUniqueViolation(e))
                throw new HttpError(409, OWNERSHIP_MESSAGES.numberTaken, { inbound_did: [OWNERSHIP_MESSAGES.numberTaken] });
              throw e;
            });
          await recordSettingsChange(tx, {
            tenantId: caller.tenantId,
            by: caller.id,
            subject: "telephony",
            old: before ?? null,
            new: next,
            at: now(),
          });
        });
        reply.code(204);
        return null;
      },
    }),
    ...documentRoutes({ read: readOperationHours, save: saveOperationHours }, K.operationHours, OperationHours, DEFAULT_OPERATION_HOURS),
    ...documentRoutes({ read: readDialingSequence, save: saveDialingSequence }, K.dialingSequence, DialingSequence, DEFAULT_DIALING_SEQUENCE),
    ...documentRoutes({ read: readDialsPerLevel, save: saveDialsPerLevel }, K.dialsPerLevel, DialsPerLevel, DEFAULT_DIALS_PER_LEVEL),
    ...documentRoutes(
      { read: readPublisherSuppression, save: savePublisherSuppression },
      K.publisherSuppression,
      PublisherSuppression,
      DEFAULT_PUBLISHER_SUPPRESSION,
    ),
    ...documentRoutes(
      { read: readTransferTargets, save: saveTransferTargets },
      TRANSFER_TARGETS_SETTING_KEY,
      TransferTargetSettings,
      DEFAULT_TRANSFER_TARGETS,
    ),
    ...documentRoutes({ read: readDialerSettings, save: saveDialerSettings }, K.dialer, DialerSettings, DEFAULT_DIALER_SETTINGS),
    defineRoute(readQuotas, {
      access: SETTINGS_ACCESS,
      async handler({ caller, params }) {
        return { params: await readSetting(gw.db, caller.tenantId, K.quotas(params.kind), DEFAULT_QUOTAS[params.kind]) };
      },
    }),
    defineRoute(saveQuotas, {
      access: SETTINGS_ACCESS,
      example: { body: { params: DEFAULT_QUOTAS.dials } },
      async handler({ caller, params, body }, reply) {
        await writeSetting(gw.db, {
          tenantId: caller.tenantId,
          key: K.quotas(params.kind),
          value: body.params,
          at: now(),
          by: caller.id,
          fallback: DEFAULT_QUOTAS[params.kind],
        });
        reply.code(204);
        return null;
      },
    }),
    defineRoute(readCallableStates, {
      access: { ...SETTINGS_ACCESS, agentParam: "id" },
      async handler({ caller, params }) {
        const [u] = await gw.db
          .select({ states: users.callableStates })
          .from(users)
          .where(and(eq(users.id, params.id), eq(users.tenantId, caller.tenantId)));
        if (!u) throw new HttpError(404, MESSAGES.resourceNotFound);
        return { provinces: u.states ?? null };
      },
    }),
    defineRoute(saveCallableStates, {
      access: { ...SETTINGS_ACCESS, agentParam: "id" },
      example: { body: { provinces: null } },
      async handler({ caller, params, body }, reply) {
        const done = await gw.db
          .update(users)
          .set({ callableStates: body.provinces ? [...new Set(body.provinces)].sort() : null })
          .where(and(eq(users.id, params.id), eq(users.tenantId, caller.tenantId)))
          .returning({ id: users.id });
        if (!done.length) throw new HttpError(404, MESSAGES.resourceNotFound);
        reply.code(204);
        return null;
      },
    }),
  ];
}
