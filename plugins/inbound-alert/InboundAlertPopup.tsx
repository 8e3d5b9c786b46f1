// A non-modal popup in the corner rather than a Blueprint Dialog: Dialog always adds a backdrop, which would
// keep the agent from the softphone's Answer button while the alert rings.
import { Button, Card, H4, Icon, Portal } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { InboundAlertApi } from "./api";
import type { InboundAlertStore } from "./model";
import "./inbound-alert.css";

const InboundAlertPopup = observer(function InboundAlertPopup() {
  const { store, api } = usePlugin<InboundAlertStore, InboundAlertApi>();
  const { t } = useTranslation("inbound-alert");
  const titleId = useId();
  const callerId = useId();
  useEffect(() => api.watch(), [api]);

  if (!store.open) return null;
  // Unknown callers arrive with their number as their name: show it once.
  const named = store.name !== "" && store.name !== store.phone;
  return (
    <Portal>
      <Card
        elevation={4}
        className="inbound-alert"
        role="dialog"
        aria-modal={false}
        aria-labelledby={titleId}
        aria-describedby={callerId}
        onKeyDown={(e) => e.key === "Escape" && api.dismiss()}
      >
        <H4 id={titleId} className="inbound-alert__title">
          <Icon icon="phone" intent="warning" aria-hidden />
          {t("title")}
        </H4>
        <p id={callerId} className="inbound-alert__caller">
          {t("from")} {named && <strong>{store.name}</strong>} <span>{store.phone}</span>
        </p>
        <div className="inbound-alert__actions">
          <Button intent="primary" onClick={() => api.dismiss()}>
            {t("dismiss")}
          </Button>
        </div>
      </Card>
    </Portal>
  );
});
export default InboundAlertPopup;
