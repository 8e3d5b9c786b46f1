// The lookup lists of the booking form and the lead record (booking-and-reference §9 "Lookup lists"), as data
// in one module: each entry has its wire value and its label in en, fr and es. Every schema that names one of
// these values (src/contract/lead.ts, plugins/booking/contract/) derives its enumeration from here, so a list
// changes in one place. Labels live here rather than in a plugin's locale because the gateway and several
// panels show them (the lead card, the booking form, the summary).
//
// Where the specification gives only part of a list, the rest is a proposal for the call centres to confirm,
// and its comment says so: carriers, insurance types beyond the named ones and which of them are phone-only,
// medications, medical conditions and their durations, the income bands' intermediate cut points, the
// countries of birth.
import type { Language } from "./common";

// ---------------------------------------------------------------------------------------------- the shape

/** A text in each language the product speaks. */
export type Label = Readonly<Record<Language, string>>;

/** One entry of a list: what goes on the wire, and what the agent reads. */
export interface LookupOption<V extends string | number = string | number> {
  readonly value: V;
  readonly label: Label;
}

/** The wire values a list allows. */
export type ValueOf<L extends readonly LookupOption[]> = L[number]["value"];

const l = (en: string, fr: string, es: string): Label => ({ en, fr, es });
/** The same text in every language (a proper name, a unit, a code). */
const same = (text: string): Label => l(text, text, text);
/** A list with its values kept as literal types, so schemas derive exact enumerations from it. */
const list = <const T extends readonly LookupOption[]>(items: T): T => items;

/** The list's wire values, in order (for z.enum / z.literal). */
export function valuesOf<const L extends readonly LookupOption[]>(options: L): ValueOf<L>[] {
  return options.map((o) => o.value);
}

/** An option as a dropdown shows it in one language. */
export interface LocalOption<V extends string | number = string | number> {
  value: V;
  label: string;
}

/** The list's options in `lang`, in the list's order. */
export function optionsIn<const L extends readonly LookupOption[]>(
  options: L,
  lang: Language,
): LocalOption<ValueOf<L>>[] {
  return options.map((o) => ({ value: o.value, label: o.label[lang] }));
}

/** The label of `value` in `lang`, or undefined when the list has no such value. */
export function labelOf(
  options: readonly LookupOption[],
  value: unknown,
  lang: Language,
): string | undefined {
  return options.find((o) => o.value === value)?.label[lang];
}

// ---------------------------------------------------------------------------------------------- people

export const YES_NO = list([
  { value: 0, label: l("No", "Non", "No") },
  { value: 1, label: l("Yes", "Oui", "Sí") },
]);
export const NO = 0;
export const YES = 1;

export const GENDERS = list([
  { value: 1, key: "male", label: l("Male", "Homme", "Hombre") },
  { value: 2, key: "female", label: l("Female", "Femme", "Mujer") },
]);
export const MALE = 1;
export const FEMALE = 2;

/**
 * Titles (§9): Dr., Mr. and M. go with a man, Ms., Miss, Mrs., Mme. and Mlle. with a woman. The wire value is
 * the enumeration key. A title is a written form of address, not a word to translate: an English title keeps
 * its spelling in a French or Spanish interface, and the French ones are offered for French-speaking clients.
 */
export const TITLES = list([
  { value: "Dr", gender: MALE, label: same("Dr.") },
  { value: "Mr", gender: MALE, label: same("Mr.") },
  { value: "M", gender: MALE, label: same("M.") },
  { value: "Ms", gender: FEMALE, label: same("Ms.") },
  { value: "Miss", gender: FEMALE, label: same("Miss") },
  { value: "Mrs", gender: FEMALE, label: same("Mrs.") },
  { value: "Mme", gender: FEMALE, label: same("Mme.") },
  { value: "Mlle", gender: FEMALE, label: same("Mlle.") },
]);
export type Title = ValueOf<typeof TITLES>;

/** The titles that go with a gender (all of them while the gender is unknown). */
export function titlesFor(gender: number | null | undefined): (typeof TITLES)[number][] {
  return TITLES.filter((t) => gender == null || t.gender === gender);
}

export const EMPLOYMENT = list([
  { value: 1, key: "employed", label: l("Employed", "Salarié", "Empleado") },
  {
    value: 2,
    key: "self_employed",
    label: l("Self-employed", "Travailleur autonome", "Trabajador independiente"),
  },
  { value: 3, key: "unemployed", label: l("Unemployed", "Sans emploi", "Desempleado") },
  { value: 4, key: "retired", label: l("Retired", "Retraité", "Jubilado") },
  { value: 5, key: "student", label: l("Student", "Étudiant", "Estudiante") },
]);

// ---------------------------------------------------------------------------------------------- measures

export const IMPERIAL = 0;
export const METRIC = 1;
export const MEASURING_SYSTEMS = list([
  { value: IMPERIAL, key: "imperial", label: l("Imperial", "Impérial", "Imperial") },
  { value: METRIC, key: "metric", label: l("Metric", "Métrique", "Métrico") },
]);
export type MeasuringSystem = ValueOf<typeof MEASURING_SYSTEMS>;

export interface HeightOption extends LookupOption<string> {
  /** The height in centimetres (imperial ones rounded), for comparisons across systems. */
  readonly cm: number;
}

/** 4'0" to 7'0", one inch apart. The value is the height as written (feet ' inches "). */
const IMPERIAL_HEIGHTS: readonly HeightOption[] = Array.from({ length: 37 }, (_, i) => {
  const inches = 48 + i;
  const text = `${Math.floor(inches / 12)}'${inches % 12}"`;
  return { value: text, label: same(text), cm: Math.round(inches * 2.54) };
});

/** 1m20 to 2m10, 3 cm apart. */
const METRIC_HEIGHTS: readonly HeightOption[] = Array.from({ length: 31 }, (_, i) => {
  const cm = 120 + 3 * i;
  const text = `${Math.floor(cm / 100)}m${String(cm % 100).padStart(2, "0")}`;
  return { value: text, label: same(text), cm };
});

export const HEIGHTS: Readonly<Record<MeasuringSystem, readonly HeightOption[]>> = {
  [IMPERIAL]: IMPERIAL_HEIGHTS,
  [METRIC]: METRIC_HEIGHTS,
};

/**
 * A stored height as the form writes it: a bare number (centimetres in metric, inches in imperial, as imported
 * leads and older records hold it) becomes its list's text, 180 → "1m80", 71 → 5'11"; the list's own texts and
 * anything else stay as they are.
 */
export function heightAsWritten(height: string | number | null | undefined, system: number): string {
  const text = height === null || height === undefined ? "" : String(height).trim();
  if (!/^\d{2,3}$/.test(text)) return text;
  const n = Number(text);
  if (system === METRIC && n >= 100 && n <= 250) return `${Math.floor(n / 100)}m${String(n % 100).padStart(2, "0")}`;
  if (system === IMPERIAL && n >= 36 && n <= 96) return `${Math.floor(n / 12)}'${n % 12}"`;
  return text;
}

/** Weights from which a client counts as overweight (§5): 400 lb+ or 200 kg+. */
export const OVERWEIGHT_FROM: Readonly<Record<MeasuringSystem, number>> = { [IMPERIAL]: 400, [METRIC]: 200 };

export interface WeightOption extends LookupOption<string> {
  /** The weight in the list's unit; the last entry means "this or more". */
  readonly amount: number;
  readonly overweight: boolean;
}

function weights(from: number, to: number, step: number, unit: string): readonly WeightOption[] {
  return Array.from({ length: (to - from) / step + 1 }, (_, i) => {
    const amount = from + step * i;
    const last = amount === to;
    return {
      value: last ? `${amount}+` : String(amount),
      label: same(`${amount} ${unit}${last ? "+" : ""}`),
      amount,
      overweight: last,
    };
  });
}

/** 75 lb to 400 lb+ by 5 lb; 35 kg to 200 kg+ by 3 kg. The value is the number in the unit ("400+" last). */
export const WEIGHTS: Readonly<Record<MeasuringSystem, readonly WeightOption[]>> = {
  [IMPERIAL]: weights(75, OVERWEIGHT_FROM[IMPERIAL], 5, "lb"),
  [METRIC]: weights(35, OVERWEIGHT_FROM[METRIC], 3, "kg"),
};

/** A weight as stored (the list's value, or a number typed in) counts as overweight in its system. */
export function isOverweight(weight: string | number | null | undefined, system: number): boolean {
  const threshold = OVERWEIGHT_FROM[system as MeasuringSystem];
  const amount = typeof weight === "number" ? weight : Number.parseFloat(String(weight ?? ""));
  return threshold !== undefined && Number.isFinite(amount) && amount >= threshold;
}

// ---------------------------------------------------------------------------------------------- money

export const INCOME_TYPES = list([
  { value: "Monthly", label: l("Monthly", "Mensuel", "Mensual") },
  { value: "Annual", label: l("Annual", "Annuel", "Anual") },
  { value: "Combined", label: l("Combined", "Combiné", "Combinado") },
  {
    value: "Refused to provide",
    label: l("Refused to provide", "Refuse de répondre", "Se niega a responder"),
  },
]);
export type IncomeType = ValueOf<typeof INCOME_TYPES>;
/** The income type that hides (and clears) the income band (§4). */
export const INCOME_REFUSED = "Refused to provide" satisfies IncomeType;

const thousands = (n: number, sep: string) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
const dollars: Record<Language, (n: number) => string> = {
  en: (n) => `$${thousands(n, ",")}`,
  fr: (n) => `${thousands(n, "\u00a0")}\u00a0$`,
  es: (n) => `$${thousands(n, ",")}`,
};
const rangeWords: Record<Language, { under: string; over: string; to: string }> = {
  en: { under: "Under", over: "Over", to: "to" },
  fr: { under: "Moins de", over: "Plus de", to: "à" },
  es: { under: "Menos de", over: "Más de", to: "a" },
};
function moneyRange(min: number | null, max: number | null): Label {
  const say = (lang: Language) => {
    const w = rangeWords[lang];
    const $ = dollars[lang];
    if (min === null) return `${w.under} ${$(max!)}`;
    if (max === null) return `${w.over} ${$(min)}`;
    return `${$(min)} ${w.to} ${$(max)}`;
  };
  return { en: say("en"), fr: say("fr"), es: say("es") };
}

export interface IncomeBand extends LookupOption<number> {
  readonly type: Exclude<IncomeType, typeof INCOME_REFUSED>;
  /** The band is [min, max) in dollars; null for the open end. */
  readonly min: number | null;
  readonly max: number | null;
}

/**
 * The 18 income bands (§9): 1-6 monthly from under $1,250 to over $8,500, 7-12 annual from under $15,000 to
 * over $100,000, 13-18 combined (the household's annual) from under $30,000 to over $200,000. The
 * specification gives only the ends; the intermediate cut points are ours, chosen so that each monthly band is
 * close to the annual band of the same rank divided by 12 and the combined ones are about twice the annual
 * ones: monthly 1,250 / 2,500 / 4,000 / 6,000 / 8,500; annual 15,000 / 30,000 / 50,000 / 75,000 / 100,000;
 * combined 30,000 / 60,000 / 100,000 / 150,000 / 200,000. Each band includes its lower bound.
 */
export const INCOME_BANDS: readonly IncomeBand[] = (
  [
    ["Monthly", [1_250, 2_500, 4_000, 6_000, 8_500]],
    ["Annual", [15_000, 30_000, 50_000, 75_000, 100_000]],
    ["Combined", [30_000, 60_000, 100_000, 150_000, 200_000]],
  ] as const
).flatMap(([type, cuts], t) =>
  [null, ...cuts].map((min, i) => {
    const max = cuts[i] ?? null;
    return { value: t * 6 + i + 1, type, min, max, label: moneyRange(min, max) };
  }),
);

/** The bands of an income type (none for 'Refused to provide', whose band field is hidden). */
export function incomeBandsFor(type: string | null | undefined): IncomeBand[] {
  return INCOME_BANDS.filter((b) => b.type === type);
}

/** Monthly premium of an existing policy. */
export const PREMIUM_BANDS = list([
  { value: "p1", label: l("Over $150", "Plus de 150\u00a0$", "Más de $150") },
  { value: "p2", label: l("$100 to $150", "100\u00a0$ à 150\u00a0$", "$100 a $150") },
  { value: "p3", label: l("$50 to $100", "50\u00a0$ à 100\u00a0$", "$50 a $100") },
  { value: "p4", label: l("Under $50", "Moins de 50\u00a0$", "Menos de $50") },
  { value: "p5", label: l("Does not know", "Ne sait pas", "No sabe") },
  { value: "p6", label: l("Refused to provide", "Refuse de répondre", "Se niega a responder") },
]);
export type PremiumBand = ValueOf<typeof PREMIUM_BANDS>;

// ---------------------------------------------------------------------------------------------- insurance

export interface CarrierOption extends LookupOption<string> {
  /** Where the carrier sells (empty for the three answers that are not carriers). */
  readonly countries: readonly ("US" | "CA")[];
}
const carrier = (name: string, ...countries: ("US" | "CA")[]): CarrierOption => ({
  value: name,
  label: same(name),
  countries,
});

/**
 * Carriers of an existing policy. The specification says "about 38 names including Does not know, Refused to
 * provide, Other" and does not list them: this North American list (35 carriers, tagged with where they
 * sell, then the three answers) is a proposal for the call centres to confirm. The wire value is the
 * carrier's name, as the CRM stores it.
 */
export const CARRIERS: readonly CarrierOption[] = [
  carrier("Aflac", "US"),
  carrier("AIG", "US"),
  carrier("Assumption Life", "CA"),
  carrier("Assurity", "US"),
  carrier("Banner Life", "US"),
  carrier("Beneva", "CA"),
  carrier("BMO Insurance", "CA"),
  carrier("Canada Life", "CA"),
  carrier("Canada Protection Plan", "CA"),
  carrier("Colonial Penn", "US"),
  carrier("Co-operators", "CA"),
  carrier("Desjardins", "CA"),
  carrier("Empire Life", "CA"),
  carrier("Equitable Life of Canada", "CA"),
  carrier("Fidelity & Guaranty Life", "US"),
  carrier("Foresters Financial", "US", "CA"),
  carrier("Gerber Life", "US"),
  carrier("Globe Life", "US"),
  carrier("iA Financial Group", "CA"),
  carrier("John Hancock", "US"),
  carrier("Lincoln Financial", "US"),
  carrier("Manulife", "CA"),
  carrier("MetLife", "US"),
  carrier("Mutual of Omaha", "US"),
  carrier("Nationwide", "US"),
  carrier("New York Life", "US"),
  carrier("Northwestern Mutual", "US"),
  carrier("Pacific Life", "US"),
  carrier("Primerica", "US", "CA"),
  carrier("Protective Life", "US"),
  carrier("Prudential", "US"),
  carrier("RBC Insurance", "CA"),
  carrier("State Farm", "US"),
  carrier("Sun Life", "CA"),
  carrier("Transamerica", "US"),
  { value: "Does not know", label: l("Does not know", "Ne sait pas", "No sabe"), countries: [] },
  {
    value: "Refused to provide",
    label: l("Refused to provide", "Refuse de répondre", "Se niega a responder"),
    countries: [],
  },
  { value: "Other", label: l("Other", "Autre", "Otro"), countries: [] },
];

/** The carriers offered in a country, then the three answers that are not carriers. */
export function carriersFor(country: string): CarrierOption[] {
  return CARRIERS.filter((c) => c.countries.length === 0 || c.countries.includes(country as "US" | "CA"));
}

export interface InsuranceTypeOption extends LookupOption<string> {
  /** Sold by phone only: a meeting for it cannot be face to face (§5 restrictions). */
  readonly phoneOnly?: true;
  /** A term sub-type (its length in years), offered only when TERM_SUB_TYPES_FEATURE is on. */
  readonly termYears?: number;
}

/** The feature flag that offers the term sub-types (§9: "only when enabled"). Off unless a tenant sets it. */
export const TERM_SUB_TYPES_FEATURE = "booking-term-sub-types";
export const OTHER_INSURANCE_TYPE = "other";

const TERM_YEARS = [10, 15, 20, 25, 30, 35, 40, 100] as const;

/**
 * Insurance types. The specification names life, joint life, term (with its sub-types), annuity, disability,
 * critical illness, travel, health "and others": whole life, universal life, final expense, mortgage
 * protection, long-term care, accidental death, dental and optical are our proposal. Which types are
 * phone-only is not in the specification either: travel, health, dental and optical are (proposal), matching
 * the refusal reasons 'travel insurance' and 'health/dental/optical'. Plain 'term' stays offered when the
 * sub-types are on, for a client who does not know the length.
 */
export const INSURANCE_TYPES: readonly InsuranceTypeOption[] = [
  { value: "life", label: l("Life", "Vie", "Vida") },
  { value: "joint_life", label: l("Joint life", "Vie conjointe", "Vida conjunta") },
  { value: "term", label: l("Term", "Temporaire", "Temporal") },
  ...TERM_YEARS.map((years) => ({
    value: `term_${years}`,
    label: l(`Term ${years}`, `Temporaire ${years} ans`, `Temporal ${years} años`),
    termYears: years,
  })),
  { value: "whole_life", label: l("Whole life", "Vie entière", "Vida entera") },
  { value: "universal_life", label: l("Universal life", "Vie universelle", "Vida universal") },
  { value: "final_expense", label: l("Final expense", "Frais funéraires", "Gastos finales") },
  {
    value: "mortgage",
    label: l("Mortgage protection", "Assurance prêt hypothécaire", "Protección hipotecaria"),
  },
  { value: "annuity", label: l("Annuity", "Rente", "Anualidad") },
  { value: "disability", label: l("Disability", "Invalidité", "Incapacidad") },
  { value: "critical_illness", label: l("Critical illness", "Maladies graves", "Enfermedades graves") },
  { value: "long_term_care", label: l("Long-term care", "Soins de longue durée", "Cuidados a largo plazo") },
  { value: "accidental_death", label: l("Accidental death", "Décès accidentel", "Muerte accidental") },
  { value: "travel", label: l("Travel", "Voyage", "Viaje"), phoneOnly: true },
  { value: "health", label: l("Health", "Santé", "Salud"), phoneOnly: true },
  { value: "dental", label: l("Dental", "Dentaire", "Dental"), phoneOnly: true },
  { value: "optical", label: l("Optical", "Optique", "Óptica"), phoneOnly: true },
  { value: OTHER_INSURANCE_TYPE, label: l("Other", "Autre", "Otro") },
];

/** The insurance types offered: the term sub-types only when the flag enables them. */
export function insuranceTypesFor(opts: { termSubTypes: boolean }): InsuranceTypeOption[] {
  return INSURANCE_TYPES.filter((t) => opts.termSubTypes || t.termYears === undefined);
}

/** The phone-only insurance types (proposal, see INSURANCE_TYPES). */
export const PHONE_ONLY_INSURANCE_TYPES: readonly string[] = INSURANCE_TYPES.filter((t) => t.phoneOnly).map(
  (t) => t.value,
);

export const ANNUITY_FUNDS = list([
  { value: "registered", label: l("Registered", "Enregistré", "Registrado") },
  { value: "non_registered", label: l("Non-registered", "Non enregistré", "No registrado") },
]);
export const ANNUITY_BENEFICIARIES = list([
  { value: "individual", label: l("Individual", "Individuel", "Individual") },
  { value: "partner", label: l("Partner", "Conjoint", "Pareja") },
]);

// ---------------------------------------------------------------------------------------------- health

export const OTHER_HEALTH_ITEM = "other";

/**
 * Medications a client takes. The specification says only that the list ends in Other: this list of the
 * classes underwriters ask about is a proposal for the call centres to confirm. Each chosen one carries a
 * duration (HEALTH_DURATIONS).
 */
export const MEDICATIONS = list([
  {
    value: "blood_pressure",
    label: l(
      "Blood pressure medication",
      "Médicament pour la tension artérielle",
      "Medicamento para la presión arterial",
    ),
  },
  {
    value: "cholesterol",
    label: l(
      "Cholesterol medication (statins)",
      "Médicament contre le cholestérol (statines)",
      "Medicamento para el colesterol (estatinas)",
    ),
  },
  { value: "blood_thinners", label: l("Blood thinners", "Anticoagulants", "Anticoagulantes") },
  { value: "insulin", label: l("Insulin", "Insuline", "Insulina") },
  {
    value: "oral_diabetes",
    label: l("Oral diabetes medication", "Antidiabétiques oraux", "Antidiabéticos orales"),
  },
  {
    value: "heart",
    label: l(
      "Heart medication (nitroglycerin, digoxin)",
      "Médicament pour le cœur (nitroglycérine, digoxine)",
      "Medicamento para el corazón (nitroglicerina, digoxina)",
    ),
  },
  { value: "diuretics", label: l("Diuretics (water pills)", "Diurétiques", "Diuréticos") },
  {
    value: "inhalers",
    label: l("Inhalers (asthma, COPD)", "Inhalateurs (asthme, MPOC)", "Inhaladores (asma, EPOC)"),
  },
  { value: "oxygen", label: l("Oxygen therapy", "Oxygénothérapie", "Oxigenoterapia") },
  {
    value: "thyroid",
    label: l("Thyroid medication", "Médicament pour la thyroïde", "Medicamento para la tiroides"),
  },
  { value: "antidepressants", label: l("Antidepressants", "Antidépresseurs", "Antidepresivos") },
  {
    value: "anxiety",
    label: l("Anxiety or sleep medication", "Anxiolytiques ou somnifères", "Ansiolíticos o somníferos"),
  },
  { value: "antipsychotics", label: l("Antipsychotics", "Antipsychotiques", "Antipsicóticos") },
  { value: "anticonvulsants", label: l("Seizure medication", "Anticonvulsivants", "Anticonvulsivos") },
  { value: "opioids", label: l("Opioid pain medication", "Analgésiques opioïdes", "Analgésicos opioides") },
  { value: "chemotherapy", label: l("Chemotherapy", "Chimiothérapie", "Quimioterapia") },
  { value: "immunosuppressants", label: l("Immunosuppressants", "Immunosuppresseurs", "Inmunosupresores") },
  { value: "hiv", label: l("HIV medication", "Médicament contre le VIH", "Medicamento para el VIH") },
  { value: OTHER_HEALTH_ITEM, label: l("Other", "Autre", "Otro") },
]);

/**
 * Medical conditions. The specification does not show the list: this one (the conditions life underwriting
 * asks about, ending in Other) is a proposal for the call centres to confirm. Each chosen one carries a
 * duration (HEALTH_DURATIONS).
 */
export const MEDICAL_CONDITIONS = list([
  { value: "high_blood_pressure", label: l("High blood pressure", "Hypertension", "Presión arterial alta") },
  { value: "high_cholesterol", label: l("High cholesterol", "Cholestérol élevé", "Colesterol alto") },
  { value: "diabetes_type_1", label: l("Diabetes (type 1)", "Diabète (type 1)", "Diabetes (tipo 1)") },
  { value: "diabetes_type_2", label: l("Diabetes (type 2)", "Diabète (type 2)", "Diabetes (tipo 2)") },
  { value: "heart_attack", label: l("Heart attack", "Crise cardiaque", "Infarto") },
  { value: "heart_disease", label: l("Heart disease", "Maladie cardiaque", "Enfermedad cardíaca") },
  {
    value: "heart_failure",
    label: l("Congestive heart failure", "Insuffisance cardiaque", "Insuficiencia cardíaca"),
  },
  { value: "stroke", label: l("Stroke", "AVC", "Derrame cerebral") },
  { value: "cancer", label: l("Cancer", "Cancer", "Cáncer") },
  { value: "copd", label: l("COPD or emphysema", "MPOC ou emphysème", "EPOC o enfisema") },
  { value: "asthma", label: l("Asthma", "Asthme", "Asma") },
  { value: "sleep_apnea", label: l("Sleep apnea", "Apnée du sommeil", "Apnea del sueño") },
  { value: "kidney_disease", label: l("Kidney disease", "Maladie rénale", "Enfermedad renal") },
  {
    value: "liver_disease",
    label: l(
      "Liver disease (cirrhosis, hepatitis)",
      "Maladie du foie (cirrhose, hépatite)",
      "Enfermedad hepática (cirrosis, hepatitis)",
    ),
  },
  { value: "hiv", label: l("HIV/AIDS", "VIH/sida", "VIH/sida") },
  {
    value: "depression_anxiety",
    label: l("Depression or anxiety", "Dépression ou anxiété", "Depresión o ansiedad"),
  },
  {
    value: "bipolar_schizophrenia",
    label: l(
      "Bipolar disorder or schizophrenia",
      "Trouble bipolaire ou schizophrénie",
      "Trastorno bipolar o esquizofrenia",
    ),
  },
  { value: "dementia", label: l("Alzheimer's or dementia", "Alzheimer ou démence", "Alzheimer o demencia") },
  { value: "parkinsons", label: l("Parkinson's disease", "Maladie de Parkinson", "Enfermedad de Parkinson") },
  {
    value: "multiple_sclerosis",
    label: l("Multiple sclerosis", "Sclérose en plaques", "Esclerosis múltiple"),
  },
  { value: "epilepsy", label: l("Epilepsy", "Épilepsie", "Epilepsia") },
  { value: "arthritis", label: l("Arthritis", "Arthrite", "Artritis") },
  {
    value: "substance_abuse",
    label: l("Alcohol or drug abuse", "Abus d'alcool ou de drogues", "Abuso de alcohol o drogas"),
  },
  { value: OTHER_HEALTH_ITEM, label: l("Other", "Autre", "Otro") },
]);

/** How long a condition has been diagnosed or a medication taken. Not in the specification: a proposal. */
export const HEALTH_DURATIONS = list([
  { value: "lt_1y", label: l("Less than 1 year", "Moins d'un an", "Menos de 1 año") },
  { value: "1_2y", label: l("1 to 2 years", "1 à 2 ans", "1 a 2 años") },
  { value: "2_5y", label: l("2 to 5 years", "2 à 5 ans", "2 a 5 años") },
  { value: "5_10y", label: l("5 to 10 years", "5 à 10 ans", "5 a 10 años") },
  { value: "gt_10y", label: l("More than 10 years", "Plus de 10 ans", "Más de 10 años") },
]);

// ---------------------------------------------------------------------------------------------- the lead

/** Why the lead asked (§9), keys as the wire carries them; 'other' asks for reasonOther. */
export const LEAD_REASON_OPTIONS = list([
  { value: "critical", label: l("Critical Illness", "Maladies graves", "Enfermedades graves") },
  { value: "disability", label: l("Disability", "Invalidité", "Incapacidad") },
  { value: "final", label: l("Final Expense", "Frais funéraires", "Gastos finales") },
  { value: "mortgage", label: l("Protect Mortgage", "Protéger l'hypothèque", "Proteger la hipoteca") },
  // The specification lists the key but no text for it.
  { value: "life", label: l("Life Insurance", "Assurance vie", "Seguro de vida") },
  { value: "loan", label: l("Cover Debt/Loan", "Couvrir une dette ou un prêt", "Cubrir deudas o préstamos") },
  {
    value: "family",
    label: l(
      "Protect Family/Kids",
      "Protéger la famille et les enfants",
      "Proteger a la familia y los hijos",
    ),
  },
  { value: "income", label: l("Protect Income", "Protéger le revenu", "Proteger los ingresos") },
  { value: "divorce", label: l("Divorce Settlement", "Règlement de divorce", "Acuerdo de divorcio") },
  { value: "other", label: l("Other", "Autre", "Otro") },
]);
export type LeadReason = ValueOf<typeof LEAD_REASON_OPTIONS>;
export const OTHER_LEAD_REASON = "other" satisfies LeadReason;

/** Callback reasons (§9), for Callback Scheduled (src/contract/dispositions.ts derives its list from this). */
export const CALLBACK_REASON_OPTIONS = list([
  {
    value: "Client returns from vacation",
    key: "vacation",
    label: l(
      "Client returns from vacation",
      "Le client revient de vacances",
      "El cliente regresa de vacaciones",
    ),
  },
  {
    value: "Unaware of schedule",
    key: "unaware_of_schedule",
    label: l("Unaware of schedule", "Ne connaît pas son horaire", "No conoce su horario"),
  },
  {
    value: "Needs to speak with spouse",
    key: "spouse",
    label: l("Needs to speak with spouse", "Doit parler à son conjoint", "Debe hablar con su cónyuge"),
  },
  {
    value: "Currently driving",
    key: "driving",
    label: l("Currently driving", "Au volant", "Está conduciendo"),
  },
  { value: "At work", key: "at_work", label: l("At work", "Au travail", "En el trabajo") },
  { value: "Unavailable", key: "unavailable", label: l("Unavailable", "Indisponible", "No disponible") },
]);

export const PLAN_TYPES = list([
  { value: "empire", label: same("Empire") },
  { value: "hub", label: same("HUB") },
  { value: "sli", label: same("SLI") },
  { value: "gtl", label: same("GTL") },
  { value: "crump", label: same("Crump") },
]);

export const PROVIDERS = list([
  { value: "CHASEDATA", label: same("ChaseData") },
  { value: "CONVOSO", label: same("Convoso") },
]);

// ---------------------------------------------------------------------------------------------- meetings

export const FACE_TO_FACE = "face-to-face";
export const PHONE = "phone";
/** Meeting types; the first is the default and the one an accepted instant offer resets to. */
export const MEETING_TYPES = list([
  { value: FACE_TO_FACE, label: l("Face to face", "En personne", "En persona") },
  { value: PHONE, label: l("Phone", "Téléphone", "Teléfono") },
]);
export type MeetingType = ValueOf<typeof MEETING_TYPES>;

/** Where a meeting (and a lead's address) is: the Address entity's type, 1 by default. */
export const LOCATION_TYPES = list([
  { value: 1, key: "house", label: l("House", "Maison", "Casa") },
  { value: 2, key: "apartment", label: l("Apartment", "Appartement", "Apartamento") },
  { value: 3, key: "workplace", label: l("Workplace", "Lieu de travail", "Lugar de trabajo") },
]);
export type LocationType = ValueOf<typeof LOCATION_TYPES>;
export const DEFAULT_LOCATION_TYPE = 1 satisfies LocationType;
/** A stored location type, or the default when it is not one of the list. */
export const locationTypeOf = (type: unknown): LocationType =>
  LOCATION_TYPES.find((t) => t.value === type)?.value ?? DEFAULT_LOCATION_TYPE;

/**
 * Why a meeting is force-booked (§9 meeting reasons, §5 force-booking reasons), in this order; the first is
 * the one automatic forcing adds. `needsDetail`: choosing it requires the detail text (§4).
 */
export const MEETING_REASONS = list([
  {
    value: 1,
    key: "area",
    needsDetail: false,
    label: l(
      "No field advisor in the area",
      "Aucun conseiller sur le terrain dans la région",
      "No hay asesor de campo en la zona",
    ),
  },
  {
    value: 2,
    key: "language",
    needsDetail: true,
    label: l("Special language", "Langue particulière", "Idioma especial"),
  },
  {
    value: 3,
    key: "gender",
    needsDetail: true,
    label: l("Gender request", "Demande liée au genre du conseiller", "Solicitud de género del asesor"),
  },
  {
    value: 4,
    key: "amount",
    needsDetail: false,
    label: l("Size of insurance amount", "Importance du montant d'assurance", "Monto del seguro"),
  },
  {
    value: 5,
    key: "sign_language",
    needsDetail: true,
    label: l("Sign language", "Langue des signes", "Lengua de señas"),
  },
  { value: 6, key: "bsm", needsDetail: true, label: l("BSM request", "Demande du BSM", "Solicitud del BSM") },
  { value: 7, key: "other", needsDetail: true, label: l("Other", "Autre", "Otro") },
]);
export type MeetingReason = ValueOf<typeof MEETING_REASONS>;

/** The reason a Sun Life booking carries (§4): a wire value of its own, never offered in the list. */
export const SUN_LIFE_REASON = "Sent to SunLife";
export const SUN_LIFE_REASON_LABEL: Label = l("Sent to SunLife", "Envoyé à Sun Life", "Enviado a Sun Life");

/** Why a client refused a face-to-face meeting (§9), in this order; the sixth asks for text. */
export const REFUSAL_REASONS = list([
  { value: 1, key: "age", label: l("Age limit", "Limite d'âge", "Límite de edad") },
  { value: 2, key: "medical", label: l("Medical conditions", "Problèmes de santé", "Condiciones médicas") },
  {
    value: 3,
    key: "home",
    label: l("Not open to home visit", "Refuse la visite à domicile", "No acepta visitas a domicilio"),
  },
  { value: 4, key: "travel", label: l("Travel insurance", "Assurance voyage", "Seguro de viaje") },
  {
    value: 5,
    key: "health",
    label: l("Health/dental/optical", "Santé, dentaire, optique", "Salud, dental, óptica"),
  },
  { value: 6, key: "other", label: l("Other", "Autre", "Otro") },
]);
export type RefusalReason = ValueOf<typeof REFUSAL_REASONS>;
export const OTHER_REFUSAL_REASON = 6 satisfies RefusalReason;

// ---------------------------------------------------------------------------------------------- places

export interface RegionOption extends LookupOption<string> {
  readonly country: "US" | "CA";
}
const region = (country: "US" | "CA", value: string, en: string, fr: string, es: string): RegionOption => ({
  value,
  country,
  label: l(en, fr, es),
});

/**
 * The 13 provinces and territories, lower-case codes as the lead's address carries them. English and French
 * names are those of the gateway's geodata (server/geo/data/regions.json, checked against it by
 * tests/contracts/lookups.test.ts); Spanish is added here.
 */
export const PROVINCES: readonly RegionOption[] = [
  region("CA", "ab", "Alberta", "Alberta", "Alberta"),
  region("CA", "bc", "British Columbia", "Colombie-Britannique", "Columbia Británica"),
  region("CA", "mb", "Manitoba", "Manitoba", "Manitoba"),
  region("CA", "nb", "New Brunswick", "Nouveau-Brunswick", "Nuevo Brunswick"),
  region("CA", "nl", "Newfoundland and Labrador", "Terre-Neuve-et-Labrador", "Terranova y Labrador"),
  region("CA", "ns", "Nova Scotia", "Nouvelle-Écosse", "Nueva Escocia"),
  region("CA", "nt", "Northwest Territories", "Territoires du Nord-Ouest", "Territorios del Noroeste"),
  region("CA", "nu", "Nunavut", "Nunavut", "Nunavut"),
  region("CA", "on", "Ontario", "Ontario", "Ontario"),
  region("CA", "pe", "Prince Edward Island", "Île-du-Prince-Édouard", "Isla del Príncipe Eduardo"),
  region("CA", "qc", "Quebec", "Québec", "Quebec"),
  region("CA", "sk", "Saskatchewan", "Saskatchewan", "Saskatchewan"),
  region("CA", "yt", "Yukon", "Yukon", "Yukón"),
];

/** The 50 states and the District of Columbia (51 entries), as PROVINCES. */
export const US_STATES: readonly RegionOption[] = [
  region("US", "al", "Alabama", "Alabama", "Alabama"),
  region("US", "ak", "Alaska", "Alaska", "Alaska"),
  region("US", "az", "Arizona", "Arizona", "Arizona"),
  region("US", "ar", "Arkansas", "Arkansas", "Arkansas"),
  region("US", "ca", "California", "Californie", "California"),
  region("US", "co", "Colorado", "Colorado", "Colorado"),
  region("US", "ct", "Connecticut", "Connecticut", "Connecticut"),
  region("US", "de", "Delaware", "Delaware", "Delaware"),
  region("US", "dc", "District of Columbia", "District de Columbia", "Distrito de Columbia"),
  region("US", "fl", "Florida", "Floride", "Florida"),
  region("US", "ga", "Georgia", "Géorgie", "Georgia"),
  region("US", "hi", "Hawaii", "Hawaï", "Hawái"),
  region("US", "id", "Idaho", "Idaho", "Idaho"),
  region("US", "il", "Illinois", "Illinois", "Illinois"),
  region("US", "in", "Indiana", "Indiana", "Indiana"),
  region("US", "ia", "Iowa", "Iowa", "Iowa"),
  region("US", "ks", "Kansas", "Kansas", "Kansas"),
  region("US", "ky", "Kentucky", "Kentucky", "Kentucky"),
  region("US", "la", "Louisiana", "Louisiane", "Luisiana"),
  region("US", "me", "Maine", "Maine", "Maine"),
  region("US", "md", "Maryland", "Maryland", "Maryland"),
  region("US", "ma", "Massachusetts", "Massachusetts", "Massachusetts"),
  region("US", "mi", "Michigan", "Michigan", "Míchigan"),
  region("US", "mn", "Minnesota", "Minnesota", "Minnesota"),
  region("US", "ms", "Mississippi", "Mississippi", "Misisipi"),
  region("US", "mo", "Missouri", "Missouri", "Misuri"),
  region("US", "mt", "Montana", "Montana", "Montana"),
  region("US", "ne", "Nebraska", "Nebraska", "Nebraska"),
  region("US", "nv", "Nevada", "Nevada", "Nevada"),
  region("US", "nh", "New Hampshire", "New Hampshire", "Nuevo Hampshire"),
  region("US", "nj", "New Jersey", "New Jersey", "Nueva Jersey"),
  region("US", "nm", "New Mexico", "Nouveau-Mexique", "Nuevo México"),
  region("US", "ny", "New York", "New York", "Nueva York"),
  region("US", "nc", "North Carolina", "Caroline du Nord", "Carolina del Norte"),
  region("US", "nd", "North Dakota", "Dakota du Nord", "Dakota del Norte"),
  region("US", "oh", "Ohio", "Ohio", "Ohio"),
  region("US", "ok", "Oklahoma", "Oklahoma", "Oklahoma"),
  region("US", "or", "Oregon", "Oregon", "Oregón"),
  region("US", "pa", "Pennsylvania", "Pennsylvanie", "Pensilvania"),
  region("US", "ri", "Rhode Island", "Rhode Island", "Rhode Island"),
  region("US", "sc", "South Carolina", "Caroline du Sud", "Carolina del Sur"),
  region("US", "sd", "South Dakota", "Dakota du Sud", "Dakota del Sur"),
  region("US", "tn", "Tennessee", "Tennessee", "Tennessee"),
  region("US", "tx", "Texas", "Texas", "Texas"),
  region("US", "ut", "Utah", "Utah", "Utah"),
  region("US", "vt", "Vermont", "Vermont", "Vermont"),
  region("US", "va", "Virginia", "Virginie", "Virginia"),
  region("US", "wa", "Washington", "Washington", "Washington"),
  region("US", "wv", "West Virginia", "Virginie-Occidentale", "Virginia Occidental"),
  region("US", "wi", "Wisconsin", "Wisconsin", "Wisconsin"),
  region("US", "wy", "Wyoming", "Wyoming", "Wyoming"),
];

/** The states or provinces of a country (its lead's address offers these). */
export function regionsOf(country: string): readonly RegionOption[] {
  return country === "CA" ? PROVINCES : country === "US" ? US_STATES : [];
}

/**
 * Countries of birth, with their ISO 3166-1 alpha-2 codes (the wire value). Not the world's list: a curated
 * list of the common countries of birth of North American clients (the United States and Canada first, then
 * by English name). A country it lacks can still be stored: the lead schema takes any two-letter code.
 */
export const COUNTRIES: readonly LookupOption<string>[] = [
  { value: "US", label: l("United States", "États-Unis", "Estados Unidos") },
  { value: "CA", label: l("Canada", "Canada", "Canadá") },
  ...(
    [
      ["AF", "Afghanistan", "Afghanistan", "Afganistán"],
      ["DZ", "Algeria", "Algérie", "Argelia"],
      ["AR", "Argentina", "Argentine", "Argentina"],
      ["AU", "Australia", "Australie", "Australia"],
      ["BD", "Bangladesh", "Bangladesh", "Bangladés"],
      ["BE", "Belgium", "Belgique", "Bélgica"],
      ["BO", "Bolivia", "Bolivie", "Bolivia"],
      ["BA", "Bosnia and Herzegovina", "Bosnie-Herzégovine", "Bosnia y Herzegovina"],
      ["BR", "Brazil", "Brésil", "Brasil"],
      ["KH", "Cambodia", "Cambodge", "Camboya"],
      ["CM", "Cameroon", "Cameroun", "Camerún"],
      ["CL", "Chile", "Chili", "Chile"],
      ["CN", "China", "Chine", "China"],
      ["CO", "Colombia", "Colombie", "Colombia"],
      ["CR", "Costa Rica", "Costa Rica", "Costa Rica"],
      ["CI", "Côte d'Ivoire", "Côte d'Ivoire", "Costa de Marfil"],
      ["HR", "Croatia", "Croatie", "Croacia"],
      ["CU", "Cuba", "Cuba", "Cuba"],
      [
        "CD",
        "Democratic Republic of the Congo",
        "République démocratique du Congo",
        "República Democrática del Congo",
      ],
      ["DO", "Dominican Republic", "République dominicaine", "República Dominicana"],
      ["EC", "Ecuador", "Équateur", "Ecuador"],
      ["EG", "Egypt", "Égypte", "Egipto"],
      ["SV", "El Salvador", "Salvador", "El Salvador"],
      ["ER", "Eritrea", "Érythrée", "Eritrea"],
      ["ET", "Ethiopia", "Éthiopie", "Etiopía"],
      ["FR", "France", "France", "Francia"],
      ["DE", "Germany", "Allemagne", "Alemania"],
      ["GH", "Ghana", "Ghana", "Ghana"],
      ["GR", "Greece", "Grèce", "Grecia"],
      ["GT", "Guatemala", "Guatemala", "Guatemala"],
      ["GY", "Guyana", "Guyana", "Guyana"],
      ["HT", "Haiti", "Haïti", "Haití"],
      ["HN", "Honduras", "Honduras", "Honduras"],
      ["HK", "Hong Kong", "Hong Kong", "Hong Kong"],
      ["HU", "Hungary", "Hongrie", "Hungría"],
      ["IN", "India", "Inde", "India"],
      ["ID", "Indonesia", "Indonésie", "Indonesia"],
      ["IR", "Iran", "Iran", "Irán"],
      ["IQ", "Iraq", "Irak", "Irak"],
      ["IE", "Ireland", "Irlande", "Irlanda"],
      ["IL", "Israel", "Israël", "Israel"],
      ["IT", "Italy", "Italie", "Italia"],
      ["JM", "Jamaica", "Jamaïque", "Jamaica"],
      ["JP", "Japan", "Japon", "Japón"],
      ["KE", "Kenya", "Kenya", "Kenia"],
      ["LB", "Lebanon", "Liban", "Líbano"],
      ["MY", "Malaysia", "Malaisie", "Malasia"],
      ["MX", "Mexico", "Mexique", "México"],
      ["MD", "Moldova", "Moldavie", "Moldavia"],
      ["MA", "Morocco", "Maroc", "Marruecos"],
      ["NP", "Nepal", "Népal", "Nepal"],
      ["NL", "Netherlands", "Pays-Bas", "Países Bajos"],
      ["NZ", "New Zealand", "Nouvelle-Zélande", "Nueva Zelanda"],
      ["NI", "Nicaragua", "Nicaragua", "Nicaragua"],
      ["NG", "Nigeria", "Nigéria", "Nigeria"],
      ["PK", "Pakistan", "Pakistan", "Pakistán"],
      ["PA", "Panama", "Panama", "Panamá"],
      ["PY", "Paraguay", "Paraguay", "Paraguay"],
      ["PE", "Peru", "Pérou", "Perú"],
      ["PH", "Philippines", "Philippines", "Filipinas"],
      ["PL", "Poland", "Pologne", "Polonia"],
      ["PT", "Portugal", "Portugal", "Portugal"],
      ["PR", "Puerto Rico", "Porto Rico", "Puerto Rico"],
      ["RO", "Romania", "Roumanie", "Rumania"],
      ["RU", "Russia", "Russie", "Rusia"],
      ["SA", "Saudi Arabia", "Arabie saoudite", "Arabia Saudita"],
      ["SN", "Senegal", "Sénégal", "Senegal"],
      ["RS", "Serbia", "Serbie", "Serbia"],
      ["SO", "Somalia", "Somalie", "Somalia"],
      ["ZA", "South Africa", "Afrique du Sud", "Sudáfrica"],
      ["KR", "South Korea", "Corée du Sud", "Corea del Sur"],
      ["ES", "Spain", "Espagne", "España"],
      ["LK", "Sri Lanka", "Sri Lanka", "Sri Lanka"],
      ["CH", "Switzerland", "Suisse", "Suiza"],
      ["SY", "Syria", "Syrie", "Siria"],
      ["TW", "Taiwan", "Taïwan", "Taiwán"],
      ["TH", "Thailand", "Thaïlande", "Tailandia"],
      ["TT", "Trinidad and Tobago", "Trinité-et-Tobago", "Trinidad y Tobago"],
      ["TN", "Tunisia", "Tunisie", "Túnez"],
      ["TR", "Turkey", "Turquie", "Turquía"],
      ["UA", "Ukraine", "Ukraine", "Ucrania"],
      ["AE", "United Arab Emirates", "Émirats arabes unis", "Emiratos Árabes Unidos"],
      ["GB", "United Kingdom", "Royaume-Uni", "Reino Unido"],
      ["UY", "Uruguay", "Uruguay", "Uruguay"],
      ["VE", "Venezuela", "Venezuela", "Venezuela"],
      ["VN", "Vietnam", "Viêt Nam", "Vietnam"],
    ] as const
  ).map(([value, en, fr, es]) => ({ value, label: l(en, fr, es) })),
];

/** The product's languages (§9): English for both centres, French for SLICA, Spanish for ISIUS. */
export const LANGUAGES = list([
  { value: "en", centres: ["ISIUS", "SLICA"], label: l("English", "Anglais", "Inglés") },
  { value: "fr", centres: ["SLICA"], label: l("French", "Français", "Francés") },
  { value: "es", centres: ["ISIUS"], label: l("Spanish", "Espagnol", "Español") },
]);

// ---------------------------------------------------------------------------------------------- by name

/** Every list by name, for a form field that names its list (`options="carriers"`). */
export const LOOKUPS = {
  yesNo: YES_NO,
  genders: GENDERS,
  titles: TITLES,
  employment: EMPLOYMENT,
  measuringSystems: MEASURING_SYSTEMS,
  imperialHeights: HEIGHTS[IMPERIAL],
  metricHeights: HEIGHTS[METRIC],
  imperialWeights: WEIGHTS[IMPERIAL],
  metricWeights: WEIGHTS[METRIC],
  incomeTypes: INCOME_TYPES,
  incomeBands: INCOME_BANDS,
  premiumBands: PREMIUM_BANDS,
  carriers: CARRIERS,
  insuranceTypes: INSURANCE_TYPES,
  annuityFunds: ANNUITY_FUNDS,
  annuityBeneficiaries: ANNUITY_BENEFICIARIES,
  medications: MEDICATIONS,
  medicalConditions: MEDICAL_CONDITIONS,
  healthDurations: HEALTH_DURATIONS,
  leadReasons: LEAD_REASON_OPTIONS,
  callbackReasons: CALLBACK_REASON_OPTIONS,
  planTypes: PLAN_TYPES,
  providers: PROVIDERS,
  meetingTypes: MEETING_TYPES,
  locationTypes: LOCATION_TYPES,
  meetingReasons: MEETING_REASONS,
  refusalReasons: REFUSAL_REASONS,
  provinces: PROVINCES,
  usStates: US_STATES,
  countries: COUNTRIES,
  languages: LANGUAGES,
} as const satisfies Record<string, readonly LookupOption[]>;
export type LookupName = keyof typeof LOOKUPS;

/** A named list's options in `lang`. */
export function lookup<N extends LookupName>(
  name: N,
  lang: Language,
): LocalOption<ValueOf<(typeof LOOKUPS)[N]>>[] {
  return optionsIn(LOOKUPS[name], lang);
}
