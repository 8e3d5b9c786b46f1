import { types, type Instance } from "mobx-state-tree";
import { z } from "zod";
import type { GoalStatistics } from "./contract";

/** The variant's config for goals (`config: { goals: { refreshSeconds: 30 } }`). */
export const GoalsConfig = z.object({ refreshSeconds: z.number().int().min(5).max(600).default(30) });
export type GoalsConfig = z.output<typeof GoalsConfig>;

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
