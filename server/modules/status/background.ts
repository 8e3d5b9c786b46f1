// Work the gateway starts from timers and socket events, outside any request. Tracked so that closing the
// gateway waits for it (no query runs against a closed database) and a failure is logged, never thrown.
import type { FastifyBaseLogger } from "fastify";

export class BackgroundWork {
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  get isClosed(): boolean {
    return this.closed;
  }

  run(what: string, work: () => Promise<unknown>): void {
    if (this.closed) return;
    const p = work()
      .catch((err: unknown) => this.log.error({ err, what }, "background work failed"))
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Waits until nothing is running (work started meanwhile included); tests use it after a clock advance. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Refuses new work and waits for what is running. */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }
}

/** One at a time per key (an agent's status changes), in arrival order, within this process. */
export class KeyedMutex<K> {
  private readonly tails = new Map<K, Promise<unknown>>();

  run<T>(key: K, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}
