// Which tab the user summary shows (agent-workspace §2 User summary). Pure.
export const TABS = ["overdue", "followUps", "lastDials", "clients"] as const;
export type TabId = (typeof TABS)[number];

/** Advisors start on their follow-ups; qualifiers on their last dials until the counts say otherwise. */
export const initialTab = (isAdvisor: boolean): TabId => (isAdvisor ? "followUps" : "lastDials");

/**
 * The tab after a refresh. Overdue follow-ups appearing (or present at the first read) select the Overdue
 * tab; the last one done while it is shown goes back to Follow-ups. Otherwise the agent's own choice stays,
 * so a 60-second refresh never pulls the agent off the tab it is reading.
 */
export function tabAfterCounts(tab: TabId, previousOverdue: number | null, overdue: number): TabId {
  if (overdue > 0 && !previousOverdue) return "overdue";
  if (overdue === 0 && tab === "overdue") return "followUps";
  return tab;
}
