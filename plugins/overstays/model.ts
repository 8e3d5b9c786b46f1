import { types, type Instance } from "mobx-state-tree";
import type { Overstay } from "../../src/contract/status";

/** The managers' overstay feed: newest first, as the real-time viewer is told. */
export const OverstaysModel = types
  .model("Overstays", {
    items: types.array(types.frozen<Overstay>()),
    state: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
  })
  .actions((self) => ({
    loading() {
      if (self.state === "idle") self.state = "loading";
    },
    loaded(items: Overstay[]) {
      self.items.replace(items);
      self.state = "ready";
    },
    failed() {
      if (self.state !== "ready") self.state = "failed";
    },
    /** A pushed overstay: replaces the same record, or goes on top. */
    upsert(item: Overstay, keep: number) {
      const at = self.items.findIndex((o) => o.id === item.id);
      if (at >= 0) self.items.splice(at, 1);
      self.items.unshift(item);
      if (self.items.length > keep) self.items.splice(keep);
    },
  }));
export type OverstaysStore = Instance<typeof OverstaysModel>;
