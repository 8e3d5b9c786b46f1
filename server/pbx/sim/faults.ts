// Fault injection between the simulated PBX and its listeners: what a real PBX connection does under load
// (telephony.md §2). Off by default. Events keep their seq, so a consumer can de-duplicate and reorder.
import type { Clock, ClockTimer } from "../../../src/shared/clock";
import type { PbxEvent } from "../driver";
import type { Rng } from "./random";

export interface SimFaults {
  /** Share of events never delivered (0..1). */
  dropRate?: number;
  /** Share of events delivered twice. */
  duplicateRate?: number;
  /** Share of events held back and delivered after the next event. */
  reorderRate?: number;
  /** How long after the next event a held-back event arrives (default 5 ms). */
  reorderDelayMs?: number;
}

/** A held-back event with no successor still arrives after this, rather than never. */
const MAX_HOLD_MS = 60_000;

interface Held {
  event: PbxEvent;
  timer: ClockTimer;
}

export class FaultInjector {
  private held: Held[] = [];
  private readonly pending = new Set<ClockTimer>();

  constructor(
    private readonly clock: Clock,
    private readonly faults: SimFaults,
    private readonly rng: Rng,
    private readonly deliver: (e: PbxEvent) => void,
  ) {}

  /** One draw per event decides its fate. */
  push(e: PbxEvent): void {
    const drop = this.faults.dropRate ?? 0;
    const dup = drop + (this.faults.duplicateRate ?? 0);
    const reorder = dup + (this.faults.reorderRate ?? 0);
    const r = this.rng();
    if (r < drop) return;
    if (r >= dup && r < reorder) {
      this.hold(e);
      return;
    }
    this.deliver(e);
    if (r >= drop && r < dup) this.deliver(e);
    this.releaseHeld();
  }

  /** Events held back are lost with the connection. */
  reset(): void {
    for (const h of this.held) this.clock.clearTimeout(h.timer);
    for (const t of this.pending) this.clock.clearTimeout(t);
    this.held = [];
    this.pending.clear();
  }

  private hold(event: PbxEvent): void {
    const h: Held = {
      event,
      timer: this.clock.setTimeout(() => {
        this.held = this.held.filter((x) => x !== h);
        this.deliver(event);
      }, MAX_HOLD_MS),
    };
    this.held.push(h);
  }

  /** The event just delivered overtook the held ones; they follow a few ms later. */
  private releaseHeld(): void {
    const released = this.held;
    if (released.length === 0) return;
    this.held = [];
    for (const h of released) {
      this.clock.clearTimeout(h.timer);
      const t = this.clock.setTimeout(() => {
        this.pending.delete(t);
        this.deliver(h.event);
      }, this.faults.reorderDelayMs ?? 5);
      this.pending.add(t);
    }
  }
}
