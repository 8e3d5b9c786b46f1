// The top bar's status selector and timer (agent-workspace §2 and §4).
import { Button, Menu, MenuItem, PopoverNext, Tag, Tooltip } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import type { AgentStatus } from "../contract/status";
import { selectorLock, type StatusModel } from "./StatusModel";
import type { StatusApi } from "./statusService";

export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

export const StatusSelector = observer(function StatusSelector({
  status,
  api,
  role,
}: {
  status: StatusModel;
  api: StatusApi;
  role: string;
}) {
  const { t } = useTranslation();
  const lock = selectorLock(status, role);
  const readyBlocked = status.readyBlocked;
  const name = (s: AgentStatus) => t(`status.names.${s}`);
  const current = status.checking ? t("status.checking") : name(status.status);
  const menu = (
    <Menu aria-label={t("status.label")}>
      {status.selectable.map((s) => (
        <MenuItem
          key={s}
          text={name(s)}
          active={s === status.status}
          // Ready waits while a plugin's guard holds (enforced overdue follow-ups); its reason is shown.
          disabled={s === "ready" && readyBlocked !== null}
          label={s === "ready" && readyBlocked !== null ? readyBlocked : undefined}
          title={s === "ready" && readyBlocked !== null ? readyBlocked : undefined}
          onClick={() => void api.request(s)}
        />
      ))}
    </Menu>
  );
  const button = (
    <Button
      intent={status.intent}
      endIcon="caret-down"
      disabled={lock !== null}
      aria-label={`${t("status.label")}: ${current}`}
      className="isi-status__button"
    >
      {current}
    </Button>
  );
  return (
    <div className="isi-status">
      {lock ? (
        <Tooltip
          content={lock === "guard" ? status.blockedBy("all")?.reason : t(`status.locked.${lock}`)}
          hoverCloseDelay={200}
          placement="bottom"
        >
          {button}
        </Tooltip>
      ) : (
        <PopoverNext content={menu} placement="bottom-start">
          {button}
        </PopoverNext>
      )}
      {status.since !== null && (
        <span role="timer" aria-label={t("status.timer")}>
          <Tag minimal className="isi-status__timer">
            {formatDuration(status.seconds)}
          </Tag>
        </span>
      )}
    </div>
  );
});
