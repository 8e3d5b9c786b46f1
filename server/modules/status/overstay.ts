// Overstay detection on the gateway's own clock, so a closed or throttled tab cannot hide one (agent-workspace
// §4 and §9). For each status period with a limit (qualifiers and advisors only) two moments fall due: at
// the limit the agent is told (users.overstayed.<role>.<status>); after the grace (45 s, none for after-call
// work) the real-time viewer is told, which puts the overstay on the managers' feed. Each moment is marked
// once per period in the overstays row, whoever reaches it first (this gateway, another instance, or the
// browser's POST /overstayed-status…), so notices are never doubled.
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock, ClockTimer } from "../../../src/shared/clock";
import {
  AgentStatus,
  overstayLimit,
  overstayMessageKey,
  type Overstay,
  type OverstayLimit,
} from "../../../src/contract/status";
import type { Db } from "../../db/client";
import { agentStatuses, overstays, tenants, users } from "../../db/schema";
import type { Push } from "../../realtime/push";
import type { BackgroundWork } from "./background";
import { ChatNotices, type ChatPost } from "./chatNotices";
import { durationOf } from "./machine";
import type { StatusChanged } from "./service";

export type OverstayStage = "agent" | "rtv";

/** A status period as the detector needs it. */
export interface TimedPeriod {
  userId: number;
  tenantId: number;
  role: string;
  status: AgentStatus;
  since: number;
  offsetSeconds: number;
  periodId: number;
  limit: OverstayLimit;
}

/** When each moment of a period falls due (ms since epoch). */
export function dueTimes(p: Pick<TimedPeriod, "since" | "offsetSeconds" | "limit">): Record<OverstayStage, number> {
  const agent = p.since + (p.limit.seconds - p.offsetSeconds) * 1000;
  return { agent, rtv: agent + p.limit.graceSeconds * 1000 };
}

export interface OverstayDeps {
  db: Db;
  clock: Clock;
  push: Push;
  log: FastifyBaseLogger;
  background: BackgroundWork;
  /** How a notice reaches the call centre's chat (tests hand their own; default: fetch). */
  chatPost?: ChatPost;
}

/** How often every instance re-reads the periods (restarts, and periods begun on another instance). */
export const OVERSTAY_RESCAN_MS = 60_000;

export class OverstayDetector {
  private readonly scheduled = new Map<number, { periodId: number; timers: ClockTimer[] }>();
  private rescanTimer?: ClockTimer;
  private stopped = false;
  /** The notices to the call centre's chat, sent after the real-time viewer's and retried at each rescan. */
  readonly chat: ChatNotices;

  constructor(private readonly deps: OverstayDeps) {
    this.chat = new ChatNotices({
      db: deps.db,
      clock: deps.clock,
      log: deps.log,
      ...(deps.chatPost ? { post: deps.chatPost } : {}),
      overstayOf: (id) => this.byId(id),
    });
  }

  /** Reads every current period and keeps re-reading them; call once the gateway is up. */
  start(): void {
    this.stopped = false;
    const loop = () => {
      this.deps.background.run("overstay rescan", async () => {
        try {
          await this.rescan();
          await this.chat.sendDue();
        } finally {
          if (!this.stopped) this.rescanTimer = this.deps.clock.setTimeout(loop, OVERSTAY_RESCAN_MS);
        }
      });
    };
    loop();
  }

  stop(): void {
    this.stopped = true;
    if (this.rescanTimer) this.deps.clock.clearTimeout(this.rescanTimer);
    for (const s of this.scheduled.values()) for (const t of s.timers) this.deps.clock.clearTimeout(t);
    this.scheduled.clear();
  }

  /** A new period began (StatusService listener). */
  onStatusChanged(e: StatusChanged): void {
    const limit = overstayLimit(e.agent.role, e.to, e.agent.cumulativeBreaks);
    this.cancel(e.agent.id);
    if (!limit) return;
    this.schedule(
      { userId: e.agent.id, tenantId: e.agent.tenantId, role: e.agent.role, status: e.to, since: e.since, offsetSeconds: e.offsetSeconds, periodId: e.periodId, limit },
      { agent: false, rtv: false },
    );
  }

  private cancel(userId: number): void {
    const s = this.scheduled.get(userId);
    if (!s) return;
    for (const t of s.timers) this.deps.clock.clearTimeout(t);
    this.scheduled.delete(userId);
  }

  private schedule(p: TimedPeriod, done: Record<OverstayStage, boolean>): void {
    if (this.stopped) return;
    const due = dueTimes(p);
    const now = this.deps.clock.now();
    const timers: ClockTimer[] = [];
    for (const stage of ["agent", "rtv"] as const) {
      if (done[stage]) continue;
      timers.push(
        this.deps.clock.setTimeout(() => {
          // The moment the timer fired, not when the query gets to run.
          const at = this.deps.clock.now();
          this.deps.background.run(`overstay ${stage}`, () => this.reach(p, stage, at, "gateway"));
        }, due[stage] - now),
      );
    }
    this.scheduled.set(p.userId, { periodId: p.periodId, timers });
  }

  /** Every current period with a limit: schedules what is not scheduled yet (idempotent). */
  async rescan(): Promise<void> {
    const rows = await this.deps.db
      .select({
        current: agentStatuses,
        role: users.role,
        features: tenants.features,
        agentAt: overstays.agentNotifiedAt,
        rtvAt: overstays.rtvNotifiedAt,
      })
      .from(agentStatuses)
      .innerJoin(users, eq(users.id, agentStatuses.userId))
      .innerJoin(tenants, eq(tenants.id, agentStatuses.tenantId))
      .leftJoin(overstays, eq(overstays.periodId, agentStatuses.periodId));
    for (const r of rows) {
      const status = AgentStatus.parse(r.current.status);
      const limit = overstayLimit(r.role, status, r.features["cumulative-breaks"] === true);
      if (!limit || (r.agentAt && r.rtvAt)) continue;
      if (this.scheduled.get(r.current.userId)?.periodId === r.current.periodId) continue;
      this.cancel(r.current.userId);
      this.schedule(
        {
          userId: r.current.userId,
          tenantId: r.current.tenantId,
          role: r.role,
          status,
          since: r.current.since.getTime(),
          offsetSeconds: r.current.offsetSeconds,
          periodId: r.current.periodId,
          limit,
        },
        { agent: r.agentAt !== null, rtv: r.rtvAt !== null },
      );
    }
  }

  /**
   * Marks a moment of a period reached, once. Returns the overstay when this call was the one that marked
   * it, undefined when it was marked before or the period is over. The gateway's own detection tells the
   * agent (or the managers); a browser report is recorded and, for the real-time viewer, also pushed.
   */
  async reach(p: TimedPeriod, stage: OverstayStage, at: number, by: "gateway" | "browser"): Promise<Overstay | undefined> {
    const { db } = this.deps;
    const [current] = await db.select({ periodId: agentStatuses.periodId }).from(agentStatuses).where(eq(agentStatuses.userId, p.userId)).limit(1);
    if (current?.periodId !== p.periodId) return undefined;
    await db
      .insert(overstays)
      .values({
        tenantId: p.tenantId,
        userId: p.userId,
        periodId: p.periodId,
        status: p.status,
        role: p.role,
        limitSeconds: p.limit.seconds,
        graceSeconds: p.limit.graceSeconds,
        startedAt: new Date(p.since),
        detectedBy: by,
      })
      .onConflictDoNothing({ target: overstays.periodId });
    // The real-time viewer's moment implies the agent's.
    const agentMarked = await this.mark(p, "agent", at, by);
    if (stage === "agent") return agentMarked;
    return this.mark(p, "rtv", at, by);
  }

  /** Sets one moment of a period's row if unset (atomic) and tells whom it concerns. */
  private async mark(p: TimedPeriod, stage: OverstayStage, at: number, by: "gateway" | "browser"): Promise<Overstay | undefined> {
    const when = new Date(at);
    const column = stage === "agent" ? overstays.agentNotifiedAt : overstays.rtvNotifiedAt;
    const marked = await this.deps.db
      .update(overstays)
      .set(stage === "agent" ? { agentNotifiedAt: when } : { rtvNotifiedAt: when })
      .where(and(eq(overstays.periodId, p.periodId), isNull(column)))
      .returning({ id: overstays.id });
    if (marked.length === 0) return undefined;
    const overstay = await this.byId(marked[0]!.id);
    if (!overstay) return undefined;
    // A browser that reported its own overstay has told its agent already.
    if (stage === "agent" && by === "gateway") {
      this.deps.push.toAgent(p.userId, "overstay", {
        id: overstay.id,
        status: p.status,
        role: p.role,
        message: overstay.message,
        limit: p.limit.seconds,
        duration: durationOf(p, at),
      });
    }
    if (stage === "rtv") {
      this.deps.push.toManagers(p.tenantId, "overstay-feed", overstay);
      // In the background: the status change or report that got here never waits for the chat.
      this.deps.background.run("overstay chat notice", () => this.chat.sendDue(p.tenantId));
    }
    return overstay;
  }

  /** The overstay of a period, whether or not its moments were reached. */
  async ofPeriod(periodId: number): Promise<Overstay | undefined> {
    const [r] = await this.deps.db.select({ id: overstays.id }).from(overstays).where(eq(overstays.periodId, periodId)).limit(1);
    return r ? this.byId(r.id) : undefined;
  }

  /** The managers' feed: overstays the real-time viewer was told of, newest first. */
  async feed(tenantId: number, limit: number): Promise<Overstay[]> {
    const rows = await this.select()
      .where(and(eq(overstays.tenantId, tenantId), isNotNull(overstays.rtvNotifiedAt)))
      .orderBy(desc(overstays.rtvNotifiedAt), desc(overstays.id))
      .limit(limit);
    return rows.map(toOverstay);
  }

  private async byId(id: number): Promise<Overstay | undefined> {
    const [r] = await this.select().where(eq(overstays.id, id)).limit(1);
    return r ? toOverstay(r) : undefined;
  }

  private select() {
    return this.deps.db
      .select({ o: overstays, firstName: users.firstName, lastName: users.lastName, extension: users.extension })
      .from(overstays)
      .innerJoin(users, eq(users.id, overstays.userId))
      .$dynamic();
  }
}

type Row = { o: typeof overstays.$inferSelect; firstName: string; lastName: string; extension: string | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toOverstay(r: Row): Overstay {
  const status = AgentStatus.parse(r.o.status);
  return {
    id: r.o.id,
    agent_id: r.o.userId,
    agent_name: `${r.firstName} ${r.lastName}`,
    extension: r.extension,
    role: r.o.role,
    status,
    message: overstayMessageKey(r.o.role, status),
    limit: r.o.limitSeconds,
    grace: r.o.graceSeconds,
    started_at: r.o.startedAt.toISOString(),
    agent_notified_at: iso(r.o.agentNotifiedAt),
    rtv_notified_at: iso(r.o.rtvNotifiedAt),
    ended_at: iso(r.o.endedAt),
  };
}
