// The simulated PBX's way out: stamps every event (per-driver seq, clock time), queues it with the calls to
// the agent phone line in the order the model made them, and delivers them once the current model step is
// done. A listener or a line that calls back into the PBX therefore always finds a consistent model.
import type { Clock } from "../../../src/shared/clock";
import type { NewEvent } from "../callLifecycle";
import type { PbxEvent, PbxEventListener } from "../driver";
import { FaultInjector, type SimFaults } from "./faults";
import type { Rng } from "./random";

export class EventBus {
  private seq = 0;
  private depth = 0;
  private flushing = false;
  private readonly outbox: Array<() => void> = [];
  private readonly listeners = new Set<PbxEventListener>();
  private connected = true;
  private readonly faults: FaultInjector | null;

  constructor(
    private readonly clock: Clock,
    faults: SimFaults | undefined,
    faultRng: Rng,
  ) {
    const on =
      faults &&
      ((faults.dropRate ?? 0) > 0 || (faults.duplicateRate ?? 0) > 0 || (faults.reorderRate ?? 0) > 0);
    this.faults = on ? new FaultInjector(clock, faults, faultRng, (e) => this.deliver(e)) : null;
  }

  on(listener: PbxEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(e: NewEvent): void {
    const event = { ...e, seq: ++this.seq, ts: this.clock.now() } as PbxEvent;
    this.post(() => this.send(event));
  }

  /** Queues a side effect (a call to the phone line) behind the events emitted before it. */
  post(action: () => void): void {
    this.outbox.push(action);
    if (this.depth === 0) this.flush();
  }

  /** Runs one model step; what it emitted goes out when the outermost step ends. */
  step<T>(fn: () => T): T {
    this.depth++;
    try {
      return fn();
    } finally {
      this.depth--;
      if (this.depth === 0) this.flush();
    }
  }

  /** Nothing reaches listeners until connect(): those events are lost, as on a dropped PBX connection. */
  disconnect(): void {
    this.connected = false;
    this.faults?.reset();
  }

  connect(): void {
    this.connected = true;
  }

  close(): void {
    this.listeners.clear();
    this.faults?.reset();
  }

  private flush(): void {
    if (this.flushing) return;
    this.flushing = true;
    try {
      for (let a = this.outbox.shift(); a; a = this.outbox.shift()) a();
    } finally {
      this.flushing = false;
    }
  }

  private send(e: PbxEvent): void {
    if (!this.connected) return;
    if (this.faults) this.faults.push(e);
    else this.deliver(e);
  }

  private deliver(e: PbxEvent): void {
    for (const l of [...this.listeners]) l(e);
  }
}
