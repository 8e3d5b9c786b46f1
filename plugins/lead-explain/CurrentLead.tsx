// The agent's side: which lead is explained (the current one of the leads stack) and a Refresh button.
import { Button } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { LeadExplainApi } from "./api";
import type { LeadExplainStore } from "./model";

export const CurrentLead = observer(function CurrentLead({
  store,
  api,
}: {
  store: LeadExplainStore;
  api: LeadExplainApi;
}) {
  const { t } = useTranslation("lead-explain");
  const { ctx } = usePlugin();
  // Asks only while the panel is on screen.
  useEffect(() => api.followCurrentLead(), [api]);
  const lead = ctx.leads.current;
  if (!lead) return <p className="lead-explain__hint">{t("agent.no_lead")}</p>;
  const name = `${lead.firstName} ${lead.lastName}`.trim();
  return (
    <div className="lead-explain__head">
      <span className="lead-explain__subject">
        {name ? t("agent.lead", { id: lead.id, name }) : t("agent.lead_unnamed", { id: lead.id })}
      </span>
      <Button
        size="small"
        icon="refresh"
        disabled={store.state === "loading"}
        onClick={() => void api.refresh()}
      >
        {t("agent.refresh")}
      </Button>
    </div>
  );
});
