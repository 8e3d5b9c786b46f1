import { types, type Instance } from "mobx-state-tree";
import { AGENT_STATUSES, isActiveStatus, type AgentStatus } from "../contract/status";
import type { Intent } from "@blueprintjs/core";

/** The agent's status as the top bar shows it (agent-workspace §3 "dialer user state"). */
export const StatusModel = types
  .model("AgentStatus", {
    status: types.optional(types.enumeration("Status", [...AGENT_STATUSES]), "offline"),
    /** Seconds already spent in the status when `since` was taken (the 201's duration). */
    base: 0,
    /** Clock time the timer counts from; null when no timer runs. */
    since: types.maybeNull(types.number),
    selectable: types.array(types.enumeration("Status", [...AGENT_STATUSES])),
    deactivated: false,
    cumulativeBreaks: false,
    /** The agent overstayed the current status (the gateway said so). */
    overstayed: false,
  })
  .volatile(() => ({
    /** Ticks every second while a timer runs. */
    now: 0,
    /** A status change is on its way (the selector is disabled meanwhile). */
    changing: false,
    /** The extension availability check before ready/idle is running ("inactive and offline meanwhile"). */
    checking: false,
    autoDialing: false,
    /** Set by the leads stack: leads waiting for a disposition keep the selector disabled. */
    awaitingDispositions: 0,
    /** Set by the softphone: null when the agent has no WebRTC phone. */
    phoneConnected: null as boolean | null,
    /** Set by the follow-ups: enforced overdue follow-ups disable Ready. */
    overdueFollowUps: false,
  }))
  .views((self) => ({
    get active() {
      return isActiveStatus(self.status);
    },
    /** Whole seconds in the status, as the timer shows them. */
    get seconds() {
      if (self.since === null) return 0;
      return Math.max(0, self.base + Math.floor((self.now - self.since) / 1000));
    },
    /** idle orange; ready green while auto-dialing, otherwise orange; everything else red. */
    get intent(): Intent {
      if (self.status === "idle") return "warning";
      if (self.status === "ready") return self.autoDialing ? "success" : "warning";
      return "danger";
    },
  }))
  .actions((self) => ({
    apply(status: AgentStatus, duration: number | null, now: number) {
      self.status = status;
      self.overstayed = false;
      self.base = duration ?? 0;
      self.since = duration === null ? null : now;
      self.now = now;
    },
    clearTimer() {
      self.since = null;
      self.base = 0;
    },
    tick(now: number) {
      self.now = now;
    },
    setChanging(on: boolean) {
      self.changing = on;
    },
    setChecking(on: boolean) {
      self.checking = on;
    },
    setSelectable(list: AgentStatus[]) {
      self.selectable.replace(list);
    },
    setDeactivated(on: boolean) {
      self.deactivated = on;
    },
    setCumulativeBreaks(on: boolean) {
      self.cumulativeBreaks = on;
    },
    markOverstayed() {
      self.overstayed = true;
    },
    setAutoDialing(on: boolean) {
      self.autoDialing = on;
    },
    setAwaitingDispositions(n: number) {
      self.awaitingDispositions = n;
    },
    setPhoneConnected(on: boolean | null) {
      self.phoneConnected = on;
    },
    setOverdueFollowUps(on: boolean) {
      self.overdueFollowUps = on;
    },
  }));
export type StatusModel = Instance<typeof StatusModel>;

/** Why the selector is disabled right now (agent-workspace §4), or null when the agent may change status. */
export function selectorLock(
  s: StatusModel,
  role: string,
): "changing" | "dispositions" | "break" | "phone" | "deactivated" | null {
  if (s.deactivated) return "deactivated";
  if (s.changing || s.checking) return "changing";
  if (s.awaitingDispositions > 0) return "dispositions";
  // An advisor's break runs its course unless breaks are cumulative or the break was overstayed.
  if (role === "advisor" && s.status === "break" && !s.cumulativeBreaks && !s.overstayed) return "break";
  if (s.phoneConnected === false) return "phone";
  return null;
}
