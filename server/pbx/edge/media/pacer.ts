// One 20 ms clock for every playing leg (not a timer per leg). Catches up after a late tick (a loaded
// machine) by sending the frames that were due, at most a few at once, so the RTP timeline stays real-time.
import { performance } from "node:perf_hooks";
import { FRAME_MS } from "./g711";

export interface Paced {
  /** Called once per 20 ms frame. */
  tick(): void;
}

const MAX_CATCH_UP = 5;

export class Pacer {
  private readonly members = new Set<Paced>();
  private timer: NodeJS.Timeout | undefined;
  private next = 0;

  add(p: Paced): void {
    this.members.add(p);
    if (!this.timer) {
      this.next = performance.now();
      this.timer = setInterval(() => this.run(), FRAME_MS);
      this.timer.unref();
    }
  }

  remove(p: Paced): void {
    this.members.delete(p);
    if (this.members.size === 0) this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private run(): void {
    const now = performance.now();
    let frames = 0;
    while (this.next <= now && frames < MAX_CATCH_UP) {
      this.next += FRAME_MS;
      frames++;
    }
    if (this.next <= now) this.next = now + FRAME_MS; // too far behind: drop the backlog
    for (let f = 0; f < frames; f++) {
      for (const p of this.members) {
        try {
          p.tick();
        } catch {
          this.members.delete(p); // a broken leg stops playing; the others go on
        }
      }
    }
  }
}
