// Which carrier wording a lead's state gets (agent-workspace §9 "Carrier disclosure wording by state"): Minnesota
// uses the aa wording; ct, de, ia, mi, nd, ne, pa, sd and wi the occ wording; "many other states" the pio
// wording; the rest default to aa. The specification does not list the pio states: the list below is ours (the
// states whose replacement and free-look notices follow the NAIC model regulation, read as a "policy
// information only" disclosure), kept here as the one table a compliance officer reviews. docs/decisions.md
// ("Disclosures") says so.
export const CARRIERS = ["gtl", "aa", "assurity"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const WORDINGS = ["aa", "occ", "pio"] as const;
export type Wording = (typeof WORDINGS)[number];

/** The company each carrier button names in its disclosure ({company}). */
export const CARRIER_COMPANIES: Record<Carrier, string> = {
  gtl: "Guarantee Trust Life Insurance Company",
  aa: "American-Amicable Life Insurance Company of Texas",
  assurity: "Assurity Life Insurance Company",
};

const OCC_STATES: ReadonlySet<string> = new Set(["ct", "de", "ia", "mi", "nd", "ne", "pa", "sd", "wi"]);
const PIO_STATES: ReadonlySet<string> = new Set([
  "al", "ar", "az", "co", "fl", "ga", "il", "in", "ks", "ky", "la", "md", "mo",
  "ms", "nc", "nm", "nv", "oh", "ok", "or", "sc", "tn", "tx", "ut", "va", "wv",
]);

/** The wording for a lead in `state` (a two-letter code, any case); a lead without a state gets aa. */
export function wordingFor(state: string | null | undefined): Wording {
  const s = state?.trim().toLowerCase() ?? "";
  if (s === "mn") return "aa"; // named apart: Minnesota keeps the aa wording whatever the lists say
  if (OCC_STATES.has(s)) return "occ";
  if (PIO_STATES.has(s)) return "pio";
  return "aa";
}

export interface WordingNames {
  company: string;
  firstName: string;
  lastName: string;
}

/** A step's text with the carrier's company and the lead's names in place of {company}, {first_name}, {last_name}. */
export function fillWording(text: string, names: WordingNames): string {
  return text
    .replaceAll("{company}", names.company)
    .replaceAll("{first_name}", names.firstName)
    .replaceAll("{last_name}", names.lastName);
}
