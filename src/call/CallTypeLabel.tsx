// The top bar's call type label (agent-workspace §2): the kind of call the agent is on, while it lasts.
import { Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import type { CallModel } from "./CallModel";

export const CallTypeLabel = observer(function CallTypeLabel({ call }: { call: CallModel }) {
  const { t } = useTranslation();
  if (!call.active || !call.type) return null;
  // Tag does not forward role: the status lives on a wrapper.
  return (
    <span role="status" aria-label={t("calls.type_label")} className="isi-topbar__call-type">
      <Tag
        intent={call.status === "answered" ? "success" : "primary"}
        size="large"
        icon={call.direction === 1 ? "phone-call" : "phone"}
      >
        {t(`calls.type.${call.type}`)}
      </Tag>
    </span>
  );
});
