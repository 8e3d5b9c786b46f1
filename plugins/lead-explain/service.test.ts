// The lead-explain service as another plugin uses it: auto-dialing words a blocking rule with `say()`.
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { pluginContext } from "../../src/sdk/testing";
import en from "./locales/en.json";
import fr from "./locales/fr.json";
import { LeadExplainModel } from "./model";
import { createLeadExplainService } from "./service";

const closed = {
  reason: "The call centre is closed on Sundays (operation hours).",
  key: "hours_closed_day",
  values: { day: "Sunday" },
};

function service(language: "en" | "fr") {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: language,
    resources: { en: { "lead-explain": en }, fr: { "lead-explain": fr } },
    interpolation: { escapeValue: false },
  });
  const { ctx } = pluginContext({
    store: LeadExplainModel.create({}),
    language: () => i18n.language,
    t: (key, options) => i18n.t(key, { ns: "lead-explain", ...options }) as string,
  });
  return { api: createLeadExplainService(ctx), i18n };
}

describe("lead-explain service", () => {
  it("says a verdict in the agent's language at the time it is asked, even when called unbound", async () => {
    const { api, i18n } = service("en");
    const say = api.say;
    expect(say(closed)).toBe(closed.reason);
    await i18n.changeLanguage("fr");
    expect(say(closed)).toBe("Le centre d'appels est fermé le dimanche (heures d'ouverture).");
    expect(say({ reason: "A sentence with no key." })).toBe("A sentence with no key.");
  });

  it("explains for the agent itself unless the agent is a manager", () => {
    expect(service("en").api.mode).toBe("agent");
    const { ctx } = pluginContext({ store: LeadExplainModel.create({}), agent: { roles: ["admin"] } });
    expect(createLeadExplainService(ctx).mode).toBe("manager");
  });
});
