import { useEffect, useState } from "react";
import type { Clock, ClockTimer } from "../../src/sdk";

/** The clock's time, moving on each whole second while `running` (the elapsed seconds, a countdown). */
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
