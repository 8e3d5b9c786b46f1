// The full lead record on the wire (agent-workspace §3 Lead, Address, Client, Insurance; §7 GET/PUT/DELETE
// /leads/{id}, PUT /leads/{id}/statuses), shared by the browser and the gateway. The gateway speaks snake
// case (first_name, has_policy, street for the address line, zip for the postal code); the browser works in
// camel case through fromWire/toWire below. phone_other travels as a JSON string of a list.
import { z } from "zod";
import { ErrorBody, Language } from "./common";
import { defineEndpoint } from "./endpoint";
import { idParam } from "./ids";
import { lineText, printableText } from "./text";
import { DISPOSITIONS } from "./dispositions";
import {
  ANNUITY_BENEFICIARIES,
  ANNUITY_FUNDS,
  EMPLOYMENT,
  GENDERS,
  INCOME_BANDS,
  INCOME_TYPES,
  LEAD_REASON_OPTIONS,
  LOCATION_TYPES,
  PREMIUM_BANDS,
  TITLES,
  valuesOf,
  YES_NO,
} from "./lookups";

// ---------------------------------------------------------------- statuses

/** A lead's status: a disposition, or one of the stack's own states (a call in progress, a callback due). */
export const LEAD_STATUSES = [...DISPOSITIONS, "New", "In Process", "Callback"] as const;
export const LeadStatus = z.enum(LEAD_STATUSES);
export type LeadStatus = z.infer<typeof LeadStatus>;
/** PUT /leads/{id} with override_status: true, and a lead being worked on a call. */
export const IN_PROCESS = "In Process";
/** A lead whose dial did not reach it (agent-workspace §8): back on the callback stack, to be dialled again. */
export const CALLBACK = "Callback";

// ---------------------------------------------------------------- the record as the gateway sends it

export const WireAddress = z.object({
  street: z.string().nullable(),
  apartment: z.string().nullable(),
  buzzer: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  /** Lower-case region code (US state or Canadian province). */
  state: z.string().nullable(),
  province: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timezone: z.string().nullable(),
  /** Location type (LOCATION_TYPES: 1 house, 2 apartment, 3 workplace); 1 by default. */
  type: z.number().int(),
  valid: z.boolean(),
});
export type WireAddress = z.infer<typeof WireAddress>;

export const WireClient = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** YYYY-MM-DD, or empty when unknown. */
  dob: z.string(),
  /** GENDERS: 1 male, 2 female. */
  gender: z.number().int().nullable(),
  smoker: z.number().int().nullable(),
  height: z.string(),
  /** 0 imperial, 1 metric. */
  height_units: z.number().int(),
  weight: z.string(),
  weight_units: z.number().int(),
  occupation: z.string(),
  /** INCOME_BANDS: 1-18 (monthly, annual, combined). */
  income: z.number().int().nullable(),
  income_type: z.string(),
  title: z.string(),
  /** EMPLOYMENT: 1 employed, 2 self-employed, 3 unemployed, 4 retired, 5 student. */
  employment: z.number().int().nullable(),
  disability: z.number().int().nullable(),
  country_of_birth: z.string(),
});
export type WireClient = z.infer<typeof WireClient>;

export const WireInsurance = z.object({
  amount: z.number().nullable(),
  annuity_beneficiary: z.string().nullable(),
  annuity_funds: z.string().nullable(),
  annuity_investment: z.number().nullable(),
  annuity_period: z.string().nullable(),
  applied: z.number().int(),
  carrier: z.string().nullable(),
  denied: z.number().int(),
  has_policy: z.number().int(),
  premium: z.string().nullable(),
  type: z.array(z.string()),
  type_other: z.string(),
});
export type WireInsurance = z.infer<typeof WireInsurance>;

export const WireLead = z.object({
  id: z.number().int(),
  marketing_id: z.string(),
  crm_id: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  /** A JSON list of numbers, as a string. */
  phone_other: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string(),
  status: z.string(),
  status_description: z.string().nullable(),
  new: z.boolean(),
  dials: z.number().int(),
  notes: z.string().nullable(),
  cre_notes: z.string().nullable(),
  keywords: z.string().nullable(),
  mga: z.string().nullable(),
  website: z.string().nullable(),
  is_annuity: z.boolean(),
  reasons: z.array(z.string()),
  reason_other: z.string().nullable(),
  campaign: z.string().nullable(),
  local_did: z.string().nullable(),
  is_inbound: z.boolean(),
  is_redistributed_followup: z.boolean(),
  qualifier_name: z.string().nullable(),
  qualified_by: z.number().int().nullable(),
  /** ISO country of the lead's address (US, CA): its postal code and regions follow it. */
  country: z.string(),
  /** The lead was made by an agent's manual dial (POST /leads), not imported. */
  created: z.boolean(),
  created_at: z.string(),
  address: WireAddress,
  clients: z.array(WireClient),
  insurance: WireInsurance,
});
export type WireLead = z.infer<typeof WireLead>;
export const LeadResponse = z.object({ data: WireLead });
/** The full lead (the booking wizard starts from it). */
export const readLead = defineEndpoint({
  method: "GET",
  path: "/leads/:id",
  summary:
    "Not in the specification: the full lead (agent-workspace §3: address, clients, insurance) as {data: lead}. phone_other is a JSON string of a list. Fields without a column yet come with their defaults.",
  tags: ["leads"],
  params: idParam,
  responses: { 200: LeadResponse, 404: ErrorBody, 422: ErrorBody },
});

// ---------------------------------------------------------------- PUT /leads/{id}

const DOB_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** YYYY-MM-DD naming a real day. */
export const isDob = (s: string) => {
  const m = DOB_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!;
};

/** Names, streets, cities: one line, cleaned by the one free-text sanitiser (text.ts), trimmed. */
const Line = (max: number) => lineText(max);
const Flag = z.literal(valuesOf(YES_NO));
const RegionCode = z
  .string()
  .transform((s) => s.toLowerCase())
  .pipe(z.string().regex(/^[a-z]{2}$/, "Unknown state or province"));

/** The lead's reasons (booking-and-reference §9), from the lookup list. */
export const LEAD_REASONS = valuesOf(LEAD_REASON_OPTIONS);

export const AddressPatch = z.strictObject({
  street: Line(191).nullable().optional(),
  apartment: Line(40).nullable().optional(),
  buzzer: Line(40).nullable().optional(),
  city: Line(100).nullable().optional(),
  /** Checked against the lead's country by leadFieldProblems. */
  zip: z.string().max(10).nullable().optional(),
  state: RegionCode.nullable().optional(),
  province: RegionCode.nullable().optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  timezone: z
    .string()
    .max(64)
    .regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/, "Unknown time zone")
    .nullable()
    .optional(),
  type: z.literal(valuesOf(LOCATION_TYPES)).optional(),
  valid: z.boolean().optional(),
});

const Measure = z.union([z.string().max(10), z.number().nonnegative().max(9999)]).transform(String);
export const ClientPatch = z.strictObject({
  first_name: Line(191).optional(),
  last_name: Line(191).optional(),
  dob: z
    .string()
    .refine((s) => s === "" || isDob(s), "Date of birth is not valid")
    .optional(),
  gender: z.literal(valuesOf(GENDERS)).nullable().optional(),
  smoker: Flag.nullable().optional(),
  height: Measure.optional(),
  height_units: Flag.optional(),
  weight: Measure.optional(),
  weight_units: Flag.optional(),
  occupation: Line(191).optional(),
  income: z.literal(valuesOf(INCOME_BANDS)).nullable().optional(),
  income_type: z.enum(valuesOf(INCOME_TYPES)).optional(),
  title: z.enum(["", ...valuesOf(TITLES)]).optional(),
  employment: z.literal(valuesOf(EMPLOYMENT)).nullable().optional(),
  disability: Flag.nullable().optional(),
  country_of_birth: z
    .string()
    .regex(/^([A-Za-z]{2})?$/, "Unknown country")
    .transform((s) => s.toUpperCase())
    .optional(),
});

export const InsurancePatch = z.strictObject({
  amount: z.number().nonnegative().max(100_000_000).nullable().optional(),
  annuity_beneficiary: z.enum(valuesOf(ANNUITY_BENEFICIARIES)).nullable().optional(),
  annuity_funds: z.enum(valuesOf(ANNUITY_FUNDS)).nullable().optional(),
  annuity_investment: z.number().nonnegative().max(100_000_000).nullable().optional(),
  annuity_period: Line(40).nullable().optional(),
  applied: Flag.optional(),
  carrier: Line(100).nullable().optional(),
  denied: Flag.optional(),
  has_policy: Flag.optional(),
  premium: z.enum(valuesOf(PREMIUM_BANDS)).nullable().optional(),
  type: z
    .array(z.string().regex(/^[a-z0-9_]{1,40}$/, "Unknown insurance type"))
    .max(20)
    .optional(),
  type_other: printableText(99).optional(),
});

/** phone_other: a JSON string of a list of numbers (at most 10). */
const PhoneOther = z
  .string()
  .max(1000)
  .refine((s) => parsePhoneOther(s, null) !== null, "phone_other must be a JSON list of phone numbers");

/** The body of PUT /leads/{id}: any of the lead's editable fields. */
export const UpdateLeadBody = z.strictObject({
  first_name: Line(191).optional(),
  last_name: Line(191).optional(),
  email: z
    .union([z.literal(""), z.email("Email is not valid").max(100, "Email is not valid")])
    .nullable()
    .optional(),
  language: Language.optional(),
  phone_other: PhoneOther.optional(),
  notes: printableText(5000).nullable().optional(),
  status_description: printableText(191).nullable().optional(),
  is_annuity: z.boolean().optional(),
  reasons: z.array(z.enum(LEAD_REASONS)).max(LEAD_REASONS.length).optional(),
  reason_other: printableText(99).nullable().optional(),
  address: AddressPatch.optional(),
  /** Replaces the list; each client merges into the stored one at its position. */
  clients: z.array(ClientPatch).max(2).optional(),
  insurance: InsurancePatch.optional(),
  /** The lead becomes 'In Process' (agent-workspace §4 Lead and address). */
  override_status: z.boolean().optional(),
});
export type UpdateLeadBody = z.output<typeof UpdateLeadBody>;
export type UpdateLeadInput = z.input<typeof UpdateLeadBody>;

export const UpdateLeadStatusBody = z.strictObject({ status: LeadStatus });

export const LEAD_RECORD_MESSAGES = {
  notCreated: "Only a lead you created by a manual dial can be deleted.",
  hasHistory: "This lead has calls or dispositions and cannot be deleted.",
  postalTooShort: "The postal code is too short.",
  zipInvalid: "Enter a valid zip code.",
  postalInvalid: "Enter a valid postal code.",
  regionInvalid: "The state or province is not one of the lead's country.",
  dobFuture: "The date of birth cannot be after yesterday.",
} as const;

// ---------------------------------------------------------------- checks that need the lead or the day

const ZIP_RE = /^\d{5}$/;
const CA_POSTAL_RE = /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/;

/** The postal code as stored and shown: five digits, or 'AAA AAA' upper case for Canada. */
export function normalisePostal(country: string, postal: string): string {
  const s = postal.trim().toUpperCase();
  return country === "CA" && CA_POSTAL_RE.test(s)
    ? `${s.replace(" ", "").slice(0, 3)} ${s.replace(" ", "").slice(3)}`
    : s;
}

/** Why a postal code does not suit the lead's country (agent-workspace §5), or null. Empty is allowed. */
export function postalProblem(country: string, postal: string): string | null {
  const s = postal.trim().toUpperCase();
  if (s === "") return null;
  if (s.replace(/\s/g, "").length < 5) return LEAD_RECORD_MESSAGES.postalTooShort;
  if (country === "CA") return CA_POSTAL_RE.test(s) ? null : LEAD_RECORD_MESSAGES.postalInvalid;
  return ZIP_RE.test(s) ? null : LEAD_RECORD_MESSAGES.zipInvalid;
}

/** The latest date of birth allowed on `today` (YYYY-MM-DD, UTC): yesterday. */
export function latestDob(nowMs: number): string {
  return new Date(nowMs - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Checks of a PUT body the schema cannot make alone: the postal code by the lead's country, a region code
 * of that country, and no date of birth after yesterday. Field paths as the gateway's 422 names them.
 */
export function leadFieldProblems(
  body: UpdateLeadBody,
  /** Without a country (a lead the browser has not loaded) the address checks are the gateway's. */
  ctx: { country?: string; nowMs: number; regionOf?: (code: string) => string | undefined },
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, message: string) => (out[field] ??= []).push(message);
  const a = body.address;
  if (a?.zip && ctx.country) {
    const p = postalProblem(ctx.country, a.zip);
    if (p) add("address.zip", p);
  }
  for (const key of ["state", "province"] as const) {
    const code = a?.[key];
    if (code && ctx.country && ctx.regionOf && ctx.regionOf(code) !== ctx.country)
      add(`address.${key}`, LEAD_RECORD_MESSAGES.regionInvalid);
  }
  const latest = latestDob(ctx.nowMs);
  body.clients?.forEach((c, i) => {
    if (c.dob && c.dob > latest) add(`clients.${i}.dob`, LEAD_RECORD_MESSAGES.dobFuture);
  });
  return out;
}

// ---------------------------------------------------------------- camel case, as the browser works

// The browser's shapes are the wire schemas' types with camel-case names, written out only where the browser
// holds a field differently: an empty string where the wire has null (what a form edits), the address line
// and postal code under the specification's names, phone_other as a list.

/** snake_case → camelCase, as a type: "height_units" → "heightUnits". */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;
type Camelized<T> = { [K in keyof T as K extends string ? Camel<K> : K]: T[K] };
/** One object type instead of an intersection, so editors show the fields. */
type Flat<T> = { [K in keyof T]: T[K] };
/** These fields hold "" where the wire has null. */
type EmptyForNull<T, K extends keyof T> = Flat<Omit<T, K> & { [P in K]: Exclude<T[P], null> }>;

export type Address = Flat<
  EmptyForNull<Omit<Camelized<WireAddress>, "street" | "zip">, "apartment" | "buzzer" | "city"> & {
    /** The wire's street. */
    address: string;
    /** The wire's zip. */
    postal: string;
  }
>;

/**
 * Address validity (agent-workspace §4, booking-and-reference §4): any edit except the type, apartment or
 * buzzer makes the address unchecked again; a postal-code check (geocode) sets the validity flags itself.
 */
export const ADDRESS_EDITS_KEEPING_VALIDITY = ["type", "apartment", "buzzer"] as const;
/** The flags a geocode sets, which an edit of the address never counts as an edit (the Address entity's). */
export const ADDRESS_VALIDITY_FLAGS = ["valid", "invalidPostal"] as const;

/** Whether applying `patch` to `address` calls for a new postal-code check (the one rule lead and meeting use). */
export function addressEditInvalidates<A extends object>(address: A, patch: Partial<A>): boolean {
  const keeps: readonly string[] = [...ADDRESS_EDITS_KEEPING_VALIDITY, ...ADDRESS_VALIDITY_FLAGS];
  return (Object.keys(patch) as (keyof A & string)[]).some(
    (k) => !keeps.includes(k) && patch[k] !== undefined && patch[k] !== address[k],
  );
}

export type Client = Camelized<WireClient>;

export type Insurance = Camelized<WireInsurance>;

export type Lead = Flat<
  EmptyForNull<
    Omit<Camelized<WireLead>, "phoneOther" | "address" | "clients" | "insurance">,
    "email" | "statusDescription" | "notes" | "creNotes" | "keywords" | "website" | "reasonOther"
  > & {
    /** The wire's JSON string, parsed (an empty list when it is not one). */
    phoneOther: string[];
    address: Address;
    clients: Client[];
    insurance: Insurance;
  }
>;

/** The editable part of a lead, as plugins hand it to persist (any subset; address and insurance partial). */
export type LeadPatch = Partial<
  Pick<
    Lead,
    | "firstName"
    | "lastName"
    | "email"
    | "language"
    | "phoneOther"
    | "notes"
    | "statusDescription"
    | "isAnnuity"
    | "reasons"
    | "reasonOther"
    | "clients"
  >
> & { address?: Partial<Address>; insurance?: Partial<Insurance> };

// ---------------------------------------------------------------- mapping

/** phone_other as the gateway sends it: a JSON list. Anything else is `fallback` (the spec: an empty list). */
export function parsePhoneOther(raw: unknown, fallback: string[] | null = []): string[] | null {
  if (Array.isArray(raw)) return raw.every((p) => typeof p === "string") ? raw : fallback;
  if (typeof raw !== "string") return fallback;
  try {
    const list: unknown = JSON.parse(raw);
    const ok =
      Array.isArray(list) &&
      list.length <= 10 &&
      list.every((p) => typeof p === "string" && /^\+?[0-9 ().-]{3,32}$/.test(p));
    return ok ? (list as string[]) : fallback;
  } catch {
    return fallback;
  }
}

const emptyToNull = (s: string) => (s === "" ? null : s);

export const addressFromWire = (a: WireAddress): Address => ({
  address: a.street ?? "",
  apartment: a.apartment ?? "",
  buzzer: a.buzzer ?? "",
  city: a.city ?? "",
  postal: a.zip ?? "",
  state: a.state,
  province: a.province,
  latitude: a.latitude,
  longitude: a.longitude,
  timezone: a.timezone,
  type: a.type,
  valid: a.valid,
});

export const addressToWire = (a: Address): WireAddress => ({
  street: emptyToNull(a.address),
  apartment: emptyToNull(a.apartment),
  buzzer: emptyToNull(a.buzzer),
  city: emptyToNull(a.city),
  zip: emptyToNull(a.postal),
  state: a.state,
  province: a.province,
  latitude: a.latitude,
  longitude: a.longitude,
  timezone: a.timezone,
  type: a.type,
  valid: a.valid,
});

export const clientFromWire = (c: WireClient): Client => ({
  firstName: c.first_name,
  lastName: c.last_name,
  dob: c.dob,
  gender: c.gender,
  smoker: c.smoker,
  height: c.height,
  heightUnits: c.height_units,
  weight: c.weight,
  weightUnits: c.weight_units,
  occupation: c.occupation,
  income: c.income,
  incomeType: c.income_type,
  title: c.title,
  employment: c.employment,
  disability: c.disability,
  countryOfBirth: c.country_of_birth,
});

export const clientToWire = (c: Client): WireClient => ({
  first_name: c.firstName,
  last_name: c.lastName,
  dob: c.dob,
  gender: c.gender,
  smoker: c.smoker,
  height: c.height,
  height_units: c.heightUnits,
  weight: c.weight,
  weight_units: c.weightUnits,
  occupation: c.occupation,
  income: c.income,
  income_type: c.incomeType,
  title: c.title,
  employment: c.employment,
  disability: c.disability,
  country_of_birth: c.countryOfBirth,
});

export const insuranceFromWire = (i: WireInsurance): Insurance => ({
  amount: i.amount,
  annuityBeneficiary: i.annuity_beneficiary,
  annuityFunds: i.annuity_funds,
  annuityInvestment: i.annuity_investment,
  annuityPeriod: i.annuity_period,
  applied: i.applied,
  carrier: i.carrier,
  denied: i.denied,
  hasPolicy: i.has_policy,
  premium: i.premium,
  type: [...i.type],
  typeOther: i.type_other,
});

export const insuranceToWire = (i: Insurance): WireInsurance => ({
  amount: i.amount,
  annuity_beneficiary: i.annuityBeneficiary,
  annuity_funds: i.annuityFunds,
  annuity_investment: i.annuityInvestment,
  annuity_period: i.annuityPeriod,
  applied: i.applied,
  carrier: i.carrier,
  denied: i.denied,
  has_policy: i.hasPolicy,
  premium: i.premium,
  type: [...i.type],
  type_other: i.typeOther,
});

export function fromWire(w: WireLead): Lead {
  return {
    id: w.id,
    marketingId: w.marketing_id,
    crmId: w.crm_id,
    firstName: w.first_name,
    lastName: w.last_name,
    phone: w.phone,
    phoneOther: parsePhoneOther(w.phone_other) ?? [],
    email: w.email ?? "",
    language: w.language || "en",
    status: w.status,
    statusDescription: w.status_description ?? "",
    new: w.new,
    dials: w.dials,
    notes: w.notes ?? "",
    creNotes: w.cre_notes ?? "",
    keywords: w.keywords ?? "",
    mga: w.mga,
    website: w.website ?? "",
    isAnnuity: w.is_annuity,
    reasons: [...w.reasons],
    reasonOther: w.reason_other ?? "",
    campaign: w.campaign,
    localDid: w.local_did,
    isInbound: w.is_inbound,
    isRedistributedFollowup: w.is_redistributed_followup,
    qualifierName: w.qualifier_name,
    qualifiedBy: w.qualified_by,
    country: w.country,
    created: w.created,
    createdAt: w.created_at,
    address: addressFromWire(w.address),
    clients: w.clients.map(clientFromWire),
    insurance: insuranceFromWire(w.insurance),
  };
}

export function toWire(l: Lead): WireLead {
  return {
    id: l.id,
    marketing_id: l.marketingId,
    crm_id: l.crmId,
    first_name: l.firstName,
    last_name: l.lastName,
    phone: l.phone,
    phone_other: JSON.stringify(l.phoneOther),
    email: emptyToNull(l.email),
    language: l.language,
    status: l.status,
    status_description: emptyToNull(l.statusDescription),
    new: l.new,
    dials: l.dials,
    notes: emptyToNull(l.notes),
    cre_notes: emptyToNull(l.creNotes),
    keywords: emptyToNull(l.keywords),
    mga: l.mga,
    website: emptyToNull(l.website),
    is_annuity: l.isAnnuity,
    reasons: [...l.reasons],
    reason_other: emptyToNull(l.reasonOther),
    campaign: l.campaign,
    local_did: l.localDid,
    is_inbound: l.isInbound,
    is_redistributed_followup: l.isRedistributedFollowup,
    qualifier_name: l.qualifierName,
    qualified_by: l.qualifiedBy,
    country: l.country,
    created: l.created,
    created_at: l.createdAt,
    address: addressToWire(l.address),
    clients: l.clients.map(clientToWire),
    insurance: insuranceToWire(l.insurance),
  };
}

/** Renames the keys of `patch` that `names` knows; keys it does not know are reported, not sent. */
function renamed<T extends object>(patch: T, names: Record<string, string>, unknown: string[], at: string) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (k in names) out[names[k]!] = v;
    else unknown.push(at + k);
  }
  return out;
}

const ADDRESS_KEYS: Record<string, string> = {
  address: "street",
  apartment: "apartment",
  buzzer: "buzzer",
  city: "city",
  postal: "zip",
  state: "state",
  province: "province",
  latitude: "latitude",
  longitude: "longitude",
  timezone: "timezone",
  type: "type",
  valid: "valid",
};
/** camelCase → snake_case for records whose names differ only by case (clients, insurance). */
const byCase = (snakeKeys: string[]) =>
  Object.fromEntries(snakeKeys.map((k) => [k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), k]));
const CLIENT_KEYS = byCase(Object.keys(WireClient.shape));
const INSURANCE_KEYS = byCase(Object.keys(WireInsurance.shape));

/**
 * A camel-case patch as the PUT body (before validation). `unknown` lists the keys the body has no field
 * for, so a caller's typo fails loudly instead of being dropped.
 */
export function patchToWire(patch: Record<string, unknown>): {
  body: Record<string, unknown>;
  unknown: string[];
} {
  const unknown: string[] = [];
  const { address, insurance, clients, phoneOther, ...rest } = patch as LeadPatch & Record<string, unknown>;
  const body = renamed(
    rest,
    {
      firstName: "first_name",
      lastName: "last_name",
      email: "email",
      language: "language",
      notes: "notes",
      statusDescription: "status_description",
      isAnnuity: "is_annuity",
      reasons: "reasons",
      reasonOther: "reason_other",
    },
    unknown,
    "",
  );
  if (phoneOther !== undefined) body.phone_other = JSON.stringify(phoneOther);
  if (address) body.address = renamed(address, ADDRESS_KEYS, unknown, "address.");
  if (insurance) body.insurance = renamed(insurance, INSURANCE_KEYS, unknown, "insurance.");
  if (clients) body.clients = clients.map((c, i) => renamed(c, CLIENT_KEYS, unknown, `clients.${i}.`));
  return { body, unknown };
}

// ---------------------------------------------------------------- CRE notes

/** The line-break tag between CRE note entries (booking-and-reference §3 Notes). */
export const CRE_NOTES_BREAK = /<br\s*\/?>/i;

export interface CreNote {
  /** 'YYYY-MM-DD | HH:MM:SS' as the CRM wrote it, or "" when the entry has no stamp. */
  stamp: string;
  text: string;
}

/**
 * CRE notes as entries: the text is split on the line-break tag, and each 'date | timestamp - text' entry
 * into its stamp and its text (an entry without the stamp keeps its whole text). Empty entries are dropped.
 */
export function parseCreNotes(raw: string | null | undefined): CreNote[] {
  if (!raw) return [];
  return raw
    .split(CRE_NOTES_BREAK)
    .map((e) => e.trim())
    .filter((e) => e !== "")
    .map((e) => {
      const m = /^(\d{4}-\d{2}-\d{2}\s*\|\s*[^-]+?)\s+-\s+([\s\S]*)$/.exec(e);
      return m ? { stamp: m[1]!.replace(/\s*\|\s*/, " | "), text: m[2]!.trim() } : { stamp: "", text: e };
    });
}
