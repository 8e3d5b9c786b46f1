// Named one-shot timers on the injected clock: setting a name again replaces its timer.
import type { Clock, ClockTimer } from "../../src/sdk";

export function namedTimers(clock: Clock) {
  const timers = new Map<string, ClockTimer>();
  const clear = (name: string) => {
    const t = timers.get(name);
    if (t) clock.clearTimeout(t);
    timers.delete(name);
  };
  return {
    set(name: string, ms: number, fn: () => void) {
      clear(name);
      timers.set(
        name,
        clock.setTimeout(() => {
          timers.delete(name);
          fn();
        }, ms),
      );
    },
    clear,
    has: (name: string) => timers.has(name),
    clearAll() {
      for (const name of [...timers.keys()]) clear(name);
    },
  };
}
export type NamedTimers = ReturnType<typeof namedTimers>;
