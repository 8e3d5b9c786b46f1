// The browser's desktop notifications behind DesktopNotifier: permission is asked once, the first time one is
// needed while the agent has not decided; unsupported, denied or failing, nothing shows and nothing throws.
// Clicking one brings the workspace's window forward, then runs the caller's onClick.
import type { DesktopNotification, DesktopNotifier } from "./api";

type Permission = "default" | "granted" | "denied";

/** What this needs of `window.Notification` (the constructor and its static permission API). */
export interface NotificationConstructor {
  readonly permission: Permission;
  requestPermission(callback?: (p: Permission) => void): Promise<Permission> | void;
  new (
    title: string,
    options?: { body?: string; tag?: string },
  ): {
    onclick: ((this: unknown, ev: unknown) => unknown) | null;
    close(): void;
  };
}

export interface NotifierScope {
  Notification?: NotificationConstructor;
  focus?: () => void;
}

export function browserNotifier(
  scope: NotifierScope = globalThis as unknown as NotifierScope,
): DesktopNotifier {
  let asked: Promise<Permission> | null = null;

  const permission = (N: NotificationConstructor): Promise<Permission> => {
    if (N.permission !== "default") return Promise.resolve(N.permission);
    // Asked once: an agent who dismissed the browser's question is not asked again at every offer.
    asked ??= new Promise<Permission>((resolve) => {
      try {
        // Older browsers answer through the callback only, newer ones through the promise.
        const answer = N.requestPermission((p) => resolve(p));
        if (answer && typeof answer.then === "function") answer.then(resolve, () => resolve("denied"));
      } catch {
        resolve("denied");
      }
    });
    return asked;
  };

  return {
    async show(n): Promise<DesktopNotification | null> {
      try {
        const N = scope.Notification;
        if (typeof N !== "function") return null;
        if ((await permission(N)) !== "granted") return null;
        const note = new N(n.title, { body: n.body, tag: n.tag });
        note.onclick = () => {
          try {
            scope.focus?.();
            note.close();
          } catch {
            // a window that cannot be focused still takes the click
          }
          n.onClick();
        };
        return { close: () => note.close() };
      } catch {
        return null;
      }
    },
  };
}
