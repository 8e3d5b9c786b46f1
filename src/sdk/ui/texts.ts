// The SDK's own texts (its shared controls), in their own i18next namespace. A plugin's locales cannot hold
// them: two plugins would each keep a copy. They ship with the controls (a few hundred bytes a language) and
// are added to whichever i18next instance renders them, for every language it may fall back through.
import type { i18n as I18n, TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";

export const SDK_UI_NS = "sdk-ui";

const TEXTS: Record<string, typeof en> = { en, fr, es };

/** "fr-CA" → "fr"; a language the SDK does not speak is English. */
export function baseLanguage(language: string | undefined): "en" | "fr" | "es" {
  const base = (language ?? "en").split("-")[0];
  return base === "fr" || base === "es" ? base : "en";
}

/**
 * Adds the texts for `language` and its fallbacks (fr-CA → fr → en) once per instance and language. Checked by
 * a text, not by the bundle: once the namespace is known, a language switch has the backend store an empty one.
 */
export function addSdkTexts(i18n: I18n, language = i18n.language): void {
  for (const lng of new Set([language, ...(i18n.languages ?? []), "en"])) {
    if (!lng || lng === "cimode" || i18n.getResource(lng, SDK_UI_NS, "utc") !== undefined) continue;
    i18n.addResourceBundle(lng, SDK_UI_NS, TEXTS[baseLanguage(lng)]!, true, true);
  }
}

/** The SDK's translator and the agent's language; re-renders when the agent switches language. */
export function useSdkTexts(): { t: TFunction; language: string; base: "en" | "fr" | "es" } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  addSdkTexts(i18n, language);
  // One translator per language, so what depends on it is not rebuilt on every render.
  const t = useMemo(() => i18n.getFixedT(language, SDK_UI_NS), [i18n, language]);
  return { t, language, base: baseLanguage(language) };
}

/**
 * One SDK text outside React (a plugin service's notice): `key` is a dotted path in the SDK's texts, `{{name}}`
 * filled from `vars`. Falls back to English, then to the key.
 */
export function sdkText(language: string, key: string, vars: Record<string, string> = {}): string {
  const find = (texts: unknown): unknown => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], texts);
  const found = find(TEXTS[baseLanguage(language)]) ?? find(TEXTS.en);
  const text = typeof found === "string" ? found : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? "");
}
