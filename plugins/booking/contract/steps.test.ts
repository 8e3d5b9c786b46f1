// The wizard's steps (booking-and-reference §1, §5) as the form and the gateway's 422 see them: a step is
// complete or says 'Required fields missing' with the errors per field path, every message a translation key.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import en from "../locales/en.json";
import { contactDetails, healthClient, insurance, insuranceCoverage, meeting, NOW } from "./fixtures";
import {
  checkStep,
  contactDetailsStep,
  insuranceCoverageStep,
  meetingSetupStep,
  STEPS,
  type ContactDetails,
  type InsuranceCoverage,
} from "./steps";

const ISIUS = { clients: 1, country: "US", nowMs: NOW } as const;
const SLICA = { clients: 2, country: "CA", nowMs: NOW } as const;

const errors = (verdict: ReturnType<typeof checkStep>) => (verdict.complete ? {} : verdict.errors);
const step1 = (values: unknown, opts: Parameters<typeof contactDetailsStep>[0] = ISIUS) =>
  errors(checkStep(contactDetailsStep(opts), values));
const step2 = (values: unknown, opts: Parameters<typeof insuranceCoverageStep>[0] = ISIUS) =>
  errors(checkStep(insuranceCoverageStep(opts), values));

const withLead = (patch: Partial<ContactDetails["lead"]>) => {
  const v = contactDetails();
  return { ...v, lead: { ...v.lead, ...patch } };
};
const withAddress = (patch: Partial<ContactDetails["address"]>) => {
  const v = contactDetails();
  return { ...v, address: { ...v.address, ...patch } };
};
const withClient = (patch: Partial<ContactDetails["clients"][number]>) => {
  const v = contactDetails();
  return { ...v, clients: [{ ...v.clients[0]!, ...patch }] };
};
const withHealth = (patch: Record<string, unknown>): InsuranceCoverage => ({
  clients: [{ ...healthClient(), ...patch }] as InsuranceCoverage["clients"],
  insurance: [insurance()] as InsuranceCoverage["insurance"],
});
const withInsurance = (patch: Record<string, unknown>): InsuranceCoverage => ({
  clients: [healthClient()] as InsuranceCoverage["clients"],
  insurance: [{ ...insurance(), ...patch }] as InsuranceCoverage["insurance"],
});

describe("the wizard", () => {
  it("has four steps, the summary last", () => {
    expect(STEPS.map((s) => s.title)).toEqual([
      "steps.contact_details",
      "steps.insurance_coverage",
      "steps.meeting_setup",
      "steps.meeting_summary",
    ]);
  });

  it("says 'Required fields missing' for an incomplete step, with the errors per field", () => {
    const verdict = checkStep(contactDetailsStep(ISIUS), withLead({ reasons: [] }));
    expect(verdict).toEqual({
      complete: false,
      message: "steps.required_fields_missing",
      errors: { "lead.reasons": ["validation.choose_at_least_one"] },
    });
    expect(en.steps.required_fields_missing).toBe("Required fields missing");
  });
});

describe("step 1, Contact Details", () => {
  it("is complete with a valid lead, a checked address and the client's names", () => {
    const verdict = checkStep(contactDetailsStep(ISIUS), contactDetails());
    expect(verdict.complete).toBe(true);
    // The phone as typed through the mask is stored as its digits, the country of birth upper case.
    expect(verdict.complete && verdict.data.lead.phone).toBe("5145550100");
    expect(verdict.complete && verdict.data.clients[0]!.countryOfBirth).toBe("US");
  });

  describe("the lead", () => {
    it("needs its reasons, and the other text when Other is among them", () => {
      expect(step1(withLead({ reasons: ["other"] }))).toEqual({
        "lead.reasonOther": ["validation.required"],
      });
      expect(step1(withLead({ reasons: ["other", "final"], reasonOther: "Estate planning" }))).toEqual({});
      expect(step1(withLead({ reasons: ["other"], reasonOther: "x".repeat(100) }))).toEqual({
        "lead.reasonOther": ["validation.other_too_long"],
      });
    });

    it("takes an empty email or a valid one of at most 100 characters: 'Email is not valid' otherwise", () => {
      expect(step1(withLead({ email: "" }))).toEqual({});
      for (const email of ["jane@", "not an email", `${"a".repeat(95)}@example.com`])
        expect(step1(withLead({ email }))).toEqual({ "lead.email": ["leads.warnings.invalid_email"] });
      expect(en.leads.warnings.invalid_email).toBe("Email is not valid");
    });

    it("needs a 10-digit phone that does not start with 0 or 1, typed as ###.###.#### or not", () => {
      fc.assert(
        fc.property(fc.stringMatching(/^[0-9]{10}$/), (digits) => {
          const masked = `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`;
          const ok = !["0", "1"].includes(digits[0]!);
          for (const phone of [digits, masked])
            expect(step1(withLead({ phone }))).toEqual(
              ok ? {} : { "lead.phone": ["validation.invalid_phone"] },
            );
        }),
      );
      expect(step1(withLead({ phone: "" }))).toEqual({ "lead.phone": ["validation.required"] });
      expect(step1(withLead({ phone: "514.555.010" }))).toEqual({
        "lead.phone": ["validation.invalid_phone"],
      });
      expect(step1(withLead({ phoneOther: ["514.555.0101", "123"] }))).toEqual({
        "lead.phoneOther.1": ["validation.invalid_phone"],
      });
    });
  });

  describe("the address", () => {
    it("must have been checked (a failed check counts: the form marks it valid)", () => {
      expect(step1(withAddress({ valid: false }))).toEqual({
        "address.valid": ["validation.address_not_validated"],
      });
      expect(step1(withAddress({ valid: true, invalidPostal: true }))).toEqual({});
    });

    it("needs its line, city, postal code and state", () => {
      expect(step1(withAddress({ address: " ", city: "", postal: "", state: null }))).toEqual({
        "address.address": ["validation.required"],
        "address.city": ["validation.required"],
        "address.postal": ["validation.required"],
        "address.state": ["validation.required"],
      });
    });

    it("has a postal code and a region of the lead's country", () => {
      expect(step1(withAddress({ postal: "6270" }))).toEqual({
        "address.postal": ["notifications.form.postal.too_short"],
      });
      expect(step1(withAddress({ state: "qc" }))).toEqual({ "address.state": ["validation.region_invalid"] });
      const canadian = withAddress({ postal: "H2X 1Y4", state: "qc", province: "qc" });
      expect(step1(canadian, SLICA)).toEqual({});
      expect(
        step1(
          { ...canadian, address: { ...canadian.address, province: "on", state: "on", postal: "62701" } },
          SLICA,
        ),
      ).toEqual({
        "address.postal": ["validation.postal_invalid"],
      });
    });
  });

  describe("the clients", () => {
    it("are one on ISIUS and up to two on SLICA, at least one", () => {
      const two = {
        ...contactDetails(),
        clients: [contactDetails().clients[0]!, contactDetails().clients[0]!],
      };
      expect(step1(two)).toEqual({ clients: ["validation.invalid"] });
      const canadian = { ...two, address: { ...two.address, postal: "H2X 1Y4", state: "qc" } };
      expect(step1(canadian, SLICA)).toEqual({});
      expect(step1({ ...contactDetails(), clients: [] })).toEqual({ clients: ["validation.required"] });
    });

    it("need a first and a last name", () => {
      expect(step1(withClient({ firstName: "", lastName: "  " }))).toEqual({
        "clients.0.firstName": ["validation.required"],
        "clients.0.lastName": ["validation.required"],
      });
    });

    it("have a title of their gender", () => {
      expect(step1(withClient({ title: "Mr", gender: 2 }))).toEqual({
        "clients.0.title": ["validation.title_gender"],
      });
      expect(step1(withClient({ title: "Mme", gender: 2 }))).toEqual({});
      expect(step1(withClient({ title: "Dr", gender: null }))).toEqual({});
    });

    it("have an empty date of birth or a YYYY-MM-DD day, yesterday at the latest", () => {
      const dob = (value: string) => step1(withClient({ dob: value }));
      expect(dob("")).toEqual({});
      expect(dob("1952-02-29")).toEqual({});
      expect(dob("2025-06-14")).toEqual({});
      expect(dob("2025-06-15")).toEqual({ "clients.0.dob": ["validation.dob_after_yesterday"] });
      for (const bad of [
        "1953-02-29",
        "1960-13-01",
        "1960-00-10",
        "1960-01-32",
        "1960-1-01",
        "60-01-01",
        "1960/01/01",
        "1960-01-011",
      ])
        expect(dob(bad)).toEqual({ "clients.0.dob": ["leads.warnings.invalid_dob"] });
      expect(en.leads.warnings.invalid_dob).toBe("Date of birth is not valid");
    });

    it("accept exactly the real days up to yesterday as dates of birth", () => {
      const real = (s: string) => {
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
      };
      const dobs = fc.oneof(
        fc
          .tuple(
            fc.integer({ min: 1000, max: 2999 }),
            fc.integer({ min: 0, max: 13 }),
            fc.integer({ min: 0, max: 32 }),
          )
          .map(([y, m, d]) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`),
        fc.string({ maxLength: 12 }),
      );
      fc.assert(
        fc.property(dobs, (dob) => {
          const errors = step1(withClient({ dob }));
          if (dob === "" || (/^\d{4}-\d{2}-\d{2}$/.test(dob) && real(dob) && dob <= "2025-06-14"))
            expect(errors).toEqual({});
          else if (/^\d{4}-\d{2}-\d{2}$/.test(dob) && real(dob))
            expect(errors).toEqual({ "clients.0.dob": ["validation.dob_after_yesterday"] });
          else expect(errors).toEqual({ "clients.0.dob": ["leads.warnings.invalid_dob"] });
        }),
      );
    });
  });
});

describe("step 2, Insurance Coverage", () => {
  it("is complete with each client's height, weight and occupation and a typed insurance", () => {
    expect(step2(insuranceCoverage())).toEqual({});
  });

  it("needs the height, the weight and the occupation of every client, at most 10 characters for a measure", () => {
    expect(step2(withHealth({ height: "", weight: " ", occupation: "" }))).toEqual({
      "clients.0.height": ["validation.required"],
      "clients.0.weight": ["validation.required"],
      "clients.0.occupation": ["validation.required"],
    });
    expect(step2(withHealth({ height: "1234567890", weight: "12345678901" }))).toEqual({
      "clients.0.weight": ["validation.measure_too_long"],
    });
  });

  it("takes an income band of the income type, and none when the client refused", () => {
    expect(step2(withHealth({ incomeType: "Annual", income: 8 }))).toEqual({});
    expect(step2(withHealth({ incomeType: "Annual", income: 3 }))).toEqual({
      "clients.0.income": ["validation.income_band_type"],
    });
    expect(step2(withHealth({ incomeType: "Refused to provide", income: 3 }))).toEqual({
      "clients.0.income": ["validation.not_applicable"],
    });
    expect(step2(withHealth({ incomeType: "Refused to provide", income: null }))).toEqual({});
  });

  it("takes conditions and medications with a duration, the Other text when Other is chosen", () => {
    expect(
      step2(
        withHealth({
          conditions: [{ value: "asthma", duration: "2_5y" }],
          medications: [{ value: "inhalers" }],
        }),
      ),
    ).toEqual({});
    expect(step2(withHealth({ conditions: [{ value: "other", duration: null }] }))).toEqual({
      "clients.0.conditionOther": ["validation.required"],
    });
    expect(step2(withHealth({ medications: [{ value: "other" }], medicationOther: "Gabapentin" }))).toEqual(
      {},
    );
    expect(step2(withHealth({ medications: [{ value: "insulin" }, { value: "insulin" }] }))).toEqual({
      "clients.0.medications": ["validation.duplicate"],
    });
  });

  it("needs an insurance type, and the other text when Other is among them", () => {
    expect(step2(withInsurance({ type: [] }))).toEqual({
      "insurance.0.type": ["validation.choose_at_least_one"],
    });
    expect(step2(withInsurance({ type: ["other"] }))).toEqual({
      "insurance.0.typeOther": ["validation.required"],
    });
    expect(step2(withInsurance({ type: ["other", "life"], typeOther: "Pet insurance" }))).toEqual({});
  });

  it("takes the term sub-types only when the flag enables them", () => {
    expect(step2(withInsurance({ type: ["term_20"] }))).toEqual({
      "insurance.0.type.0": ["validation.invalid"],
    });
    expect(step2(withInsurance({ type: ["term_20"] }), { ...ISIUS, termSubTypes: true })).toEqual({});
  });

  it("takes a carrier and a premium only for an existing policy", () => {
    expect(step2(withInsurance({ hasPolicy: 1, carrier: "Mutual of Omaha", premium: "p2" }))).toEqual({});
    expect(step2(withInsurance({ hasPolicy: 0, carrier: "Mutual of Omaha", premium: "p2" }))).toEqual({
      "insurance.0.carrier": ["validation.not_applicable"],
      "insurance.0.premium": ["validation.not_applicable"],
    });
    expect(step2(withInsurance({ hasPolicy: 1, carrier: "Acme Mutual" }))).toEqual({
      "insurance.0.carrier": ["validation.invalid"],
    });
  });

  it("has one insurance per client", () => {
    const two = { clients: [healthClient(), healthClient()], insurance: [insurance()] };
    expect(step2(two, SLICA)).toEqual({ insurance: ["validation.one_per_client"] });
    expect(step2({ ...two, insurance: [insurance(), insurance()] }, SLICA)).toEqual({});
  });
});

describe("step 3, Meeting Setup", () => {
  it("checks the meeting under the paths POST /meetings uses", () => {
    expect(errors(checkStep(meetingSetupStep(), { meeting: meeting() }))).toEqual({});
    expect(errors(checkStep(meetingSetupStep(), { meeting: { ...meeting(), date: "" } }))).toEqual({
      "meeting.date": ["validation.required"],
    });
  });
});

describe("every message", () => {
  const leaf = (key: string) =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

  it("is a key with an English text, whatever arrives (a malformed body, a field of the wrong type)", () => {
    const schemas = [
      [contactDetailsStep(SLICA), contactDetails()],
      [insuranceCoverageStep(SLICA), insuranceCoverage()],
      [meetingSetupStep({ country: "US" }), { meeting: meeting() }],
    ] as const;
    const anyValue = fc.anything({ withNullPrototype: false, maxDepth: 2 });
    fc.assert(
      fc.property(
        fc.constantFrom(...schemas),
        fc.array(fc.tuple(fc.string({ maxLength: 3 }), anyValue), { maxLength: 3 }),
        anyValue,
        ([schema, valid], edits, whole) => {
          // A valid value with a few fields replaced at random depths, and an arbitrary value.
          const edited = structuredClone(valid) as Record<string, unknown>;
          for (const [key, value] of edits) {
            const groups = Object.keys(edited);
            const group = edited[groups[key.length % groups.length]!];
            const target = Array.isArray(group) ? group[0] : group;
            if (target && typeof target === "object") {
              const fields = Object.keys(target);
              (target as Record<string, unknown>)[fields[key.charCodeAt(0) % fields.length || 0]!] = value;
            }
          }
          for (const value of [edited, whole]) {
            const result = schema.safeParse(value);
            for (const issue of result.error?.issues ?? [])
              expect(typeof leaf(issue.message), issue.message).toBe("string");
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
