// How the search says a call in the manager's language: its time in the call centre's zone, its number as the
// lead book writes it, its direction and kind, its length and the machine's verdict.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { nanpDigits } from "../../../src/contract/leadIntake";
import { dispositionKey } from "../../dispositions/api";
import { clock } from "../words";
import type { CallRow } from "./contract";

/** "212.555.0142" for a North American number, else the number as the PBX had it. */
export function numberText(n: string): string {
  const d = nanpDigits(n);
  return d ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}` : n;
}

export function useCallWords(zone: string) {
  const { t, i18n } = useTranslation("reports");
  const language = i18n.language;
  return useMemo(() => {
    const times = new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "medium", timeZone: zone });
    const decimals = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    return {
      /** An ISO instant, in the call centre's zone. */
      time: (iso: string) => times.format(new Date(iso)),
      number: numberText,
      direction: (r: Pick<CallRow, "direction" | "type">) =>
        `${t(`calls.directions.${r.direction}`)} · ${t(`calls.types.${r.type}`)}`,
      duration: (s: number | null) => (s === null ? "–" : clock(s)),
      amd: (v: string | null) => (v === null ? "–" : t(`calls.amd.${v}`, { defaultValue: v })),
      /** A disposition's name in the manager's language (this part keeps a copy of the dispositions' names). */
      disposition: (v: string | null) => (v === null ? "–" : t(`calls.${dispositionKey(v)}`, { defaultValue: v })),
      seconds: (s: number) => t("calls.detail.seconds", { seconds: decimals.format(s) }),
    };
  }, [language, zone, t]);
}
