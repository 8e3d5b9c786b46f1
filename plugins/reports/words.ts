// How the reports say their figures in the manager's language: Intl for counts and percents, h:mm:ss for times.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { clock } from "./metrics";

export { clock };

export function useFigures() {
  const { i18n } = useTranslation("reports");
  const language = i18n.language;
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(language);
    const decimals = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const percents = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 });
    const days = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
    const months = new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" });
    const shortDays = new Intl.DateTimeFormat(language, { month: "short", day: "numeric", timeZone: "UTC" });
    const shortMonths = new Intl.DateTimeFormat(language, {
      month: "short",
      year: "2-digit",
      timeZone: "UTC",
    });
    return {
      count: (n: number) => numbers.format(n),
      /** An average: one decimal at most. */
      decimal: (n: number) => decimals.format(n),
      percent: (n: number | null) => (n === null ? "–" : percents.format(n)),
      duration: (s: number | null) => (s === null ? "–" : clock(s)),
      day: (day: string) => days.format(new Date(`${day}T00:00:00Z`)),
      month: (day: string) => months.format(new Date(`${day}T00:00:00Z`)),
      /** A chart's tick: "Mar 9", or "Mar 26" for a month. */
      tick: (day: string, monthly: boolean) =>
        (monthly ? shortMonths : shortDays).format(new Date(`${day}T00:00:00Z`)),
    };
  }, [language]);
}
