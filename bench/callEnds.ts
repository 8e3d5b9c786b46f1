// How a bench's simulated agent learns that its call ended, as the page does: from the `hangup` push on its socket
// (bridged or not), and whether the answering-machine detection heard a person. A push that arrives before the
// agent waits for it is kept for the wait (bench/dialer-load, bench/floor, bench/lead-import and bench/reports).
import type { Socket } from "socket.io-client";

export interface CallEnd {
  answered: boolean;
}

export class CallEnds {
  private readonly ended = new Map<number, CallEnd>();
  private readonly waiters = new Map<number, (e: CallEnd) => void>();
  private readonly human = new Set<number>();

  /** Follows the call pushes of the agent's socket. */
  follow(s: Socket): void {
    s.on("hangup", (snap: { callId: number; bridged: boolean }) => {
      const e = { answered: snap.bridged };
      const waiter = this.waiters.get(snap.callId);
      if (waiter) {
        this.waiters.delete(snap.callId);
        waiter(e);
      } else this.ended.set(snap.callId, e);
    });
    s.on("voicemail-detection", (p: { callId: number; event: string }) => {
      if (p.event === "AMD-Human-voice") this.human.add(p.callId);
    });
  }

  /** The call's end, or null when no `hangup` push came within `timeoutMs`. */
  wait(callId: number, timeoutMs: number): Promise<CallEnd | null> {
    return new Promise((resolve) => {
      const done = this.ended.get(callId);
      if (done) {
        this.ended.delete(callId);
        return resolve(done);
      }
      const timer = setTimeout(() => {
        this.waiters.delete(callId);
        resolve(null);
      }, timeoutMs);
      this.waiters.set(callId, (e) => {
        clearTimeout(timer);
        resolve(e);
      });
    });
  }

  /** Whether the detection heard a person on the call (asked once, when the call is disposed). */
  heardPerson(callId: number): boolean {
    return this.human.delete(callId);
  }
}
