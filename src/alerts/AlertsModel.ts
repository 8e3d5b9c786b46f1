import { types, type Instance } from "mobx-state-tree";

export const ALERT_TYPES = ["success", "warning", "error", "info"] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const AlertButton = types.model("AlertButton", {
  label: types.string,
  color: types.optional(types.enumeration(["primary", "success", "warning", "danger", "none"]), "primary"),
});

/**
 * One message of the alert stack (agent-workspace §3: id, message, type, dismissible, timeout, buttons, unique,
 * expires). A manager's notification (src/contract/notifications.ts) is shown as one: its type, dismissible,
 * and its timeout when it expires; one that does not expire is the persistent alert popup with Confirm.
 */
export const Alert = types
  .model("Alert", {
    id: types.identifier,
    message: types.string,
    type: types.enumeration(ALERT_TYPES),
    dismissible: true,
    /** Milliseconds until it goes away by itself; null for a persistent alert. */
    timeout: types.maybeNull(types.number),
    buttons: types.array(AlertButton),
    /** A unique alert replaces any other alert with the same key instead of stacking. */
    key: types.maybeNull(types.string),
    createdAt: types.number,
  })
  .views((self) => ({
    /** It goes away by itself after its timeout (the spec's `expires`); otherwise it stays until closed. */
    get expires() {
      return self.timeout !== null;
    },
  }));
export type Alert = Instance<typeof Alert>;

export const AlertsModel = types
  .model("Alerts", { items: types.array(Alert) })
  .views((self) => ({
    byKey(key: string) {
      return self.items.find((a) => a.key === key);
    },
  }))
  .actions((self) => ({
    push(alert: Omit<Alert, "buttons" | "expires"> & { buttons?: { label: string; color?: string }[] }) {
      if (alert.key) {
        const at = self.items.findIndex((a) => a.key === alert.key);
        if (at >= 0) self.items.splice(at, 1);
      }
      self.items.push(alert as never);
    },
    reword(id: string, message: string) {
      const a = self.items.find((x) => x.id === id);
      if (a) a.message = message;
    },
    dismiss(id: string) {
      const at = self.items.findIndex((a) => a.id === id);
      if (at >= 0) self.items.splice(at, 1);
    },
    dismissKey(key: string) {
      const at = self.items.findIndex((a) => a.key === key);
      if (at >= 0) self.items.splice(at, 1);
    },
  }));
export type AlertsModel = Instance<typeof AlertsModel>;
