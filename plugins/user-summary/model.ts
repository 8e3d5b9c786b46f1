// The user summary slice: the lists as the gateway last gave them, the tab shown, and the search. Effects
// (HTTP, polling, the status guard, alerts) live in service.ts.
import { types, type Instance } from "mobx-state-tree";
import type { FollowUpItem, LastDialItem } from "../../src/contract/dialer";
import type { LeadSearchRow } from "./lists";
import { TABS, tabAfterCounts, type TabId } from "./tabs";

export interface Summary {
  overdue: FollowUpItem[];
  overdueTotal: number;
  followUps: FollowUpItem[];
  followUpsTotal: number;
  lastDials: LastDialItem[];
  /** The caller's overdue follow-ups (meta.overdue). */
  overdueCount: number;
  enforced: boolean;
}

export const SEARCH_STATES = ["idle", "searching", "done", "required", "not_found", "failed"] as const;
export type SearchState = (typeof SEARCH_STATES)[number];

export const UserSummaryModel = types
  .model("UserSummary", {
    tab: types.optional(types.enumeration("Tab", [...TABS]), "lastDials"),
    summary: types.frozen<Summary | null>(null),
    state: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    /** The lead of a follow-up dial or reschedule under way: one at a time. */
    busyLeadId: types.maybeNull(types.number),
    searchState: types.optional(types.enumeration("SearchState", [...SEARCH_STATES]), "idle"),
    results: types.frozen<LeadSearchRow[]>([]),
  })
  .views((self) => ({
    /** Enforced follow-ups are overdue: Ready waits until they are dialled or rescheduled. */
    get overdueEnforced() {
      return self.summary !== null && self.summary.enforced && self.summary.overdueCount > 0;
    },
  }))
  .actions((self) => ({
    choose(tab: TabId) {
      self.tab = tab;
    },
    loading() {
      if (self.state === "idle") self.state = "loading";
    },
    loaded(summary: Summary) {
      self.tab = tabAfterCounts(self.tab, self.summary?.overdueCount ?? null, summary.overdueCount);
      self.summary = summary;
      self.state = "ready";
    },
    failed() {
      // Keep the last lists on screen: a network blip must not blank the agent's follow-ups.
      self.state = self.summary ? "ready" : "failed";
    },
    setBusy(leadId: number | null) {
      self.busyLeadId = leadId;
    },
    searching() {
      self.searchState = "searching";
    },
    searched(results: LeadSearchRow[]) {
      self.results = results;
      self.searchState = "done";
    },
    searchFailed(state: "required" | "not_found" | "failed") {
      self.results = [];
      self.searchState = state;
    },
  }));
export type UserSummaryStore = Instance<typeof UserSummaryModel>;
