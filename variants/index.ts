// The call-centre variants, loaded on demand by the tenant's variant id at sign-in.
import type { VariantCatalogue } from "../src/core/variant";

export const variants: VariantCatalogue = {
  isius: () => import("./isius"),
  slica: () => import("./slica"),
};
