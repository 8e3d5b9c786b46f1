import { describe, expect, it } from "vitest";
import i18next from "i18next";
import { Role } from "../../src/contract/common";
import { LEAD_STATUSES } from "../../src/contract/lead";
import type { Refusal } from "../../src/sdk";
import { decidingFirst, explainErrorOf, firstFailure, parseExplanation, reasonOf } from "./explanation";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import { explanation } from "./testing";

/** A refusal as callEndpoint gives it: the status, and the ErrorBody's message when the answer had one. */
const refusal = (status: number | null, body?: { message: string }): Refusal => ({
  ok: false,
  status,
  retryable: status === null || status >= 500,
  message: body?.message ?? null,
  errors: {},
});

describe("explanation", () => {
  it("keeps a rule this browser does not know, so the other verdicts still show", () => {
    const e = explanation({ failing: { owner: "Another agent's lead." } });
    const parsed = parseExplanation({
      ...e,
      rules: [...e.rules, { rule: "new-rule", ok: false, reason: "New." }],
    });
    expect(parsed.rules.at(-1)).toEqual({ rule: "new-rule", ok: false, reason: "New." });
    expect(firstFailure(parsed)).toBe(8);
    expect(firstFailure(explanation())).toBe(-1);
  });

  it("sorts refusals by status and keeps the gateway's message", () => {
    expect(explainErrorOf(refusal(403, { message: "This action is unauthorized." }))).toEqual({
      kind: "forbidden",
      message: "This action is unauthorized.",
    });
    expect(explainErrorOf(refusal(409, { message: "Busy." }))).toEqual({ kind: "refused", message: "Busy." });
    expect(explainErrorOf(refusal(502, { message: "Bad gateway" }))).toEqual({
      kind: "failed",
      message: null,
    });
    // An answer that is not the gateway's ErrorBody (an HTML page): no message.
    expect(explainErrorOf(refusal(404))).toEqual({ kind: "failed", message: null });
    // No answer.
    expect(explainErrorOf(refusal(null))).toEqual({
      kind: "failed",
      message: null,
    });
  });
});

describe("decidingFirst", () => {
  it("lists the failing rules first (the engine's first failure on top), then the passing ones, then those not checked", () => {
    const e = explanation({
      agentId: null,
      failing: { "calling-window": "Too late.", dnc: "On the list.", owner: "Another agent's lead." },
    });
    const notChecked = { ...e, rules: e.rules.map((r, i) => (i < 2 ? { ...r, reason: "Not checked.", key: "not_checked" } : r)) };
    const shown = decidingFirst(notChecked);
    expect(shown.map((r) => r.rule)).toEqual([
      "dnc",
      "owner",
      "calling-window",
      "inbound-only",
      "operation-hours",
      "quotas",
      "status",
      "held",
      "in-process",
      "follow-ups",
      "campaign",
      "lead-group",
      "callable-states",
      "eligibility",
      "level",
      "language",
      "publisher-suppression",
      "dialing-sequence",
      "role",
      "calling-disabled",
    ]);
    expect(shown.filter((r) => r.deciding).map((r) => [r.rule, r.step])).toEqual([["dnc", 5]]);
  });

  it("keeps the engine's order when every rule passes", () => {
    const e = explanation();
    expect(decidingFirst(e).map((r) => r.rule)).toEqual(e.rules.map((r) => r.rule));
    expect(decidingFirst(e).some((r) => r.deciding)).toBe(false);
  });
});

describe("reasonOf", () => {
  const t = (lang: "en" | "fr" | "es") => {
    const i18n = i18next.createInstance();
    void i18n.init({ lng: lang, resources: { [lang]: { translation: { en, fr, es }[lang] } }, interpolation: { escapeValue: false } });
    return (key: string, options: Record<string, unknown>) => i18n.t(key, options) as string;
  };
  const closed = {
    rule: "operation-hours",
    ok: false,
    reason: "The call centre is closed on Sundays (operation hours).",
    key: "hours_closed_day",
    values: { day: "Sunday" },
  };

  it("says the reason in the agent's language, its words too", () => {
    expect(reasonOf(closed, t("fr"), "fr-CA")).toBe("Le centre d'appels est fermé le dimanche (heures d'ouverture).");
    expect(reasonOf(closed, t("es"), "es")).toBe("El centro de llamadas cierra el domingo (horario de atención).");
    expect(reasonOf(closed, t("en"), "en-CA")).toBe(closed.reason);
  });

  it("says the values the gateway words in English: a lead status, a role, a holiday, a language", () => {
    const status = { rule: "status", ok: true, reason: "Status 'Callback Scheduled' can be dialled.", key: "status_ok", values: { status: "Callback Scheduled" } };
    expect(reasonOf(status, t("fr"), "fr")).toBe("Le statut « Rappel planifié » peut être composé.");
    expect(reasonOf(status, t("es"), "es")).toBe("El estado «Devolución de llamada programada» se puede marcar.");
    expect(reasonOf({ ...status, values: { status: "New" } }, t("fr"), "fr")).toBe("Le statut « Nouveau » peut être composé.");
    expect(reasonOf(status, t("en"), "en")).toBe(status.reason);

    const role = { reason: "…", key: "role_other", values: { role: "operations-manager" } };
    expect(reasonOf(role, t("fr"), "fr")).toMatch(/ce compte est : gestionnaire des opérations\.$/);
    expect(reasonOf(role, t("es"), "es")).toMatch(/esta cuenta es: gerente de operaciones\.$/);

    const holiday = (name: string) => ({
      reason: "…",
      key: "window_holiday",
      values: { holiday: name, date: "2026-07-03", zone: "America/Chicago", label: "LA holidays" },
    });
    expect(reasonOf(holiday("Christmas Day"), t("fr"), "fr")).toMatch(/^C'est Noël \(2026-07-03\)/);
    expect(reasonOf(holiday("Independence Day (observed)"), t("es"), "es")).toMatch(
      /^Es el Día de la Independencia \(feriado trasladado\) \(2026-07-03\)/,
    );

    const language = { reason: "…", key: "language_other", values: { language: "es", agentLanguage: "en" } };
    expect(reasonOf(language, t("fr"), "fr")).toBe("Le prospect parle espagnol ; vous prenez les prospects en anglais.");
    expect(reasonOf(language, t("es"), "es")).toBe("El prospecto habla español; usted toma prospectos en inglés.");
  });

  it("has a text for every lead status, role and holiday the gateway may send, in every language", () => {
    const keyOf = (v: string) => v.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
    const holidays = [
      "New Year's Day", "Birthday of Martin Luther King, Jr.", "Washington's Birthday", "Memorial Day",
      "Juneteenth National Independence Day", "Independence Day", "Labor Day", "Columbus Day", "Veterans Day",
      "Thanksgiving Day", "Christmas Day",
    ];
    for (const texts of [en, fr, es]) {
      expect(LEAD_STATUSES.filter((s) => !(keyOf(s) in texts.statuses))).toEqual([]);
      expect(Role.options.filter((r) => !(keyOf(r) in texts.roles))).toEqual([]);
      expect(holidays.filter((h) => !(keyOf(h) in texts.holidays))).toEqual([]);
    }
  });

  it("calls a lead a prospect in French and Spanish, as the rest of the workspace does", () => {
    const said = (o: unknown): string[] => (typeof o === "string" ? [o] : Object.values(o as object).flatMap(said));
    expect(said(fr).filter((s) => /\bleads?\b/i.test(s))).toEqual([]);
    expect(said(es).filter((s) => /\bleads?\b/i.test(s))).toEqual([]);
  });

  it("keeps the gateway's sentence when there is no key, or a key this browser does not know", () => {
    const detail = "It is 14:00 in America/New_York (New York); calls are allowed 08:00–21:00 there (TCPA).";
    expect(reasonOf({ reason: detail }, t("fr"), "fr")).toBe(detail);
    expect(reasonOf({ ...closed, key: "from_a_newer_gateway" }, t("fr"), "fr")).toBe(closed.reason);
  });

  it("says the calling window's short form in French, and keeps the detailed English sentence in English", () => {
    const window = {
      rule: "calling-window",
      ok: false,
      reason: "It is 07:30 in America/Toronto (Ontario); calls are allowed 09:00–21:30 on weekdays there (CRTC).",
      key: "window_closed",
      values: { time: "07:30", zone: "America/Toronto", from: "09:00", to: "21:30", label: "CRTC" },
    };
    expect(reasonOf(window, t("fr"), "fr-CA")).toBe(
      "Il est 07:30 à America/Toronto ; les appels sont permis seulement de 09:00 à 21:30 (CRTC).",
    );
    expect(reasonOf(window, t("en"), "en")).toBe(window.reason);
  });

  describe("for a manager who names an agent (issue 33)", () => {
    const bilingual = { reason: "You are bilingual.", key: "language_bilingual" };

    it("speaks of the agent in the third person, by name or as 'the agent', while the agent reads 'You …'", () => {
      expect(reasonOf(bilingual, t("en"), "en", { agent: "Jordan Reyes" })).toBe("Jordan Reyes is bilingual.");
      expect(reasonOf(bilingual, t("en"), "en", { agent: null })).toBe("The agent is bilingual.");
      expect(reasonOf(bilingual, t("fr"), "fr", { agent: null })).toBe("L'agent est bilingue.");
      expect(reasonOf(bilingual, t("es"), "es", { agent: null })).toBe("El agente es bilingüe.");
      expect(reasonOf(bilingual, t("es"), "es", { agent: "Jordan Reyes" })).toBe("Jordan Reyes es bilingüe.");
      expect(reasonOf(bilingual, t("en"), "en")).toBe("You are bilingual.");
      expect(reasonOf(bilingual, t("fr"), "fr")).toBe("Vous êtes bilingue.");

      const disabled = { reason: "A manager disabled calling for your extension", key: "calling_disabled" };
      expect(reasonOf(disabled, t("en"), "en", { agent: null })).toBe("A manager disabled calling for the agent's extension");
      expect(reasonOf(disabled, t("fr"), "fr", { agent: "Jordan Reyes" })).toBe(
        "Un gestionnaire a désactivé les appels pour le poste de Jordan Reyes",
      );
      const overdue = { reason: "You have 3 overdue follow-ups: dial or reschedule them first.", key: "follow_up_overdue_other", values: { count: 3 } };
      expect(reasonOf(overdue, t("en"), "en", { agent: "Sam Lee" })).toBe(
        "Sam Lee has 3 overdue follow-ups to dial or reschedule first.",
      );
    });

    it("keeps the reasons that do not speak to the agent as they are", () => {
      expect(reasonOf(closed, t("en"), "en", { agent: "Jordan Reyes" })).toBe(closed.reason);
      expect(reasonOf(closed, t("fr"), "fr", { agent: "Jordan Reyes" })).toBe(
        "Le centre d'appels est fermé le dimanche (heures d'ouverture).",
      );
    });

    it("has a third-person form for every reason that says 'you', with the reason's values and the agent", () => {
      const second = Object.entries(en.reasons)
        .filter(([, text]) => /\b(you|your)\b/i.test(text))
        .map(([key]) => key)
        .sort();
      for (const texts of [en, fr, es]) {
        expect(Object.keys(texts.reasons_agent).sort()).toEqual(second);
        for (const key of second) {
          const values = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
          const said = (texts.reasons_agent as Record<string, string>)[key]!;
          expect(values(said), key).toEqual([...values((en.reasons as Record<string, string>)[key]!), "agent"].sort());
          expect(said, key).not.toMatch(/\b(you|your|vous|votre|vos|usted|su|sus)\b/i);
        }
      }
    });
  });

  describe("times (issue 33)", () => {
    const due = {
      reason: "Dial #2 waits 60 min after the previous dial; it was due at 2026-01-05T15:00:00.000Z.",
      key: "sequence_due",
      values: { n: 2, wait: 60, at: "2026-01-05T15:00:00.000Z" },
    };

    it("reads an instant in the viewer's zone and language, in English too", () => {
      expect(reasonOf(due, t("en"), "en", { timeZone: "America/Chicago" })).toBe(
        "Dial #2 waits 60 min after the previous dial; it was due at Jan 5, 2026, 9:00 AM CST.",
      );
      expect(reasonOf(due, t("fr"), "fr", { timeZone: "America/Toronto" })).toMatch(/5 janv\. 2026, 10:00 UTC−5\.$/);
      expect(reasonOf(due, t("es"), "es", { timeZone: "UTC" })).not.toContain("2026-01-05T");
    });

    it("leaves calendar days and wall-clock times as the gateway words them", () => {
      const dnc = { reason: "+15555550131 is on the call centre's Do Not Call list since 2026-01-02.", key: "dnc_listed", values: { phone: "+15555550131", since: "2026-01-02" } };
      expect(reasonOf(dnc, t("en"), "en", { timeZone: "America/Chicago" })).toBe(dnc.reason);
    });
  });
});
