// The widgets' tests: a widget in an i18next instance holding the widgets' texts in the booking namespace (as the
// plugin's locales will once merged). Test-only.
import { render } from "@testing-library/react";
import i18next from "i18next";
import type { ReactElement } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import { BOOKING_NS } from "./texts";

export async function widgetI18n(language = "en") {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: "en",
    resources: { en: { [BOOKING_NS]: en }, fr: { [BOOKING_NS]: fr }, es: { [BOOKING_NS]: es } },
    ns: [BOOKING_NS],
    defaultNS: BOOKING_NS,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

export async function renderWidget(ui: ReactElement, language = "en") {
  const i18n = await widgetI18n(language);
  const view = render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
  return {
    ...view,
    i18n,
    rerender: (next: ReactElement) => view.rerender(<I18nextProvider i18n={i18n}>{next}</I18nextProvider>),
  };
}
