// Attributes (admin-and-sign-in §2, §3, §6): the attributes the agent holds, ticked among those its role may
// have (a permission attribute such as has_auto_ready only for advisors: the gateway filters the list and
// refuses the rest). A permission takes effect at the agent's next sign-in.
import { Checkbox, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import type { Attribute } from "../../../src/contract/agentSettings";
import type { AgentListItem } from "../../../src/contract/agents";
import { RowDialog, useRowDialog } from "./RowDialog";

export const AttributesDialog = observer(function AttributesDialog(p: { agent: AgentListItem; onClose(): void; onChanged(): void }) {
  const { agent } = p;
  const [offered, setOffered] = useState<Attribute[]>([]);
  const { state, save, t } = useRowDialog(async (calls) => {
    const [list, held] = await Promise.all([calls.attributes(agent.role), calls.agentAttributes(agent.id)]);
    setOffered(list);
    return held.map(String);
  }, p.onChanged, p.onClose);
  return (
    <RowDialog
      title={t("dialogs.attributes.title", { name: agent.full_name })}
      state={state}
      onClose={p.onClose}
      onSave={() => save((calls) => calls.saveAgentAttributes(agent.id, state.chosen.map(Number).sort((a, b) => a - b)))}
    >
      <p>{t("dialogs.attributes.help")}</p>
      {offered.length === 0 && <p>{t("dialogs.attributes.none")}</p>}
      <div className="users-dialog__choices" role="group" aria-label={t("dialogs.attributes.list")}>
        {offered.map((a) => (
          <Checkbox
            key={a.id}
            checked={state.has(String(a.id))}
            onChange={(e) => state.toggle(String(a.id), e.currentTarget.checked)}
            labelElement={
              <>
                {a.name}{" "}
                {a.type === "PERMISSION" && (
                  <Tag minimal intent="primary">
                    {t("dialogs.attributes.permission")}
                  </Tag>
                )}
              </>
            }
          />
        ))}
      </div>
    </RowDialog>
  );
});
