// The events WebSocket's sending side: every event is validated against events.json (a violation is kept and
// fails settled(), so a bug in the fake is a test failure), held while a request is being answered (Asterisk
// normally writes the HTTP response first), then written to the app's sockets, with the injected faults:
// duplicate, reorder, drop. Events for an app with no socket are lost, as Asterisk keeps no queue.
import type { WebSocket } from "ws";
import type { AriEvent } from "./model";
import { validateEvent } from "./schema";

export class EventOutbox {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private queue: { app: string; event: AriEvent }[] = [];
  private holds = 0;
  private pendingWrites = 0;
  private duplicate = 0;
  private reorder = false;
  /** Events still to write in order before the reorder starts (reorderNext(after)). */
  private reorderAfter = 0;
  private reorderHeld: { app: string; event: AriEvent } | null = null;
  /** Every event written to a socket, in order (duplicates included). */
  readonly sent: AriEvent[] = [];
  /** Events that failed validation: the fake built a wrong event. */
  readonly violations: string[] = [];

  attach(app: string, ws: WebSocket): void {
    const set = this.sockets.get(app) ?? new Set();
    set.add(ws);
    this.sockets.set(app, set);
    ws.on("close", () => set.delete(ws));
  }
  /** Closes every events socket from the server side (the driver must reconnect and reconcile). */
  dropSockets(): void {
    for (const set of this.sockets.values()) for (const ws of set) ws.terminate();
    this.sockets.clear();
  }
  connected(app: string): boolean {
    return (this.sockets.get(app)?.size ?? 0) > 0;
  }

  duplicateNext(n: number): void {
    this.duplicate += n;
  }
  /** The next two events (after `after` more in order) are written swapped. */
  reorderNext(after = 0): void {
    this.reorder = true;
    this.reorderAfter = after;
  }

  hold(): void {
    this.holds++;
  }
  release(): void {
    this.holds = Math.max(0, this.holds - 1);
    if (this.holds === 0) this.drain();
  }

  push(app: string, event: AriEvent): void {
    try {
      validateEvent(event);
    } catch (e) {
      this.violations.push(`${(e as Error).message}`);
    }
    this.queue.push({ app, event });
    if (this.holds === 0) this.drain();
  }

  private drain(): void {
    const items = this.queue;
    this.queue = [];
    for (const item of items) {
      if (this.reorder && this.reorderHeld === null) {
        if (this.reorderAfter === 0) {
          this.reorderHeld = item;
          // Overtaken by the next event; if none comes soon (the driver may be waiting for this one), it
          // arrives late on its own, as a delayed event would.
          setTimeout(() => this.releaseHeld(), 20);
          continue;
        }
        this.reorderAfter--;
      }
      this.write(item);
      if (this.reorderHeld !== null) {
        this.write(this.reorderHeld);
        this.reorderHeld = null;
        this.reorder = false;
      }
    }
  }

  private releaseHeld(): void {
    const held = this.reorderHeld;
    if (!held) return;
    this.reorderHeld = null;
    this.reorder = false;
    this.write(held);
  }

  private write(item: { app: string; event: AriEvent }): void {
    const copies = this.duplicate > 0 ? 2 : 1;
    if (this.duplicate > 0) this.duplicate--;
    const sockets = this.sockets.get(item.app);
    if (!sockets || sockets.size === 0) return; // lost: no queue while the socket is down
    const data = JSON.stringify(item.event);
    for (let i = 0; i < copies; i++) {
      this.sent.push(item.event);
      for (const ws of sockets) {
        this.pendingWrites++;
        ws.send(data, () => {
          this.pendingWrites--;
        });
      }
    }
  }

  /** Nothing queued, held or being written. */
  get idle(): boolean {
    return this.pendingWrites === 0 && this.queue.length === 0 && this.holds === 0 && this.reorderHeld === null;
  }

  /** Resolves once every event sent so far has been written to its socket (rejects on a validation violation). */
  async settled(): Promise<void> {
    for (let i = 0; i < 10_000; i++) {
      if (this.pendingWrites === 0 && this.queue.length === 0) break;
      await new Promise((r) => setImmediate(r));
    }
    if (this.violations.length > 0) throw new Error(`fake ARI sent invalid events:\n${this.violations.join("\n")}`);
  }
}
