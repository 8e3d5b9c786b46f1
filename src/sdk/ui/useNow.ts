import { useEffect, useState } from "react";
import type { Clock, ClockTimer } from "../../shared/clock";

/** The clock's time for a component, re-read on each second boundary while `running` (a call box timer, an elapsed time, a countdown); the time now when not running. Ticks from the injected clock, so tests move it. */
export function useNow(clock: Clock, running: boolean): number {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (!running) return;
    let timer: ClockTimer | null = null;
    const tick = () => {
      setNow(clock.now());
      timer = clock.setTimeout(tick, 1000 - (clock.now() % 1000));
    };
    tick();
    return () => {
      if (timer) clock.clearTimeout(timer);
    };
  }, [clock, running]);
  return running ? now : clock.now();
}
