// The proof kept with a call, under it in the lead's history (the lead card draws it: `callFacet` in index.ts):
// each disclosure given (company, language, steps reached, read to the end or not) and its audio played to the lead.
import { useTranslation } from "react-i18next";
import type { CallFacetProps } from "../../src/sdk";
import type { DisclosuresFacet } from "./contract";

const formatSeconds = (s: number, language: string) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(s);

export default function CallDisclosures({ facet }: CallFacetProps<DisclosuresFacet>) {
  const { t, i18n } = useTranslation("disclosures");
  return (
    <>
      {facet.disclosures.map((d, i) => (
        <div key={`d${i}`}>
          {t("history.disclosure", {
            company: d.company,
            language: d.language.toUpperCase(),
            count: d.steps,
          })}{" "}
          · {t(d.completed ? "history.disclosureCompleted" : "history.disclosureStopped")}
        </div>
      ))}
      {facet.playbacks.map((p, i) => (
        <div key={`p${i}`}>
          {t("history.playback", {
            seconds: p.seconds === null ? "–" : formatSeconds(p.seconds, i18n.language),
          })}
          {p.end && <> · {t(`history.playbackEnd.${p.end}`)}</>}
        </div>
      ))}
    </>
  );
}
