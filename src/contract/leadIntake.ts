// A lead coming into the lead book from outside (issue 36): posted by a publisher (the insurance lead sellers whose
// marketing-id prefixes the lead book knows) or read from a row of a list a manager imports. One shape for both,
// owned by the leads module (server/modules/leads/intake.ts), which checks what a schema cannot alone (the postal
// code against the state, the prefix against the call centre's campaigns, duplicates, Do Not Call) and writes.
import { z } from "zod";
import { Language } from "./common";

/** A North American number as a person writes it: 10 digits (or 11 with the leading 1), any punctuation. */
const NANP_NATIONAL = /^[2-9]\d{2}[2-9]\d{6}$/;

/** The 10 national digits of a North American number, or null when the text is not one. */
export function nanpDigits(raw: string): string | null {
  const text = raw.trim();
  if (!/^\+?[0-9\s().-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  return NANP_NATIONAL.test(digits) ? digits : null;
}

export const INTAKE_MESSAGES = {
  phone: "Enter a North American phone number: 10 digits, area code first (e.g. 212 555 0142).",
  marketingId: "The marketing id is letters and digits, a prefix followed by the lead's number (e.g. ISFX000123).",
  prefix: "This marketing id's prefix is not one of the call centre's campaigns.",
  prefixNotAllowed: "This key may not post leads with the marketing id prefix {{prefix}}.",
  postal: "The postal code is not one we know.",
  postalState: "The postal code {{postal}} is in {{found}}, not {{state}}.",
  state: "Unknown state or province code.",
  country: "The lead's country must be US or CA, and agree with its state or province.",
  dob: "The date of birth is a past date, YYYY-MM-DD.",
  email: "Enter a valid e-mail address.",
  name: "Enter the lead's first and last names.",
  website: "The source web site is a host name or an http(s) address.",
  duplicate: "A lead with this phone number came in on {{since}} (lead {{leadId}}).",
  duplicateMarketingId: "A lead with this marketing id is already in the lead book.",
  dnc: "{{phone}} is on the Do Not Call list {{list}} since {{since}}.",
  dncInternal: "{{phone}} is on the call centre's Do Not Call list since {{since}}.",
  zone: "No time zone for this lead: neither its postal code nor its area code places it.",
} as const;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A phone field: its 10 national digits. */
const Phone = z.string().transform((raw, ctx) => {
  const d = nanpDigits(raw);
  if (d === null) {
    ctx.addIssue({ code: "custom", message: INTAKE_MESSAGES.phone });
    return z.NEVER;
  }
  return d;
});

/**
 * A lead as a publisher posts it (POST /lead-intake) and as an import's mapped row gives it: snake case like the
 * rest of the gateway. Only the marketing id, the names and the phone are required; everything else the lead card
 * shows is filled when known. The state is a two-letter state or province code; the country follows from it when
 * not given.
 */
export const LeadIntake = z.strictObject({
  marketing_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{1,63}$/, INTAKE_MESSAGES.marketingId)
    .transform((s) => s.toUpperCase()),
  first_name: text(100).min(1, INTAKE_MESSAGES.name),
  last_name: text(100).min(1, INTAKE_MESSAGES.name),
  phone: Phone,
  phone_other: z.array(Phone).max(5, "At most 5 other numbers.").default([]),
  email: z
    .union([z.literal(""), z.email(INTAKE_MESSAGES.email).max(254)])
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  date_of_birth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, INTAKE_MESSAGES.dob)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && s >= "1900-01-01", INTAKE_MESSAGES.dob)
    .nullish()
    .transform((v) => v ?? null),
  language: Language.default("en"),
  street: optionalText(200),
  apartment: optionalText(40),
  city: optionalText(100),
  postal: optionalText(10),
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, INTAKE_MESSAGES.state)
    .transform((s) => s.toLowerCase())
    .nullish()
    .transform((v) => v ?? null),
  country: z.enum(["US", "CA"], { error: INTAKE_MESSAGES.country }).nullish().transform((v) => v ?? null),
  /** The web site the lead filled the publisher's form on. */
  website: z
    .string()
    .trim()
    .max(200)
    .regex(/^(https?:\/\/)?[A-Za-z0-9.-]+\.[A-Za-z]{2,}(\/\S*)?$/, INTAKE_MESSAGES.website)
    .nullish()
    .transform((v) => v ?? null),
  /** The ad keywords the lead came from. */
  keywords: optionalText(500),
  notes: optionalText(2000),
});
export type LeadIntakeInput = z.input<typeof LeadIntake>;
export type LeadIntake = z.output<typeof LeadIntake>;

/** The fields of LeadIntake, in the order a form or a column mapping lists them. */
export const LEAD_INTAKE_FIELDS = Object.keys(LeadIntake.shape) as (keyof LeadIntake)[];

/** What a lead that came in became: the outcomes an import counts and a publisher is answered. */
export const IntakeOutcome = z.enum([
  /** Written: a new lead, dialable at once. */
  "created",
  /** The same phone came in within the duplicate window and the call centre updates the lead it has. */
  "updated",
  /** The same phone (or marketing id) is in the lead book and the call centre refuses duplicates. */
  "duplicate",
  /** The number is on a Do Not Call list. */
  "dnc",
  /** A field does not pass (errors per field). */
  "invalid",
  /** Outside the call centre's allowed countries. */
  "country",
]);
export type IntakeOutcome = z.infer<typeof IntakeOutcome>;

/** What the call centre does with a lead whose phone came in within the window (the "lead-intake" setting). */
export const DuplicatePolicy = z.enum(["update", "refuse"]);
export type DuplicatePolicy = z.infer<typeof DuplicatePolicy>;

export const LEAD_INTAKE_SETTING_KEY = "lead-intake";
export const LeadIntakeSettings = z.strictObject({
  /** Days within which the same phone is a duplicate (0: any lead with the phone, ever). */
  duplicate_window_days: z.number().int().min(0).max(3650),
  on_duplicate: DuplicatePolicy,
});
export type LeadIntakeSettings = z.infer<typeof LeadIntakeSettings>;
export const DEFAULT_LEAD_INTAKE_SETTINGS: LeadIntakeSettings = { duplicate_window_days: 90, on_duplicate: "refuse" };
