import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import { eq } from "drizzle-orm";
import { DEFAULT_GLOBAL_SETTINGS, GlobalSettings, TelephonySettings } from "../../../src/contract/settings";
import { tenants } from "../../db/schema";
import { toE164 } from "../calls/phone";
import type { Gateway } from "../../gateway";
import { defineRoute, type RouteDef } from "../../http/route";
import { readSetting, writeSetting } from "./store";

/** The settings area belongs to managers, admins and operations-managers (admin-and-sign-in §6). */
export const SETTINGS_ACCESS = { roles: ["manager"] } as const;

export function settingsRoutes(gw: Gateway): RouteDef[] {
  return [
    defineRoute({
      method: "GET",
      url: "/settings/globals",
      summary: "General Settings: every global key as a number.",
      tags: ["settings"],
      access: SETTINGS_ACCESS,
      response: { 200: GlobalSettings },
      handler: ({ caller }) => readSetting(gw.db, caller.tenantId, "globals", DEFAULT_GLOBAL_SETTINGS),
    }),
    defineRoute({
      method: "PUT",
      url: "/settings/globals",
      summary: "Saves the whole set of global settings.",
      tags: ["settings"],
      access: SETTINGS_ACCESS,
      body: GlobalSettings,
      response: { 204: z.null(), 422: ErrorBody },
      example: { body: DEFAULT_GLOBAL_SETTINGS },
      async handler({ caller, body }, reply) {
        await writeSetting(gw.db, caller.tenantId, "globals", body, new Date(gw.clock.now()));
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
      summary: "Saves the call centre's inbound number (stored as E.164) and Inbound Call Alert extension; null clears either. 204.",
      tags: ["settings"],
      access: SETTINGS_ACCESS,
      body: TelephonySettings,
      response: { 204: z.null(), 422: ErrorBody },
      example: { body: { inbound_did: "+18005550100", inbound_alert_extension: "1001" } },
      async handler({ caller, body }, reply) {
        await gw.db
          .update(tenants)
          .set({ inboundDid: body.inbound_did ? toE164(body.inbound_did) : null, inboundAlertExtension: body.inbound_alert_extension })
          .where(eq(tenants.id, caller.tenantId));
        reply.code(204);
        return null;
      },
    }),
  ];
}
