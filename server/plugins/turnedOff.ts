// A plugin an admin turned off for a call centre (the Plugins and features page: tenant flag `plugin:<id>` false)
// is gone from its agents' workspaces; its gateway routes refuse that call centre too, with a 403 that says why,
// so a stale tab or a script cannot keep using it. Public routes (a demo page a new tab opens) carry no caller
// and stay as they are.
import { eq } from "drizzle-orm";
import { ErrorBody } from "../../src/contract/common";
import { PLUGIN_SETTINGS_MESSAGES, pluginSwitch } from "../../src/contract/pluginSettings";
import { tenants } from "../db/schema";
import type { Gateway } from "../gateway";
import { HttpError } from "../http/errors";
import type { RouteDef } from "../http/route";

export function refusedWhileTurnedOff(gw: Pick<Gateway, "db">, pluginId: string, def: RouteDef): RouteDef {
  if (def.access.public) return def;
  const key = pluginSwitch(pluginId);
  return {
    ...def,
    response: { 403: ErrorBody, ...def.response },
    async handler(req, reply) {
      // One primary-key read per call: cheap next to what any plugin route then does, and never stale.
      const [t] = await gw.db.select({ features: tenants.features }).from(tenants).where(eq(tenants.id, req.caller.tenantId));
      if (t?.features[key] === false) throw new HttpError(403, PLUGIN_SETTINGS_MESSAGES.pluginOff);
      return def.handler(req, reply);
    },
  };
}
