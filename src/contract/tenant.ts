import { z } from "zod";
import { Variant } from "./common";

/** GET /tenant-features: the tenant's variant and its feature flags, resolved at every sign-in. */
export const TenantFeatures = z.object({
  tenant_id: z.number().int(),
  name: z.string(),
  variant: Variant,
  country: z.enum(["US", "CA"]),
  features: z.record(z.string(), z.boolean()),
});
export type TenantFeatures = z.infer<typeof TenantFeatures>;
