// Admission of auto-dials under overload (issue 39). Past what the database can take, a dial waits behind every
// dial before it, and so do the settles, dispositions and Ready of the whole floor: at 2,000 agents on one 2-core
// machine, 16 % of the ticks were served and each dial answered 25 s late. An instance runs at most `max`
// auto-dials at once; the next is answered 503 with Retry-After at once, before its Idempotency-Key is claimed
// (nothing is written), and the page's auto-dial loop asks again after that delay without showing an error
// (plugins/auto-dialing/loop.ts). The count is this process's own work under way, not state another instance needs:
// in a cluster the dials run on the instance that holds the telephony lease.
import { HttpError } from "../http/errors";

/**
 * The default of DIALS_IN_FLIGHT (server/config.ts): a little under the PostgreSQL pool (DATABASE_POOL_SIZE, 10),
 * so the dials never hold every connection the settles, dispositions and Ready need. Measured at 500 agents past
 * the machine's capacity (bench/dialer-load/README.md, step 4): 8 answered dials in 290 ms at the median where 32
 * took 1.1 s, at the same dials a second.
 */
export const DIALS_IN_FLIGHT_DEFAULT = 8;

/** The Retry-After of a busy answer, in whole seconds: from 1 (a short burst) up to this (a floor far larger than the
 * machine, where each agent's turn comes that rarely anyway). */
export const DIALER_BUSY_RETRY_AFTER_MAX_S = 30;

export const DIALER_BUSY_MESSAGE = "The dialer is busy: your next lead is dialled in a moment.";

/**
 * The dials an instance runs at once, and how long a refused one waits. A fixed short wait does not hold past the
 * machine's capacity: at 2,000 agents on a 2-core machine, asking again every second or two made 1,200 busy answers
 * a second, which took the event loop the dials needed (12.6 placed a second). So the wait follows the refusals:
 * once a second it is multiplied by refused ÷ admitted in that second (between ½ and 2), so that the dials asked
 * again come back at about the rate they are taken; with no refusal it halves, down to 1 s.
 */
export class DialAdmission {
  private running = 0;
  private second = { start: 0, admitted: 0, refused: 0 };
  private retryAfterS = 1;

  constructor(
    readonly max: number,
    private readonly now: () => number,
  ) {}

  /** Auto-dials under way on this instance now. */
  get inFlight(): number {
    return this.running;
  }

  /** Runs the dial when fewer than `max` are under way; otherwise throws the busy answer (503, Retry-After). */
  async admit<T>(dial: () => Promise<T>): Promise<T> {
    this.roll();
    if (this.running >= this.max) {
      this.second.refused++;
      throw new HttpError(503, DIALER_BUSY_MESSAGE, undefined, { "retry-after": String(this.retryAfterS) });
    }
    this.second.admitted++;
    this.running++;
    try {
      return await dial();
    } finally {
      this.running--;
    }
  }

  /** At each new second, the wait a busy answer names follows the last second's refusals. */
  private roll(): void {
    const now = this.now();
    if (now - this.second.start < 1000) return;
    const { admitted, refused } = this.second;
    const factor = refused === 0 ? 0.5 : Math.min(2, Math.max(0.5, refused / Math.max(1, admitted)));
    this.retryAfterS = Math.min(
      DIALER_BUSY_RETRY_AFTER_MAX_S,
      Math.max(1, Math.round(this.retryAfterS * factor)),
    );
    this.second = { start: now, admitted: 0, refused: 0 };
  }
}
