// Managers' notifications in the alert stack (issue 16 item 7): each `notification` push, and on opening the
// dialer (and after a reconnection) the ones still waiting (GET /agents/me/notifications), shows as an alert
// of its type. One that expires goes away after its timeout (the time left, as the gateway counted it); one
// that does not expire is the persistent alert popup with Confirm (agent-workspace §2). A dismissible one has
// a close button. Confirm and the close button are the agent's answer, stored so it does not come back.
import type { AxiosInstance } from "axios";
import { failureForLog } from "../api/failureForLog";
import type { TFunction } from "i18next";
import { AgentNotification, AgentNotificationList, type NotificationType } from "../contract/notifications";
import type { EventBus } from "../core/events";
import type { AlertService } from "./alertService";
import type { AlertsModel } from "./AlertsModel";

export interface NotificationAlertsDeps {
  http: AxiosInstance;
  bus: EventBus;
  alerts: AlertService;
  /** The alert stack's store: a notification already shown is not shown twice. */
  store: AlertsModel;
  t: TFunction;
  log(message: string, detail?: unknown): void;
}

export interface NotificationAlerts {
  /** Shows the notifications still waiting that are not on screen yet. */
  sync(): Promise<void>;
  dispose(): void;
}

/** The alert's key: the spec's `unique`, one alert per notification. */
export const notificationKey = (id: number) => `notification:${id}`;

const BUTTON_COLOR: Record<NotificationType, "success" | "warning" | "danger"> = {
  success: "success",
  warning: "warning",
  error: "danger",
};

export function createNotificationAlerts(d: NotificationAlertsDeps): NotificationAlerts {
  const answer = (id: number, value: "confirmed" | "dismissed") =>
    d.http
      .put(`/agents/me/notifications/${id}`, { answer: value })
      .catch((err: unknown) => d.log("could not store a notification's answer", failureForLog(err)));

  const show = (n: AgentNotification) => {
    if (d.store.byKey(notificationKey(n.id))) return;
    if (n.expires && (n.remainingMs ?? 0) <= 0) return;
    d.alerts.show(n.message, {
      type: n.type,
      timeout: n.expires ? n.remainingMs : null,
      dismissible: n.dismissible,
      key: notificationKey(n.id),
      buttons: n.expires
        ? []
        : [
            {
              label: d.t("alerts.confirm"),
              color: BUTTON_COLOR[n.type],
              action: () => void answer(n.id, "confirmed"),
            },
          ],
      onDismiss: () => void answer(n.id, "dismissed"),
    });
  };

  const off = d.bus.on("notification", (p) => {
    const parsed = AgentNotification.safeParse(p);
    if (parsed.success) show(parsed.data);
  });

  return {
    async sync() {
      try {
        const { data } = await d.http.get("/agents/me/notifications");
        for (const n of AgentNotificationList.parse(data).data) show(n);
      } catch (err) {
        d.log("could not read the waiting notifications", failureForLog(err));
      }
    },
    dispose: off,
  };
}
