import type { Intent, Toaster } from "@blueprintjs/core";

/** Short-lived messages at the top of the screen; services decide what to say, this decides how. */
export interface Notifier {
  success(text: string): void;
  warning(text: string): void;
  error(text: string): void;
  /** Dismisses what is showing, e.g. a stale failure once sign-in succeeds. */
  clear(): void;
}

// admin-and-sign-in §9: success toasts 2000 ms, error toasts 4000 ms.
const TIMEOUT_MS: Record<"success" | "warning" | "danger", number> = {
  success: 2000,
  warning: 4000,
  danger: 4000,
};

export function createToastNotifier(container?: HTMLElement): Notifier {
  let toaster: Promise<Toaster> | undefined;
  const show = (intent: Intent & keyof typeof TIMEOUT_MS, text: string) => {
    // The toaster's code loads with the first message, not with the page.
    toaster ??= import("./toaster").then(({ OverlayToaster, Position }) =>
      OverlayToaster.create({ position: Position.TOP, maxToasts: 3 }, container ? { container } : {}),
    );
    const pending = toaster;
    // Keyed by text, so a message raised twice in a row (parallel 401s) shows once.
    void pending.then(
      (t) => t.show({ message: text, intent, timeout: TIMEOUT_MS[intent] }, `${intent}:${text}`),
      () => {
        // The toaster could not load (network): try again with the next message.
        if (toaster === pending) toaster = undefined;
      },
    );
  };
  return {
    success: (text) => show("success", text),
    warning: (text) => show("warning", text),
    error: (text) => show("danger", text),
    clear: () =>
      void toaster?.then(
        (t) => t.clear(),
        () => undefined,
      ),
  };
}
