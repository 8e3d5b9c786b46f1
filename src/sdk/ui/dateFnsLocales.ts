// The date-fns locales Blueprint's calendars need for the languages the app speaks (en, fr, es). Blueprint 6
// takes a code and imports `date-fns/locale/<code>` itself at run time, which a bundled app cannot resolve
// ("[Blueprint] Could not load "en-US" date-fns locale" on every render, and an English calendar on a French
// screen); given the Locale object it loads nothing. These load with the workspace's shared controls, never
// with the sign-in page.
import type { Locale } from "date-fns";
import { enUS, es, fr } from "date-fns/locale";

const LOCALES: Record<"en" | "fr" | "es", Locale> = { en: enUS, fr, es };

/** The calendar's locale for the agent's language ("fr-CA" → fr); English for any other. */
export function dateFnsLocale(language: "en" | "fr" | "es"): Locale {
  return LOCALES[language];
}
