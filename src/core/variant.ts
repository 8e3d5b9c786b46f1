// The shape of a call-centre variant manifest (variants/isius.ts, variants/slica.ts). Variants are data: the
// tenant's variant arrives at sign-in with its feature flags, so one deployment serves both call centres.
import { z } from "zod";
import { Language, Variant } from "../contract/common";
import { GRID_COLUMNS, ShownWhile } from "../contract/layout";

const DefaultLayoutItem = z.strictObject({
  panel: z.string().regex(/^[a-z0-9-]+\.[a-z0-9-]+$/),
  x: z.number().int().min(0).max(GRID_COLUMNS - 1),
  y: z.number().int().min(0),
  w: z.number().int().min(1).max(GRID_COLUMNS),
  h: z.number().int().min(1),
  /** When the panel shows in this layout (see ShownWhile); absent, the panel's own rule. */
  shownWhile: ShownWhile.optional(),
});
export type DefaultLayoutItem = z.infer<typeof DefaultLayoutItem>;

export const VariantManifest = z
  .strictObject({
    id: Variant,
    /** Call-centre code shown to agents (ISIUS, SLICA). */
    code: z.string().min(1),
    country: z.enum(["US", "CA"]),
    /** Plugin ids, in the order their panels appear in the picker. */
    plugins: z.array(z.string().regex(/^[a-z0-9-]+$/)),
    /** Feature-flag defaults; the tenant's flags from GET /tenant-features override them. */
    features: z.record(z.string(), z.boolean()),
    clientsPerLead: z.union([z.literal(1), z.literal(2)]),
    /** Languages the top bar offers (the switch shows only with more than one). */
    languages: z.array(Language).min(1),
    postal: z.strictObject({
      /** i18n key of the field label (Zip code / Postal code). */
      label: z.string(),
      mask: z.string(),
      maxLength: z.number().int().positive(),
      pattern: z.string(),
    }),
    /** Per-plugin configuration, checked against each plugin's configSchema. */
    config: z.record(z.string(), z.unknown()),
    /** Default panel layout per role: qualifiers, advisors, and managers and above. */
    defaultLayouts: z.strictObject({
      qualifier: z.array(DefaultLayoutItem),
      advisor: z.array(DefaultLayoutItem),
      manager: z.array(DefaultLayoutItem).default([]),
    }),
  })
  .refine((v) => new Set(v.plugins).size === v.plugins.length, { message: "a plugin is listed twice", path: ["plugins"] });
export type VariantManifest = z.infer<typeof VariantManifest>;

/** Declares a variant; parsing here makes a malformed manifest fail at load, not at an agent's desk. */
export function defineVariant(manifest: z.input<typeof VariantManifest>): VariantManifest {
  return VariantManifest.parse(manifest);
}

/** `variants/index.ts`: each variant's manifest, loaded on demand. */
export type VariantCatalogue = Record<Variant, () => Promise<{ default: VariantManifest }>>;

/** The default layout a role starts with. */
export function defaultLayoutFor(variant: VariantManifest, roles: readonly string[]): DefaultLayoutItem[] {
  if (roles.includes("advisor")) return variant.defaultLayouts.advisor;
  if (roles.includes("qualifier")) return variant.defaultLayouts.qualifier;
  return variant.defaultLayouts.manager;
}
