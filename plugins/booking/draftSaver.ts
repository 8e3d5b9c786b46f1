// Saving the wizard's draft (issue 14 "nothing typed is lost"): a moment after the agent's last change, at once
// when asked (a step change, a booking), one PUT at a time and in order, and again after a failure while the
// agent types nothing new. Time comes from the clock given.
import type { Clock, ClockTimer } from "../../src/sdk";

export interface DraftSaver {
  /** Something changed: save `delayMs` after the last change. */
  changed(): void;
  /** Saves now if anything is unsaved (waiting for a save under way first); true when all is saved. */
  flush(): Promise<boolean>;
  /** Forgets what is unsaved and stops the timers (the lead is gone). */
  cancel(): void;
  readonly pending: boolean;
}

export function createDraftSaver(o: {
  clock: Clock;
  delayMs: number;
  retryMs: number;
  /** One PUT of what the wizard holds now; false when it failed. */
  save(): Promise<boolean>;
}): DraftSaver {
  let timer: ClockTimer | null = null;
  let inFlight: Promise<boolean> | null = null;
  let unsaved = false;
  const clear = () => {
    if (timer) o.clock.clearTimeout(timer);
    timer = null;
  };
  const later = (ms: number) => {
    clear();
    timer = o.clock.setTimeout(() => void run(), ms);
  };
  const run = async (): Promise<boolean> => {
    clear();
    while (inFlight) await inFlight;
    if (!unsaved) return true;
    unsaved = false;
    inFlight = o.save();
    const ok = await inFlight;
    inFlight = null;
    if (!ok) {
      unsaved = true;
      if (!timer) later(o.retryMs);
    }
    return ok;
  };
  return {
    changed() {
      unsaved = true;
      later(o.delayMs);
    },
    flush: run,
    cancel() {
      clear();
      unsaved = false;
    },
    get pending() {
      return unsaved || inFlight !== null;
    },
  };
}
