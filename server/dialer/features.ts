// A tenant's feature flags as the browser sees them: the variant's defaults (variants/*.ts) overridden by
// the tenant's own (docs/decisions.md "Tenant features are overrides").
import { eq } from "drizzle-orm";
import type { Variant } from "../../src/contract/common";
import { variants } from "../../variants/index";
import type { Db } from "../db/client";
import { tenants } from "../db/schema";

export async function tenantFeatures(db: Db, tenantId: number): Promise<Record<string, boolean>> {
  const [t] = await db
    .select({ variant: tenants.variant, features: tenants.features })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!t) return {};
  const load = variants[t.variant as Variant];
  const defaults = load ? (await load()).default.features : {};
  return { ...defaults, ...t.features };
}
