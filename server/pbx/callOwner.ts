// Which gateway instance drives the calls, and how the others reach it (issue 38 part 1).
//
// The live calls (their event queue, live-transfer offers and timers, transfer ring timers, playbacks) are in the
// memory of the process that follows the PBX's events: one process per PBX, the holder of the telephony lease
// (lease.ts). A lone gateway is always that process. In a cluster on one PBX (`REDIS_URL` with Asterisk, whose
// ARI application only one process may own), the other instances are standbys: they serve HTTP and sockets, and
// send every call command (a route declared `drivesCalls`, a call control over the socket) to the holder over
// Redis, with a request id and a timeout. An answer that does not come is a clear 503 (a socket ack
// `server_error`), never a silent drop: the command may still have run, which is why the writes that must not
// double take an Idempotency-Key and the holder checks it.
import { randomUUID } from "node:crypto";
import type { RedisClientType } from "redis";
import { RedisCallViewStore, type CallViewStore } from "../modules/calls/views";

/** How long a standby waits for the holder's answer, takeover included (a standby owns the PBX within 5 s). */
export const FORWARD_TIMEOUT_MS = 10_000;
/** While no instance listens (a takeover under way), a command is offered again this often until the timeout. */
export const FORWARD_RETRY_MS = 200;

/**
 * The message of the 503 (and of the socket ack) when no instance answered for the calls in time: a key the page
 * translates (locales/*.json, calls.phones_moving: "The phones are moving to another server. Try again in a few
 * seconds.").
 */
export const CALL_OWNER_UNAVAILABLE = "calls.phones_moving";

/** The holder did not answer in time (or none listens): the command's outcome is unknown to the caller. */
export class CallOwnerUnavailable extends Error {
  constructor(readonly why: "no_owner" | "timeout") {
    super(CALL_OWNER_UNAVAILABLE);
  }
}

/** The instance that drives the calls, as every part of the gateway sees it. */
export interface CallOwner {
  /** Whether the call service here follows the PBX: what the gateway reads of the live calls is here. */
  drivesHere(): boolean;
  /**
   * A call command (a route declared `drivesCalls`, a call control over the socket) begins here, while this
   * instance drives the calls: the function returned says it is done. null on a standby: send it to the holder.
   * A holder that stands down waits for the commands begun here, as for those it runs for the standbys, before its
   * call service stops following the PBX: a dial begun here and finished later would place its call and write its
   * row after the next holder followed the calls again, and nobody would follow that call (issue 39's rolling
   * restart: its agent's page was told no call, and the settle refused it as still in progress).
   */
  beginHere(): (() => void) | null;
  /** Sends a command to the holder and resolves with its answer; rejects with CallOwnerUnavailable. */
  send(command: unknown): Promise<unknown>;
  /**
   * The secret a request the holder runs on a standby's behalf carries (the header OWNER_HEADER), so that it is
   * never sent on again, and no outside caller can make a standby run a call command itself.
   */
  readonly mark: string;
}

/** The header of a request the holder runs for a standby (its value is the cluster's `mark`). */
export const OWNER_HEADER = "x-dialer-call-owner";

/** A lone gateway, or a cluster whose instances each drive their own embedded SimPbx: every command runs here. */
export function ownCalls(mark: string): CallOwner {
  return {
    drivesHere: () => true,
    beginHere: () => () => {},
    send: () => Promise.reject(new Error("a gateway that drives its own calls sends no command")),
    mark,
  };
}

interface Envelope {
  id: string;
  replyTo: string;
  command: unknown;
}
type Reply =
  { id: string; ok: true; answer: unknown } | { id: string; ok: false; message: string; retry?: boolean };

/**
 * Commands and answers over Redis pub/sub: one channel the holder alone listens on, one reply channel per
 * instance. PUBLISH answers how many listened, so a command no holder heard is offered again until the timeout
 * rather than waited for in vain.
 */
export class RedisCallOwner implements CallOwner {
  private readonly instance = randomUUID();
  private readonly waiting = new Map<string, (r: Reply) => void>();
  private driving = false;
  private serving: ((command: unknown) => Promise<unknown>) | null = null;
  private readonly underWay = new Set<Promise<void>>();

  private constructor(
    private readonly pub: RedisClientType,
    private readonly sub: RedisClientType,
    private readonly prefix: string,
    readonly mark: string,
    private readonly onError: (err: unknown, what: string) => void,
    private readonly timeoutMs: number,
  ) {}

  static async connect(opts: {
    redisUrl: string;
    keyPrefix: string;
    mark: string;
    onError: (err: unknown, what: string) => void;
    timeoutMs?: number;
  }): Promise<RedisCallOwner> {
    const { createClient } = await import("redis");
    const pub = createClient({ url: opts.redisUrl }) as RedisClientType;
    const sub = pub.duplicate() as RedisClientType;
    for (const c of [pub, sub]) c.on("error", (err: unknown) => opts.onError(err, "redis"));
    await Promise.all([pub.connect(), sub.connect()]);
    const owner = new RedisCallOwner(
      pub,
      sub,
      opts.keyPrefix,
      opts.mark,
      opts.onError,
      opts.timeoutMs ?? FORWARD_TIMEOUT_MS,
    );
    await sub.subscribe(owner.replies, (message) => owner.answered(message));
    return owner;
  }

  private get commands() {
    return `${this.prefix}:calls:commands`;
  }
  private get replies() {
    return `${this.prefix}:calls:replies:${this.instance}`;
  }

  drivesHere(): boolean {
    return this.driving;
  }

  beginHere(): (() => void) | null {
    if (!this.driving) return null;
    let done!: () => void;
    const work: Promise<void> = new Promise<void>((resolve) => (done = resolve)).then(() => {
      this.underWay.delete(work);
    });
    this.underWay.add(work);
    return done;
  }

  /** This instance now drives the calls: it answers the standbys' commands with `run`. */
  async serve(run: (command: unknown) => Promise<unknown>): Promise<void> {
    this.serving = run;
    await this.sub.subscribe(this.commands, (message) => this.execute(message));
    this.driving = true;
  }

  /** This instance no longer drives the calls (it lost the lease, or stops): commands go to the next holder. */
  async standDown(): Promise<void> {
    this.driving = false;
    this.serving = null;
    await this.sub.unsubscribe(this.commands).catch((err: unknown) => this.onError(err, "unsubscribe"));
    // The commands already under way (sent by the standbys, or begun here) finish and are answered before the call
    // service stops; not waited for longer than their senders wait.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.underWay]),
      new Promise((r) => (timer = setTimeout(r, this.timeoutMs))),
    ]).finally(() => clearTimeout(timer));
  }

  async send(command: unknown): Promise<unknown> {
    const deadline = Date.now() + this.timeoutMs;
    while (Date.now() < deadline) {
      const id = randomUUID();
      const reply = new Promise<Reply>((resolve) => this.waiting.set(id, resolve));
      try {
        const envelope = JSON.stringify({ id, replyTo: this.replies, command } satisfies Envelope);
        // Redis unreachable counts as nobody listening: the caller gets the same clear 503 at the timeout.
        const heard = (await this.pub.publish(this.commands, envelope).catch(() => 0)) > 0;
        // Offered again while nobody listens: a takeover under way answers once the new holder serves.
        if (!heard) {
          await new Promise((r) => setTimeout(r, FORWARD_RETRY_MS));
          continue;
        }
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new CallOwnerUnavailable("timeout")),
            Math.max(0, deadline - Date.now()),
          );
        });
        const r = await Promise.race([reply, late]).finally(() => clearTimeout(timer));
        // Heard by an instance that was standing down: it ran nothing, the next holder will.
        if (!r.ok && r.retry) {
          await new Promise((res) => setTimeout(res, FORWARD_RETRY_MS));
          continue;
        }
        if (!r.ok) throw new Error(r.message);
        return r.answer;
      } finally {
        this.waiting.delete(id);
      }
    }
    throw new CallOwnerUnavailable("no_owner");
  }

  private answered(message: string) {
    let r: Reply;
    try {
      r = JSON.parse(message) as Reply;
    } catch {
      return;
    }
    this.waiting.get(r.id)?.(r);
  }

  private execute(message: string): void {
    const work = this.run(message).finally(() => this.underWay.delete(work));
    this.underWay.add(work);
  }

  private async run(message: string): Promise<void> {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch (err) {
      return this.onError(err, "a call command that is not JSON");
    }
    const run = this.serving;
    let reply: Reply;
    if (!run)
      reply = {
        id: envelope.id,
        ok: false,
        message: "this instance no longer drives the calls",
        retry: true,
      };
    else
      try {
        reply = { id: envelope.id, ok: true, answer: await run(envelope.command) };
      } catch (err) {
        this.onError(err, "a forwarded call command failed");
        reply = { id: envelope.id, ok: false, message: err instanceof Error ? err.message : String(err) };
      }
    await this.pub
      .publish(envelope.replyTo, JSON.stringify(reply))
      .catch((err: unknown) => this.onError(err, "answering a call command"));
  }

  /** The agents' call views the holder mirrors and the standbys read, on this cluster's Redis. */
  viewStore(): CallViewStore {
    return new RedisCallViewStore(this.pub, this.prefix);
  }

  async close(): Promise<void> {
    if (this.driving) await this.standDown();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
