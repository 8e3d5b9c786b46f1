// Admission of auto-dials under overload (issue 39). Past what the database can take, a dial waits behind every
// dial before it, and so do the settles, dispositions and Ready of the whole floor: at 2,000 agents on one 2-core
// machine, 16 % of the ticks were served and each dial answered 25 s late. An instance runs at most `max`
// auto-dials at once; the next is answered 503 with Retry-After at once, before its Idempotency-Key is claimed
// (nothing is written), and the page's auto-dial loop asks again after that delay without showing an error
// (plugins/auto-dialing/loop.ts). The count is this process's own work under way, not state another instance needs:
// in a cluster the dials run on the instance that holds the telephony lease.
import { HttpError } from "../http/errors";

/** The default of DIALS_IN_FLIGHT (server/config.ts): three times the default PostgreSQL pool, and more than 500
 * dialling agents ever had under way at once on the bench (bench/dialer-load/README.md). */
export const DIALS_IN_FLIGHT_DEFAULT = 32;

/** Whole seconds a refused dial waits before asking again (the page adds up to a second of its own). */
export const DIALER_BUSY_RETRY_AFTER_S = 1;

export const DIALER_BUSY_MESSAGE = "The dialer is busy: your next lead is dialled in a moment.";

export class DialAdmission {
  private running = 0;

  constructor(readonly max: number) {}

  /** Auto-dials under way on this instance now. */
  get inFlight(): number {
    return this.running;
  }

  /** Runs the dial when fewer than `max` are under way; otherwise throws the busy answer (503, Retry-After). */
  async admit<T>(dial: () => Promise<T>): Promise<T> {
    if (this.running >= this.max)
      throw new HttpError(503, DIALER_BUSY_MESSAGE, undefined, {
        "retry-after": String(DIALER_BUSY_RETRY_AFTER_S),
      });
    this.running++;
    try {
      return await dial();
    } finally {
      this.running--;
    }
  }
}
