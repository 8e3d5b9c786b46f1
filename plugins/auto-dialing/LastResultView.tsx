// The last answer of POST /dials/auto: the lead dialled, or 'No lead available' with the gateway's summary
// and, behind "Why?", every reason it gave.
import { Button, Collapse } from "@blueprintjs/core";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { AutoDialingService } from "./loop";
import type { AutoDialingStore, LastResult } from "./model";
import { hasDetails, sampleOf, summaryOf, type NoLeadExplanation } from "./reasons";

export function LastResultView({ last }: { last: LastResult }) {
  const { t } = useTranslation("auto-dialing");
  const label = <span className="auto-dialing__label">{t("last.title")}</span>;
  if (last.kind === "no_lead") return <NoLead label={label} explanation={last.explanation} />;
  return (
    <div className="auto-dialing__last">
      {label}{" "}
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
    </div>
  );
}

/**
 * "No lead available" and its reason, with "Why?" at the right of its first line: a two-line reason (a closed
 * calling window, in French longer still) would push it below the panel's edge at 1366×768.
 */
function NoLead({ label, explanation: e }: { label: ReactNode; explanation: NoLeadExplanation }) {
  const { t } = useTranslation("auto-dialing");
  const [open, setOpen] = useState(false);
  const id = useId();
  const { api } = usePlugin<AutoDialingStore, AutoDialingService>();
  const summary = summaryOf(e, api.say);
  return (
    <div className="auto-dialing__last auto-dialing__last--explained">
      <div>
        {label} <span>{summary ? t("last.no_lead_because", { reason: summary }) : t("last.no_lead")}</span>
      </div>
      {hasDetails(e) && (
        <>
          <Button
            className="auto-dialing__why-toggle"
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
    </div>
  );
}
