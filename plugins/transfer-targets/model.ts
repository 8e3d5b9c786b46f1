import { types, type Instance } from "mobx-state-tree";
import type { TransferTargetSettings } from "../../src/contract/settings";

/** The page's state: the document as saved and as edited, and the last save's outcome. */
export const TargetsModel = types
  .model("TransferTargets", {
    phase: types.optional(types.enumeration(["idle", "loading", "ready", "failed", "saving"]), "idle"),
    saved: types.frozen<TransferTargetSettings | null>(null),
    draft: types.frozen<TransferTargetSettings | null>(null),
    /** The gateway's field errors of the last save, keyed as it sends them (external.0.phone). */
    errors: types.frozen<Record<string, string[]>>({}),
    /** A refusal without field errors (403, 404, a network failure), already in the agent's language. */
    message: types.maybeNull(types.string),
  })
  .views((self) => ({
    get dirty() {
      return self.draft !== null && JSON.stringify(self.draft) !== JSON.stringify(self.saved);
    },
  }))
  .actions((self) => ({
    loading() {
      self.phase = "loading";
      self.message = null;
    },
    loaded(doc: TransferTargetSettings) {
      self.saved = doc;
      self.draft = doc;
      self.errors = {};
      self.phase = "ready";
    },
    loadFailed(message: string) {
      self.phase = "failed";
      self.message = message;
    },
    edit(draft: TransferTargetSettings) {
      self.draft = draft;
    },
    saving() {
      self.phase = "saving";
      self.message = null;
    },
    saveFailed(errors: Record<string, string[]>, message: string | null) {
      self.phase = "ready";
      self.errors = errors;
      self.message = message;
    },
  }));
export type TargetsStore = Instance<typeof TargetsModel>;
