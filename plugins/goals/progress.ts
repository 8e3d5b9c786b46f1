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
  key: "dailyDials" | "dailyTransfers" | "hourlyDials" | "hourlyTransfers" | "dailySales" | "hourlySales";
  current: number;
  target: number;
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

/** New leads against the new-leads threshold (which defaults to 1). */
export function newLeadsProgress(s: GoalStatistics): number {
  return progressOf(s.new_leads, s["new-leads-threshold"] || 1);
}
