// Every timer that matters reads a Clock, so a test can run an eight-hour shift in milliseconds
// (ARCHITECTURE.md decision 12). Shared by the browser and the gateway.

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(fn: () => void, ms: number): ClockTimer;
  clearTimeout(t: ClockTimer): void;
}
export type ClockTimer = { readonly id: number };

/**
 * Wall time, optionally started at a chosen instant and running in real time from there (CLOCK_START): `startAt`
 * is the time when the real clock reads `realAt` (by default, now).
 */
export function systemClock(startAt?: number, realAt?: number): Clock {
  const offset = startAt === undefined ? 0 : startAt - (realAt ?? Date.now());
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

/**
 * The gateway's time on the page: `base` (the browser's clock) plus an offset learned from the gateway's
 * answers (`X-Server-Time`, src/contract/common.ts). Every time an agent sees or waits on (a lead's local time,
 * the calling window, the softphone's credential expiry) is the gateway's, so a PC whose clock is hours off
 * still shows the right time and refreshes its credentials on time. Timers are durations: they run on the base.
 */
export interface GatewayClock extends Clock {
  /** The gateway said it was `serverMs` on an answer to a request sent at `sentAt` and received at `receivedAt` (base time). */
  learn(serverMs: number, sentAt: number, receivedAt: number): void;
  /** Gateway time minus the browser's, in ms (0 until learned). */
  offset(): number;
}

/** A learned offset moves only by more than this: answers' own jitter must not make timers on screen twitch. */
export const GATEWAY_CLOCK_TOLERANCE_MS = 1_000;

export function gatewayClock(base: Clock): GatewayClock {
  let offset = 0;
  let learned = false;
  return {
    now: () => base.now() + offset,
    setTimeout: (fn, ms) => base.setTimeout(fn, ms),
    clearTimeout: (t) => base.clearTimeout(t),
    learn(serverMs, sentAt, receivedAt) {
      if (!Number.isFinite(serverMs) || receivedAt < sentAt) return;
      // The gateway stamped its answer somewhere in the round trip: its middle is the best guess.
      const estimate = serverMs - (sentAt + receivedAt) / 2;
      if (learned && Math.abs(estimate - offset) <= Math.max(GATEWAY_CLOCK_TOLERANCE_MS, receivedAt - sentAt)) return;
      offset = Math.round(estimate);
      learned = true;
    },
    offset: () => offset,
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
