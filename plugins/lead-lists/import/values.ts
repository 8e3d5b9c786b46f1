// A list's cell values in the form the lead intake takes. A value this cannot read is returned as written, so the
// intake refuses the row with its own message rather than the import dropping what the manager sent.
import type { Language } from "../../../src/contract/common";

const pad = (n: number) => String(n).padStart(2, "0");

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 02/30 over to March: a date that does not round-trip does not exist.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A date of birth as YYYY-MM-DD. Reads YYYY-MM-DD (or with / or .), and A/B/YYYY (or with - or .) in North
 * America's order, month first, unless A cannot be a month (over 12): then it is the day (DD/MM/YYYY, the order of
 * Quebec and Latin America). So 03/04/1980 is March 4 and 13/04/1980 is April 13. A time after the date (Excel's
 * "1980-03-04 00:00") is ignored. Two-digit years and impossible dates are returned as written.
 */
export function normaliseDate(raw: string): string {
  const text = raw.trim().replace(/[ T]\d{1,2}:\d{2}(:\d{2})?(\.\d+)?\s*(am|pm)?$/i, "");
  const ymd = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (ymd) return isoDate(Number(ymd[1]), Number(ymd[2]), Number(ymd[3])) ?? raw;
  const abY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (abY) {
    const [a, b, year] = [Number(abY[1]), Number(abY[2]), Number(abY[3])];
    const [month, day] = a > 12 ? [b, a] : [a, b];
    return isoDate(year, month, day) ?? raw;
  }
  return raw;
}

const LANGUAGE_NAMES: Record<string, Language> = {
  en: "en",
  eng: "en",
  english: "en",
  anglais: "en",
  ingles: "en",
  fr: "fr",
  fra: "fr",
  fre: "fr",
  french: "fr",
  francais: "fr",
  frances: "fr",
  es: "es",
  spa: "es",
  spanish: "es",
  espagnol: "es",
  espanol: "es",
  castellano: "es",
};

/** en, fr or es from a code ("fr", "fr-CA") or a name in one of the three languages; anything else as written. */
export function normaliseLanguage(raw: string): string {
  const key = raw
    .trim()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[-_][a-z]{2}$/, ""); // fr-CA, en_US
  return LANGUAGE_NAMES[key] ?? raw.trim();
}

/** The numbers of a cell holding several ("514 555 0142; 438 555 0199"), in order. */
export function splitPhones(raw: string): string[] {
  return raw
    .split(/[;,/]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}
