// The booking plugin's texts: the same keys in en, fr and es, a text for every key the contract hands out
// (schema messages, step titles, restriction reasons), the specification's English, and each restriction
// reason read out in every language with its values filled in.
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { INSURANCE_TYPES } from "../../../src/contract/lookups";
import { facts } from "../contract/fixtures";
import { MESSAGES } from "../contract/messages";
import { restrictions, type RestrictionReason } from "../contract/restrictions";
import { STEPS } from "../contract/steps";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";

type Tree = { [key: string]: unknown };
const LOCALES = { en, fr, es } as Record<string, Tree>;

function texts(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === "object") for (const [p, t] of texts(v as Tree, path)) out.set(p, t);
    else out.set(path, String(v));
  }
  return out;
}
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)[^}]*}}/g)]
    .map((m) => m[1])
    .sort()
    .join();

/** Every reason the restrictions can give: all the causes at once, so the conflict too. */
const everyReason: RestrictionReason[] = [
  restrictions(
    facts({
      clients: [{ dob: "1940-01-01", healthIssues: true }],
      insuranceAmounts: [250_000],
      insuranceTypes: INSURANCE_TYPES.map((t) => t.value),
      refusedFaceToFace: true,
      ioaAccepted: true,
      manualForce: true,
      availableAgents: 1,
    }),
  ).reasons,
].flat();

describe("the booking texts", () => {
  it("have the same keys, with the same placeholders, in en, fr and es", () => {
    const english = texts(en);
    for (const lang of ["fr", "es"]) {
      const other = texts(LOCALES[lang]!);
      expect([...other.keys()].sort(), lang).toEqual([...english.keys()].sort());
      for (const [key, text] of english)
        expect(placeholders(other.get(key)!), `${lang} ${key}`).toBe(placeholders(text));
      for (const [key, text] of other) expect(text.trim(), `${lang} ${key}`).not.toBe("");
    }
  });

  it("have a text for every key the contract hands out", () => {
    const keys = [
      ...Object.values(MESSAGES),
      ...STEPS.map((s) => s.title),
      ...everyReason.map((r) => r.key),
      "meetings.step4.booked",
      "meetings.step4.booked_sunlife",
      "meetings.step4.not_booked",
    ];
    expect(everyReason.map((r) => r.code)).toEqual(
      expect.arrayContaining([
        "age",
        "health_amount",
        "insurance_type",
        "refused",
        "ioa_accepted",
        "manual_force",
        "agents",
        "conflict",
      ]),
    );
    for (const lang of Object.keys(LOCALES)) {
      const all = texts(LOCALES[lang]!);
      expect(
        keys.filter((k) => !all.has(k)),
        lang,
      ).toEqual([]);
    }
  });

  it("use the specification's English", () => {
    const english = texts(en);
    expect(english.get("steps.required_fields_missing")).toBe("Required fields missing");
    expect(english.get("leads.warnings.invalid_email")).toBe("Email is not valid");
    expect(english.get("leads.warnings.invalid_dob")).toBe("Date of birth is not valid");
    expect(english.get("meetings.step4.not_booked")).toBe("Unable to book the meeting, please try again");
    expect(STEPS.map((s) => english.get(s.title))).toEqual([
      "Contact Details",
      "Insurance Coverage",
      "Meeting Setup",
      "Meeting Summary",
    ]);
  });

  it("read each restriction reason out in every language, its values filled in", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: "en",
      fallbackLng: false,
      ns: ["booking"],
      defaultNS: "booking",
      resources: { en: { booking: en }, fr: { booking: fr }, es: { booking: es } },
      interpolation: { escapeValue: false },
    });
    for (const lang of ["en", "fr", "es"]) {
      const t = i18n.getFixedT(lang, "booking");
      for (const reason of everyReason) {
        const text = t(reason.key, reason.values);
        expect(text, `${lang} ${reason.key}`).not.toBe(reason.key);
        expect(text).not.toMatch(/{{|}}/);
      }
    }
    const amount = everyReason.find((r) => r.code === "health_amount")!;
    expect(i18n.getFixedT("en", "booking")(amount.key, amount.values)).toBe(
      "Health issues with insurance over $100,000: phone meeting only.",
    );
    const agents = everyReason.find((r) => r.code === "agents")!;
    expect(i18n.getFixedT("es", "booking")(agents.key, agents.values)).toContain(
      "Asesores disponibles en la zona: 1, menos de los 3",
    );
  });
});
