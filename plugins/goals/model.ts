import { types, type Instance } from "mobx-state-tree";
import type { GoalStatistics } from "./contract";

/** The goals slice: the last statistics read from the gateway, and whether reading them worked. */
export const GoalsModel = types
  .model("Goals", {
    statistics: types.maybeNull(types.frozen<GoalStatistics>()),
    state: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    updatedAt: types.maybeNull(types.number),
  })
  .actions((self) => ({
    loading() {
      // Only the first read shows a spinner; a retry after a failure keeps the message steady.
      if (self.state === "idle") self.state = "loading";
    },
    loaded(statistics: GoalStatistics, at: number) {
      self.statistics = statistics;
      self.updatedAt = at;
      self.state = "ready";
    },
    failed() {
      // Keep showing the last numbers: a blip in the network must not blank the agent's goals.
      self.state = self.statistics ? "ready" : "failed";
    },
  }));
export type GoalsStore = Instance<typeof GoalsModel>;
