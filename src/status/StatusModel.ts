import { observable } from "mobx";
import { types, type Instance } from "mobx-state-tree";
import type { StatusGuard } from "../core/services";
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
    /** Set by the leads stack: leads waiting for a disposition keep the selector disabled. */
    awaitingDispositions: 0,
    /** Plugins' guards (StatusView.addGuard), by id, in the order added. */
    guards: observable.map<string, StatusGuard>({}, { deep: false }),
    /** Plugins' dialing indicators (StatusView.addDialingIndicator), by id. */
    dialing: observable.map<string, () => boolean>({}, { deep: false }),
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
    /** Something is dialling for the agent (a plugin's dialing indicator holds). */
    get autoDialing() {
      return [...self.dialing.values()].some((active) => active());
    },
    /** The first guard that holds, of those that block `what` (a guard on `all` also keeps Ready away). */
    blockedBy(what: "ready" | "all"): { id: string; reason: string } | null {
      for (const g of self.guards.values()) {
        if (what === "all" && g.blocks !== "all") continue;
        const reason = g.reason();
        if (reason !== null) return { id: g.id, reason };
      }
      return null;
    },
  }))
  .views((self) => ({
    /** idle orange; ready green while auto-dialing, otherwise orange; everything else red. */
    get intent(): Intent {
      if (self.status === "idle") return "warning";
      if (self.status === "ready") return self.autoDialing ? "success" : "warning";
      return "danger";
    },
    get readyBlocked() {
      return self.blockedBy("ready")?.reason ?? null;
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
    setAwaitingDispositions(n: number) {
      self.awaitingDispositions = n;
    },
    addGuard(guard: StatusGuard) {
      self.guards.set(guard.id, guard);
      return () => {
        if (self.guards.get(guard.id) === guard) self.guards.delete(guard.id);
      };
    },
    addDialingIndicator(id: string, active: () => boolean) {
      self.dialing.set(id, active);
      return () => {
        if (self.dialing.get(id) === active) self.dialing.delete(id);
      };
    },
  }));
export type StatusModel = Instance<typeof StatusModel>;

/** Why the selector is disabled right now (agent-workspace §4), or null when the agent may change status. */
export function selectorLock(
  s: StatusModel,
  role: string,
): "changing" | "dispositions" | "break" | "guard" | "deactivated" | null {
  if (s.deactivated) return "deactivated";
  if (s.changing || s.checking) return "changing";
  if (s.awaitingDispositions > 0) return "dispositions";
  // An advisor's break runs its course unless breaks are cumulative or the break was overstayed.
  if (role === "advisor" && s.status === "break" && !s.cumulativeBreaks && !s.overstayed) return "break";
  // A plugin's guard on every change (the softphone while it is not connected): its reason is shown.
  if (s.blockedBy("all")) return "guard";
  return null;
}
