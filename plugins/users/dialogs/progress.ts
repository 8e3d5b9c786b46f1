// The progress colour of admin-and-sign-in §9: 0 error, under 50 warning, under 100 primary, otherwise success.
import type { Intent } from "@blueprintjs/core";

/** Integer percent of current over target; 0 when there is no target. */
export function progressOf(current: number, target: number): number {
  return target > 0 ? Math.floor((current * 100) / target) : 0;
}

export function progressIntent(progress: number): Intent {
  if (progress <= 0) return "danger";
  if (progress < 50) return "warning";
  if (progress < 100) return "primary";
  return "success";
}
