// Status changes on the gateway: the state machine decides, one transaction writes the new period and its
// audit row, then do-not-disturb follows (on unless active), the agent and its managers are told, and the
// overstay detector learns of the new period. Changes of one agent run one at a time (in this process by a
// mutex, across processes by the row lock).
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../../src/shared/clock";
import { startOfLocalDay } from "../../../src/shared/zoned-time";
import type { StatusSource } from "../../../src/contract/socket";
import { isActiveStatus, type AgentStatus, type StatusMessageKey } from "../../../src/contract/status";
import type { Db } from "../../db/client";
import { agentStatusChanges, agentStatuses, overstays } from "../../db/schema";
import type { PbxDriver } from "../../pbx/driver";
import type { Push } from "../../realtime/push";
import { KeyedMutex } from "./background";
import { decide, durationOf, type Allowance, type Decision } from "./machine";
import {
  agentAndPeriodOf,
  allowanceSince,
  currentPeriodOf,
  moveIfCurrent,
  periodAt,
  readAgentAndPeriod,
  type Agent,
  type AgentAndPeriodRow,
  type Queryable,
} from "./store";

const NONE_TAKEN: Allowance = { breaksTaken: 0, breakSeconds: 0, lunchesTaken: 0 };

/** Who made a change: the agent itself unless told otherwise; the gateway (null) for system changes. */
const actorOf = (userId: number, source: StatusSource, opts: ChangeOptions) =>
  opts.actorId === undefined ? (source === "agent" ? userId : null) : opts.actorId;

export interface StatusChanged {
  agent: Agent;
  from: AgentStatus;
  to: AgentStatus;
  since: number;
  offsetSeconds: number;
  periodId: number;
  source: StatusSource;
}

export type ChangeOutcome =
  | { ok: true; status: AgentStatus; duration: number; changed: boolean; since: number; source: StatusSource }
  | { ok: false; message: StatusMessageKey };

export interface ChangeOptions {
  /** The person behind the change: the agent itself, or the manager; null for the gateway. */
  actorId?: number | null;
  /** Why the gateway or a manager changed it: logout, disconnected, goodbye, deactivated, connected… */
  reason?: string;
  /**
   * The agent and its period as read earlier in the same request (readAhead: an auto-dial reads it side by side
   * with its first reads). The change is decided on it and written only while that period is still current;
   * otherwise, or when the read finds the agent already in `to`, it is decided again on a fresh read.
   */
  seen?: StatusReadAhead;
}

/** An agent's status read started ahead of a change (StatusService.readAhead). */
export type StatusReadAhead = Promise<AgentAndPeriodRow | undefined>;

export interface StatusDeps {
  db: Db;
  clock: Clock;
  pbx: PbxDriver;
  push: Push;
  log: FastifyBaseLogger;
}

export class StatusService {
  private readonly locks = new KeyedMutex<number>();
  private readonly listeners = new Set<(e: StatusChanged) => void>();

  constructor(private readonly deps: StatusDeps) {}

  onChanged(listener: (e: StatusChanged) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts reading the agent and its period for a change this request makes later (ChangeOptions.seen). */
  readAhead(userId: number): StatusReadAhead {
    const read = readAgentAndPeriod(this.deps.db, userId);
    // Used or not, a failure surfaces only where the read is awaited.
    read.catch(() => {});
    return read;
  }

  change(userId: number, to: AgentStatus, source: StatusSource, opts: ChangeOptions = {}): Promise<ChangeOutcome> {
    return this.locks.run(userId, async () => (await this.changeNow(userId, to, source, opts)).outcome);
  }

  /** Offline with do-not-disturb forced on, whatever the status was (connection accepted, logout, unload). */
  async setOffline(userId: number, source: StatusSource, opts: ChangeOptions = {}): Promise<ChangeOutcome> {
    return this.locks.run(userId, async () => {
      const { outcome, agent } = await this.changeNow(userId, "offline", source, opts);
      // When the status did not change, nothing set do-not-disturb yet.
      if (agent?.extension && !(outcome.ok && outcome.changed)) await this.setDnd(agent.extension, true);
      return outcome;
    });
  }

  private async changeNow(
    userId: number,
    to: AgentStatus,
    source: StatusSource,
    opts: ChangeOptions,
  ): Promise<{ outcome: ChangeOutcome; agent?: Agent }> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const early = opts.seen && (await opts.seen);
    const read = early && early.current?.status !== to ? periodAt(early, now) : await agentAndPeriodOf(db, userId, now);
    if (!read) return { outcome: { ok: false, message: "status.notAllowed" } };
    const { agent, period: seen } = read;
    const dayStart = startOfLocalDay(now, agent.timezone);
    // Today's allowance matters only for breaks and lunches (limits, and where a cumulative break resumes).
    const allowance = (q: Queryable) => (to === "break" || to === "lunch_break" ? allowanceSince(q, userId, dayStart) : Promise.resolve(NONE_TAKEN));

    // The same status again (every page load re-posts offline) needs no transaction.
    if (seen.status === to) {
      const decision = decide({ current: seen, to, source, agent, today: NONE_TAKEN, now });
      if (decision.kind === "unchanged") {
        return { agent, outcome: { ok: true, status: to, duration: decision.duration, changed: false, since: seen.since, source: seen.source } };
      }
    }

    // The usual change (Ready after a call, on a call, wrap-up) from a stored period: decided on what was just
    // read and written in one statement that applies only while that period is still current. Anything
    // else (a refusal, a first status, another change in between) is decided again under the row lock.
    if (seen.stored && seen.periodId !== null) {
      const decision = decide({ current: seen, to, source, agent, today: await allowance(db), now });
      if (decision.kind === "changed") {
        const periodId = await moveIfCurrent(db, seen.periodId, {
          tenantId: agent.tenantId,
          userId,
          from: seen.status,
          to,
          at: new Date(now),
          previousDuration: decision.previousDuration,
          offsetSeconds: decision.offsetSeconds,
          source,
          actorId: actorOf(userId, source, opts),
          reason: opts.reason,
        });
        if (periodId !== undefined) return { agent, outcome: await this.changed(agent, decision, to, source, now, periodId) };
      }
    }

    const result = await db.transaction(async (tx) => {
      const current = await currentPeriodOf(tx, userId, now, true);
      const decision = decide({ current, to, source, agent, today: await allowance(tx), now });
      if (decision.kind !== "changed") return { decision, current };
      const at = new Date(now);
      const [change] = await tx
        .insert(agentStatusChanges)
        .values({
          tenantId: agent.tenantId,
          userId,
          fromStatus: current.stored ? current.status : null,
          toStatus: to,
          at,
          previousDuration: decision.previousDuration,
          source,
          actorId: actorOf(userId, source, opts),
          reason: opts.reason,
        })
        .returning({ id: agentStatusChanges.id });
      const row = { status: to, since: at, offsetSeconds: decision.offsetSeconds, periodId: change!.id, source };
      await tx
        .insert(agentStatuses)
        .values({ userId, tenantId: agent.tenantId, ...row })
        .onConflictDoUpdate({ target: agentStatuses.userId, set: row });
      if (current.periodId !== null) {
        await tx.update(overstays).set({ endedAt: at }).where(eq(overstays.periodId, current.periodId));
      }
      return { decision, current, periodId: change!.id };
    });

    const { decision } = result;
    if (decision.kind === "refused") return { agent, outcome: { ok: false, message: decision.message } };
    if (decision.kind === "unchanged") {
      const { since, source: was } = result.current;
      return { agent, outcome: { ok: true, status: to, duration: decision.duration, changed: false, since, source: was } };
    }

    return { agent, outcome: await this.changed(agent, decision, to, source, now, result.periodId!) };
  }

  /** After a change is committed: do-not-disturb follows, then everyone concerned is told. */
  private async changed(
    agent: Agent,
    decision: Extract<Decision, { kind: "changed" }>,
    to: AgentStatus,
    source: StatusSource,
    now: number,
    periodId: number,
  ): Promise<ChangeOutcome> {
    const event: StatusChanged = { agent, from: decision.from, to, since: now, offsetSeconds: decision.offsetSeconds, periodId, source };
    if (agent.extension) await this.setDnd(agent.extension, !isActiveStatus(to));
    this.announce(event);
    return { ok: true, status: to, duration: decision.duration, changed: true, since: now, source };
  }

  private announce(e: StatusChanged) {
    const since = new Date(e.since).toISOString();
    const duration = durationOf({ status: e.to, since: e.since, offsetSeconds: e.offsetSeconds }, e.since);
    this.deps.push.toAgent(e.agent.id, "status", { status: e.to, since, duration, active: isActiveStatus(e.to), source: e.source });
    this.deps.push.toManagers(e.agent.tenantId, "agent-status", {
      agent_id: e.agent.id,
      status: e.to,
      since,
      source: e.source,
      deactivated: e.agent.deactivated,
    });
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (err) {
        this.deps.log.error({ err }, "status listener failed");
      }
    }
  }

  /** The PBX mirrors do-not-disturb; a PBX fault never undoes a status change already committed. */
  async setDnd(extension: string, on: boolean): Promise<void> {
    try {
      await this.deps.pbx.setDnd(extension, on);
    } catch (err) {
      this.deps.log.error({ err, extension }, "could not set do-not-disturb");
    }
  }
}
