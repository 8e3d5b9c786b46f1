// The masks of the SDK's fields (booking-and-reference §2, §5, §9), pure so every case is tested: what the
// agent sees as they type, and what the form keeps.
import { keepLine, keepPrintable } from "../../contract/text";

// ---------------------------------------------------------------- free text

/**
 * How a text field cleans what is typed, with the contract's one sanitiser (src/contract/text.ts): every
 * printable character stays, accents, punctuation and emoji included; control characters and bidirectional
 * controls go. `printable` is multi-line free text (newlines stay); `line` is one line (names, streets, cities:
 * newlines go too); `none` keeps everything.
 */
export type TextRule = "printable" | "line" | "none";

export function cleanText(rule: TextRule, text: string): string {
  if (rule === "printable") return keepPrintable(text);
  if (rule === "line") return keepLine(text);
  return text;
}

// ---------------------------------------------------------------- phone: ###.###.####

export const PHONE_DIGITS = 10;

/** The ten digits a phone field keeps from what was typed or stored (a leading country code 1 goes). */
export function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, "");
  return (digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits).slice(0, PHONE_DIGITS);
}

/**
 * The example phone number a field shows its call centre's agents (ten digits, formatted by the caller): one of
 * the country's own area codes with a 555-01xx number, the range kept for fiction, so a Canadian screen shows
 * Toronto's 416 rather than New York's 212 (issue 33). The one source of example numbers.
 */
export const EXAMPLE_PHONE: Record<"US" | "CA", string> = { US: "2125550142", CA: "4165550142" };

/** "5145551234" → "514.555.1234", and as it is typed: "514.5". */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, "").slice(0, PHONE_DIGITS);
  return [d.slice(0, 3), d.slice(3, 6), d.slice(6)].filter(Boolean).join(".");
}

// ---------------------------------------------------------------- postal code

export type PostalCountry = "US" | "CA";

const CA_SLOTS = [/[A-Z]/, /\d/, /[A-Z]/, /\d/, /[A-Z]/, /\d/];

/**
 * The postal code as typed, masked by country: five digits for a US zip; 'A1A 1A1' upper case for Canada, where a
 * character that does not fit its place (a digit where a letter goes) is dropped. Stored as shown, as the
 * contract's normalisePostal writes it.
 */
export function maskPostal(country: PostalCountry, text: string): string {
  if (country === "US") return text.replace(/\D/g, "").slice(0, 5);
  let kept = "";
  for (const ch of text.toUpperCase().replace(/[^A-Z0-9]/g, "")) {
    if (kept.length === CA_SLOTS.length) break;
    if (CA_SLOTS[kept.length]!.test(ch)) kept += ch;
  }
  return kept.length > 3 ? `${kept.slice(0, 3)} ${kept.slice(3)}` : kept;
}

/** Every character the country's mask asks for is there: 5 digits, or 'A1A 1A1'. */
export function postalComplete(country: PostalCountry, value: string): boolean {
  return country === "US" ? /^\d{5}$/.test(value) : /^[A-Z]\d[A-Z] \d[A-Z]\d$/.test(value);
}

// ---------------------------------------------------------------- date of birth: YYYY-MM-DD

/** Digits as a date: "19600402" → "1960-04-02", and as it is typed: "1960-0". */
export function maskDob(text: string): string {
  const d = text.replace(/\D/g, "").slice(0, 8);
  return [d.slice(0, 4), d.slice(4, 6), d.slice(6)].filter(Boolean).join("-");
}

/** Whole years from `dob` to `today` (both YYYY-MM-DD): the age on that day. */
export function ageOn(dob: string, today: string): number {
  const [by, bm, bd] = dob.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

// ---------------------------------------------------------------- caret

const SIGNIFICANT = /[A-Za-z0-9]/;

/** How many letters and digits come before `caret` in `text` (what a mask keeps). */
export function significantBefore(text: string, caret: number): number {
  let n = 0;
  for (const ch of text.slice(0, caret)) if (SIGNIFICANT.test(ch)) n++;
  return n;
}

/** Where the caret goes in `masked` to stand after its `count`-th letter or digit. */
export function caretAfter(masked: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (SIGNIFICANT.test(masked[i]!) && ++seen === count) return i + 1;
  }
  return masked.length;
}
