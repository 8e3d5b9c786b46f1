// The wall's state: every agent's row as the gateway last said it, the day's figures, and the gap between the
// gateway's clock and this page's (so times in status tick from the gateway's clock, not the PC's). The
// manager's filters live here too, so the wall keeps them while the panel is mounted again.
import { types, type Instance } from "mobx-state-tree";
import type { HealthSample } from "../client-health/api";
import type { FloorAgent, FloorSnapshot, FloorStatus, FloorTotals } from "./contract";
import { DEFAULT_VIEW, type WallView } from "./wall";

export const FloorModel = types
  .model("Floor", {
    agents: types.map(types.frozen<FloorAgent>()),
    totals: types.maybeNull(types.frozen<FloorTotals>()),
    /** Gateway time minus this page's clock when the snapshot arrived, in ms. */
    skewMs: 0,
    state: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    view: types.optional(types.frozen<WallView>(), DEFAULT_VIEW),
    /** Each agent's latest client-health report (the client-health plugin's), by agent id. */
    health: types.map(types.frozen<HealthSample>()),
  })
  .views((self) => ({
    get rows(): FloorAgent[] {
      return [...self.agents.values()];
    },
  }))
  .actions((self) => ({
    loading() {
      if (self.state !== "ready") self.state = "loading";
    },
    failed() {
      if (self.state !== "ready") self.state = "failed";
    },
    /** The snapshot replaces every row: an agent no longer listed (disabled, moved) leaves the wall. */
    loaded(snapshot: FloorSnapshot, pageNow: number) {
      self.agents.clear();
      for (const a of snapshot.agents) self.agents.set(String(a.agent_id), a);
      self.totals = snapshot.totals;
      self.skewMs = Date.parse(snapshot.server_time) - pageNow;
      self.state = "ready";
    },
    /**
     * A pushed row replaces the agent's row, unless the wall already has one read later: pushes of one agent
     * sent by two gateway instances may arrive out of order.
     */
    upsert(agent: FloorAgent) {
      const had = self.agents.get(String(agent.agent_id));
      if (had && Date.parse(had.as_of) > Date.parse(agent.as_of)) return;
      self.agents.set(String(agent.agent_id), agent);
    },
    /** An agent's new status, ahead of its whole row: applied unless the wall has a row read later. */
    statusChanged(change: FloorStatus) {
      const had = self.agents.get(String(change.agent_id));
      if (!had || Date.parse(had.as_of) > Date.parse(change.as_of)) return;
      // A new period: not overstayed yet (the row that follows says so if the gateway already told).
      self.agents.set(String(change.agent_id), { ...had, ...change, overstayed: false });
    },
    /** The latest reports (GET /client-health) replace what the wall had. */
    healthLoaded(samples: HealthSample[]) {
      self.health.clear();
      for (const h of samples) self.health.set(String(h.agent_id), h);
    },
    /** A pushed report, unless the wall has a later one of that agent. */
    healthReported(sample: HealthSample) {
      const had = self.health.get(String(sample.agent_id));
      if (had && Date.parse(had.at) > Date.parse(sample.at)) return;
      self.health.set(String(sample.agent_id), sample);
    },
    setTotals(totals: FloorTotals) {
      self.totals = totals;
    },
    /** Pushes gathered over a frame, applied together (one redraw). */
    apply(pushes: readonly PendingPush[]) {
      for (const push of pushes) push(self as FloorStore);
    },
    setView(view: Partial<WallView>) {
      self.view = { ...self.view, ...view };
    },
  }));
export type FloorStore = Instance<typeof FloorModel>;
/** A push waiting for the next frame: what it does to the wall. */
export type PendingPush = (store: FloorStore) => void;
