// Tools (admin-and-sign-in §2, §7): repair the agent's page (it re-reads its state from the gateway and
// reloads its plugins, after the call when one is live) or reset its socket (closed; the page connects again).
import { Button, Callout } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import type { AgentListItem } from "../../../src/contract/agents";
import { RowDialog, useRowDialog } from "./RowDialog";

export const ToolsDialog = observer(function ToolsDialog(p: { agent: AgentListItem; onClose(): void }) {
  const { agent } = p;
  // Neither tool changes the row: the list is not read again.
  const { state, save, t } = useRowDialog(async () => {}, () => {});
  const [sent, setSent] = useState<string | null>(null);
  const run = (tool: "repair" | "reset") => {
    setSent(null);
    const done = t(`dialogs.tools.${tool}_done`, { name: agent.full_name });
    void save((c) => (tool === "repair" ? c.repairFrontend(agent.id) : c.resetSockets(agent.id)), done).then(() => {
      if (state.phase === "done") {
        setSent(done);
        state.loaded();
      }
    });
  };
  return (
    <RowDialog title={t("dialogs.tools.title", { name: agent.full_name })} state={state} onClose={p.onClose}>
      <div className="users-dialog__tool">
        <Button icon="wrench" text={t("dialogs.tools.repair")} disabled={state.busy} onClick={() => run("repair")} />
        <p>{t("dialogs.tools.repair_help")}</p>
      </div>
      <div className="users-dialog__tool">
        <Button icon="refresh" text={t("dialogs.tools.reset")} disabled={state.busy} onClick={() => run("reset")} />
        <p>{t("dialogs.tools.reset_help")}</p>
      </div>
      {sent && (
        <Callout intent="success" role="status">
          {sent}
        </Callout>
      )}
    </RowDialog>
  );
});
