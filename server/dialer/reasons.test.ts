// The reasons' English lives here and in the explain view's locales: the view's English must be these very
// sentences, and every language must have every reason with the same {{values}}.
import { describe, expect, it } from "vitest";
import en from "../../plugins/lead-explain/locales/en.json";
import es from "../../plugins/lead-explain/locales/es.json";
import fr from "../../plugins/lead-explain/locales/fr.json";
import { REASONS, reasonText } from "./reasons";

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("rule reasons", () => {
  it("the explain view's English is the gateway's, word for word", () => {
    expect(en.reasons).toEqual(REASONS);
  });

  it("French and Spanish say every reason, with the same values", () => {
    for (const [lang, locale] of [["fr", fr], ["es", es]] as const) {
      const reasons = locale.reasons as Record<string, string>;
      expect(Object.keys(reasons).sort(), lang).toEqual(Object.keys(REASONS).sort());
      for (const [key, text] of Object.entries(REASONS))
        expect(placeholders(reasons[key]!), `${lang} ${key}`).toEqual(placeholders(text));
    }
  });

  it("fills the values in", () => {
    expect(reasonText("campaign_inactive", { campaign: "Final expense" })).toBe("Campaign 'Final expense' is not active.");
    expect(reasonText("own_lead")).toBe("Your own lead.");
  });
});
