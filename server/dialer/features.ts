// A tenant's feature flags as the browser sees them: the plugins' declared defaults, then the variant's
// (variants/*.ts), then the tenant's own (docs/decisions.md "Tenant features are overrides").
import { eq, sql } from "drizzle-orm";
import type { Variant } from "../../src/contract/common";
import type { VariantCatalogue, VariantManifest } from "../../src/core/variant";
import { variants } from "../../variants/index";
import type { Db } from "../db/client";
import { preparedOn } from "../db/prepared";
import { tenants } from "../db/schema";
import { declaredFlagDefaults } from "../plugins/manifests";

/** A call centre as plugins see it: its variant's manifest and its flags (declared, variant's, its own). */
export interface CallCentre {
  variant: VariantManifest;
  flags: Record<string, boolean>;
}

/** Prepared once: the plugins' hooks read it at each dial and each call's end. */
const flagsQuery = preparedOn((db: Db) =>
  db
    .select({ variant: tenants.variant, features: tenants.features })
    .from(tenants)
    .where(eq(tenants.id, sql.placeholder("tenantId")))
    .prepare("call_centre_flags"),
);

/** The call centre of a tenant, or null for none. One primary-key read; the variant's manifest is a cached import. */
export async function callCentreOf(
  db: Db,
  tenantId: number,
  catalogue: VariantCatalogue = variants,
): Promise<CallCentre | null> {
  const [t] = await flagsQuery(db).execute({ tenantId });
  const load = t && catalogue[t.variant as Variant];
  if (!t || !load) return null;
  const variant = (await load()).default;
  return { variant, flags: { ...declaredFlagDefaults(), ...variant.features, ...t.features } };
}

export async function tenantFeatures(db: Db, tenantId: number): Promise<Record<string, boolean>> {
  return (await callCentreOf(db, tenantId))?.flags ?? {};
}
