// Who on the floor needs a manager now, and why: past a status's overstay limit, a system status (not synced, a
// system error), a call far longer than calls run, or a page whose health is poor, degrading or silent.
import type { FloorAgent } from "./contract";
import type { HealthSample } from "../client-health/api";
import { healthShown } from "./HealthBadge";
import { isOverstaying, secondsInStatus } from "./wall";

/** A call this long is worth a look (a stuck line, a customer who will not hang up). */
export const LONG_CALL_SECONDS = 30 * 60;

export type AttentionReason = "overstay" | "system_status" | "long_call" | "health_bad" | "health_degraded" | "health_silent";

export interface Attention {
  agent: FloorAgent;
  reasons: AttentionReason[];
  /** Seconds in the current status, for the order (longest first). */
  seconds: number;
}

export function needingAttention(
  rows: readonly FloorAgent[],
  health: (agentId: number) => HealthSample | undefined,
  now: number,
): Attention[] {
  const out: Attention[] = [];
  for (const a of rows) {
    if (a.status === "offline") continue;
    const reasons: AttentionReason[] = [];
    if (isOverstaying(a, now)) reasons.push("overstay");
    if (a.status === "not_synced" || a.status === "system_error") reasons.push("system_status");
    if (a.call?.answered_at && (now - Date.parse(a.call.answered_at)) / 1000 > LONG_CALL_SECONDS) reasons.push("long_call");
    const shown = healthShown(health(a.agent_id), now);
    if (shown === "bad") reasons.push("health_bad");
    else if (shown === "degraded") reasons.push("health_degraded");
    else if (shown === "stale") reasons.push("health_silent");
    if (reasons.length) out.push({ agent: a, reasons, seconds: secondsInStatus(a, now) });
  }
  return out.sort((x, y) => y.reasons.length - x.reasons.length || y.seconds - x.seconds || x.agent.name.localeCompare(y.agent.name));
}
