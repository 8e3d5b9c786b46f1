import { eq } from "drizzle-orm";
import { TenantFeatures } from "../../../src/contract/tenant";
import { tenants } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { HttpError, MESSAGES } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";

export function tenantRoutes(gw: Gateway): RouteDef[] {
  return [
    defineRoute({
      method: "GET",
      url: "/tenant-features",
      summary: "The caller's tenant: its variant (isius, slica), country and feature flags.",
      tags: ["workspace"],
      access: {},
      response: { 200: TenantFeatures },
      async handler({ caller }) {
        const t = (await gw.db.select().from(tenants).where(eq(tenants.id, caller.tenantId)).limit(1))[0];
        if (!t) throw new HttpError(404, MESSAGES.resourceNotFound);
        return {
          tenant_id: t.id,
          name: t.name,
          variant: t.variant as "isius" | "slica",
          country: t.country as "US" | "CA",
          features: t.features,
        };
      },
    }),
  ];
}
