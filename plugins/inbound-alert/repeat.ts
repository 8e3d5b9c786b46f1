import type { Clock, ClockTimer } from "../../src/sdk";

/** Runs `fn` now and every `ms` on the injected clock; returns the function that stops it. */
export function repeatEvery(clock: Clock, ms: number, fn: () => void): () => void {
  let timer: ClockTimer | null = null;
  const run = () => {
    timer = clock.setTimeout(run, ms);
    fn();
  };
  run();
  return () => {
    if (timer) clock.clearTimeout(timer);
    timer = null;
  };
}
