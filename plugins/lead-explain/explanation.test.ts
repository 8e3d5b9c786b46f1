import { AxiosError, AxiosHeaders } from "axios";
import { describe, expect, it } from "vitest";
import i18next from "i18next";
import { explainErrorOf, firstFailure, parseExplanation, reasonOf } from "./explanation";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import { explanation } from "./testing";

const refusal = (status: number, data: unknown) =>
  new AxiosError(
    "failed",
    "ERR_BAD_REQUEST",
    undefined,
    {},
    {
      status,
      statusText: String(status),
      data,
      headers: {},
      config: { headers: new AxiosHeaders() },
    },
  );

describe("explanation", () => {
  it("keeps a rule this browser does not know, so the other verdicts still show", () => {
    const e = explanation({ failing: { owner: "Another agent's lead." } });
    const parsed = parseExplanation({
      ...e,
      rules: [...e.rules, { rule: "new-rule", ok: false, reason: "New." }],
    });
    expect(parsed.rules.at(-1)).toEqual({ rule: "new-rule", ok: false, reason: "New." });
    expect(firstFailure(parsed)).toBe(7);
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
    expect(explainErrorOf(refusal(404, "<html>"))).toEqual({ kind: "failed", message: null });
    expect(explainErrorOf(new AxiosError("Network Error", "ERR_NETWORK"))).toEqual({
      kind: "failed",
      message: null,
    });
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
});
