import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { PASSWORD_MAX, PASSWORD_MIN } from "../contract/auth";
import type { Language } from "../contract/common";
import type { TenantFeatures } from "../contract/tenant";
import en from "../../locales/en.json";
import enCa from "../../locales/en_ca.json";
import es from "../../locales/es.json";
import fr from "../../locales/fr.json";
import frCa from "../../locales/fr_ca.json";

/** The core's namespace; plugins bring their own. */
export const CORE_NS = "core";

const resources = {
  en: { [CORE_NS]: en },
  fr: { [CORE_NS]: fr },
  es: { [CORE_NS]: es },
  // Canadian files hold only overrides (postal wording, branding); i18next falls back fr-CA → fr → en.
  "en-CA": { [CORE_NS]: enCa },
  "fr-CA": { [CORE_NS]: frCa },
};

/** The i18next language for an agent's choice in their tenant's country, e.g. fr + CA → fr-CA. */
export function resolveLocale(language: Language, country?: TenantFeatures["country"] | null): string {
  return country === "CA" && (language === "en" || language === "fr") ? `${language}-CA` : language;
}

export function createI18n(locale: string): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: "en",
    ns: [CORE_NS],
    defaultNS: CORE_NS,
    initAsync: false,
    interpolation: {
      escapeValue: false, // React escapes
      // The gateway may answer with a bare key (password.too_short); the limits come from the contract.
      defaultVariables: { passwordMin: PASSWORD_MIN, passwordMax: PASSWORD_MAX },
    },
    returnNull: false,
  });
  return instance;
}
