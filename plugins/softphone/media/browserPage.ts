// PageEvents and DesktopNotifier on window, document and the Notification API.
import type { DesktopNotifier, PageEvents } from "../ports";

export function browserPage(): PageEvents {
  return {
    on(event, fn) {
      if (typeof window === "undefined") return () => {};
      if (event === "visible") {
        const onChange = () => document.visibilityState === "visible" && fn();
        document.addEventListener("visibilitychange", onChange);
        return () => document.removeEventListener("visibilitychange", onChange);
      }
      // A click (or a key) counts as the gesture; handled after the click has found its target.
      const name = event === "gesture" ? "click" : event;
      const options = event === "gesture" ? { capture: true } : undefined;
      window.addEventListener(name, fn, options);
      if (event === "gesture") window.addEventListener("keydown", fn, options);
      return () => {
        window.removeEventListener(name, fn, options);
        if (event === "gesture") window.removeEventListener("keydown", fn, options);
      };
    },
    hidden: () => typeof document !== "undefined" && document.visibilityState === "hidden",
  };
}

export function browserNotifier(): DesktopNotifier {
  const N = () => (globalThis as { Notification?: typeof Notification }).Notification;
  return {
    permission: () => N()?.permission ?? "unsupported",
    async request() {
      const n = N();
      return n ? n.requestPermission() : "unsupported";
    },
    show(title, body, onClick) {
      const n = N();
      if (n?.permission !== "granted") return;
      const shown = new n(title, { body, tag: "softphone-ringing" });
      shown.onclick = () => {
        globalThis.focus?.();
        onClick();
        shown.close();
      };
    },
  };
}
