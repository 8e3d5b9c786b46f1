// A reload or a closed tab mid-call asks first (issue 33): the browser's own "Leave site?" question while a call
// is up or being set up. An answered call survives a reload (issue 38: the lead waits on hold and the reloaded
// page is rung back into it), but a closed tab leaves the lead waiting until the goodbye, and a call still
// ringing does not survive at all: leaving stays a choice.
import { reaction } from "mobx";

interface Watched {
  readonly active: boolean;
}

/** Asks before the page goes away while `call` is active; returns the function that stops it. */
export function askBeforeLeavingMidCall(call: Watched, target: Pick<Window, "addEventListener" | "removeEventListener"> | undefined = globalThis.window): () => void {
  if (!target) return () => {};
  const ask = (e: BeforeUnloadEvent) => {
    e.preventDefault();
    // Older Chromium asks only when returnValue is set too.
    e.returnValue = "";
  };
  const stop = reaction(
    () => call.active,
    (active) => {
      if (active) target.addEventListener("beforeunload", ask);
      else target.removeEventListener("beforeunload", ask);
    },
    { fireImmediately: true },
  );
  return () => {
    stop();
    target.removeEventListener("beforeunload", ask);
  };
}
