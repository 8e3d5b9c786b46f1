// The agent status state machine: pure, no clock of its own, no I/O. Given the current period, who asks,
// and today's allowance, it decides whether a change is refused, a no-op, or a new period, and with which
// duration the timer starts (booking-and-reference §4 and §6, agent-workspace §4).
import type { Variant } from "../../../src/contract/common";
import type { StatusSource } from "../../../src/contract/socket";
import {
  ADVISOR_ALLOWANCE,
  isActiveStatus,
  isSystemStatus,
  selectableStatuses,
  type AgentStatus,
  type StatusMessageKey,
} from "../../../src/contract/status";

export interface Period {
  status: AgentStatus;
  /** ms since epoch */
  since: number;
  /** Seconds counted before `since` (a cumulative break resumes from today's earlier breaks). */
  offsetSeconds: number;
}

export interface AgentProfile {
  role: string;
  variant: Variant;
  /** Calling disabled by a manager. */
  deactivated: boolean;
  /** Tenant feature `cumulative-breaks`: advisors' breaks count together (30 min a day) instead of 2 × 15 min. */
  cumulativeBreaks: boolean;
}

/** What the agent already took today, not counting the current period. */
export interface Allowance {
  breaksTaken: number;
  breakSeconds: number;
  lunchesTaken: number;
}

export interface ChangeRequest {
  current: Period;
  to: AgentStatus;
  source: StatusSource;
  agent: AgentProfile;
  today: Allowance;
  now: number;
}

export type Decision =
  | { kind: "refused"; message: StatusMessageKey }
  /** Same status again: nothing is written and the duration keeps counting. */
  | { kind: "unchanged"; duration: number }
  | { kind: "changed"; from: AgentStatus; to: AgentStatus; previousDuration: number; offsetSeconds: number; duration: number };

/** Statuses an agent may move to while on a call: wrapping up, or leaving (page unload, logout). */
const FROM_A_CALL: readonly AgentStatus[] = ["after_call_work", "follow_up", "offline"];

export const secondsBetween = (from: number, to: number) => Math.max(0, Math.floor((to - from) / 1000));

export function durationOf(p: Period, now: number): number {
  return p.offsetSeconds + secondsBetween(p.since, now);
}

/** Whether breaks of this agent count together (qualifiers always; advisors with the tenant feature). */
export function breaksAreCumulative(agent: Pick<AgentProfile, "role" | "cumulativeBreaks">): boolean {
  return agent.role === "qualifier" || (agent.role === "advisor" && agent.cumulativeBreaks);
}

export function decide(r: ChangeRequest): Decision {
  const { current, to, source, agent, today, now } = r;

  if (source === "manager") {
    // A manager only ever forces an agent offline (deactivation); anything else is not theirs to choose.
    if (to !== "offline") return { kind: "refused", message: "status.notAllowed" };
  } else if (source === "agent") {
    if (isSystemStatus(to)) return { kind: "refused", message: "status.systemOnly" };
    if (!selectableStatuses(agent.role, agent.variant).includes(to)) return { kind: "refused", message: "status.notAllowed" };
    if (agent.deactivated && isActiveStatus(to)) return { kind: "refused", message: "status.deactivated" };
  } else if (!isSystemStatus(to) && !selectableStatuses(agent.role, agent.variant).includes(to)) {
    // The gateway sets system statuses and any status the agent could have chosen, never idle for a qualifier.
    return { kind: "refused", message: "status.notAllowed" };
  }

  if (to === current.status) return { kind: "unchanged", duration: durationOf(current, now) };

  if (source === "agent") {
    if (current.status === "on_a_call" && !FROM_A_CALL.includes(to)) return { kind: "refused", message: "status.onACall" };
    if (agent.role === "advisor") {
      if (to === "break") {
        const exhausted = agent.cumulativeBreaks
          ? today.breakSeconds >= ADVISOR_ALLOWANCE.cumulativeBreakSeconds
          : today.breaksTaken >= ADVISOR_ALLOWANCE.breaks;
        if (exhausted) return { kind: "refused", message: "advisor.noBreak" };
      }
      if (to === "lunch_break" && today.lunchesTaken >= ADVISOR_ALLOWANCE.lunches) {
        return { kind: "refused", message: "advisor.noLunchBreak" };
      }
    }
  }

  const offsetSeconds = to === "break" && breaksAreCumulative(agent) ? today.breakSeconds : 0;
  return {
    kind: "changed",
    from: current.status,
    to,
    previousDuration: secondsBetween(current.since, now),
    offsetSeconds,
    duration: offsetSeconds,
  };
}
