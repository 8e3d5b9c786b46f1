// Supervision's slice of the workspace store. A manager's page keeps the call centre's supervisions under way
// (the wall shows who is supervised; the manager's bar its own); an agent's page keeps the notice that its call is
// supervised, where the call centre shows it; the admin page its audit trail and setting.
import { types, type Instance } from "mobx-state-tree";
import type { CallSupervised, Supervision, SupervisionAudit, SupervisionMode } from "./contract";

export const SupervisionModel = types
  .model("Supervision", {
    /** The call centre's supervisions under way, by agent (ringing or live). */
    live: types.frozen<Record<number, Supervision>>({}),
    /** The supervision the manager asked for and waits on (its bar shows "connecting…"). */
    pending: types.maybeNull(types.frozen<{ agentId: number; mode: SupervisionMode }>()),
    /** The agent's notice: who supervises its call and how (null: nobody, or the call centre does not show it). */
    notice: types.maybeNull(types.frozen<CallSupervised>()),
    audit: types.frozen<SupervisionAudit[]>([]),
    auditTotal: 0,
    auditPage: 1,
    auditState: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    agentsSee: types.maybeNull(types.boolean),
  })
  .views((self) => ({
    /** The supervision this manager runs, if any. */
    mineOf(managerId: number): Supervision | null {
      return Object.values(self.live).find((s) => s.manager_id === managerId) ?? null;
    },
    of(agentId: number): Supervision | null {
      return self.live[agentId] ?? null;
    },
  }))
  .actions((self) => ({
    liveLoaded(rows: Supervision[]) {
      self.live = Object.fromEntries(rows.map((s) => [s.agent_id, s]));
    },
    /** A change pushed or answered: an ended supervision leaves the list; an older row than the one kept is dropped. */
    changed(s: Supervision) {
      const next = { ...self.live };
      const kept = next[s.agent_id];
      if (kept && kept.id > s.id) return;
      if (s.state === "ended") {
        if (kept?.id === s.id) delete next[s.agent_id];
      } else next[s.agent_id] = s;
      self.live = next;
    },
    setPending(p: { agentId: number; mode: SupervisionMode } | null) {
      self.pending = p;
    },
    noticed(n: CallSupervised) {
      self.notice = n.mode ? n : null;
    },
    clearNotice() {
      self.notice = null;
    },
    auditLoading() {
      self.auditState = "loading";
    },
    auditLoaded(rows: SupervisionAudit[], total: number, page: number) {
      self.audit = rows;
      self.auditTotal = total;
      self.auditPage = page;
      self.auditState = "ready";
    },
    auditFailed() {
      self.auditState = "failed";
    },
    settingsLoaded(agentsSee: boolean) {
      self.agentsSee = agentsSee;
    },
  }));
export type SupervisionStore = Instance<typeof SupervisionModel>;
