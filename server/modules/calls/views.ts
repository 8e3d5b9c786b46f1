// The agent's call as every instance can show it (issue 38: reads come from a directory, not the holder's memory).
//
// GET /calls/current is what a reloaded page rebuilds the call from. Only the holder of the telephony lease has
// the live calls in memory; in a cluster on one PBX the holder mirrors each agent's call view into Redis
// (`<prefix>:call-view:<agent>`) whenever something is pushed to that agent (every change of a call pushes its
// snapshot: call, answer, hangup, incoming), and a standby answers from the mirror instead of forwarding. So a
// page reloaded on a standby is answered even while the phones move to another instance (no holder yet), when a
// forwarded read could only answer 503.
//
// Each value carries the lease's term: a holder that lost the lease and writes late (a paused process) never
// overwrites the next holder's view. A call that is gone is a tombstone of the term, not a deleted key, for the
// same reason. Views last a shift; a rewrite renews them.
import { eq } from "drizzle-orm";
import type { RedisClientType } from "redis";
import { CallSnapshot, CallStatus, HangupCause } from "../../../src/contract/calls";
import type { Db } from "../../db/client";
import { calls } from "../../db/schema";
import { isOver, snapshotOf, type ActiveCall } from "./active";

/** How long a view stays after its last change: a shift (a longer-kept ended call asks no disposition here). */
export const CALL_VIEW_TTL_S = 12 * 3600;

/** A view Redis did not take is written again after this long (the agent's next change may be far off). */
export const CALL_VIEW_RETRY_MS = 1_000;

/** Writes `term|view` unless the key holds a later term's view. */
const WRITE = `local cur = redis.call("get", KEYS[1])
if cur then
  local t = tonumber(string.match(cur, "^(%d+)|"))
  if t and t > tonumber(ARGV[1]) then return 0 end
end
redis.call("set", KEYS[1], ARGV[1] .. "|" .. ARGV[2], "EX", ARGV[3])
return 1`;

/** Where the views are kept: Redis in a cluster; nothing for a lone gateway, which always answers from memory. */
export interface CallViewStore {
  write(agentId: number, term: number, view: string): Promise<void>;
  read(agentId: number): Promise<string | null>;
}

/** A lone gateway's: it always drives its calls, so no instance reads a mirror. */
export const noCallViews: CallViewStore = {
  write: async () => {},
  read: async () => null,
};

export class RedisCallViewStore implements CallViewStore {
  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
  ) {}

  private key(agentId: number) {
    return `${this.prefix}:call-view:${agentId}`;
  }

  async write(agentId: number, term: number, view: string): Promise<void> {
    await this.redis.eval(WRITE, {
      keys: [this.key(agentId)],
      arguments: [String(term), view, String(CALL_VIEW_TTL_S)],
    });
  }

  async read(agentId: number): Promise<string | null> {
    const raw = await this.redis.get(this.key(agentId));
    if (raw === null) return null;
    const bar = raw.indexOf("|");
    return bar < 0 ? null : raw.slice(bar + 1);
  }
}

/**
 * The holder's side: marks an agent whose call may have changed, and writes the views of the marked agents once
 * the current turn of work is done (a change pushes several events; one write each). Only what changed since the
 * last write is written.
 */
export class CallViewMirror {
  private term: number | null = null;
  /**
   * Between `drive` and `resumed`: the takeover is still following the calls again, and an agent whose call is not
   * back in memory yet would be written as having none (any push to the agent marks it: a status change), so a
   * standby's GET /calls/current would answer no call while the agent talks. Changes are marked, written after.
   */
  private resuming = false;
  private readonly marked = new Set<number>();
  private readonly written = new Map<number, string>();
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly store: CallViewStore,
    private readonly current: (agentId: number) => ActiveCall | undefined,
    private readonly onError: (err: unknown) => void,
  ) {}

  /**
   * This instance drives the calls from this term on: its views are the ones to show, once the calls the PBX
   * still has are followed again (`resumed`). What changes meanwhile is kept to be written then.
   */
  drive(term: number): void {
    this.term = term;
    this.resuming = true;
    this.written.clear();
  }

  /** The takeover follows the calls again: the views marked meanwhile, and those of `agents`, are written now. */
  resumed(agents: Iterable<number>): void {
    this.resuming = false;
    for (const agentId of agents) this.marked.add(agentId);
    if (this.marked.size > 0) this.schedule();
  }

  /** This instance no longer drives the calls: it writes no view any more. */
  standDown(): void {
    this.term = null;
    this.resuming = false;
    this.marked.clear();
  }

  /** Something was pushed to the agent: its call's view may have changed. */
  changed(agentId: number): void {
    if (this.term === null) return;
    this.marked.add(agentId);
    if (!this.resuming) this.schedule();
  }

  // One write round at a time, so two views of one agent are never written out of order.
  private schedule(): void {
    if (this.flushing) return;
    this.flushing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.flush())
      .catch(this.onError)
      .finally(() => {
        this.flushing = null;
        if (this.marked.size > 0 && !this.resuming) this.schedule();
      });
  }

  /** Resolves once the views marked so far are written (a test's, or a clean stop's, wait). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    const term = this.term;
    if (this.resuming) return; // marked, and written once the takeover has the calls
    const agents = [...this.marked];
    this.marked.clear();
    if (term === null) return;
    await Promise.all(
      agents.map(async (agentId) => {
        const call = this.current(agentId);
        const view = JSON.stringify(call ? snapshotOf(call) : null);
        if (this.written.get(agentId) === view) return;
        this.written.set(agentId, view);
        try {
          await this.store.write(agentId, term, view);
        } catch (err) {
          // Written again a moment later (Redis away); until then a standby shows the view before.
          this.written.delete(agentId);
          setTimeout(() => this.changed(agentId), CALL_VIEW_RETRY_MS).unref();
          throw err;
        }
      }),
    );
  }
}

/** A standby's read of the holder's last view: null when there is none, or one it cannot read. */
export async function mirroredView(store: CallViewStore, agentId: number): Promise<CallSnapshot | null> {
  const raw = await store.read(agentId);
  if (raw === null) return null;
  try {
    const parsed = CallSnapshot.nullable().safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A mirrored view of a live call whose row says it ended: its holder wrote the row but not the view (it stopped,
 * was killed or lost the lease in between; the next holder has no call to write a view of). The row is the truth,
 * and a page shown the call as still on would never settle it.
 */
export async function withRowEnd(db: Db, view: CallSnapshot): Promise<CallSnapshot> {
  if (isOver(view)) return view;
  const [row] = await db
    .select({ status: calls.status, endedAt: calls.endedAt, cause: calls.cause })
    .from(calls)
    .where(eq(calls.id, view.callId))
    .limit(1);
  if (!row?.endedAt) return view;
  const status = CallStatus.safeParse(row.status);
  const cause = HangupCause.safeParse(row.cause);
  return {
    ...view,
    status: status.success ? status.data : "ended",
    endedAt: new Date(row.endedAt).toISOString(),
    cause: cause.success ? cause.data : null,
    onHold: false,
    rejoin: view.rejoin ? { ...view.rejoin, ringing: false } : (view.rejoin ?? null),
  };
}
