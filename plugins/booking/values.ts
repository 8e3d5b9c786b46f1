// The wizard's values: what each step's form holds, where they start from (the lead's record, then the saved
// draft over it), and what the step schemas (contract/steps.ts) and the draft receive. The forms hold the
// steps' own shapes, so a schema's field path ("clients.0.dob") is the form field's name, with one exception:
// a health item's duration is picked per chosen item, so the form keeps the chosen values and their durations
// apart (conditions + conditionDurations) and `coverageInput` joins them.
import type { Lead } from "../../src/contract/lead";
import { DEFAULT_LOCATION_TYPE, heightAsWritten, locationTypeOf, METRIC } from "../../src/contract/lookups";
import { newMeeting, emptyMeetingAddress, type MeetingState } from "./contract/meeting";
import type { ContactDetails, InsuranceCoverage } from "./contract/steps";

type StepHealthClient = InsuranceCoverage["clients"][number];

export type Country = "US" | "CA";

/**
 * The forms' values. Looser than the schemas' input types (a select holds any of its options' values, a field
 * may be empty): the schemas are what judge them.
 */
export interface ContactClient {
  title: string;
  firstName: string;
  lastName: string;
  gender: number | null;
  dob: string;
  countryOfBirth: string;
}
export interface ContactValues {
  lead: {
    phone: string;
    phoneOther: string[];
    email: string;
    language: string;
    reasons: string[];
    reasonOther: string;
  };
  address: {
    address: string;
    apartment: string;
    buzzer: string;
    city: string;
    postal: string;
    state: string | null;
    province: string | null;
    latitude: number | null;
    longitude: number | null;
    timezone: string | null;
    type: number;
    valid: boolean;
    invalidPostal?: boolean;
  };
  clients: ContactClient[];
}

type HealthItem = { value: string; duration: string | null };

/** A client's health fields as the form holds them: the chosen items, and each one's duration by value. */
export interface HealthClientValues {
  height: string;
  heightUnits: number;
  weight: string;
  weightUnits: number;
  smoker: number | null;
  occupation: string;
  employment: number | null;
  incomeType: string;
  income: number | null;
  disability: number | null;
  conditions: string[];
  conditionDurations: Record<string, string | null>;
  conditionOther: string;
  medications: string[];
  medicationDurations: Record<string, string | null>;
  medicationOther: string;
}
export interface InsuranceValues {
  hasPolicy: number;
  carrier: string | null;
  premium: string | null;
  type: string[];
  typeOther: string;
  amount: number | null;
  applied: number;
  denied: number;
  annuityBeneficiary: string | null;
  annuityFunds: string | null;
  annuityInvestment: number | null;
  annuityPeriod: string | null;
}
export interface CoverageValues {
  clients: HealthClientValues[];
  insurance: InsuranceValues[];
}

/** The three steps' values, as the store keeps them and the draft saves them. */
export interface WizardValues {
  contact: ContactValues;
  coverage: CoverageValues;
  meeting: MeetingState;
}

// ---------------------------------------------------------------------------------------------- defaults

export const emptyContactClient = (): ContactClient => ({
  title: "",
  firstName: "",
  lastName: "",
  gender: null,
  dob: "",
  countryOfBirth: "",
});

export const emptyHealthClient = (): HealthClientValues => ({
  height: "",
  heightUnits: METRIC,
  weight: "",
  weightUnits: METRIC,
  smoker: null,
  occupation: "",
  employment: null,
  incomeType: "Monthly",
  income: null,
  disability: null,
  conditions: [],
  conditionDurations: {},
  conditionOther: "",
  medications: [],
  medicationDurations: {},
  medicationOther: "",
});

export const emptyInsurance = (): InsuranceValues => ({
  hasPolicy: 0,
  carrier: null,
  premium: null,
  type: [],
  typeOther: "",
  amount: null,
  applied: 0,
  denied: 0,
  annuityBeneficiary: null,
  annuityFunds: null,
  annuityInvestment: null,
  annuityPeriod: null,
});

/** The lead's phone as the booking keeps it: ten digits (a stored '+1' country code dropped). */
export function tenDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/** Step 1 from the lead's record. A Canadian lead's region is its province (the wire may carry it as state). */
export function contactFromLead(lead: Lead, clientsPerLead: 1 | 2, country: Country): ContactValues {
  const a = lead.address;
  const region = (a.province ?? a.state ?? "").toLowerCase() || null;
  const clients = lead.clients.slice(0, clientsPerLead).map(
    (c): ContactClient => ({
      title: c.title,
      firstName: c.firstName,
      lastName: c.lastName,
      gender: c.gender,
      dob: c.dob,
      countryOfBirth: c.countryOfBirth,
    }),
  );
  if (clients.length === 0)
    clients.push({ ...emptyContactClient(), firstName: lead.firstName, lastName: lead.lastName });
  return {
    lead: {
      phone: tenDigits(lead.phone),
      phoneOther: lead.phoneOther.map(tenDigits),
      email: lead.email,
      language: (["en", "fr", "es"] as const).find((l) => l === lead.language) ?? "en",
      reasons: [...lead.reasons],
      reasonOther: lead.reasonOther,
    },
    address: {
      address: a.address,
      apartment: a.apartment,
      buzzer: a.buzzer,
      city: a.city,
      postal: a.postal,
      state: country === "US" ? (a.state ?? "").toLowerCase() || null : null,
      province: country === "CA" ? region : null,
      latitude: a.latitude,
      longitude: a.longitude,
      timezone: a.timezone,
      type: locationTypeOf(a.type) ?? DEFAULT_LOCATION_TYPE,
      valid: a.valid,
      invalidPostal: false,
    },
    clients,
  };
}

/** Step 2 from the lead's record: its clients' health fields, and its insurance for the first client. */
export function coverageFromLead(lead: Lead, clients: number): CoverageValues {
  const health = Array.from({ length: clients }, (_, i): HealthClientValues => {
    const c = lead.clients[i];
    if (!c) return emptyHealthClient();
    return {
      ...emptyHealthClient(),
      height: heightAsWritten(c.height, c.heightUnits === 0 ? 0 : METRIC),
      heightUnits: c.heightUnits === 0 ? 0 : METRIC,
      weight: c.weight,
      weightUnits: c.weightUnits === 0 ? 0 : METRIC,
      smoker: c.smoker === 0 || c.smoker === 1 ? c.smoker : null,
      occupation: c.occupation,
      employment: c.employment,
      incomeType: c.incomeType || "Monthly",
      income: c.income,
      disability: c.disability === 0 || c.disability === 1 ? c.disability : null,
    };
  });
  const i = lead.insurance;
  const first: InsuranceValues = {
    ...emptyInsurance(),
    hasPolicy: i.hasPolicy === 1 ? 1 : 0,
    carrier: i.carrier,
    premium: i.premium,
    type: [...i.type],
    typeOther: i.typeOther,
    amount: i.amount,
    applied: i.applied === 1 ? 1 : 0,
    denied: i.denied === 1 ? 1 : 0,
    annuityBeneficiary: i.annuityBeneficiary,
    annuityFunds: i.annuityFunds,
    annuityInvestment: i.annuityInvestment,
    annuityPeriod: i.annuityPeriod,
  };
  return {
    clients: health,
    insurance: Array.from({ length: clients }, (_, n) => (n === 0 ? first : emptyInsurance())),
  };
}

/** The lead's values, then what the agent typed (the saved draft) over them, section by section. */
export function overlayDraft(base: WizardValues, draft: Partial<Record<keyof WizardValues, unknown>>): WizardValues {
  const obj = (v: unknown): Record<string, unknown> | null =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  const contact = obj(draft.contact);
  const coverage = obj(draft.coverage);
  const meeting = obj(draft.meeting);
  return {
    contact: contact
      ? {
          lead: { ...base.contact.lead, ...obj(contact.lead) },
          address: { ...base.contact.address, ...obj(contact.address) },
          clients: Array.isArray(contact.clients)
            ? (contact.clients as ContactClient[]).map((c) => ({ ...emptyContactClient(), ...obj(c) }))
            : base.contact.clients,
        }
      : base.contact,
    coverage: coverage
      ? {
          clients: Array.isArray(coverage.clients)
            ? coverage.clients.map((c) => healthFromStep(obj(c) ?? {}))
            : base.coverage.clients,
          insurance: Array.isArray(coverage.insurance)
            ? (coverage.insurance as InsuranceValues[]).map((i) => ({ ...emptyInsurance(), ...obj(i) }))
            : base.coverage.insurance,
        }
      : base.coverage,
    meeting: meeting
      ? {
          ...newMeeting(),
          ...(meeting as Partial<MeetingState>),
          address: { ...emptyMeetingAddress(), ...obj(meeting.address) },
          // A draft is never booked (the gateway drops it when it books), and the offer's answer is asked again.
          booked: false,
        }
      : base.meeting,
  };
}

// ---------------------------------------------------------------------------------------------- to the schemas

/** Step 1 as its schema reads it: the alternative phones the agent added but left empty are dropped. */
export function contactInput(c: ContactValues): ContactDetails {
  return {
    ...c,
    lead: { ...c.lead, phoneOther: c.lead.phoneOther.filter((p) => p.trim() !== "") },
  } as unknown as ContactDetails;
}

const withDurations = (values: readonly string[], durations: Record<string, string | null>): HealthItem[] =>
  values.map((value) => ({ value, duration: durations[value] ?? null }));

/** Step 2 as its schema reads it: each health item with its duration. */
export function coverageInput(c: CoverageValues): InsuranceCoverage {
  return {
    clients: c.clients.map(
      ({ conditionDurations, medicationDurations, ...client }) =>
        ({
          ...client,
          conditions: withDurations(client.conditions, conditionDurations),
          medications: withDurations(client.medications, medicationDurations),
        }) as unknown as StepHealthClient,
    ),
    insurance: c.insurance as unknown as InsuranceCoverage["insurance"],
  };
}

/** A client's health fields as the draft saved them (the step's shape) back into the form's. */
function healthFromStep(saved: Record<string, unknown>): HealthClientValues {
  const split = (items: unknown) => {
    const list = Array.isArray(items) ? (items as HealthItem[]).filter((i) => i && typeof i.value === "string") : [];
    return {
      values: list.map((i) => i.value),
      durations: Object.fromEntries(list.map((i) => [i.value, i.duration ?? null])),
    };
  };
  const conditions = split(saved.conditions);
  const medications = split(saved.medications);
  return {
    ...emptyHealthClient(),
    ...(saved as Partial<HealthClientValues>),
    conditions: conditions.values,
    conditionDurations: conditions.durations,
    medications: medications.values,
    medicationDurations: medications.durations,
  };
}

/** Whether a client has health issues (restrictions.ts): a condition or a medication. */
export const healthIssuesOf = (c: HealthClientValues | undefined) =>
  (c?.conditions.length ?? 0) > 0 || (c?.medications.length ?? 0) > 0;
