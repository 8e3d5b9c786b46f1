// The lead matcher as the panel shows it (booking-and-reference §3 "Lead matcher: found, not found, link, keep
// new"): the phone typed and what is wrong with it, the lead found, the confirmation and the link under way.
// The call it is for: another call starts the matcher afresh.
import { types, type Instance } from "mobx-state-tree";
import type { LeadSummary } from "../../src/contract/leads";
import type { PhoneProblem } from "./contract";

export const MATCH_STATES = ["idle", "searching", "found", "not_found", "confirming", "linking"] as const;

export const LeadMatcherModel = types
  .model("LeadMatcher", {
    /** The call the matcher is for: the search belongs to it. */
    callId: types.maybeNull(types.number),
    /** The phone as the agent typed it. */
    phone: "",
    problem: types.maybeNull(types.enumeration<PhoneProblem>(["required", "valid_phone"])),
    state: types.optional(types.enumeration(MATCH_STATES), "idle"),
    /** The lead the search found (found, confirming, linking). */
    lead: types.maybeNull(types.frozen<LeadSummary>()),
  })
  .actions((self) => ({
    typed(phone: string) {
      self.phone = phone;
      // A new number: the old answer no longer says anything about it.
      self.problem = null;
      if (self.state === "found" || self.state === "not_found")
        Object.assign(self, { state: "idle", lead: null });
    },
    refused(problem: PhoneProblem) {
      Object.assign(self, { problem, state: "idle", lead: null });
    },
    searching() {
      Object.assign(self, { problem: null, state: "searching", lead: null });
    },
    found(lead: LeadSummary) {
      Object.assign(self, { state: "found", lead });
    },
    notFound() {
      self.state = "not_found";
    },
    /** The search failed (not a "not found"): the agent may search again. */
    searchFailed() {
      self.state = "idle";
    },
    /** The confirmation opens or closes; not while the link is on its way (its answer decides). */
    confirming(on: boolean) {
      if (self.lead && self.state !== "linking") self.state = on ? "confirming" : "found";
    },
    linking() {
      if (self.lead) self.state = "linking";
    },
    /** The link was refused: the lead stays shown, to try again or keep the new one. */
    linkFailed() {
      if (self.lead) self.state = "found";
    },
    /** Keep new, a link done, or another call: the matcher starts afresh. */
    reset(callId: number | null = self.callId) {
      Object.assign(self, { callId, phone: "", problem: null, state: "idle", lead: null });
    },
  }));
export type LeadMatcherStore = Instance<typeof LeadMatcherModel>;
