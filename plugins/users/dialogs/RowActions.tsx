// The users list's row actions (admin-and-sign-in §2 "Row actions open dialogs"): one compact menu per agent
// row opening user statistics, callable states, health licences (advisor rows only), attributes, distribute
// follow-ups, the calling status toggle (a confirmation, §4) and the tools. A dialog that saved refreshes the
// row through onChanged.
import { Alert, Button, Menu, MenuDivider, MenuItem, PopoverNext } from "@blueprintjs/core";
import { useState } from "react";
import type { AgentListItem } from "../../../src/contract/agents";
import { usePlugin } from "../../../src/sdk";
import { AttributesDialog } from "./AttributesDialog";
import { FollowUpsDialog } from "./FollowUpsDialog";
import { RegionsDialog } from "./RegionsDialog";
import { StatisticsDialog } from "./StatisticsDialog";
import { ToolsDialog } from "./ToolsDialog";
import { dialogCalls, refusalText } from "./service";
import "./dialogs.css";

export interface UserRowActionsProps {
  agent: AgentListItem;
  /** Re-reads the row after a dialog saved. */
  onChanged: () => void;
}

type Open = "statistics" | "provinces" | "health_licenses" | "attributes" | "follow_ups" | "calling" | "tools" | null;

export function UserRowActions({ agent, onChanged }: UserRowActionsProps) {
  const { ctx } = usePlugin();
  const { t } = ctx;
  const [open, setOpen] = useState<Open>(null);
  const [toggling, setToggling] = useState(false);
  const [callingError, setCallingError] = useState<string | null>(null);
  const close = () => setOpen(null);
  const deactivated = agent.deactivated === true;

  const item = (which: Exclude<Open, null>, icon: Parameters<typeof MenuItem>[0]["icon"], text: string) => (
    <MenuItem icon={icon} text={text} onClick={() => setOpen(which)} />
  );

  return (
    <>
      <PopoverNext
        placement="bottom-end"
        // The menu opens a dialog that takes the focus: the menu's closing must not hand it back to this button.
        shouldReturnFocusOnClose={false}
        content={
          <Menu aria-label={t("dialogs.menu", { name: agent.full_name })}>
            {item("statistics", "timeline-bar-chart", t("dialogs.statistics.open"))}
            {item("provinces", "map", t("dialogs.provinces.open"))}
            {agent.role === "advisor" && item("health_licenses", "heart", t("dialogs.health_licenses.open"))}
            {item("attributes", "tag", t("dialogs.attributes.open"))}
            {item("follow_ups", "exchange", t("dialogs.follow_ups.open"))}
            <MenuDivider />
            {item("calling", deactivated ? "play" : "pause", t(deactivated ? "dialogs.calling.reactivate" : "dialogs.calling.deactivate"))}
            {item("tools", "wrench", t("dialogs.tools.open"))}
          </Menu>
        }
      >
        <Button variant="minimal" icon="more" aria-label={t("dialogs.actions", { name: agent.full_name })} />
      </PopoverNext>
      {open === "statistics" && <StatisticsDialog agent={agent} onClose={close} />}
      {(open === "provinces" || open === "health_licenses") && (
        <RegionsDialog agent={agent} kind={open} onClose={close} onChanged={onChanged} />
      )}
      {open === "attributes" && <AttributesDialog agent={agent} onClose={close} onChanged={onChanged} />}
      {open === "follow_ups" && <FollowUpsDialog agent={agent} onClose={close} onChanged={onChanged} />}
      {open === "tools" && <ToolsDialog agent={agent} onClose={close} />}
      <Alert
        isOpen={open === "calling"}
        intent={deactivated ? "primary" : "warning"}
        icon={deactivated ? "play" : "pause"}
        confirmButtonText={t("dialogs.yes")}
        cancelButtonText={t("dialogs.cancel")}
        loading={toggling}
        onCancel={() => {
          setCallingError(null);
          close();
        }}
        onConfirm={async () => {
          setToggling(true);
          setCallingError(null);
          try {
            await dialogCalls(ctx).toggleCalling(agent.id);
            ctx.notify.success(t("dialogs.saved"));
            close();
            onChanged();
          } catch (e) {
            setCallingError(refusalText(e, t));
          } finally {
            setToggling(false);
          }
        }}
      >
        <p>{t(deactivated ? "dialogs.calling.confirm_reactivate" : "dialogs.calling.confirm_deactivate")}</p>
        {callingError && (
          <p role="alert" className="users-dialog__error">
            {callingError}
          </p>
        )}
      </Alert>
    </>
  );
}
