// The goal arithmetic of agent-workspace §2 and §9, pure so every case is testable.
import type { Intent } from "@blueprintjs/core";
import type { GoalStatistics } from "./contract";

/** Integer percent of current over target; 0 when the target is 0. */
export function progressOf(current: number, target: number): number {
  // Multiply first: (29 / 100) * 100 is 28.999… in floating point, and would show 28 %.
  return target > 0 ? Math.floor((current * 100) / target) : 0;
}

/** Colour of a progress: 0 error, under 50 warning, under 100 primary, otherwise success. */
export function intentOf(progress: number): Intent {
  if (progress <= 0) return "danger";
  if (progress < 50) return "warning";
  if (progress < 100) return "primary";
  return "success";
}

export interface GoalRow {
  key: "dailyDials" | "dailyTransfers" | "hourlyDials" | "hourlyTransfers" | "dailySales" | "hourlySales" | "newLeads";
  current: number;
  target: number;
  /** What the row's figure says and its colour follows (the bar itself stops at 100 %). */
  progress: number;
}

export function goalRows(s: GoalStatistics, withSales: boolean): GoalRow[] {
  const row = (key: GoalRow["key"], m: { current: number; target: number }): GoalRow => ({
    key,
    ...m,
    progress: progressOf(m.current, m.target),
  });
  const rows = [
    row("dailyDials", s.dials.daily),
    row("dailyTransfers", s.transfers.daily),
    row("hourlyDials", s.dials.hourly),
    row("hourlyTransfers", s.transfers.hourly),
  ];
  if (withSales) rows.push(row("dailySales", s.sales.daily), row("hourlySales", s.sales.hourly));
  return rows;
}

/** The overall figure: the average of daily and hourly dials and transfers, rounded to 2 decimals. */
export function overallProgress(s: GoalStatistics): number {
  const four = goalRows(s, false).map((r) => r.progress);
  return Math.round((four.reduce((a, b) => a + b, 0) / 4) * 100) / 100;
}

/** The new-leads threshold: a threshold of 0 (or none) counts as 1 (agent-workspace §9). */
export const newLeadsThreshold = (s: GoalStatistics): number => s["new-leads-threshold"] || 1;

/** New leads against the new-leads threshold. */
export function newLeadsProgress(s: GoalStatistics): number {
  return progressOf(s.new_leads, newLeadsThreshold(s));
}

/**
 * The new-leads row: a count against a threshold, not one of the goals the overall figure averages. Once the
 * threshold is reached its figure stops at 100 % and the count says how many (six new leads over a threshold
 * of 1 read "600%", issue 13 fault 11).
 */
export function newLeadsRow(s: GoalStatistics): GoalRow {
  return {
    key: "newLeads",
    current: s.new_leads,
    target: newLeadsThreshold(s),
    progress: Math.min(newLeadsProgress(s), 100),
  };
}
