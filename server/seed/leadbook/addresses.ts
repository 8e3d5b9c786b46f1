// Real addresses for the demo lead book: postal rows from server/geo plus a plausible street.
import { postalRowsOf, type PostalRow } from "../../geo/index";
import type { Rng } from "./rng";
import { STREETS_EN, STREETS_FR, STREET_SUFFIXES_CA, STREET_SUFFIXES_US, type Lang } from "./words";

/** Letters Canada Post uses in the last three characters (LDU) of a postal code. */
export const CA_LDU_LETTERS = "ABCEGHJKLMNPRSTVWXYZ";

const rowCache = new Map<string, readonly [string, PostalRow][]>();
// Unique-business ZIPs ("Shell Oil Box 150", "115 Firms") and FSA area labels ("Calgary Northeast",
// "Eastern Alberta (St. Paul)") make poor home towns.
const NOT_A_US_TOWN = /\b(Box|Firms|Co|Natl|Pk|Afb|Inc|Corp)\b|[^\p{L} .'-]/u;
const NOT_A_CA_TOWN =
  /[()]|\b(Region|County|Outskirts)\b|\b(North|South|East|West|Central|Northeast|Northwest|Southeast|Southwest)$/;

/** A real postal row of the region: towns only when there are any (Nunavut has only rural FSAs). */
export function sampleRow(rng: Rng, st: string): [string, PostalRow] {
  let rows = rowCache.get(st);
  if (!rows) {
    const all = postalRowsOf(st);
    const towns = all.filter(([key, r]) =>
      r.c === "US" ? !NOT_A_US_TOWN.test(r.city) : key[1] !== "0" && !NOT_A_CA_TOWN.test(r.city),
    );
    rows = towns.length > 0 ? towns : all;
    rowCache.set(st, rows);
  }
  if (rows.length === 0) throw new Error(`no postal rows for ${st}`);
  const [key, row] = rng.pick(rows);
  return [key, row];
}

/** Rural FSA labels read "Outer Nunavut (Iqaluit)": the town is in the parentheses. */
export function leadCity(key: string, row: PostalRow): string {
  const m = row.c === "CA" ? /\(([^)/]+)/.exec(row.city) : null;
  return m && key[1] === "0" ? m[1]!.trim() : row.city;
}

export function makeStreet(rng: Rng, country: "US" | "CA", language: Lang): string {
  const number = rng.int(1, rng.chance(0.6) ? 999 : 9999);
  if (language === "fr") return `${number} ${rng.pick(STREETS_FR)}`;
  return `${number} ${rng.pick(STREETS_EN)} ${rng.pick(country === "US" ? STREET_SUFFIXES_US : STREET_SUFFIXES_CA)}`;
}
