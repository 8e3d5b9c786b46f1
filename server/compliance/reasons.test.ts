// The gate's reasons: the softphone's English is the gateway's word for word, French and Spanish say every
// reason with the same values, and every refusal's message key (calls.refused.<reason>) has its core text.
import { describe, expect, it } from "vitest";
import coreEn from "../../locales/en.json";
import coreEs from "../../locales/es.json";
import coreFr from "../../locales/fr.json";
import en from "../../plugins/softphone/locales/en.json";
import es from "../../plugins/softphone/locales/es.json";
import fr from "../../plugins/softphone/locales/fr.json";
import { COMPLIANCE_REASON_KEYS } from "../../src/contract/compliance";
import { COMPLIANCE_REASONS, complianceText } from "./reasons";

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
/** Reasons a dial can be refused for (the others say why it passes). */
const REFUSALS = COMPLIANCE_REASON_KEYS.filter((k) => !["ok", "internal", "feature"].includes(k));

describe("compliance reasons", () => {
  it("the softphone's English is the gateway's, word for word", () => {
    expect(en.compliance).toEqual(COMPLIANCE_REASONS);
    expect(Object.keys(COMPLIANCE_REASONS).sort()).toEqual([...COMPLIANCE_REASON_KEYS].sort());
  });

  it("French and Spanish say every reason, with the same values", () => {
    for (const [lang, locale] of [["fr", fr], ["es", es]] as const) {
      const reasons = locale.compliance as Record<string, string>;
      expect(Object.keys(reasons).sort(), lang).toEqual(Object.keys(COMPLIANCE_REASONS).sort());
      for (const [key, text] of Object.entries(COMPLIANCE_REASONS))
        expect(placeholders(reasons[key]!), `${lang} ${key}`).toEqual(placeholders(text));
    }
  });

  it("every refusal's message key has its text in the core locales", () => {
    for (const [lang, locale] of [["en", coreEn], ["fr", coreFr], ["es", coreEs]] as const) {
      const refused = locale.calls.refused as Record<string, string>;
      for (const key of REFUSALS) expect(refused[key], `${lang} calls.refused.${key}`).toBeTruthy();
    }
  });

  it("fills the values in", () => {
    expect(complianceText("country", { phone: "+442079460018", country: "GB", allowed: "US, CA" })).toBe(
      "+442079460018 is a number of GB; the call centre dials only US, CA.",
    );
  });
});
