import { types, type Instance } from "mobx-state-tree";
import { Language, VARIANT_LANGUAGES } from "../contract/common";
import { TenantFeatures } from "../contract/tenant";

/** What the browser shows, as opposed to who is signed in: the chosen UI language and the tenant's variant. */
export const Ui = types
  .model("Ui", {
    language: types.optional(types.enumeration("Language", Language.options), "en"),
    // frozen() alone would default to undefined; "not known yet" is null.
    tenant: types.optional(types.maybeNull(types.frozen<TenantFeatures>()), null),
  })
  .views((self) => ({
    /** Languages the tenant's call centre works in (ISIUS en+es, SLICA en+fr); only en until the tenant is known. */
    get languages(): Language[] {
      if (!self.tenant) return ["en"];
      return [...VARIANT_LANGUAGES[self.tenant.variant === "slica" ? "slica" : "isius"]];
    },
  }))
  .actions((self) => ({
    setLanguage(language: Language) {
      self.language = language;
    },
    setTenant(tenant: TenantFeatures | null) {
      self.tenant = tenant;
    },
  }));

export type Ui = Instance<typeof Ui>;
