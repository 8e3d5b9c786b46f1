// Which column of a list holds which lead field: guessed from the column names, checked, remembered per file
// layout (the import job keeps the manager's choice under `layoutKey`), and applied to each row.
import { createHash } from "node:crypto";
import { LEAD_INTAKE_FIELDS } from "../../../src/contract/leadIntake";
import { compactName, fieldOfColumn, type LeadField } from "./headerNames";
import { normaliseDate, normaliseLanguage, splitPhones } from "./values";

export type { LeadField };
type SingleField = Exclude<LeadField, "phone_other">;

/** Column indexes, from 0: one column per lead field, and up to 5 for the lead's other phone numbers. */
export type ColumnMapping = { [F in SingleField]?: number } & { phone_other?: number[] };

export const REQUIRED_FIELDS = [
  "marketing_id",
  "first_name",
  "last_name",
  "phone",
] as const satisfies SingleField[];
/** The intake takes at most 5 other numbers. */
export const MAX_OTHER_PHONES = 5;

/** How a problem sentence names each field. */
const FIELD_NAMES: Record<LeadField, string> = {
  marketing_id: "marketing id",
  first_name: "first name",
  last_name: "last name",
  phone: "phone number",
  phone_other: "other phone numbers",
  email: "email",
  date_of_birth: "date of birth",
  language: "language",
  street: "street",
  apartment: "apartment",
  city: "city",
  postal: "postal code",
  state: "state or province",
  country: "country",
  website: "web site",
  keywords: "keywords",
  notes: "notes",
};

/**
 * The mapping the column names suggest. A field takes the first column named for it; a further phone column
 * (a second "Phone", "Cell" after "Home Phone") holds another number. With no main phone column, the first
 * "other phone" column is the main one.
 */
export function guessMapping(columns: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const others: number[] = [];
  columns.forEach((column, index) => {
    const field = fieldOfColumn(column);
    if (field === undefined) return;
    if (field === "phone_other" || (field === "phone" && mapping.phone !== undefined)) others.push(index);
    else if (mapping[field] === undefined) mapping[field] = index;
  });
  if (mapping.phone === undefined && others.length > 0) mapping.phone = others.shift();
  if (others.length > 0) mapping.phone_other = others.slice(0, MAX_OTHER_PHONES);
  return mapping;
}

/** The layout of a list: the same column names in the same order (case, accents, punctuation aside) = one key. */
export function layoutKey(columns: string[]): string {
  const names = columns.map(compactName);
  return createHash("sha256").update(JSON.stringify(names)).digest("hex").slice(0, 16);
}

/** What is wrong with `mapping` for a list of `columnCount` columns, as sentences for the manager; [] when fine. */
export function validateMapping(mapping: ColumnMapping, columnCount: number): string[] {
  const problems: string[] = [];
  const known = new Set<string>(LEAD_INTAKE_FIELDS);
  for (const key of Object.keys(mapping)) if (!known.has(key)) problems.push(`"${key}" is not a lead field.`);
  for (const field of REQUIRED_FIELDS)
    if (mapping[field] === undefined)
      problems.push(`Choose the column that holds the lead's ${FIELD_NAMES[field]}.`);
  const usedBy = new Map<number, LeadField>();
  for (const [field, index] of columnsOf(mapping)) {
    if (!Number.isInteger(index) || index < 0 || index >= columnCount) {
      const columns = columnCount === 1 ? "1 column" : `${columnCount} columns`;
      problems.push(
        `The column chosen for the ${FIELD_NAMES[field]} is not in the list, which has ${columns}.`,
      );
      continue;
    }
    const other = usedBy.get(index);
    if (other !== undefined && field !== "phone_other" && other !== "phone_other")
      problems.push(
        `Column ${index + 1} is chosen for both the ${FIELD_NAMES[other]} and the ${FIELD_NAMES[field]}.`,
      );
    else if (other === undefined || other === "phone_other") usedBy.set(index, field);
  }
  if ((mapping.phone_other?.length ?? 0) > MAX_OTHER_PHONES)
    problems.push(`At most ${MAX_OTHER_PHONES} columns can hold other phone numbers.`);
  return problems;
}

/** Each (field, column) pair of the mapping, phone_other's columns one by one. */
function columnsOf(mapping: ColumnMapping): [LeadField, number][] {
  const pairs: [LeadField, number][] = [];
  for (const field of LEAD_INTAKE_FIELDS) {
    if (field === "phone_other") for (const index of mapping.phone_other ?? []) pairs.push([field, index]);
    else if (mapping[field] !== undefined) pairs.push([field, mapping[field]]);
  }
  return pairs;
}

/**
 * A row as the lead intake's input (LeadIntakeInput, checked by the intake): values trimmed, empty ones left out,
 * dates as YYYY-MM-DD and languages as en/fr/es when readable (values.ts), other numbers from each of their
 * columns and split on ; , or / without repeating the main number.
 */
export function toIntake(fields: string[], mapping: ColumnMapping): Record<string, unknown> {
  const lead: Record<string, unknown> = {};
  const cell = (index: number | undefined) => (index === undefined ? "" : (fields[index] ?? "").trim());
  for (const field of LEAD_INTAKE_FIELDS) {
    if (field === "phone_other") continue;
    const value = cell(mapping[field]);
    if (value === "") continue;
    lead[field] =
      field === "date_of_birth"
        ? normaliseDate(value)
        : field === "language"
          ? normaliseLanguage(value)
          : value;
  }
  const digits = (phone: string) => phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  const seen = new Set([digits(cell(mapping.phone))]);
  const others: string[] = [];
  for (const phone of (mapping.phone_other ?? []).flatMap((index) => splitPhones(cell(index)))) {
    const key = digits(phone) || phone;
    if (seen.has(key)) continue;
    seen.add(key);
    others.push(phone);
  }
  if (others.length > 0) lead.phone_other = others;
  return lead;
}
