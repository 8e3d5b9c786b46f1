import { Button, Callout, type Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import type { AlertService } from "./alertService";
import type { AlertType, AlertsModel } from "./AlertsModel";

const INTENT: Record<AlertType, Intent> = { success: "success", warning: "warning", error: "danger", info: "primary" };

/** The alert stack on home: newest last, errors announced at once, the rest politely. */
export const AlertStack = observer(function AlertStack({ alerts, service }: { alerts: AlertsModel; service: AlertService }) {
  const { t } = useTranslation();
  return (
    <div className="isi-alerts" aria-live="polite">
      {alerts.items.map((a) => (
        <Callout key={a.id} intent={INTENT[a.type]} role={a.type === "error" ? "alert" : "status"} className="isi-alerts__item">
          <span className="isi-alerts__message">{a.message}</span>
          <span className="isi-alerts__actions">
            {a.buttons.map((b) => (
              <Button key={b.label} size="small" intent={b.color === "none" ? "none" : b.color} onClick={() => service.press(a.id, b.label)}>
                {b.label}
              </Button>
            ))}
            {a.dismissible && (
              <Button size="small" variant="minimal" icon="cross" aria-label={t("alerts.dismiss")} onClick={() => service.dismiss(a.id)} />
            )}
          </span>
        </Callout>
      ))}
    </div>
  );
});
