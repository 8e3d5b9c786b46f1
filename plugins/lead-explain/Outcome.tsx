// What the gateway said: a spinner, a refusal with its message, or the verdicts.
import { Callout, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import type { LeadExplainStore } from "./model";
import { RulesView } from "./RulesView";

export const Outcome = observer(function Outcome({
  store,
  showTarget,
}: {
  store: LeadExplainStore;
  /** Managers name the lead and agent above the verdict (agents see their lead in the header). */
  showTarget: boolean;
}) {
  const { t, i18n } = useTranslation("lead-explain");
  if (store.error) {
    // The gateway words its refusals in English: another language has the refusal's own title only.
    const english = i18n.language === "en" || i18n.language.startsWith("en-");
    return (
      <Callout
        intent={store.error.kind === "failed" ? "danger" : "warning"}
        role="alert"
        title={t(`errors.${store.error.kind}`)}
      >
        {english ? store.error.message : null}
      </Callout>
    );
  }
  if (!store.result) {
    return store.state === "loading" ? <Spinner size={20} aria-label={t("loading")} /> : null;
  }
  // The names the manager picked the lead and agent by, when they are the ones answered for.
  const target = store.target;
  const names =
    target && target.leadId === store.result.leadId
      ? {
          lead: target.leadName ?? null,
          agent: target.agentId === store.result.agentId ? (target.agentName ?? null) : null,
        }
      : { lead: null, agent: null };
  return <RulesView explanation={store.result} showTarget={showTarget} names={names} />;
});
