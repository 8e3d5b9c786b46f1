import { types, type Instance } from "mobx-state-tree";
import type { ExplainError, Explanation } from "./explanation";

export interface ExplainTarget {
  leadId: number;
  /** The agent the rules are checked for; null: the gateway decides (the caller, or no agent for a manager). */
  agentId: number | null;
  /** The names a manager picked them by (shown instead of ids); null when unknown. */
  leadName?: string | null;
  agentName?: string | null;
}

/** The lead-explain slice: what was asked, and the last answer or refusal. */
export const LeadExplainModel = types
  .model("LeadExplain", {
    target: types.maybeNull(types.frozen<ExplainTarget>()),
    result: types.maybeNull(types.frozen<Explanation>()),
    error: types.maybeNull(types.frozen<ExplainError>()),
    state: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
  })
  .actions((self) => ({
    start(target: ExplainTarget) {
      // A refresh keeps the verdicts on screen; another lead or agent must never show the previous one's.
      const same = self.target?.leadId === target.leadId && self.target?.agentId === target.agentId;
      if (!same) {
        self.result = null;
        self.error = null;
      }
      self.target = target;
      self.state = "loading";
    },
    loaded(result: Explanation) {
      self.result = result;
      self.error = null;
      self.state = "ready";
    },
    failed(error: ExplainError) {
      self.result = null;
      self.error = error;
      self.state = "failed";
    },
    clear() {
      self.target = null;
      self.result = null;
      self.error = null;
      self.state = "idle";
    },
  }));
export type LeadExplainStore = Instance<typeof LeadExplainModel>;
