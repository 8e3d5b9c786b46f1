// The alert stack's effects: timeouts on the injected clock, button actions, desktop notifications.
import type { Clock, ClockTimer } from "../shared/clock";
import type { Notify } from "../core/services";
import type { AlertType, AlertsModel } from "./AlertsModel";

/** agent-workspace §9: alerts last 2 s by default; error notifications 3000 ms, success 1500 ms. */
export const ALERT_TIMEOUTS: Record<AlertType, number> = {
  success: 1500,
  error: 3000,
  warning: 2000,
  info: 2000,
};

export interface AlertOptions {
  type?: AlertType;
  /** Milliseconds; null keeps it until dismissed (persistent). */
  timeout?: number | null;
  dismissible?: boolean;
  /** A second alert with the same key replaces the first (the spec's "unique"). */
  key?: string;
  buttons?: {
    label: string;
    color?: "primary" | "success" | "warning" | "danger" | "none";
    action(): void;
  }[];
  /** The agent closed it (its close button): not when it times out, is replaced or a button is pressed. */
  onDismiss?(): void;
}

/** A message, or a function that words it in the agent's language now (re-read when the language changes). */
export type AlertText = string | (() => string);

export interface AlertService extends Notify {
  show(message: AlertText, options?: AlertOptions): string;
  /** The agent switched language: alerts shown with a function are worded again. */
  retranslate(): void;
  dismiss(id: string): void;
  dismissKey(key: string): void;
  press(id: string, label: string): void;
  /** A desktop notification (when the agent allowed them); clicking it runs `onClick`. */
  desktop(title: string, body: string, onClick?: () => void): void;
}

export function createAlertService(store: AlertsModel, clock: Clock): AlertService {
  let next = 1;
  const timers = new Map<string, ClockTimer>();
  const actions = new Map<string, Map<string, () => void>>();
  const wordings = new Map<string, () => string>();
  const onDismiss = new Map<string, () => void>();

  const remove = (id: string) => {
    const t = timers.get(id);
    if (t) clock.clearTimeout(t);
    timers.delete(id);
    actions.delete(id);
    wordings.delete(id);
    onDismiss.delete(id);
    store.dismiss(id);
  };
  /** The agent closed it. */
  const dismiss = (id: string) => {
    const hook = onDismiss.get(id);
    remove(id);
    hook?.();
  };

  const show = (text: AlertText, o: AlertOptions = {}) => {
    const message = typeof text === "function" ? text() : text;
    const type = o.type ?? "info";
    const id = `alert-${next++}`;
    const timeout = o.timeout === undefined ? ALERT_TIMEOUTS[type] : o.timeout;
    if (o.key) {
      const old = store.byKey(o.key);
      if (old) remove(old.id);
    }
    store.push({
      id,
      message,
      type,
      dismissible: o.dismissible ?? true,
      timeout,
      key: o.key ?? null,
      createdAt: clock.now(),
      buttons: (o.buttons ?? []).map((b) => ({ label: b.label, color: b.color ?? "primary" })),
    });
    if (o.buttons?.length) actions.set(id, new Map(o.buttons.map((b) => [b.label, b.action])));
    if (typeof text === "function") wordings.set(id, text);
    if (o.onDismiss) onDismiss.set(id, o.onDismiss);
    if (timeout !== null)
      timers.set(
        id,
        clock.setTimeout(() => remove(id), timeout),
      );
    return id;
  };

  return {
    show,
    dismiss,
    retranslate() {
      for (const [id, word] of wordings) store.reword(id, word());
    },
    dismissKey(key) {
      const a = store.byKey(key);
      if (a) remove(a.id);
    },
    press(id, label) {
      const action = actions.get(id)?.get(label);
      remove(id);
      action?.();
    },
    success: (m) => void show(m, { type: "success" }),
    error: (m) => void show(m, { type: "error" }),
    warning: (m) => void show(m, { type: "warning" }),
    desktop(title, body, onClick) {
      const N = (globalThis as { Notification?: typeof Notification }).Notification;
      if (!N || N.permission !== "granted") return;
      const n = new N(title, { body });
      if (onClick) n.onclick = () => onClick();
    },
  };
}
