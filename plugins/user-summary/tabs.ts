// Which tab the user summary shows (agent-workspace §2 User summary). Pure.
export const TABS = ["overdue", "followUps", "lastDials", "clients"] as const;
export type TabId = (typeof TABS)[number];

/** The lists' sizes at a read. */
export interface TabCounts {
  overdue: number;
  followUps: number;
  lastDials: number;
}

/** Before the first read: Follow-ups, where the specification starts advisors and falls back when none is overdue. */
export const INITIAL_TAB: TabId = "followUps";

/**
 * The tab the first read opens on: overdue follow-ups first, then the follow-ups; an advisor stays on them
 * (agent-workspace §2), and so does an agent with no dials yet (a newcomer lands on no empty Last dials); a
 * qualifier with no follow-ups but dials today sees those.
 */
export function firstTab(isAdvisor: boolean, counts: TabCounts): TabId {
  if (counts.overdue > 0) return "overdue";
  if (counts.followUps > 0 || isAdvisor || counts.lastDials === 0) return "followUps";
  return "lastDials";
}

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
