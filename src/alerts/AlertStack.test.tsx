// The persistent alert area: newest first, each with its close button when it may be dismissed.
import { act, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { manualClock } from "../shared/clock";
import { createI18n, localesReady } from "../i18n/i18n";
import { AlertStack } from "./AlertStack";
import { AlertsModel } from "./AlertsModel";
import { createAlertService } from "./alertService";

describe("the alert area", () => {
  it("shows the persistent alerts newest first; a dismissed one goes", async () => {
    const store = AlertsModel.create({});
    const alerts = createAlertService(store, manualClock());
    const i18n = createI18n("en");
    await localesReady(i18n);
    render(
      <I18nextProvider i18n={i18n}>
        <AlertStack alerts={store} service={alerts} />
      </I18nextProvider>,
    );
    act(() => {
      alerts.show("First, the oldest", { type: "warning", timeout: null, key: "a" });
      alerts.show("Second", { type: "error", timeout: null, key: "b" });
      alerts.show("Third, the newest", { type: "warning", timeout: null, key: "c" });
    });
    const texts = () => [...document.querySelectorAll(".isi-alerts__message")].map((m) => m.textContent);
    expect(texts()).toEqual(["Third, the newest", "Second", "First, the oldest"]);
    act(() => alerts.dismissKey("b"));
    expect(texts()).toEqual(["Third, the newest", "First, the oldest"]);
    expect(screen.getAllByRole("status")).toHaveLength(2);
  });
});
