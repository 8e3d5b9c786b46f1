// The last answer of POST /dials/auto: the lead dialled, or 'No lead available' with the gateway's summary
// and, behind "Why?", every reason it gave.
import { Button, Collapse } from "@blueprintjs/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { AutoDialingService } from "./loop";
import type { AutoDialingStore, LastResult } from "./model";
import { hasDetails, sampleOf, summaryOf, type NoLeadExplanation } from "./reasons";

export function LastResultView({ last }: { last: LastResult }) {
  const { t } = useTranslation("auto-dialing");
  return (
    <div className="auto-dialing__last">
      <span className="auto-dialing__label">{t("last.title")}</span>{" "}
      {last.kind === "dialled" && (
        <span>
          {last.suffix
            ? t("last.dialled_suffix", { name: last.name, suffix: last.suffix })
            : t("last.dialled", { name: last.name })}
        </span>
      )}
      {last.kind === "refused" && (
        <span>{last.message ? t("last.refused", { message: last.message }) : t("last.failed")}</span>
      )}
      {last.kind === "busy" && <span>{t("last.busy")}</span>}
      {last.kind === "no_lead" && <NoLead explanation={last.explanation} />}
    </div>
  );
}

function NoLead({ explanation: e }: { explanation: NoLeadExplanation }) {
  const { t } = useTranslation("auto-dialing");
  const [open, setOpen] = useState(false);
  const id = useId();
  const { api } = usePlugin<AutoDialingStore, AutoDialingService>();
  const summary = summaryOf(e, api.say);
  return (
    <>
      <span>{summary ? t("last.no_lead_because", { reason: summary }) : t("last.no_lead")}</span>
      {hasDetails(e) && (
        <>
          {" "}
          <Button
            variant="minimal"
            size="small"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? t("why.hide") : t("why.show")}
          </Button>
          <Collapse isOpen={open}>
            <div id={id} className="auto-dialing__why">
              {e.examined > 0 && <p>{t("why.examined", { count: e.examined })}</p>}
              <ul aria-label={t("why.title")}>
                {e.blocked && (
                  <li>
                    {t("why.blocked", {
                      rule: t(`rules.${e.blocked.rule}`, { defaultValue: e.blocked.rule }),
                      reason: api.say(e.blocked),
                    })}
                  </li>
                )}
                {e.skipped.map((s) => (
                  <li key={s.rule}>
                    {t(s.sample ? "why.skipped_sample" : "why.skipped", {
                      rule: t(`rules.${s.rule}`, { defaultValue: s.rule }),
                      count: s.count,
                      sample: sampleOf(s, api.say) ?? "",
                    })}
                  </li>
                ))}
              </ul>
            </div>
          </Collapse>
        </>
      )}
    </>
  );
}
