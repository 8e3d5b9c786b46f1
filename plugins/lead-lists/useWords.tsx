// How the lead lists' page says numbers, dates, durations and the gateway's sentences in the manager's language:
// Intl for figures; the lead intake's reasons (src/contract/leadIntake.ts, "phone: Enter a North American…") and
// the mapping's refusals are worded from the page's own texts where the gateway's sentence is a known one, and
// shown as they came otherwise.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { INTAKE_MESSAGES, LEAD_INTAKE_FIELDS } from "../../src/contract/leadIntake";
import type { LeadField } from "./model";

const FIELDS = new Set<string>(LEAD_INTAKE_FIELDS);

/** A gateway sentence with {{names}} → a pattern that reads them back. */
const patternOf = (template: string) =>
  new RegExp(
    `^${template
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) => `(?<${name}>.+?)`)}$`,
  );
const INTAKE_PATTERNS = Object.entries(INTAKE_MESSAGES).map(([key, text]) => ({ key, pattern: patternOf(text) }));

/** How the gateway's mapping refusal names each required field ("Choose the column that holds the lead's …"). */
const MAPPING_NAMES: Record<string, LeadField> = {
  "marketing id": "marketing_id",
  "first name": "first_name",
  "last name": "last_name",
  "phone number": "phone",
};
const CHOOSE_COLUMN = /^Choose the column that holds the lead's (.+)\.$/;
const CHOOSE_CAMPAIGN = "Choose one of the call centre's campaigns.";

export function useWords() {
  const { t, i18n } = useTranslation("lead-lists");
  const language = i18n.language;
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(language);
    const percents = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 });
    const dates = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
    const unit = (n: number, u: "second" | "minute" | "hour") =>
      new Intl.NumberFormat(language, { style: "unit", unit: u, unitDisplay: "short" }).format(n);
    const field = (f: LeadField) => t(`fields.${f}`);

    /** One sentence of the intake, in the manager's language when it is a known one. */
    const intake = (text: string) => {
      for (const { key, pattern } of INTAKE_PATTERNS) {
        const m = pattern.exec(text.trim());
        if (m) return t(`intake.${key}`, { ...m.groups });
      }
      return text;
    };

    return {
      number: (n: number) => numbers.format(n),
      percent: (ratio: number) => percents.format(ratio),
      date: (iso: string) => dates.format(new Date(iso)),
      /** A time left: seconds under a minute, minutes under an hour, then hours and minutes (rounded up). */
      duration(seconds: number) {
        const s = Math.max(1, Math.ceil(seconds));
        if (s < 60) return unit(s, "second");
        const minutes = Math.ceil(s / 60);
        if (minutes < 60) return unit(minutes, "minute");
        const h = Math.floor(minutes / 60);
        const m = minutes % 60;
        return m === 0 ? unit(h, "hour") : `${unit(h, "hour")} ${unit(m, "minute")}`;
      },
      field,
      /** A list of fields ("First name, Last name and Phone"). */
      fields: (list: LeadField[]) =>
        new Intl.ListFormat(language, { style: "long", type: "conjunction" }).format(list.map(field)),
      /** A reason rows were refused: "field: message; field: message", or a sentence of its own. */
      reason: (text: string) =>
        text
          .split("; ")
          .map((part) => {
            const at = part.indexOf(": ");
            // "phone_other.1": the field's second value.
            const name = at > 0 ? part.slice(0, at).split(".")[0]! : "";
            if (!FIELDS.has(name)) return intake(part);
            return t("intake.field", { field: field(name as LeadField), message: intake(part.slice(at + 2)) });
          })
          .join("; "),
      /** A refusal of the mapping or the campaign (the check's 422). */
      refusal(text: string) {
        const m = CHOOSE_COLUMN.exec(text);
        if (m && MAPPING_NAMES[m[1]!]) return t("mapping.choose_column", { field: field(MAPPING_NAMES[m[1]!]!) });
        if (text === CHOOSE_CAMPAIGN) return t("mapping.choose_campaign");
        return text;
      },
    };
  }, [t, language]);
}
