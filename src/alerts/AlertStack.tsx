// The alert stack on home, in two places so that no alert ever moves the workspace under the agent's pointer:
// persistent alerts (timeout null: offline, calling disabled, overstays…) sit in the row above the grid,
// beside the layout toolbar, where they change only when what they describe changes; alerts that go by
// themselves float as toasts over the top of the workspace and take no room.
import { Button, Callout, type Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import type { AlertService } from "./alertService";
import type { Alert, AlertType, AlertsModel } from "./AlertsModel";

const INTENT: Record<AlertType, Intent> = { success: "success", warning: "warning", error: "danger", info: "primary" };

const AlertItem = observer(function AlertItem({ alert: a, service }: { alert: Alert; service: AlertService }) {
  const { t } = useTranslation();
  return (
    <Callout intent={INTENT[a.type]} role={a.type === "error" ? "alert" : "status"} className="isi-alerts__item" compact>
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
  );
});

/** Persistent alerts, newest first, in the row above the grid (a bounded area that scrolls past two). */
export const AlertStack = observer(function AlertStack({ alerts, service }: { alerts: AlertsModel; service: AlertService }) {
  return (
    <div className="isi-alerts" aria-live="polite">
      {alerts.items
        .filter((a) => a.timeout === null)
        .reverse()
        .map((a) => (
          <AlertItem key={a.id} alert={a} service={service} />
        ))}
    </div>
  );
});

/** Alerts that go by themselves, floating over the top of the workspace. */
export const AlertToasts = observer(function AlertToasts({ alerts, service }: { alerts: AlertsModel; service: AlertService }) {
  return (
    <div className="isi-toasts" aria-live="polite">
      {alerts.items
        .filter((a) => a.timeout !== null)
        .map((a) => (
          <AlertItem key={a.id} alert={a} service={service} />
        ))}
    </div>
  );
});
