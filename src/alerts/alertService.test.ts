// Alerts worded by a function follow the agent's language: a persistent banner shown in English reads French
// once the agent switches (issue 13, fault 7: the active-status banners stayed English).
import { describe, expect, it } from "vitest";
import { manualClock } from "../shared/clock";
import { createI18n, localesReady } from "../i18n/i18n";
import { addWorkspaceTexts } from "../i18n/workspaceTexts";
import { AlertsModel } from "./AlertsModel";
import { createAlertService } from "./alertService";

describe("alert wording", () => {
  it("rewords a persistent alert on retranslate, and leaves plain texts as they were", async () => {
    const i18n = createI18n("en");
    addWorkspaceTexts(i18n);
    await localesReady(i18n);
    const store = AlertsModel.create({});
    const alerts = createAlertService(store, manualClock());
    alerts.show(() => i18n.t("status.offline_alert"), { type: "error", timeout: null, key: "offline" });
    alerts.show("Saved by the gateway", { type: "info", timeout: null });
    expect(store.items.map((a) => a.message)).toEqual([
      "You must toggle active status in order to receive calls.",
      "Saved by the gateway",
    ]);
    await i18n.changeLanguage("fr");
    await localesReady(i18n);
    alerts.retranslate();
    expect(store.items.map((a) => a.message)).toEqual([
      "Vous devez passer à un statut actif pour recevoir des appels.",
      "Saved by the gateway",
    ]);
  });

  it("forgets the wording of a dismissed alert", () => {
    const store = AlertsModel.create({});
    const alerts = createAlertService(store, manualClock());
    let calls = 0;
    const id = alerts.show(() => `text ${++calls}`, { timeout: null });
    alerts.dismiss(id);
    alerts.retranslate();
    expect(calls).toBe(1);
  });
});
