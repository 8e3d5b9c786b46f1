// The requests this gateway instance is answering now, so that long background work (a lead import) can let them
// go first. An agent's dial is a chain of a dozen short statements; each of its continuations waits behind whatever
// synchronous work holds the event loop, so a job that runs flat out while dials are in flight multiplies their
// latency (bench/lead-import: dial p99 4–8× during an import). A job that waits here before each step takes the
// loop only when no request is waiting for it, or after its bounded wait, so it always progresses.
//
// Where its state lives: in this process only, on purpose. It measures this instance's own event loop; another
// instance's requests do not wait for this one's loop.
import { performance } from "node:perf_hooks";

/** A request open longer than this is a stream or an upload, not an agent waiting on a short answer. */
export const STALE_REQUEST_MS = 1_000;

export class RequestsInFlight {
  private readonly started = new Map<object, number>();
  private wake: (() => void)[] = [];

  /** `now`: a monotonic wall clock in ms (load is measured in real time, not the call centre's clock). */
  constructor(private readonly now: () => number = () => performance.now()) {}

  begin(request: object): void {
    this.started.set(request, this.now());
  }

  /** Safe to call twice for a request (a response after an abort). */
  end(request: object): void {
    if (!this.started.delete(request)) return;
    const wake = this.wake;
    this.wake = [];
    for (const w of wake) w();
  }

  /** Requests waiting for an answer now (those open longer than STALE_REQUEST_MS are not counted). */
  waiting(): number {
    const since = this.now() - STALE_REQUEST_MS;
    let n = 0;
    for (const t of this.started.values()) if (t > since) n++;
    return n;
  }

  /**
   * Resolves once no request is waiting, or after `maxWaitMs` however many are; always after a turn of the event
   * loop (timers, sockets and I/O callbacks run first).
   */
  async settled(maxWaitMs: number): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const until = this.now() + maxWaitMs;
    while (this.waiting() > 0) {
      const left = until - this.now();
      if (left <= 0) return;
      // Woken by the next request to end, or by a timer: a request may turn stale without ending.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.wake.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      // Its answer is still being written: let that finish before the job takes the loop.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}
