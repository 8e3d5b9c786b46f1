import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { createI18n as createSignInI18n, localesReady, resolveLocale } from "./i18n";
import { addWorkspaceTexts } from "./workspaceTexts";
import { gatewayText } from "./message";

/** An instance as the signed-in shell has it: the sign-in English plus the rest of the core's texts. */
const createI18n = (locale: string) => {
  const i18n = createSignInI18n(locale);
  addWorkspaceTexts(i18n);
  return i18n;
};

/** Every key of a nested locale object, dotted. */
const keysOf = (o: object, prefix = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === "object" && v !== null ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe("the core's English", () => {
  it("the sign-in page carries its own texts only; the signed-in shell adds every other key of the file", () => {
    const i18n = createSignInI18n("en");
    expect(i18n.t("accounts.login.form.password")).toBe("Password");
    expect(i18n.exists("calls.already_on_a_call")).toBe(false);
    addWorkspaceTexts(i18n);
    for (const key of keysOf(en)) expect(i18n.exists(key), key).toBe(true);
    expect(i18n.t("calls.already_on_a_call")).toBe("You are already on a call.");
  });
});

describe("UI language", () => {
  it("adds the tenant's country for the Canadian variants", () => {
    expect(resolveLocale("fr", "CA")).toBe("fr-CA");
    expect(resolveLocale("en", "CA")).toBe("en-CA");
    expect(resolveLocale("en", "US")).toBe("en");
    expect(resolveLocale("es", "US")).toBe("es");
    expect(resolveLocale("en")).toBe("en");
  });

  it("takes postal wording and branding from fr-CA, everything else from fr, then en", async () => {
    // Languages other than English load on demand (their own chunks); wait for them as the app does.
    const i18n = createI18n("fr-CA");
    await localesReady(i18n);
    expect(i18n.t("address.postal.label")).toBe("Code postal");
    expect(i18n.t("app.name")).toBe("ISI Dialer Canada");
    expect(i18n.t("accounts.login.form.password")).toBe("Mot de passe");
    expect(createI18n("en").t("address.postal.label")).toBe("Zip code");
    const enCa = createI18n("en-CA");
    await localesReady(enCa);
    expect(enCa.t("address.postal.label")).toBe("Postal code");
  });

  it("has English at once and loads another language only when it is needed", async () => {
    const i18n = createI18n("en");
    expect(i18n.t("accounts.login.form.password")).toBe("Password");
    expect(i18n.hasResourceBundle("es", "core")).toBe(false);
    await i18n.changeLanguage("es");
    expect(i18n.hasResourceBundle("es", "core")).toBe(true);
    expect(i18n.t("accounts.login.form.password")).toBe("Contraseña");
    expect(i18n.hasResourceBundle("fr", "core")).toBe(false);
  });

  it("says how long sign-in is paused, in minutes", () => {
    const i18n = createI18n("en");
    expect(i18n.t("accounts.login.failed.throttled", { count: 1 })).toContain("paused for 1 minute;");
    expect(i18n.t("accounts.login.failed.throttled", { count: 15 })).toContain("paused for 15 minutes");
  });
});

describe("gateway texts", () => {
  it("translates our keys and the specification's own English texts; anything else is shown as it came", async () => {
    const i18n = createI18n("fr");
    await localesReady(i18n);
    const t = i18n.t.bind(i18n);
    expect(gatewayText(t, "calls.refused.in_progress")).toBe("L'appel est toujours en cours.");
    expect(gatewayText(t, "Bria is closed or inactive")).toBe(i18n.t("status.bria_closed"));
    expect(gatewayText(t, "Bria is closed or inactive")).not.toBe("Bria is closed or inactive");
    expect(gatewayText(t, "Something the gateway said.")).toBe("Something the gateway said.");
    expect(gatewayText(createI18n("en").t, "calls.already_on_a_call")).toBe("You are already on a call.");
  });
});
