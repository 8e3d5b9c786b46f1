// The lookup lists (booking-and-reference §9) as a caller sees them: values, labels in three languages, the
// generated measures and bands, and the lead schema that takes its enumerations from them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Language } from "./common";
import { CALLBACK_REASONS } from "./dispositions";
import { ClientPatch, InsurancePatch, LEAD_REASONS, UpdateLeadBody } from "./lead";
import {
  ANNUITY_BENEFICIARIES,
  ANNUITY_FUNDS,
  CALLBACK_REASON_OPTIONS,
  CARRIERS,
  carriersFor,
  COUNTRIES,
  EMPLOYMENT,
  GENDERS,
  HEIGHTS,
  heightAsWritten,
  IMPERIAL,
  INCOME_BANDS,
  incomeBandsFor,
  INCOME_TYPES,
  insuranceTypesFor,
  isOverweight,
  LANGUAGES,
  LEAD_REASON_OPTIONS,
  labelOf,
  LOCATION_TYPES,
  locationTypeOf,
  lookup,
  LOOKUPS,
  MEDICAL_CONDITIONS,
  MEDICATIONS,
  MEETING_REASONS,
  MEETING_TYPES,
  METRIC,
  optionsIn,
  PHONE_ONLY_INSURANCE_TYPES,
  PLAN_TYPES,
  PREMIUM_BANDS,
  PROVIDERS,
  PROVINCES,
  REFUSAL_REASONS,
  regionsOf,
  TITLES,
  titlesFor,
  US_STATES,
  WEIGHTS,
  YES_NO,
} from "./lookups";

const LANGS = Language.options;

describe("every list", () => {
  it.each(Object.entries(LOOKUPS))("%s has unique values and a label in en, fr and es", (_name, list) => {
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((o) => o.value)).size).toBe(list.length);
    for (const option of list) for (const lang of LANGS) expect(option.label[lang].trim()).not.toBe("");
  });

  it("gives a list's options in one language, in order, and a value's label", () => {
    expect(optionsIn(YES_NO, "fr")).toEqual([
      { value: 0, label: "Non" },
      { value: 1, label: "Oui" },
    ]);
    expect(lookup("employment", "es")[0]).toEqual({ value: 1, label: "Empleado" });
    expect(labelOf(EMPLOYMENT, 1, "fr")).toBe("Salarié");
    expect(labelOf(EMPLOYMENT, 9, "en")).toBeUndefined();
  });
});

describe("people", () => {
  it("codes yes/no 0/1, genders male 1 and female 2, employment 1-5 in the specification's order", () => {
    expect(YES_NO.map((o) => o.value)).toEqual([0, 1]);
    expect(GENDERS.map((g) => [g.value, g.key])).toEqual([
      [1, "male"],
      [2, "female"],
    ]);
    expect(EMPLOYMENT.map((e) => [e.value, e.key])).toEqual([
      [1, "employed"],
      [2, "self_employed"],
      [3, "unemployed"],
      [4, "retired"],
      [5, "student"],
    ]);
  });

  it("offers Dr., Mr. and M. for a man, Ms., Miss, Mrs., Mme. and Mlle. for a woman, and all while unknown", () => {
    expect(titlesFor(1).map((t) => t.value)).toEqual(["Dr", "Mr", "M"]);
    expect(titlesFor(2).map((t) => t.value)).toEqual(["Ms", "Miss", "Mrs", "Mme", "Mlle"]);
    expect(
      titlesFor(null)
        .map((t) => t.value)
        .sort(),
    ).toEqual(["Dr", "M", "Miss", "Mlle", "Mme", "Mr", "Mrs", "Ms"]);
    expect(labelOf(TITLES, "Mme", "en")).toBe("Mme.");
  });
});

describe("measures", () => {
  it("lists heights from 4'0\" to 7'0\" by inch and from 1m20 to 2m10 by 3 cm", () => {
    const imperial = HEIGHTS[IMPERIAL].map((h) => h.value);
    expect(imperial).toHaveLength(37);
    expect(imperial.slice(0, 2)).toEqual([`4'0"`, `4'1"`]);
    expect(imperial.at(-1)).toBe(`7'0"`);
    const metric = HEIGHTS[METRIC].map((h) => h.value);
    expect(metric.slice(0, 3)).toEqual(["1m20", "1m23", "1m26"]);
    expect(metric.at(-1)).toBe("2m10");
    expect(HEIGHTS[METRIC].every((h, i, all) => i === 0 || h.cm - all[i - 1]!.cm === 3)).toBe(true);
  });

  it("lists weights from 75 lb to 400 lb+ by 5 lb and from 35 kg to 200 kg+ by 3 kg, the last one overweight", () => {
    const lb = WEIGHTS[IMPERIAL];
    expect(lb[0]).toMatchObject({ value: "75", amount: 75, overweight: false, label: { en: "75 lb" } });
    expect(lb.at(-1)).toMatchObject({
      value: "400+",
      amount: 400,
      overweight: true,
      label: { en: "400 lb+" },
    });
    expect(lb.every((w, i) => i === 0 || w.amount - lb[i - 1]!.amount === 5)).toBe(true);
    const kg = WEIGHTS[METRIC];
    expect(kg[0]).toMatchObject({ value: "35", amount: 35 });
    expect(kg.at(-1)).toMatchObject({
      value: "200+",
      amount: 200,
      overweight: true,
      label: { fr: "200 kg+" },
    });
    expect(kg.filter((w) => w.overweight)).toHaveLength(1);
  });

  it("writes a height stored as a bare number as its list writes it (180 cm is 1m80, 71 inches 5'11\")", () => {
    expect(heightAsWritten("180", METRIC)).toBe("1m80");
    expect(heightAsWritten(105, METRIC)).toBe("1m05");
    expect(heightAsWritten("71", IMPERIAL)).toBe(`5'11"`);
    expect(heightAsWritten("1m80", METRIC)).toBe("1m80");
    expect(heightAsWritten(`5'6"`, IMPERIAL)).toBe(`5'6"`);
    expect(heightAsWritten("", METRIC)).toBe("");
    expect(heightAsWritten(null, METRIC)).toBe("");
    expect(heightAsWritten("9999", METRIC)).toBe("9999");
    // Every height of a list, stored as its number, comes back as that list's own text.
    for (const h of HEIGHTS[METRIC]) expect(heightAsWritten(h.cm, METRIC)).toBe(h.value);
    for (const [i, h] of HEIGHTS[IMPERIAL].entries()) expect(heightAsWritten(48 + i, IMPERIAL)).toBe(h.value);
  });

  it("counts a weight as overweight from 400 lb or 200 kg, whatever its spelling", () => {
    expect(isOverweight("400+", IMPERIAL)).toBe(true);
    expect(isOverweight("395", IMPERIAL)).toBe(false);
    expect(isOverweight(420, IMPERIAL)).toBe(true);
    expect(isOverweight("200+", METRIC)).toBe(true);
    expect(isOverweight("197", METRIC)).toBe(false);
    expect(isOverweight("", METRIC)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.constantFrom(IMPERIAL, METRIC), (n, system) => {
        expect(isOverweight(String(n), system)).toBe(n >= (system === IMPERIAL ? 400 : 200));
      }),
    );
  });
});

describe("money", () => {
  it("has the four income types and 18 bands, six per type, each starting where the previous ended", () => {
    expect(INCOME_TYPES.map((t) => t.value)).toEqual(["Monthly", "Annual", "Combined", "Refused to provide"]);
    expect(INCOME_BANDS.map((b) => b.value)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    for (const [type, first, last] of [
      ["Monthly", 1, 6],
      ["Annual", 7, 12],
      ["Combined", 13, 18],
    ] as const) {
      const bands = incomeBandsFor(type);
      expect(bands.map((b) => b.value)).toEqual(Array.from({ length: 6 }, (_, i) => first + i));
      expect(bands[0]!.min).toBeNull();
      expect(bands.at(-1)!.max).toBeNull();
      expect(bands.at(-1)!.value).toBe(last);
      for (let i = 1; i < bands.length; i++) expect(bands[i]!.min).toBe(bands[i - 1]!.max);
    }
    expect(incomeBandsFor("Refused to provide")).toEqual([]);
  });

  it("writes the specification's ends in each language", () => {
    expect(INCOME_BANDS[0]!.label.en).toBe("Under $1,250");
    expect(INCOME_BANDS[5]!.label.en).toBe("Over $8,500");
    expect(INCOME_BANDS[6]!.label.es).toBe("Menos de $15,000");
    expect(INCOME_BANDS[11]!.label.fr).toBe("Plus de 100\u00a0000\u00a0$");
    expect(INCOME_BANDS[12]!.label.en).toBe("Under $30,000");
    expect(INCOME_BANDS[17]!.label.en).toBe("Over $200,000");
    expect(INCOME_BANDS[1]!.label.en).toBe("$1,250 to $2,500");
  });

  it("has the premium bands p1 to p6 in order", () => {
    expect(PREMIUM_BANDS.map((p) => [p.value, p.label.en])).toEqual([
      ["p1", "Over $150"],
      ["p2", "$100 to $150"],
      ["p3", "$50 to $100"],
      ["p4", "Under $50"],
      ["p5", "Does not know"],
      ["p6", "Refused to provide"],
    ]);
  });
});

describe("insurance", () => {
  it("has about 38 carriers ending with Does not know, Refused to provide and Other, offered by country", () => {
    expect(CARRIERS).toHaveLength(38);
    expect(CARRIERS.slice(-3).map((c) => c.value)).toEqual(["Does not know", "Refused to provide", "Other"]);
    const us = carriersFor("US").map((c) => c.value);
    const ca = carriersFor("CA").map((c) => c.value);
    expect(us).toContain("Mutual of Omaha");
    expect(us).not.toContain("Sun Life");
    expect(ca).toContain("Sun Life");
    expect(ca).toContain("Foresters Financial");
    expect(ca.slice(-3)).toEqual(["Does not know", "Refused to provide", "Other"]);
  });

  it("offers the term sub-types only when the flag enables them", () => {
    const off = insuranceTypesFor({ termSubTypes: false }).map((t) => t.value);
    const on = insuranceTypesFor({ termSubTypes: true }).map((t) => t.value);
    const terms = ["term_10", "term_15", "term_20", "term_25", "term_30", "term_35", "term_40", "term_100"];
    for (const term of terms) expect(off).not.toContain(term);
    expect(on).toEqual(expect.arrayContaining(terms));
    expect(on.filter((v) => !off.includes(v))).toEqual(terms);
    for (const named of [
      "life",
      "joint_life",
      "term",
      "annuity",
      "disability",
      "critical_illness",
      "travel",
      "health",
    ])
      expect(off).toContain(named);
    expect(off.at(-1)).toBe("other");
  });

  it("sells travel, health, dental and optical by phone only", () => {
    expect(PHONE_ONLY_INSURANCE_TYPES).toEqual(["travel", "health", "dental", "optical"]);
  });

  it("ends the medications and the medical conditions with Other", () => {
    expect(MEDICATIONS.at(-1)!.value).toBe("other");
    expect(MEDICAL_CONDITIONS.at(-1)!.value).toBe("other");
  });

  it("has the annuity funds, beneficiaries, plan types and providers of the specification", () => {
    expect(ANNUITY_FUNDS.map((o) => o.value)).toEqual(["registered", "non_registered"]);
    expect(ANNUITY_BENEFICIARIES.map((o) => o.value)).toEqual(["individual", "partner"]);
    expect(PLAN_TYPES.map((o) => o.value)).toEqual(["empire", "hub", "sli", "gtl", "crump"]);
    expect(PROVIDERS.map((o) => o.value)).toEqual(["CHASEDATA", "CONVOSO"]);
  });
});

describe("meetings", () => {
  it("has face to face first, then phone, and the location types house 1, apartment 2, workplace 3", () => {
    expect(MEETING_TYPES.map((t) => t.value)).toEqual(["face-to-face", "phone"]);
    expect(LOCATION_TYPES.map((t) => [t.value, t.key])).toEqual([
      [1, "house"],
      [2, "apartment"],
      [3, "workplace"],
    ]);
    expect(locationTypeOf(2)).toBe(2);
    expect(locationTypeOf(9)).toBe(1);
  });

  it("orders the forced-booking reasons as the specification does, the text needed for 2, 3, 5, 6 and 7", () => {
    expect(MEETING_REASONS.map((r) => [r.value, r.label.en])).toEqual([
      [1, "No field advisor in the area"],
      [2, "Special language"],
      [3, "Gender request"],
      [4, "Size of insurance amount"],
      [5, "Sign language"],
      [6, "BSM request"],
      [7, "Other"],
    ]);
    expect(MEETING_REASONS.filter((r) => r.needsDetail).map((r) => r.value)).toEqual([2, 3, 5, 6, 7]);
  });

  it("orders the refusal reasons as the specification does", () => {
    expect(REFUSAL_REASONS.map((r) => [r.value, r.key, r.label.en])).toEqual([
      [1, "age", "Age limit"],
      [2, "medical", "Medical conditions"],
      [3, "home", "Not open to home visit"],
      [4, "travel", "Travel insurance"],
      [5, "health", "Health/dental/optical"],
      [6, "other", "Other"],
    ]);
  });
});

describe("places and languages", () => {
  it("has 13 provinces and 51 US entries including DC, by country", () => {
    expect(PROVINCES).toHaveLength(13);
    expect(US_STATES).toHaveLength(51);
    expect(US_STATES.find((s) => s.value === "dc")?.label.es).toBe("Distrito de Columbia");
    expect(regionsOf("CA")).toBe(PROVINCES);
    expect(regionsOf("US")).toBe(US_STATES);
    expect(regionsOf("MX")).toEqual([]);
    expect(PROVINCES.find((p) => p.value === "qc")?.label).toEqual({
      en: "Quebec",
      fr: "Québec",
      es: "Quebec",
    });
  });

  it("names countries by their ISO alpha-2 code, the US and Canada first", () => {
    expect(COUNTRIES.slice(0, 2).map((c) => c.value)).toEqual(["US", "CA"]);
    for (const c of COUNTRIES) expect(c.value).toMatch(/^[A-Z]{2}$/);
    expect(labelOf(COUNTRIES, "MX", "fr")).toBe("Mexique");
  });

  it("has the product's languages, each for its centres", () => {
    expect(LANGUAGES.map((l) => l.value)).toEqual(Language.options);
    expect(LANGUAGES.map((l) => [l.value, l.centres])).toEqual([
      ["en", ["ISIUS", "SLICA"]],
      ["fr", ["SLICA"]],
      ["es", ["ISIUS"]],
    ]);
  });
});

describe("one source", () => {
  it("gives the lead's reasons and the callback reasons from the lookups", () => {
    expect([...LEAD_REASONS]).toEqual(LEAD_REASON_OPTIONS.map((o) => o.value));
    expect(CALLBACK_REASONS.map((r) => [r.value, r.key])).toEqual(
      CALLBACK_REASON_OPTIONS.map((o) => [o.value, o.key]),
    );
  });

  it("lets PUT /leads take exactly the lookups' titles, income types, bands, premiums and annuity values", () => {
    for (const t of TITLES) expect(ClientPatch.safeParse({ title: t.value }).success).toBe(true);
    expect(ClientPatch.safeParse({ title: "" }).success).toBe(true);
    expect(ClientPatch.safeParse({ title: "Sir" }).success).toBe(false);
    for (const t of INCOME_TYPES) expect(ClientPatch.safeParse({ income_type: t.value }).success).toBe(true);
    expect(ClientPatch.safeParse({ income_type: "Weekly" }).success).toBe(false);
    for (const b of INCOME_BANDS) expect(ClientPatch.safeParse({ income: b.value }).success).toBe(true);
    expect(ClientPatch.safeParse({ income: 19 }).success).toBe(false);
    expect(ClientPatch.safeParse({ income: 0 }).success).toBe(false);
    expect(ClientPatch.safeParse({ employment: 5, gender: 2 }).success).toBe(true);
    expect(ClientPatch.safeParse({ employment: 6 }).success).toBe(false);
    for (const p of PREMIUM_BANDS) expect(InsurancePatch.safeParse({ premium: p.value }).success).toBe(true);
    expect(InsurancePatch.safeParse({ premium: "p7" }).success).toBe(false);
    expect(
      InsurancePatch.safeParse({ annuity_funds: "non_registered", annuity_beneficiary: "partner" }).success,
    ).toBe(true);
    expect(InsurancePatch.safeParse({ annuity_beneficiary: "child" }).success).toBe(false);
    for (const t of LOCATION_TYPES)
      expect(UpdateLeadBody.safeParse({ address: { type: t.value } }).success).toBe(true);
    expect(UpdateLeadBody.safeParse({ address: { type: 4 } }).success).toBe(false);
    expect(UpdateLeadBody.safeParse({ reasons: ["final", "other"] }).success).toBe(true);
    expect(UpdateLeadBody.safeParse({ reasons: ["pension"] }).success).toBe(false);
  });
});
