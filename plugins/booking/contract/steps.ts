// The booking wizard's steps (booking-and-reference §1, §5): one zod schema per step, 1 Contact Details,
// 2 Insurance Coverage, 3 Meeting Setup; step 4 is the summary and validates nothing of its own. Each message
// is a key of the booking namespace (messages.ts), and each issue's path is the field's (`clients.0.dob`), so
// the same schemas drive the form's errors and the gateway's 422 (`fieldErrors`).
//
// Decisions where the specification is silent (docs/decisions.md "Booking steps"):
// - The variant's clients per lead (1 on ISIUS, 2 on SLICA) is the most a lead has: the first client is
//   required, a second is optional on SLICA (a single client books alone). Step 2 has one insurance per client.
// - Step 1 requires the client's first and last name, the lead's phone, its reasons, and an address that was
//   checked (valid) with its line, city, postal code and region; email and date of birth are optional and
//   checked when given. A date of birth must also be a real day (2023-02-31 is refused, as PUT /leads does).
// - Step 2 requires height, weight and occupation (§5 "clients valid") and a non-empty insurance type; carrier,
//   premium and income band are optional, but refused when hidden (no policy; income refused), since the
//   form clears them (rules.ts) and a stale value must not reach the CRM.
// - Conditions and medications each carry an optional duration until the call centres say it is required.
import { z } from "zod";
import { isDob, latestDob, postalProblem } from "../../../src/contract/lead";
import {
  ANNUITY_BENEFICIARIES,
  ANNUITY_FUNDS,
  CARRIERS,
  EMPLOYMENT,
  GENDERS,
  HEALTH_DURATIONS,
  INCOME_BANDS,
  INCOME_REFUSED,
  INCOME_TYPES,
  insuranceTypesFor,
  LANGUAGES,
  LEAD_REASON_OPTIONS,
  LOCATION_TYPES,
  MEASURING_SYSTEMS,
  MEDICAL_CONDITIONS,
  MEDICATIONS,
  METRIC,
  OTHER_HEALTH_ITEM,
  OTHER_INSURANCE_TYPE,
  OTHER_LEAD_REASON,
  PREMIUM_BANDS,
  regionsOf,
  TITLES,
  valuesOf,
  YES,
  YES_NO,
  type LookupOption,
} from "../../../src/contract/lookups";
import { lineText, printableText } from "../../../src/contract/text";
import { meetingSchema, multi, OTHER_TEXT_MAX, postalKey, type MeetingRuleOptions } from "./meeting";
import { fieldError, MESSAGES as M } from "./messages";

export interface StepOptions {
  /** The variant's clients per lead: 1 on ISIUS, 2 on SLICA. */
  clients: 1 | 2;
  /** The lead's country: its postal code format and its regions. */
  country: "US" | "CA";
  /** Now (the injected clock): a date of birth is yesterday at the latest, in UTC as PUT /leads checks it. */
  nowMs: number;
  /** The term sub-types are offered (lookups TERM_SUB_TYPES_FEATURE). */
  termSubTypes?: boolean;
}

export const EMAIL_MAX = 100;
/** Height and weight fields (agent-workspace §5). */
export const MEASURE_MAX = 10;

// ---------------------------------------------------------------------------------------------- fields

const blank = (s: string | null | undefined) => (s ?? "").trim() === "";
const oneOf = <const L extends readonly LookupOption[]>(list: L) =>
  z.literal(valuesOf(list), { error: fieldError() });
const textOf = (max: number) =>
  printableText(max, { tooLong: M.otherTooLong, invalid: { error: fieldError() } });
const line = (max: number) => lineText(max, { tooLong: M.tooLong, invalid: { error: fieldError() } });
const requiredLine = (max: number) => line(max).refine((s) => s !== "", { message: M.required });
const yesNo = oneOf(YES_NO);

/** Booking phone (agent-workspace §5): 10 digits, not starting with 0 or 1, shown ###.###.####. */
export const PHONE_RE = /^[2-9]\d{9}$/;
/** The digits of a phone as typed through the mask (dots, spaces, dashes and brackets dropped). */
export const phoneDigits = (s: string) => s.replace(/[.\s()-]/g, "");
export const Phone = z
  .string({ error: fieldError() })
  .max(191, M.invalidPhone)
  .transform(phoneDigits)
  .superRefine((s, ctx) => {
    if (s === "") ctx.addIssue({ code: "custom", message: M.required });
    else if (!PHONE_RE.test(s)) ctx.addIssue({ code: "custom", message: M.invalidPhone });
  });

/** Email (§5): optional, the standard pattern, at most 100 characters; one message for both. */
export const Email = z.union(
  [z.literal(""), z.email({ error: M.invalidEmail }).max(EMAIL_MAX, M.invalidEmail)],
  {
    error: fieldError(M.invalidEmail),
  },
);

/** Date of birth (§5): empty, or YYYY-MM-DD naming a real day, yesterday at the latest. */
export const Dob = (nowMs: number) =>
  z.string({ error: fieldError(M.invalidDob) }).superRefine((s, ctx) => {
    if (s === "") return;
    if (s.length !== 10 || !isDob(s)) ctx.addIssue({ code: "custom", message: M.invalidDob });
    else if (s > latestDob(nowMs)) ctx.addIssue({ code: "custom", message: M.dobAfterYesterday });
  });

/** Height or weight as written (5'7", 1m75, 180, 400+): required, at most 10 printable characters. */
const Measure = printableText(MEASURE_MAX, { tooLong: M.measureTooLong, invalid: { error: fieldError() } })
  .transform((s) => s.trim())
  .refine((s) => s !== "", { message: M.required });

type Ctx = z.core.$RefinementCtx;

/**
 * A multi-select with an Other option (§5): when `required`, at least one value; the Other text is required
 * when Other is picked, and must be empty otherwise (the form clears it with the choice).
 */
function checkOther(
  ctx: Ctx,
  o: {
    values: readonly unknown[];
    other: unknown;
    text: string;
    valuesPath: string;
    textPath: string;
    required: boolean;
  },
) {
  if (o.required && o.values.length === 0)
    ctx.addIssue({ code: "custom", message: M.chooseAtLeastOne, path: [o.valuesPath] });
  const picked = o.values.includes(o.other);
  if (picked && blank(o.text)) ctx.addIssue({ code: "custom", message: M.required, path: [o.textPath] });
  if (!picked && !blank(o.text))
    ctx.addIssue({ code: "custom", message: M.notApplicable, path: [o.textPath] });
}

// ---------------------------------------------------------------------------------------------- step 1

const ContactLead = z
  .strictObject(
    {
      phone: Phone,
      phoneOther: z.array(Phone, { error: fieldError() }).max(10, M.invalid),
      email: Email,
      language: z.enum(valuesOf(LANGUAGES), { error: fieldError() }),
      reasons: multi(oneOf(LEAD_REASON_OPTIONS), LEAD_REASON_OPTIONS.length),
      reasonOther: textOf(OTHER_TEXT_MAX),
    },
    { error: M.invalid },
  )
  .superRefine((lead, ctx) =>
    // Lead valid: a non-empty reasons list, and reasonOther when Other is included.
    checkOther(ctx, {
      values: lead.reasons,
      other: OTHER_LEAD_REASON,
      text: lead.reasonOther,
      valuesPath: "reasons",
      textPath: "reasonOther",
      required: true,
    }),
  );

const ContactAddress = (opts: StepOptions) =>
  z
    .strictObject(
      {
        address: line(191),
        apartment: line(40),
        buzzer: line(40),
        city: line(100),
        postal: z.string({ error: fieldError() }).max(10, M.tooLong),
        state: z.string({ error: fieldError() }).max(2, M.regionInvalid).nullable(),
        province: z.string({ error: fieldError() }).max(2, M.regionInvalid).nullable(),
        latitude: z.number({ error: fieldError() }).min(-90, M.invalid).max(90, M.invalid).nullable(),
        longitude: z.number({ error: fieldError() }).min(-180, M.invalid).max(180, M.invalid).nullable(),
        timezone: z.string({ error: fieldError() }).max(64, M.invalid).nullable(),
        type: oneOf(LOCATION_TYPES),
        valid: z.boolean({ error: fieldError() }),
        invalidPostal: z.boolean({ error: fieldError() }).optional(),
      },
      { error: M.invalid },
    )
    .superRefine((a, ctx) => {
      const add = (message: string, field: string) =>
        ctx.addIssue({ code: "custom", message, path: [field] });
      for (const field of ["address", "city", "postal"] as const) if (blank(a[field])) add(M.required, field);
      // The region is the lead's `state` (a Canadian lead also shows it as `province`).
      const regionField = opts.country === "CA" ? "province" : "state";
      const region = (opts.country === "CA" ? (a.province ?? a.state) : (a.state ?? a.province)) ?? "";
      if (region === "") add(M.required, regionField);
      else if (!regionsOf(opts.country).some((r) => r.value === region.toLowerCase()))
        add(M.regionInvalid, regionField);
      const postal = postalProblem(opts.country, a.postal);
      if (postal && !blank(a.postal)) add(postalKey(postal), "postal");
      // Step 1 is complete only with a checked address (a failed check also lets the agent go on, §4).
      if (!a.valid) add(M.addressNotValidated, "valid");
    });

const ContactClient = (opts: StepOptions) =>
  z
    .strictObject(
      {
        title: z.enum(["", ...valuesOf(TITLES)], { error: fieldError() }),
        firstName: requiredLine(191),
        lastName: requiredLine(191),
        gender: oneOf(GENDERS).nullable(),
        dob: Dob(opts.nowMs),
        countryOfBirth: z
          .string({ error: fieldError() })
          .regex(/^([A-Za-z]{2})?$/, M.invalid)
          .transform((s) => s.toUpperCase()),
      },
      { error: M.invalid },
    )
    .superRefine((c, ctx) => {
      // A title goes with its gender (§9 titles).
      const title = TITLES.find((t) => t.value === c.title);
      if (title && c.gender !== null && title.gender !== c.gender)
        ctx.addIssue({ code: "custom", message: M.titleGender, path: ["title"] });
    });

const clientsOf = <T extends z.ZodType>(client: T, opts: StepOptions) =>
  z.array(client, { error: fieldError() }).min(1, M.required).max(opts.clients, M.invalid);

/** Step 1, Contact Details: the lead, its address and the clients' contact fields. */
export function contactDetailsStep(opts: StepOptions) {
  return z.strictObject(
    { lead: ContactLead, address: ContactAddress(opts), clients: clientsOf(ContactClient(opts), opts) },
    { error: M.invalid },
  );
}
export type ContactDetails = z.input<ReturnType<typeof contactDetailsStep>>;

// ---------------------------------------------------------------------------------------------- step 2

const healthItems = <const L extends readonly LookupOption[]>(list: L) =>
  multi(
    z.strictObject(
      { value: oneOf(list), duration: oneOf(HEALTH_DURATIONS).nullable().default(null) },
      { error: M.invalid },
    ),
    list.length,
  ).refine((items) => new Set(items.map((i) => i.value)).size === items.length, { message: M.duplicate });

const HealthClient = z
  .strictObject(
    {
      height: Measure,
      heightUnits: oneOf(MEASURING_SYSTEMS).default(METRIC),
      weight: Measure,
      weightUnits: oneOf(MEASURING_SYSTEMS).default(METRIC),
      smoker: yesNo.nullable(),
      occupation: requiredLine(191),
      employment: oneOf(EMPLOYMENT).nullable(),
      incomeType: z.enum(valuesOf(INCOME_TYPES), { error: fieldError() }).default("Monthly"),
      income: oneOf(INCOME_BANDS).nullable(),
      disability: yesNo.nullable(),
      conditions: healthItems(MEDICAL_CONDITIONS),
      conditionOther: textOf(OTHER_TEXT_MAX),
      medications: healthItems(MEDICATIONS),
      medicationOther: textOf(OTHER_TEXT_MAX),
    },
    { error: M.invalid },
  )
  .superRefine((c, ctx) => {
    // The band belongs to the income type; none when the client refused (the field is hidden).
    if (c.income !== null) {
      const band = INCOME_BANDS.find((b) => b.value === c.income);
      if (c.incomeType === INCOME_REFUSED)
        ctx.addIssue({ code: "custom", message: M.notApplicable, path: ["income"] });
      else if (band && band.type !== c.incomeType)
        ctx.addIssue({ code: "custom", message: M.incomeBandType, path: ["income"] });
    }
    for (const [items, textPath, valuesPath] of [
      [c.conditions, "conditionOther", "conditions"],
      [c.medications, "medicationOther", "medications"],
    ] as const)
      checkOther(ctx, {
        values: items.map((i) => i.value),
        other: OTHER_HEALTH_ITEM,
        text: c[textPath],
        valuesPath,
        textPath,
        required: false,
      });
  });

const InsuranceCoverage = (opts: StepOptions) =>
  z
    .strictObject(
      {
        hasPolicy: yesNo.default(0),
        carrier: z.enum(valuesOf(CARRIERS), { error: fieldError() }).nullable(),
        premium: z.enum(valuesOf(PREMIUM_BANDS), { error: fieldError() }).nullable(),
        type: multi(
          z.enum(valuesOf(insuranceTypesFor({ termSubTypes: opts.termSubTypes ?? false })), {
            error: fieldError(),
          }),
          40,
        ),
        typeOther: textOf(OTHER_TEXT_MAX),
        amount: z.number({ error: fieldError() }).min(0, M.invalid).max(100_000_000, M.invalid).nullable(),
        applied: yesNo.default(0),
        denied: yesNo.default(0),
        annuityBeneficiary: z.enum(valuesOf(ANNUITY_BENEFICIARIES), { error: fieldError() }).nullable(),
        annuityFunds: z.enum(valuesOf(ANNUITY_FUNDS), { error: fieldError() }).nullable(),
        annuityInvestment: z
          .number({ error: fieldError() })
          .min(0, M.invalid)
          .max(100_000_000, M.invalid)
          .nullable(),
        annuityPeriod: line(40).nullable(),
      },
      { error: M.invalid },
    )
    .superRefine((i, ctx) => {
      // Insurance valid: a non-empty type, and typeOther when Other is included.
      checkOther(ctx, {
        values: i.type,
        other: OTHER_INSURANCE_TYPE,
        text: i.typeOther,
        valuesPath: "type",
        textPath: "typeOther",
        required: true,
      });
      // Carrier and premium exist only for an existing policy (§4 has-policy).
      if (i.hasPolicy !== YES)
        for (const field of ["carrier", "premium"] as const)
          if (i[field] !== null) ctx.addIssue({ code: "custom", message: M.notApplicable, path: [field] });
    });

/** Step 2, Insurance Coverage: each client's health fields, and one insurance per client. */
export function insuranceCoverageStep(opts: StepOptions) {
  return z
    .strictObject(
      { clients: clientsOf(HealthClient, opts), insurance: clientsOf(InsuranceCoverage(opts), opts) },
      { error: M.invalid },
    )
    .superRefine((s, ctx) => {
      if (s.insurance.length !== s.clients.length)
        ctx.addIssue({ code: "custom", message: M.onePerClient, path: ["insurance"] });
    });
}
export type InsuranceCoverage = z.input<ReturnType<typeof insuranceCoverageStep>>;

// ---------------------------------------------------------------------------------------------- step 3

/** Step 3, Meeting Setup: the meeting (meeting.ts), its paths under `meeting` as in POST /meetings. */
export function meetingSetupStep(opts: MeetingRuleOptions = {}) {
  return z.strictObject({ meeting: meetingSchema(opts) }, { error: M.invalid });
}
export type MeetingSetup = z.input<ReturnType<typeof meetingSetupStep>>;

// ---------------------------------------------------------------------------------------------- the wizard

/** The four steps (§1), each with its title key; the summary has no schema. */
export const STEPS = [
  { id: "contact_details", title: "steps.contact_details" },
  { id: "insurance_coverage", title: "steps.insurance_coverage" },
  { id: "meeting_setup", title: "steps.meeting_setup" },
  { id: "meeting_summary", title: "steps.meeting_summary" },
] as const;
export type StepId = (typeof STEPS)[number]["id"];

/** Issues as the 422 and the form name them: field path ("clients.0.dob", "" for the whole) → message keys. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    const list = (out[path] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

export type StepVerdict<T> =
  | { complete: true; data: T }
  | { complete: false; message: typeof M.stepIncomplete; errors: Record<string, string[]> };

/** A step's verdict: its cleaned values, or 'Required fields missing' (§1) with the errors per field. */
export function checkStep<S extends z.ZodType>(schema: S, values: unknown): StepVerdict<z.output<S>> {
  const result = schema.safeParse(values);
  return result.success
    ? { complete: true, data: result.data }
    : { complete: false, message: M.stepIncomplete, errors: fieldErrors(result.error) };
}
