// The user summary slice: the lists as the gateway last gave them, the tab shown, and the search. Effects
// (HTTP, polling, the status guard, alerts) live in service.ts.
import { types, type Instance } from "mobx-state-tree";
import type { FollowUpItem, LastDialItem } from "../../src/contract/dialer";
import type { LeadSearchRow } from "./lists";
import { firstTab, INITIAL_TAB, TABS, tabAfterCounts, type TabId } from "./tabs";

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
    tab: types.optional(types.enumeration("Tab", [...TABS]), INITIAL_TAB),
    /** The agent is an advisor: the first read keeps advisors on their follow-ups (tabs.firstTab). */
    advisor: false,
    /** The agent chose a tab: the first read no longer picks one. */
    chosen: false,
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
    /** At sign-in, before the first read. */
    start(isAdvisor: boolean) {
      self.advisor = isAdvisor;
      self.tab = INITIAL_TAB;
      self.chosen = false;
    },
    /** The agent's own choice. */
    choose(tab: TabId) {
      self.tab = tab;
      self.chosen = true;
    },
    loading() {
      if (self.state === "idle") self.state = "loading";
    },
    loaded(summary: Summary) {
      self.tab =
        self.summary === null && !self.chosen
          ? firstTab(self.advisor, {
              overdue: summary.overdueCount,
              followUps: summary.followUpsTotal,
              lastDials: summary.lastDials.length,
            })
          : tabAfterCounts(self.tab, self.summary?.overdueCount ?? null, summary.overdueCount);
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
