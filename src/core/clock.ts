// Every timer that matters reads a Clock, so a test can run an eight-hour shift in milliseconds
// (ARCHITECTURE.md decision 12). Shared by the browser and the gateway.

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(fn: () => void, ms: number): ClockTimer;
  clearTimeout(t: ClockTimer): void;
}
export type ClockTimer = { readonly id: number };

/** Wall time, optionally started at a chosen instant and running in real time from there (CLOCK_START). */
export function systemClock(startAt?: number): Clock {
  const offset = startAt === undefined ? 0 : startAt - Date.now();
  const handles = new Map<number, ReturnType<typeof setTimeout>>();
  let next = 1;
  return {
    now: () => Date.now() + offset,
    setTimeout(fn, ms) {
      const id = next++;
      handles.set(
        id,
        setTimeout(() => {
          handles.delete(id);
          fn();
        }, ms),
      );
      return { id };
    },
    clearTimeout(t) {
      const h = handles.get(t.id);
      if (h !== undefined) clearTimeout(h);
      handles.delete(t.id);
    },
  };
}

/** A clock that moves only when told to: `advance(ms)` fires every timer that falls due, in order. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  /** When the earliest pending timer falls due (undefined: none), so a test can stop at each one. */
  nextDueAt(): number | undefined;
  set(epochMs: number): void;
}

export function manualClock(startAt = Date.UTC(2026, 0, 5, 14, 0, 0)): ManualClock {
  let now = startAt;
  let next = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const fireDue = (until: number) => {
    for (;;) {
      let dueId = -1;
      let dueAt = Infinity;
      for (const [id, t] of timers) if (t.at <= until && t.at < dueAt) [dueId, dueAt] = [id, t.at];
      if (dueId < 0) break;
      const t = timers.get(dueId)!;
      timers.delete(dueId);
      now = Math.max(now, t.at);
      t.fn();
    }
    now = until;
  };
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = next++;
      timers.set(id, { at: now + Math.max(0, ms), fn });
      return { id };
    },
    clearTimeout(t) {
      timers.delete(t.id);
    },
    advance(ms) {
      fireDue(now + ms);
    },
    nextDueAt() {
      let at: number | undefined;
      for (const t of timers.values()) if (at === undefined || t.at < at) at = t.at;
      return at;
    },
    set(epochMs) {
      fireDue(epochMs);
    },
  };
}
