import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { PASSWORD_MAX, PASSWORD_MIN } from "../contract/constants";
import type { Language } from "../contract/common";
import type { TenantFeatures } from "../contract/tenant";
// By name: only these sections ship with the sign-in page; workspaceTexts.ts adds the rest after sign-in.
import { accounts, app, code, connection, errors, password, validation } from "../../locales/en.json";

/** The core's namespace; plugins bring their own. */
export const CORE_NS = "core";

/** The English the sign-in, create-password and reset pages show (and the connection notices). */
const SIGN_IN_ENGLISH = { app, accounts, errors, validation, password, code, connection };

// English ships with the page (its sign-in sections; the rest comes with the signed-in shell, see
// workspaceTexts.ts): it is the default and every other language's fallback. The others load on demand,
// each as its own small chunk, so the sign-in page carries one language. Canadian files hold only overrides
// (postal wording, branding); i18next falls back fr-CA → fr → en, loading each file it needs.
const LAZY_LOCALES: Record<string, () => Promise<{ default: ResourceKey }>> = {
  fr: () => import("../../locales/fr.json"),
  es: () => import("../../locales/es.json"),
  "en-CA": () => import("../../locales/en_ca.json"),
  "fr-CA": () => import("../../locales/fr_ca.json"),
};

/** Reads the core namespace of a language from its chunk; plugin namespaces are added by the registry. */
const lazyLocales: BackendModule = {
  type: "backend",
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = namespace === CORE_NS ? LAZY_LOCALES[language] : undefined;
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

/** The i18next language for an agent's choice in their tenant's country, e.g. fr + CA → fr-CA. */
export function resolveLocale(language: Language, country?: TenantFeatures["country"] | null): string {
  return country === "CA" && (language === "en" || language === "fr") ? `${language}-CA` : language;
}

const loading = new WeakMap<I18n, Promise<unknown>>();

/**
 * An i18next instance in `locale`. English is there at once; for another locale wait for `localesReady()`
 * before showing text, or the first paint would be in English.
 */
export function createI18n(locale: string): I18n {
  const instance = i18next.createInstance();
  const ready = instance
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      // A copy: i18next extends the bundle it is given in place (addWorkspaceTexts), and the next instance
      // (a sign-in after a sign-out) must start from the sign-in texts alone.
      resources: { en: { [CORE_NS]: structuredClone(SIGN_IN_ENGLISH) } },
      // The bundled English plus the backend for everything else.
      partialBundledLanguages: true,
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
  loading.set(instance, ready);
  return instance;
}

/** Resolves once the instance's starting locale (and its fallbacks) are loaded; never rejects. */
export function localesReady(i18n: I18n): Promise<void> {
  return (loading.get(i18n) ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}
