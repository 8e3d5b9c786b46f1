// A plugin's routes serve only a call centre that has the plugin (its manifest, plugins/<id>/manifest.ts): its
// variant lists it, the flags of its `requires.features` are on, `requires.variants` names the variant, and its
// admin did not turn it off (the Plugins and features page: tenant flag `plugin:<id>` false). The gateway applies
// this to every route a plugin declares, so no plugin repeats its requirements by hand, and a stale tab or a
// script cannot use a plugin its call centre lacks. Turned off: 403 (it exists, an admin switched it off).
// Lacking: 404 with the plugin's `unavailable` text (for that call centre it does not exist). Roles stay each
// route's access policy. Public routes (a demo page a new tab opens) carry no caller and stay as they are.
import { ErrorBody } from "../../src/contract/common";
import {
  PLUGIN_UNAVAILABLE,
  pluginOffered,
  type PluginStaticManifest,
} from "../../src/contract/pluginManifest";
import { PLUGIN_SETTINGS_MESSAGES } from "../../src/contract/pluginSettings";
import { callCentreOf } from "../dialer/features";
import type { Gateway } from "../gateway";
import { HttpError } from "../http/errors";
import type { RouteDef } from "../http/route";

type Deps = Pick<Gateway, "db" | "variants">;

/** Whether the tenant has the plugin: "ok", "off" (its admin turned it off) or "unavailable". */
export async function offeredTo(gw: Deps, manifest: PluginStaticManifest, tenantId: number) {
  const centre = await callCentreOf(gw.db, tenantId, gw.variants);
  if (!centre) return "unavailable" as const;
  return pluginOffered(manifest, {
    variant: centre.variant.id,
    plugins: centre.variant.plugins,
    flags: centre.flags,
  });
}

/** Throws the answer for a tenant that does not have the plugin. */
export async function refuseUnlessOffered(
  gw: Deps,
  manifest: PluginStaticManifest,
  tenantId: number,
): Promise<void> {
  const offered = await offeredTo(gw, manifest, tenantId);
  if (offered === "off") throw new HttpError(403, PLUGIN_SETTINGS_MESSAGES.pluginOff);
  if (offered === "unavailable") throw new HttpError(404, manifest.unavailable ?? PLUGIN_UNAVAILABLE);
}

export function servedWhileOffered(gw: Deps, manifest: PluginStaticManifest, def: RouteDef): RouteDef {
  if (def.access.public) return def;
  return {
    ...def,
    response: { 403: ErrorBody, 404: ErrorBody, ...def.response },
    async handler(req, reply) {
      // One primary-key read per call: cheap next to what any plugin route then does, and never stale.
      await refuseUnlessOffered(gw, manifest, req.caller.tenantId);
      return def.handler(req, reply);
    },
  };
}
