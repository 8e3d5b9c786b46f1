// The manager's side: any lead of the call centre, for one agent or for the lead's own rules only.
import { Button, FormGroup, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LeadExplainApi } from "./api";
import type { LeadExplainStore } from "./model";

/** The gateway's id range (a positive 32-bit integer); anything else is refused here, before the call. */
const MAX_ID = 2_147_483_647;
function idOf(text: string): number | null {
  const s = text.trim();
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= MAX_ID ? n : null;
}

export const ManagerForm = observer(function ManagerForm({
  store,
  api,
}: {
  store: LeadExplainStore;
  api: LeadExplainApi;
}) {
  const { t } = useTranslation("lead-explain");
  const leadField = useId();
  const agentField = useId();
  const [lead, setLead] = useState("");
  const [agent, setAgent] = useState("");
  const [checked, setChecked] = useState(false);

  const leadId = idOf(lead);
  const agentId = agent.trim() === "" ? null : idOf(agent);
  const leadBad = checked && leadId === null;
  const agentBad = checked && agent.trim() !== "" && agentId === null;

  return (
    <form
      className="lead-explain__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setChecked(true);
        if (leadId === null || (agent.trim() !== "" && agentId === null)) return;
        void api.explain(leadId, agentId);
      }}
    >
      <FormGroup
        label={t("manager.lead_id")}
        labelFor={leadField}
        intent={leadBad ? "danger" : "none"}
        helperText={leadBad ? t("manager.invalid_id") : undefined}
      >
        <InputGroup
          id={leadField}
          inputMode="numeric"
          value={lead}
          intent={leadBad ? "danger" : "none"}
          onValueChange={setLead}
        />
      </FormGroup>
      <FormGroup
        label={t("manager.agent_id")}
        labelFor={agentField}
        intent={agentBad ? "danger" : "none"}
        helperText={agentBad ? t("manager.invalid_id") : t("manager.agent_help")}
      >
        <InputGroup
          id={agentField}
          inputMode="numeric"
          value={agent}
          intent={agentBad ? "danger" : "none"}
          onValueChange={setAgent}
        />
      </FormGroup>
      <Button type="submit" intent="primary" icon="search" disabled={store.state === "loading"}>
        {t("manager.explain")}
      </Button>
    </form>
  );
});
