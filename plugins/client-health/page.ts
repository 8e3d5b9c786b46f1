// The tab's state as the Page Lifecycle API tells it: visible, hidden, and frozen (the browser stopped the page's
// timers and tasks to save power; it says so with `freeze` and `resume`). A port, so tests hand in their own.
export interface PageState {
  visibility(): "visible" | "hidden";
  /** Calls `fn` when the page is frozen; returns the unsubscribe. */
  onFreeze(fn: () => void): () => void;
}

export function browserPageState(): PageState {
  const doc = globalThis.document as Document | undefined;
  return {
    visibility: () => (doc?.visibilityState === "hidden" ? "hidden" : "visible"),
    onFreeze(fn) {
      doc?.addEventListener("freeze", fn);
      return () => doc?.removeEventListener("freeze", fn);
    },
  };
}
