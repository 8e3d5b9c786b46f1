import type { Clock, ClockTimer } from "../../src/sdk";

/**
 * Counts `seconds` down on the injected clock: `onTick(left)` after each second, then `onDone()` at 0.
 * Returns the function that stops it.
 */
export function startCountdown(
  clock: Clock,
  seconds: number,
  onTick: (left: number) => void,
  onDone: () => void,
): () => void {
  let left = seconds;
  let timer: ClockTimer | null = null;
  const step = () => {
    left -= 1;
    if (left <= 0) {
      timer = null;
      onTick(0);
      onDone();
      return;
    }
    onTick(left);
    timer = clock.setTimeout(step, 1000);
  };
  timer = clock.setTimeout(step, 1000);
  return () => {
    if (timer) clock.clearTimeout(timer);
    timer = null;
  };
}
